#[greduce::test(cases)]
fn prop(rng: &mut impl rand::Rng) {
    let _ = rng;
}

fn main() {}
