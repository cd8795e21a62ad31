use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u8 {
    rand::random()
}

fn main() {}
