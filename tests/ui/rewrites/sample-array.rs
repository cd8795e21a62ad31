//! The rewrite `sample-array.stderr` names: `xs.sample(rng, N)` collected into an array.
use greduce::generator;
use rand::seq::IndexedRandom;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> Option<[u8; 2]> {
    xs.sample(rng, 2).cloned().collect::<Vec<_>>().try_into().ok()
}

fn main() {
    let run = greduce::record(|rng| g(rng, &[4, 5, 6]), 1);
    assert_eq!(run.trace.decision_count(), 1);
    let [a, b] = run.output.unwrap();
    assert_ne!(a, b);
}
