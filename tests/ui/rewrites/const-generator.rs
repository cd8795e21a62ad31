//! The rewrite `const-generator.stderr` names: the generator without `const` (its body, which
//! draws nothing, unchanged).
use greduce::generator;

#[generator]
fn g(rng: &mut rand::rngs::StdRng) -> u32 {
    let _ = rng;
    0
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 0);
    assert_eq!(run.output, 0);
}
