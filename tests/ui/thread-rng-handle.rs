use greduce::generator;
use rand::RngExt;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rand::rng().random_range(0..10)
}

fn main() {}
