#[greduce::test(cases = 99999999999999999999999)]
fn prop(rng: &mut impl rand::Rng) {
    let _ = rng;
}

fn main() {}
