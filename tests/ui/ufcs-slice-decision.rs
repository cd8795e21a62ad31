use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> Option<u8> {
    rand::seq::IndexedRandom::choose(xs, rng).copied()
}

fn main() {}
