//! The rewrite `rng-constructor.stderr` names: the new rng seeded from a recorded decision.
use greduce::generator;
use rand::SeedableRng;
use rand::rngs::SmallRng;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> SmallRng {
    SmallRng::seed_from_u64(rng.next_u64())
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
    // Replay gives the same rng back.
    let again = greduce::replay(g, &run.trace, &[], greduce::Strategy::Halt);
    let again = again.result.unwrap().output;
    assert_eq!(format!("{again:?}"), format!("{:?}", run.output));
}
