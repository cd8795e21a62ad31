//! The rewrite `ufcs-distribution-sample.stderr` names: `d.sample(rng)`.
use greduce::generator;
use rand::distr::{Distribution, Uniform};

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let d = Uniform::new(0, 10).unwrap();
    d.sample(rng)
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
    assert!(run.output < 10);
}
