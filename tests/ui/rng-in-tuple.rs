use greduce::generator;
use rand::RngExt;

fn roll_all<R: rand::Rng + ?Sized>((rng, n): (&mut R, u32)) -> Vec<u32> {
    (0..n).map(|_| rng.random_range(1..=6)).collect()
}

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    roll_all((rng, 3))
}

fn main() {}
