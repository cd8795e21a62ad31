//! The rewrite `rng-not-a-mutable-reference.stderr` names: `&mut R` with
//! `R: rand::Rng + ?Sized`.
use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.next_u32()
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
}
