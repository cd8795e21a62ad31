use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<usize> {
    rand::seq::index::sample(rng, 10, 3).into_vec()
}

fn main() {}
