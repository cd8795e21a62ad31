//! The rewrite `rng-fork.stderr` names: the new rng seeded from a recorded decision.
use greduce::generator;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[generator]
fn g(rng: &mut StdRng) -> StdRng {
    SeedableRng::seed_from_u64(rng.next_u64())
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
}
