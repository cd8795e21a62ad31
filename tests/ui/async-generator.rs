use greduce::generator;

#[generator]
async fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.next_u32()
}

fn main() {}
