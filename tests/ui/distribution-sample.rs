use greduce::generator;
use rand::distr::Uniform;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, digits: &Uniform<u32>) -> u32 {
    digits.sample(rng)
}

fn main() {}
