use greduce::generator;
use rand::RngExt;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let dice = rng;
    dice.random_range(1..=6)
}

fn main() {}
