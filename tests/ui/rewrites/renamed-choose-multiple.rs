//! The rewrite `renamed-choose-multiple.stderr` names: `sample` for `choose_multiple`.
use greduce::generator;
use rand::seq::IndexedRandom;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> Vec<u8> {
    xs.sample(rng, 2).copied().collect()
}

fn main() {
    let run = greduce::record(|rng| g(rng, &[1, 2, 3, 4]), 1);
    assert_eq!(run.trace.decision_count(), 1);
    assert_eq!(run.output.len(), 2);
}
