use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> Vec<u8> {
    xs.choose_multiple(rng, 2).copied().collect()
}

fn main() {}
