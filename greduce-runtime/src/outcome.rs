//! The property's verdict on one input.

/// What a property says about one generated input (the four-valued verdict of the Perses
/// line of reducers).
///
/// ```
/// use greduce::{Outcome, Reducer, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// let fails = |v: &Vec<u32>| v.iter().any(|&n| n >= 900);
/// let run = (0..).map(|seed| greduce::record(numbers, seed)).find(|r| fails(&r.output)).unwrap();
/// // An empty list is not an input this test can use: neither a pass nor a failure.
/// let reduced = Reducer::new(numbers).reduce(&run.trace, |v: &Vec<u32>| {
///     if v.is_empty() {
///         Outcome::Invalid
///     } else if fails(v) {
///         Outcome::Reproduces
///     } else {
///         Outcome::Passes
///     }
/// });
/// assert_eq!(reduced.output, [900]);
/// assert_eq!(Outcome::from(true), Outcome::Reproduces);
/// ```
#[derive(Clone, Copy, Debug, Eq, PartialEq, Hash)]
pub enum Outcome {
    /// The input reproduces the failure being reduced.
    Reproduces,
    /// The input passes: no failure.
    Passes,
    /// The input is not a valid test input (the system under test rejected it before the
    /// part that matters). Never produced by greduce's own candidates unless the generator
    /// itself can produce invalid inputs.
    Invalid,
    /// The property did not finish in time.
    Timeout,
}

impl From<bool> for Outcome {
    /// `true`: the failure reproduces.
    fn from(reproduces: bool) -> Outcome {
        if reproduces {
            Outcome::Reproduces
        } else {
            Outcome::Passes
        }
    }
}
