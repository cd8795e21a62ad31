//! The rewrite `choose-iter.stderr` names: rand's definition of `choose_iter`.
use greduce::generator;
use rand::RngExt;
use rand::distr::Uniform;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> Option<Vec<u8>> {
    Some(
        rng.sample_iter(Uniform::new(0, xs.len()).ok()?)
            .map(|i| &xs[i])
            .take(3)
            .copied()
            .collect(),
    )
}

fn main() {
    let run = greduce::record(|rng| g(rng, &[4, 5, 6]), 1);
    assert_eq!(run.trace.decision_count(), 3);
    assert_eq!(run.output.as_ref().map(Vec::len), Some(3));
    // The same values as rand's `choose_iter`.
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let direct: Vec<u8> = [4, 5, 6].choose_iter(&mut rng).unwrap().take(3).copied().collect();
    assert_eq!(run.output, Some(direct));
}
