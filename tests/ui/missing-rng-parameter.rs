use greduce::generator;

#[generator]
fn g<R: rand::Rng + ?Sized>(random: &mut R) -> u32 {
    random.next_u32()
}

fn main() {}
