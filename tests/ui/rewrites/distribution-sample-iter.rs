//! The rewrite `distribution-sample-iter.stderr` names: `rng.sample_iter(distr)`.
use greduce::generator;
use rand::RngExt;
use rand::distr::Uniform;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    rng.sample_iter(Uniform::new(0, 10).unwrap()).take(3).collect()
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 3);
    assert!(run.output.iter().all(|x| *x < 10));
}
