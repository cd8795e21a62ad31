use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u8 {
    rng.r#gen()
}

fn main() {}
