//! The rewrite `missing-rng-parameter.stderr` names: `#[generator(rng = name)]`.
use greduce::generator;

#[generator(rng = random)]
fn g<R: rand::Rng + ?Sized>(random: &mut R) -> u32 {
    random.next_u32()
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
}
