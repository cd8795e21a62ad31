//! The rewrite `choose-weighted-iter.stderr` names: rand's definition of
//! `choose_weighted_iter`.
use greduce::generator;
use rand::RngExt;
use rand::distr::weighted::{Error as WeightError, WeightedIndex};

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[(u8, u32)]) -> Result<Vec<u8>, WeightError> {
    Ok(rng
        .sample_iter(WeightedIndex::new(xs.iter().map(|x| x.1))?)
        .map(|i| &xs[i])
        .take(3)
        .map(|x| x.0)
        .collect())
}

fn main() {
    let xs = [(4, 1), (5, 0), (6, 2)];
    let run = greduce::record(|rng| g(rng, &xs), 1);
    assert_eq!(run.trace.decision_count(), 3);
    let out = run.output.unwrap();
    assert_eq!(out.len(), 3);
    assert!(!out.contains(&5));
}
