#[greduce::test(strategy = "halt")]
fn prop(rng: &mut impl rand::Rng) {
    let _ = rng;
}

fn main() {}
