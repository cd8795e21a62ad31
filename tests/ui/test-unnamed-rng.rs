#[greduce::test]
fn prop(r: &mut impl rand::Rng) {
    let _ = r;
}

fn main() {}
