use greduce::generator;
use rand::distr::weighted::Error as WeightError;

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[(u8, f64)]) -> Result<Vec<u8>, WeightError> {
    Ok(xs.choose_multiple_weighted(rng, 2, |x| x.1)?.map(|x| x.0).collect())
}

fn main() {}
