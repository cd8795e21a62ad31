use greduce::generator;
use rand::RngExt;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> (u8, u8) {
    rng.random()
}

fn main() {}
