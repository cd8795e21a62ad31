//! The rewrite `renamed-gen-bool.stderr` names: `random_bool` for `gen_bool`.
use greduce::generator;
use rand::RngExt;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> bool {
    rng.random_bool(0.5)
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
}
