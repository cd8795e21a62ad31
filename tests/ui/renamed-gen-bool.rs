use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> bool {
    rng.gen_bool(0.5)
}

fn main() {}
