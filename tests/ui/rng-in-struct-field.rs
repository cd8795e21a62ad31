use greduce::generator;
use rand::RngExt;

struct Holder<'a, R: ?Sized> {
    rng: &'a mut R,
    sides: u32,
}

impl<R: rand::Rng + ?Sized> Holder<'_, R> {
    fn roll(&mut self) -> u32 {
        self.rng.random_range(1..=self.sides)
    }
}

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let mut holder = Holder { rng, sides: 6 };
    holder.roll()
}

fn main() {}
