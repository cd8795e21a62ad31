use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rand::thread_rng().gen_range(0..10)
}

fn main() {}
