use greduce::generator;
use rand::RngExt;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
    rng.by_ref().random_iter().take(3).collect()
}

fn main() {}
