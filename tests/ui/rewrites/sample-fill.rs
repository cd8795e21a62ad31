//! The rewrite `sample-fill.stderr` names: `iter.sample(rng, buf.len())` copied into `buf`.
use greduce::generator;
use rand::seq::IteratorRandom;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> [u32; 3] {
    let mut buf = [0; 3];
    let drawn = (0..10).sample(rng, buf.len());
    buf[..drawn.len()].copy_from_slice(&drawn);
    buf
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
    assert!(run.output.iter().all(|x| *x < 10));
}
