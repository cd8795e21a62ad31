//! The rewrite `rng-in-tuple.stderr` names: the rng an argument of a `#[generator]`.
use greduce::generator;
use rand::RngExt;

#[generator]
fn roll_all<R: rand::Rng + ?Sized>(rng: &mut R, n: u32) -> Vec<u32> {
    (0..n).map(|_| rng.random_range(1..=6)).collect()
}

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    roll_all(rng, 3)
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 3);
}
