#[greduce::test(max_shrink_time = "a while")]
fn prop(rng: &mut impl rand::Rng) {
    let _ = rng;
}

fn main() {}
