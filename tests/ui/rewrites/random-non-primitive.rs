//! The rewrite `random-non-primitive.stderr` names: the type in a turbofish (a tuple is
//! drawn element by element, two decisions).
use greduce::generator;
use rand::RngExt;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> (u8, u8) {
    rng.random::<(u8, u8)>()
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 2);
}
