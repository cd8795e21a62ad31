#[greduce::test(cases = -1)]
fn prop(rng: &mut impl rand::Rng) {
    let _ = rng;
}

fn main() {}
