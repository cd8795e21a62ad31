use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    rand::distr::Uniform::new(0, 10).unwrap().sample_iter(rng).take(3).collect()
}

fn main() {}
