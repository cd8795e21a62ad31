//! `#[greduce::test]`: a test body that draws its inputs and checks them in one function.
//!
//! The body is the generator: each run of it is recorded (its decisions, and the `let`
//! bindings that drew randomness, for the report) together with how it ended. The property
//! then only re-raises that ending, so the check shrinks the body's run like any other.

use super::Check;
use crate::property::case::{self, CaseEnd, Failure, IntoOutcome, Rejected, Reraised};
use rand::rngs::StdRng;
use std::fmt;
use std::panic::resume_unwind;

/// One run of a `#[greduce::test]` body: what its `let`s drew, and how it ended.
pub struct Recorded {
    bindings: Vec<(String, String)>,
    outcome: CaseEnd,
    notes: Vec<String>,
}

impl fmt::Debug for Recorded {
    /// `let g = ..;`, one line per binding that drew randomness; a value that prints on
    /// several lines (a [`Steps`](crate::Steps) list) starts on the next line, indented.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.bindings.is_empty() {
            return f.write_str("(no `let` binding drew randomness)");
        }
        for (i, (pattern, value)) in self.bindings.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            if value.contains('\n') {
                write!(f, "let {pattern} =")?;
                for line in value.split('\n') {
                    write!(f, "\n    {line}")?;
                }
                f.write_str(";")?;
            } else {
                write!(f, "let {pattern} = {value};")?;
            }
        }
        Ok(())
    }
}

impl Recorded {
    /// Ends the property the way the body ended.
    fn replay(&self) {
        for note in &self.notes {
            case::note(note);
        }
        match &self.outcome {
            CaseEnd::Passed => {}
            CaseEnd::Unresolved(site) => resume_unwind(Box::new(Rejected(site.clone()))),
            CaseEnd::Failed(failure) => resume_unwind(Box::new(Reraised(failure.clone()))),
        }
    }
}

/// The check of a `#[greduce::test]` body.
pub fn test<'g, P: IntoOutcome>(
    mut body: impl FnMut(&mut StdRng) -> P + 'g,
) -> Check<'g, Recorded> {
    let mut check = Check::new(move |rng: &mut StdRng| {
        // Not quiet: the body's panic prints as the run around it decides (quietly while
        // shrinking, loudly for the final run of the minimal case).
        let (result, notes) = case::guard(false, || body(rng).into_result());
        let bindings = case::take_bindings();
        let outcome = match result {
            Ok(Ok(())) => CaseEnd::Passed,
            Ok(Err(message)) => CaseEnd::Failed(Failure::returned(message)),
            // A helper taking the rng without `#[generator]`: not how the body ended, but
            // a mistake in it, which the check reports as such.
            Err(CaseEnd::Failed(failure))
                if failure
                    .message
                    .contains(crate::run::scopes::NOT_A_GENERATOR) =>
            {
                resume_unwind(Box::new(failure.message))
            }
            Err(outcome) => outcome,
        };
        Recorded {
            bindings,
            outcome,
            notes,
        }
    });
    check.body = true;
    check
}

/// Runs the check of a `#[greduce::test]` body.
///
/// # Panics
///
/// With the report, as [`Check::check`].
#[track_caller]
pub fn run_test(check: Check<'_, Recorded>) {
    check.check(|run: &Recorded| run.replay());
}

#[cfg(test)]
mod tests {
    use super::{CaseEnd, Recorded};

    #[test]
    fn a_value_on_several_lines_starts_on_the_next_line_indented() {
        let recorded = Recorded {
            bindings: vec![
                ("n".to_string(), "3".to_string()),
                ("ops".to_string(), "1. Push(0)\n2. Pop".to_string()),
            ],
            outcome: CaseEnd::Passed,
            notes: Vec::new(),
        };
        assert_eq!(
            format!("{recorded:?}"),
            "let n = 3;\nlet ops =\n    1. Push(0)\n    2. Pop;"
        );
    }
}
