use greduce::generator;
use rand::RngExt;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    let n: u32 = rng.random_range(0..10);
    n
}

fn main() {}
