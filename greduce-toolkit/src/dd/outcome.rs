//! What one test of a candidate says: greduce's [`Outcome`], which delta debugging reads as
//! the Debugging Book's three outcomes (a timeout is unresolved).

pub use greduce_runtime::Outcome;

/// As the book prints an outcome: `PASS`, `FAIL` or `UNRESOLVED`.
pub(crate) fn word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Fails => "FAIL",
        Outcome::Passes => "PASS",
        Outcome::Unresolved | Outcome::Timeout => "UNRESOLVED",
    }
}
