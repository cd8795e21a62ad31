use greduce::generator;
use rand::RngExt;

macro_rules! pair {
    ($a:expr, $b:expr) => {
        ($a, $b)
    };
}

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> (u8, u8) {
    pair!(rng.random(), 2)
}

fn main() {}
