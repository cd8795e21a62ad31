#[greduce::test]
fn prop(rng: &mut impl rand::Rng, n: &u32) {
    let _ = (rng, n);
}

fn main() {}
