//! The rewrite `choose-weighted-mut.stderr` names: the index drawn with `choose_weighted`
//! over the indices, then the element borrowed mutably.
use greduce::generator;
use rand::distr::weighted::Error as WeightError;
use rand::seq::IndexedRandom;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &mut [u32]) -> Result<u32, WeightError> {
    let indices: Vec<usize> = (0..xs.len()).collect();
    let i = *indices.choose_weighted(rng, |&i| xs[i])?;
    let x = &mut xs[i];
    *x += 1;
    Ok(*x)
}

fn main() {
    let run = greduce::record(|rng| g(rng, &mut [0, 5, 0]), 1);
    assert_eq!(run.trace.decision_count(), 1);
    assert_eq!(run.output, Ok(6));
}
