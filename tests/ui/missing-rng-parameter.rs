use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(random: &mut R) -> u32 {
    let _ = random;
    0
}

fn main() {}
