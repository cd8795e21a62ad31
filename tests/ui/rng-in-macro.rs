use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
    vec![rng.random(), 2]
}

fn main() {}
