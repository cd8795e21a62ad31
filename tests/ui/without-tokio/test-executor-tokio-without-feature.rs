#[greduce::test(executor = tokio)]
async fn prop(rng: &mut impl rand::Rng) {
    let _ = rng;
}

fn main() {}
