use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> Option<[u8; 2]> {
    xs.sample_array(rng)
}

fn main() {}
