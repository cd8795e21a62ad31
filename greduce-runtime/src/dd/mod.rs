//! Delta debugging on inputs you already have: a failing test's data, a crashing corpus
//! entry, a bug report's file. No generator needed.
//!
//! [`ddmin`] reduces a failing input to a 1-minimal one (removing any single part makes the
//! failure go away); [`dd`] narrows a passing and a failing input towards each other until
//! their difference is 1-minimal, which isolates the failure-inducing change. Both follow the
//! Debugging Book's chapter "Reducing Failure-Inducing Inputs" (Zeller and Hildebrandt's
//! algorithm, with the book's refinements).
//!
//! The function under test is written as a property is: it fails by panicking, returning
//! `false` or returning `Err` (any [`CaseResult`]), or returns an
//! [`Outcome`] to say so itself. A candidate counts as failing only when it fails **the same
//! way** as the original input (the same panic location and a similar message, as
//! [`SameFailure`](crate::SameFailure) defines for property checks); any other failure, and
//! [`assume(false)`](crate::assume), is *unresolved*: neither a pass nor a failure.
//!
//! ```
//! use greduce::dd::{self, Text};
//!
//! /// Fails when a `(` comes before a `)` (the book's `mystery`).
//! fn mystery(inp: &str) {
//!     let x = inp.find('(');
//!     let y = inp.find(')');
//!     if let (Some(x), Some(y)) = (x, y) {
//!         assert!(x >= y, "Invalid input");
//!     }
//! }
//!
//! let failing = r#"V"/+!aF-(V4EOz*+s/Q,7)2@0_"#;
//! let min = dd::ddmin(Text::chars(failing), |s: &Text| mystery(s)).unwrap();
//! assert_eq!(min.args.as_str(), "()");
//! assert_eq!(min.to_string(), r#"test("()")"#);
//!
//! let isolated = dd::dd(Text::chars(failing), |s: &Text| mystery(s)).unwrap();
//! assert_eq!(isolated.difference.as_str(), "(");
//! ```
//!
//! [`DeltaDebugger`] gives the same with settings (a name for the call, which failures are
//! the same, a log of every test) and reduces calls with several arguments.

mod args;
mod debugger;
mod reducible;
mod report;
mod search;
mod text;

pub use args::Args;
pub use debugger::DeltaDebugger;
pub use reducible::Reducible;
pub use report::{Error, Isolated, Reduced, Stats};
pub use text::Text;

use crate::check::CaseResult;
use std::panic::Location;

/// Reduces `args` to a 1-minimal failing call of `test`: removing any one part of any
/// argument makes the failure go away (or change). `args` is one [`Reducible`] value or a
/// tuple of them.
///
/// ```
/// use greduce::dd;
///
/// // Fails when a number repeats.
/// let distinct = |v: &Vec<i32>| v.iter().all(|x| v.iter().filter(|y| *y == x).count() == 1);
/// let min = dd::ddmin(vec![3, 1, 4, 1, 5, 9, 2, 6], distinct).unwrap();
/// assert_eq!(min.args, [1, 1]);
/// ```
///
/// # Errors
///
/// When the original call does not fail ([`Error::NotFailing`]) or is unresolved.
pub fn ddmin<A: Args, R: CaseResult>(
    args: A,
    test: impl FnMut(&A) -> R,
) -> Result<Reduced<A>, Error> {
    DeltaDebugger::new(test).min(args)
}

/// General delta debugging: a maximal passing call, a minimal failing call and their
/// 1-minimal difference (adding any one part of the difference to the passing call, or
/// removing it from the failing one, flips the outcome).
///
/// ```
/// use greduce::dd::{self, Text};
///
/// // Fails on a division by zero.
/// let isolated = dd::dd(Text::tokens("a = b / 0 + c"), |t: &Text| !t.contains("/ 0")).unwrap();
/// assert_eq!(isolated.difference.as_str(), "/");
/// ```
///
/// # Errors
///
/// When the original call does not fail, or when every argument emptied still fails, so
/// that there is no passing call to start from ([`Error::NotPassing`]).
pub fn dd<A: Args, R: CaseResult>(
    args: A,
    test: impl FnMut(&A) -> R,
) -> Result<Isolated<A>, Error> {
    DeltaDebugger::new(test).diff(args)
}

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

impl From<crate::Outcome> for Outcome {
    /// As the reducer's verdict: `Reproduces` fails, `Invalid` and `Timeout` are unresolved.
    fn from(outcome: crate::Outcome) -> Outcome {
        match outcome {
            crate::Outcome::Reproduces => Outcome::Fails,
            crate::Outcome::Passes => Outcome::Passes,
            crate::Outcome::Invalid | crate::Outcome::Timeout => Outcome::Unresolved,
        }
    }
}

impl From<Outcome> for crate::Outcome {
    /// As a reducer's verdict: `Fails` reproduces, `Unresolved` is invalid, so a test
    /// written for delta debugging also drives [`Reducer::reduce`](crate::Reducer::reduce).
    fn from(outcome: Outcome) -> crate::Outcome {
        match outcome {
            Outcome::Fails => crate::Outcome::Reproduces,
            Outcome::Passes => crate::Outcome::Passes,
            Outcome::Unresolved => crate::Outcome::Invalid,
        }
    }
}

/// A function under test may return an `Outcome`: `Unresolved` rejects the input as
/// [`assume(false)`](crate::assume) does, in delta debugging and in property checks alike.
impl CaseResult for Outcome {
    #[track_caller]
    fn into_result(self) -> Result<(), String> {
        match self {
            Outcome::Passes => Ok(()),
            Outcome::Fails => Err("Outcome::Fails".to_string()),
            Outcome::Unresolved => crate::check::case::unresolved(Location::caller()),
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
