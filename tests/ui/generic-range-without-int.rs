// A generic generator drawing from a range of its type parameter needs `T: greduce::Int`.
use greduce::generator;
use rand::RngExt;
use rand::distr::uniform::SampleUniform;

#[generator]
fn below<R: rand::Rng + ?Sized, T: SampleUniform + PartialOrd + Copy>(rng: &mut R, lo: T, hi: T) -> T {
    rng.random_range(lo..hi)
}

fn main() {}
