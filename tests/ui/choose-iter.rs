use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> Option<Vec<u8>> {
    Some(xs.choose_iter(rng)?.take(3).copied().collect())
}

fn main() {}
