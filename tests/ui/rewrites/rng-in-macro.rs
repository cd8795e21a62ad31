//! The rewrite `rng-in-macro.stderr` names: draw into a variable first.
use greduce::generator;
use rand::RngExt;

macro_rules! pair {
    ($a:expr, $b:expr) => {
        ($a, $b)
    };
}

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> (u8, u8) {
    let x = rng.random();
    pair!(x, 2)
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
}
