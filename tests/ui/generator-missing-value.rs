use greduce::generator;

#[generator(rng)]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let _ = rng;
    0
}

fn main() {}
