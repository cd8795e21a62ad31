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
//! `false` or returning `Err` (any [`IntoOutcome`](greduce_runtime::IntoOutcome)), or returns an
//! [`Outcome`] to say so itself. A candidate counts as failing only when it fails **the same
//! way** as the original input (the same panic location and a similar message, as
//! [`SameFailure`](greduce_runtime::SameFailure) defines for property checks); any other failure, and
//! [`assume(false)`](greduce_runtime::assume), is *unresolved*: neither a pass nor a failure.
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
//! To decide yourself, return an [`Outcome`] (greduce's verdict type, the one property
//! checks and the reducer use): `Unresolved` for an input that says nothing about the
//! failure, as the book's `UNRESOLVED` (a `Timeout` counts as unresolved too).
//!
//! ```
//! use greduce::dd::{self, Outcome, Text};
//!
//! // Fails on multiples of 7. Input that is not a number (here, the empty string) says
//! // nothing about that: unresolved.
//! let test = |t: &Text| match t.parse::<u64>() {
//!     Err(_) => Outcome::Unresolved,
//!     Ok(n) if n % 7 == 0 => Outcome::Fails,
//!     Ok(_) => Outcome::Passes,
//! };
//! assert_eq!(dd::ddmin(Text::chars("3157"), test).unwrap().args.as_str(), "35");
//! ```
//!
//! [`DeltaDebugger`] gives the same with settings (a name for the call, which failures are
//! the same, a log of every test) and reduces calls with several arguments.

mod args;
mod debugger;
mod outcome;
mod reducible;
mod report;
mod text;

pub use args::Args;
pub use debugger::{DeltaDebugger, dd, ddmin};
pub use outcome::Outcome;
pub use reducible::Reducible;
pub use report::{Isolated, ReducedArgs, StartError, Stats};
pub use text::Text;

/// The former name of [`StartError`], kept for one release.
#[deprecated(note = "renamed `StartError`")]
pub type Error = StartError;

/// The former name of [`ReducedArgs`], kept for one release.
#[deprecated(note = "renamed `ReducedArgs`")]
pub type Reduced<A> = ReducedArgs<A>;
