use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rand::RngExt::random_range(rng, 0..10)
}

fn main() {}
