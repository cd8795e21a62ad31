use greduce::generator;

#[generator]
fn g<R: rand::Rng>(mut rng: R) -> u32 {
    rng.next_u32()
}

fn main() {}
