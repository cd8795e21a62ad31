//! The rewrite `renamed-choose-multiple-weighted.stderr` names for `choose_multiple_weighted` (renamed `sample_weighted`): the elements
//! drawn one at a time with `choose_weighted` over the indices not yet drawn.
use greduce::generator;
use rand::distr::weighted::Error as WeightError;
use rand::seq::IndexedRandom;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[(u8, f64)]) -> Result<Vec<u8>, WeightError> {
    let mut left: Vec<usize> = (0..xs.len()).collect();
    let mut out = Vec::new();
    for _ in 0..2 {
        let Ok(&i) = left.choose_weighted(rng, |&i| xs[i].1) else {
            break;
        };
        left.retain(|&j| j != i);
        out.push(xs[i].0);
    }
    Ok(out)
}

fn main() {
    let xs = [(4, 1.0), (5, 0.0), (6, 2.0)];
    let run = greduce::record(|rng| g(rng, &xs), 1);
    assert_eq!(run.trace.decision_count(), 2);
    let mut out = run.output.unwrap();
    out.sort();
    assert_eq!(out, [4, 6]);
}
