//! The rewrite `renamed-gen-ratio.stderr` names: `random_ratio` for `gen_ratio`.
use greduce::generator;
use rand::RngExt;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> bool {
    rng.random_ratio(1, 3)
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
}
