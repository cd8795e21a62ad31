use greduce::generator;
use rand::rngs::SmallRng;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> SmallRng {
    SmallRng::from_rng(rng)
}

fn main() {}
