use greduce::generator;

#[generator(seed = 3)]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let _ = rng;
    0
}

fn main() {}
