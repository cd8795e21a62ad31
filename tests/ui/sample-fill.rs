use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> [u32; 3] {
    let mut buf = [0; 3];
    (0..10).sample_fill(rng, &mut buf);
    buf
}

fn main() {}
