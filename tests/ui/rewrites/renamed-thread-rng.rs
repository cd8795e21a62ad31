//! The rewrite `renamed-thread-rng.stderr` names: `rng.random_range(..)` for
//! `rand::thread_rng().gen_range(..)`.
use greduce::generator;
use rand::RngExt;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.random_range(0..10)
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
}
