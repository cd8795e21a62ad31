//! The rewrite `unsupported-seq-method.stderr` names: `choose` for `choose_stable`.
use greduce::generator;
use rand::seq::IteratorRandom;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Option<u32> {
    (0..10).choose(rng)
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
    assert!(run.output.is_some_and(|x| x < 10));
}
