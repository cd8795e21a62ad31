use greduce::generator;
use rand::RngExt;

/// A method of the user's own on every rng.
trait Dice {
    fn roll(&mut self, sides: u32) -> u32;
}

impl<R: rand::Rng + ?Sized> Dice for R {
    fn roll(&mut self, sides: u32) -> u32 {
        self.random_range(1..=sides)
    }
}

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.roll(6)
}

fn main() {}
