use greduce::generator;
use rand::distr::weighted::Error as WeightError;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &mut [u32]) -> Result<u32, WeightError> {
    let x = xs.choose_weighted_mut(rng, |&w| w)?;
    *x += 1;
    Ok(*x)
}

fn main() {}
