use greduce::generator;
use rand::distr::weighted::Error as WeightError;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[(u8, u32)]) -> Result<Vec<u8>, WeightError> {
    Ok(xs.choose_weighted_iter(rng, |x| x.1)?.take(3).map(|x| x.0).collect())
}

fn main() {}
