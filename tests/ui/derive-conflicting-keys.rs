use greduce::generator;
use rand::RngExt;

#[generator]
fn small<R: rand::Rng + ?Sized>(rng: &mut R) -> i32 {
    rng.random_range(0..3)
}

#[derive(greduce::Generate)]
struct Point {
    #[generate(with = small, range = 0..10)]
    x: i32,
}

fn main() {}
