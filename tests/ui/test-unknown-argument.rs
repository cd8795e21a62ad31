#[greduce::test(iterations = 10)]
fn prop(rng: &mut impl rand::Rng) {
    let _ = rng;
}

fn main() {}
