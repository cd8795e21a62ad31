//! The rewrite `unknown-rng-method.stderr` names: the method as a `#[generator]` function
//! taking the rng, called `roll(rng, ..)`.
use greduce::generator;
use rand::RngExt;

#[generator]
fn roll<R: rand::Rng + ?Sized>(rng: &mut R, sides: u32) -> u32 {
    rng.random_range(1..=sides)
}

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    roll(rng, 6)
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
    assert!((1..=6).contains(&run.output));
}
