use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.try_next_u32().unwrap_or(0)
}

fn main() {}
