use greduce::generator;

#[generator]
const fn g(rng: &mut rand::rngs::StdRng) -> u32 {
    let _ = rng;
    0
}

fn main() {}
