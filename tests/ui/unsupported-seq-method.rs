use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Option<u32> {
    (0..10).choose_stable(rng)
}

fn main() {}
