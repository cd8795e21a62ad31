use rand::RngExt;

#[greduce::test(executor = async_std)]
async fn prop(rng: &mut impl rand::Rng) {
    let n = rng.random_range(0..10);
    assert!(n < 10);
}

fn main() {}
