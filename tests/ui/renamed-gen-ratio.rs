use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> bool {
    rng.gen_ratio(1, 3)
}

fn main() {}
