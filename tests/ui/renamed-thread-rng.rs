use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u8 {
    let _other = rand::thread_rng();
    0
}

fn main() {}
