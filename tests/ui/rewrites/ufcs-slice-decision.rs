//! The rewrite `ufcs-slice-decision.stderr` names: `xs.choose(rng)`.
use greduce::generator;
use rand::seq::IndexedRandom;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> Option<u8> {
    xs.choose(rng).copied()
}

fn main() {
    let run = greduce::record(|rng| g(rng, &[4, 5, 6]), 1);
    assert_eq!(run.trace.decision_count(), 1);
    assert!(run.output.is_some());
}
