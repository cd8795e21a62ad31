use greduce::generator;

#[generator]
fn g<R: rand::Rng>(rng: R) -> u32 {
    let _ = rng;
    0
}

fn main() {}
