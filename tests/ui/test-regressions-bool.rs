#[greduce::test(regressions = false)]
fn prop(rng: &mut impl rand::Rng) {
    let _ = rng;
}

fn main() {}
