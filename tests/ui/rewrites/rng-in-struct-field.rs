//! The rewrite `rng-in-struct-field.stderr` names: the struct's drawing method a
//! `#[generator]` taking the rng as a parameter.
use greduce::generator;
use rand::RngExt;

struct Holder {
    sides: u32,
}

impl Holder {
    #[generator]
    fn roll<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> u32 {
        rng.random_range(1..=self.sides)
    }
}

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let holder = Holder { sides: 6 };
    holder.roll(rng)
}

fn main() {
    let run = greduce::record(g, 1);
    assert_eq!(run.trace.decision_count(), 1);
    assert!((1..=6).contains(&run.output));
}
