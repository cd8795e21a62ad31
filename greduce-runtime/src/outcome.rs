//! The property's verdict on one input.

/// What a property says about one generated input (the four-valued verdict of the Perses
/// line of reducers).
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
