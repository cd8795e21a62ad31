//! What one test of a candidate says.

use greduce_runtime::CaseResult;
use std::panic::Location;

/// What one test of a candidate says: the three outcomes of delta debugging. Return it from
/// the function under test to decide yourself; `bool` and `Result` convert as properties
/// read them (`true` and `Ok` pass).
///
/// ```
/// use greduce::dd::{self, Outcome, Text};
///
/// // Fails on multiples of 7. Input that is not a number (here, the empty string) says
/// // nothing about that: unresolved.
/// let test = |t: &Text| match t.parse::<u64>() {
///     Err(_) => Outcome::Unresolved,
///     Ok(n) if n % 7 == 0 => Outcome::Fails,
///     Ok(_) => Outcome::Passes,
/// };
/// assert_eq!(dd::ddmin(Text::chars("3157"), test).unwrap().args.as_str(), "35");
/// assert_eq!(Outcome::from(false), Outcome::Fails);
/// assert_eq!(Outcome::from(Ok::<u8, ()>(1)), Outcome::Passes);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The failure being reduced happens.
    Fails,
    /// No failure.
    Passes,
    /// Neither: another failure, an input the test cannot use, or no answer.
    Unresolved,
}

impl From<bool> for Outcome {
    /// As a property: `true` passes, `false` fails.
    fn from(passes: bool) -> Outcome {
        if passes {
            Outcome::Passes
        } else {
            Outcome::Fails
        }
    }
}

impl<T, E> From<Result<T, E>> for Outcome {
    /// As a property: `Ok` passes, `Err` fails.
    fn from(result: Result<T, E>) -> Outcome {
        Outcome::from(result.is_ok())
    }
}

impl From<greduce_runtime::Outcome> for Outcome {
    /// As the reducer's verdict: `Reproduces` fails, `Invalid` and `Timeout` are unresolved.
    fn from(outcome: greduce_runtime::Outcome) -> Outcome {
        match outcome {
            greduce_runtime::Outcome::Reproduces => Outcome::Fails,
            greduce_runtime::Outcome::Passes => Outcome::Passes,
            greduce_runtime::Outcome::Invalid | greduce_runtime::Outcome::Timeout => {
                Outcome::Unresolved
            }
        }
    }
}

impl From<Outcome> for greduce_runtime::Outcome {
    /// As a reducer's verdict: `Fails` reproduces, `Unresolved` is invalid, so a test
    /// written for delta debugging also drives [`Reducer::reduce`](greduce_runtime::Reducer::reduce).
    fn from(outcome: Outcome) -> greduce_runtime::Outcome {
        match outcome {
            Outcome::Fails => greduce_runtime::Outcome::Reproduces,
            Outcome::Passes => greduce_runtime::Outcome::Passes,
            Outcome::Unresolved => greduce_runtime::Outcome::Invalid,
        }
    }
}

/// A function under test may return an `Outcome`: `Unresolved` rejects the input as
/// [`assume(false)`](greduce_runtime::assume) does, in delta debugging and in property checks alike.
impl CaseResult for Outcome {
    #[track_caller]
    fn into_result(self) -> Result<(), String> {
        match self {
            Outcome::Passes => Ok(()),
            Outcome::Fails => Err("Outcome::Fails".to_string()),
            Outcome::Unresolved => greduce_runtime::__toolkit::unresolved(Location::caller()),
        }
    }
}

impl Outcome {
    /// As the book prints it: `PASS`, `FAIL` or `UNRESOLVED`.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Outcome::Fails => "FAIL",
            Outcome::Passes => "PASS",
            Outcome::Unresolved => "UNRESOLVED",
        }
    }
}
