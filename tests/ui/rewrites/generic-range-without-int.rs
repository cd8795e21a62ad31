//! The rewrite `generic-range-without-int.stderr` names: the bound `greduce::Int`.
use greduce::generator;
use rand::RngExt;
use rand::distr::uniform::SampleUniform;

#[generator]
fn below<R: rand::Rng + ?Sized, T: SampleUniform + PartialOrd + Copy + greduce::Int>(
    rng: &mut R,
    lo: T,
    hi: T,
) -> T {
    rng.random_range(lo..hi)
}

fn main() {
    let run = greduce::record(|rng| below(rng, 3u32, 9), 1);
    assert_eq!(run.trace.decision_count(), 1);
    assert!((3..9).contains(&run.output));
}
