//! The property side of one input: what a property returns ([`Outcome`], and the
//! [`IntoOutcome`] conversions into it), how one call of it runs as a case (panics caught and
//! quieted, inputs rejected with `assume`, notes and bindings collected), and how a failure
//! is identified ([`Failure`](case::Failure), compared as the check's `SameFailure` says).
//!
//! [`Outcome`]: outcome::Outcome
//! [`IntoOutcome`]: case::IntoOutcome

pub(crate) mod case;
pub(crate) mod outcome;
