use greduce::generator;
use rand::rngs::StdRng;

#[generator]
fn g(rng: &mut StdRng) -> StdRng {
    rng.fork()
}

fn main() {}
