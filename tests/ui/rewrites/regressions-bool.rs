//! The rewrite `test-regressions-bool.stderr` names: `persist = false` saves no failure.
#[greduce::test(persist = false, cases = 3)]
fn prop(rng: &mut impl rand::Rng) {
    let _ = rng;
}

fn main() {}
