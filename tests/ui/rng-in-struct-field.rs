use greduce::generator;

struct Holder<'a, R: ?Sized> {
    rng: &'a mut R,
}

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let holder = Holder { rng };
    let _ = holder.rng;
    0
}

fn main() {}
