//! The rewrite `by-ref.stderr` names: `rng` itself in place of `rng.by_ref()`.
use greduce::generator;
use rand::RngExt;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
    rng.random_iter().take(3).collect()
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 3);
}
