//! The rewrite `index-sample.stderr` names: `(0..length).sample(rng, amount)`.
use greduce::generator;
use rand::seq::IteratorRandom;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<usize> {
    (0..10).sample(rng, 3)
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
    assert_eq!(run.output.len(), 3);
}
