//! What delta debugging returns: the reduced call, its statistics, and why it could not
//! start.

use super::args::{Args, call};
use std::fmt;
use std::time::Duration;

/// A reduced call: its arguments, and what the reduction cost. `Display` shows the call as
/// the function would be called, `name(arg, ...)`.
///
/// ```
/// use greduce::dd::{DeltaDebugger, Text};
///
/// let min = DeltaDebugger::new(|t: &Text| !t.contains("xy"))
///     .named("check")
///     .min(Text::chars("abxyz"))
///     .unwrap();
/// assert_eq!(min.to_string(), r#"check("xy")"#);
/// assert_eq!(min.failure.as_deref(), Some("returned a failure: the property returned false"));
/// assert!(min.stats.tests > 0);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct ReducedArgs<A> {
    /// The reduced arguments.
    pub args: A,
    /// How the call fails, in one line (`None` for the passing call of
    /// [`max`](super::DeltaDebugger::max)).
    pub failure: Option<String>,
    /// What the reduction cost.
    pub stats: Stats,
    pub(crate) name: String,
}

impl<A: Args> fmt::Display for ReducedArgs<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&call(&self.name, &self.args))
    }
}

/// The result of general delta debugging: a passing and a failing call whose difference is
/// 1-minimal. `Display` shows both calls and the difference.
///
/// ```
/// use greduce::dd::{self, Text};
///
/// let isolated = dd::dd(Text::chars("abxyz"), |t: &Text| !t.contains("xy")).unwrap();
/// assert!(isolated.failing.contains("xy") && !isolated.passing.contains("xy"));
/// assert_eq!(isolated.difference.len(), 1);
/// println!("{isolated}");
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Isolated<A> {
    /// A maximal passing call: adding any one part of `difference` makes it fail.
    pub passing: A,
    /// A minimal failing call: removing any one part of `difference` makes it pass.
    pub failing: A,
    /// What `failing` has and `passing` lacks (the other arguments emptied).
    pub difference: A,
    /// How the failing call fails, in one line.
    pub failure: String,
    /// What the reduction cost.
    pub stats: Stats,
    pub(crate) name: String,
}

impl<A: Args> fmt::Display for Isolated<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "passes:     {}", call(&self.name, &self.passing))?;
        writeln!(f, "fails:      {}", call(&self.name, &self.failing))?;
        write!(f, "difference: {}", self.difference.show().join(", "))
    }
}

/// What a delta debugging run cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Calls of the function under test (the original call included).
    pub tests: u64,
    /// Candidates answered from the cache instead.
    pub cache_hits: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} tests, {} cache hits, {:.3} s",
            self.tests,
            self.cache_hits,
            self.elapsed.as_secs_f64()
        )
    }
}

/// Why delta debugging could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StartError {
    /// The original call passed: there is no failure to reduce.
    NotFailing {
        /// The call, `name(arg, ...)`.
        call: String,
    },
    /// The original call was unresolved (it rejected its input with
    /// [`assume`](greduce_runtime::assume) or returned [`Outcome::Unresolved`](super::Outcome)).
    Unresolved {
        /// The call.
        call: String,
    },
    /// Maximising needs a passing call to grow from, and this one, which should pass, fails
    /// or is unresolved.
    NotPassing {
        /// The call.
        call: String,
    },
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::NotFailing { call } => write!(
                f,
                "{call} did not fail: delta debugging reduces a failing input, and this one passes"
            ),
            StartError::Unresolved { call } => write!(
                f,
                "{call} was unresolved (rejected with assume, or returned Outcome::Unresolved): \
                 delta debugging needs an input that fails"
            ),
            StartError::NotPassing { call } => write!(
                f,
                "{call} was expected to pass, but does not (it fails or is unresolved): there is \
                 no passing input to grow towards the failing one"
            ),
        }
    }
}

impl std::error::Error for StartError {}
