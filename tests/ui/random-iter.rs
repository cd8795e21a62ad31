use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
    rng.random_iter().take(3).collect()
}

fn main() {}
