use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.roll(6)
}

fn main() {}
