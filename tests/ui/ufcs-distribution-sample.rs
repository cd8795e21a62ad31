use greduce::generator;
use rand::distr::Uniform;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let d = Uniform::new(0, 10).unwrap();
    rand::distr::Distribution::sample(&d, rng)
}

fn main() {}
