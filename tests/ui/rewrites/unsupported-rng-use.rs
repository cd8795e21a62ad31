//! The rewrite `unsupported-rng-use.stderr` names: `rng` where the alias was used.
use greduce::generator;
use rand::RngExt;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.random_range(1..=6)
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
}
