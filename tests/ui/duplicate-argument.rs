use greduce::generator;

#[generator(rng = a, rng = b)]
fn g(a: &mut rand::rngs::StdRng, b: u32) -> u32 {
    let _ = a;
    b
}

fn main() {}
