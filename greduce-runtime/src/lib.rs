//! Runtime of [greduce](https://docs.rs/greduce): recording generator runs as traces,
//! reducing traces, and replaying generators against reduced traces.
//!
//! Use it through the `greduce` crate, which re-exports this API together with the
//! `#[generator]` attribute that writes the calls into [`__private`].
//!
//! # Vocabulary
//!
//! One word per idea, in these docs, the API and the messages:
//!
//! - **run**: one execution of a generator, with its output and its trace ([`Run`]).
//!   [`record`] makes one from an rng; [`replay`] makes one from a trace.
//! - **trace**: what a run leaves behind ([`Trace`]): its decisions, and the reducible parts
//!   around them (generator calls, loops and their iterations, `if` selections, `match`
//!   switches).
//! - **decision**: one draw at a site (`random_range`, `random_bool`, `choose`, ...) and the
//!   value it answered ([`Decision`]).
//! - **site**: where in the generator's source a decision or a part is ([`Site`]).
//! - **candidate**: a trace the reducer tries: the current trace changed by one edit, replayed
//!   to an input.
//! - **pass**: one way the reducer proposes candidates ([`Pass`]); [`PassSet`] selects them.
//! - **failure**: how a property failed (a panic, `false`, `Err`), and whether two failures
//!   are the same ([`SameFailure`]).
//! - **outcome**: what a property says about one input ([`Outcome`]): it passes, fails, is
//!   unresolved (rejected with [`assume`], or otherwise) or timed out.
//! - **verdict**: what the reducer decided about a candidate ([`Verdict`]), shown by
//!   [`Reducer::explain`].
//! - **case**: one input a check gives its property (generated, an example, saved, or read
//!   from a fuzzer's file).
//! - **reduction**: shrinking one failing run ([`Reducer`] gives a [`Reduction`]).
//! - **config**: every setting of a check, a reduction and a `#[greduce::test]`, in one
//!   value ([`Config`]); the `GREDUCE_*` variables override it when a check runs.

mod check;
mod config;
pub mod fuzz;
mod panic_hook;
mod persist;
mod property;
mod reduce;
mod run;
mod seed;
mod steps;
mod trace;

pub use check::{
    Check, CheckStats, IntoOutcome, Report, assume, check, event, event_value, note, target,
};
pub use config::{Config, Exhaust, Pass, PassSet, Regressions, SameFailure, Search, Strategy};
pub use persist::text::ParseTraceError;
#[allow(deprecated)] // the former names, kept for one release
pub use property::case::CaseResult;
pub use property::outcome::Outcome;
pub use reduce::{
    Attempt, Certificate, PassStats, Progress, ReduceError, Reducer, Reduction, ReductionStats,
    Verdict,
};
#[allow(deprecated)] // the former names, kept for one release
pub use reduce::{Passes, Stats};
pub use run::kinds::Int;
pub use run::record::{Run, record, record_with};
pub use run::replay::{Replay, ReplayError, replay, replay_draws, replay_with};
pub use steps::Steps;
pub use trace::site::Site;
pub use trace::{Decision, Part, Trace};

/// Passes the generator rng to a helper that is not a `#[generator]`, on purpose: the
/// helper's draws are not recorded. While greduce replays, the helper receives an rng seeded
/// with a constant, so its values differ from the recorded run's; use this only for
/// randomness that does not matter to the failure (or make the helper a `#[generator]`).
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
///
/// /// Not a generator: its draw is not recorded.
/// fn jitter<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
///     rng.random_range(0..3)
/// }
///
/// #[generator]
/// fn delay<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
///     rng.random_range(0..100) + jitter(greduce::unrecorded(rng))
/// }
///
/// let run = greduce::record(delay, 1);
/// assert_eq!(run.trace.decision_count(), 1);
/// ```
#[inline]
pub fn unrecorded<R: ?Sized>(rng: &mut R) -> &mut R {
    rng
}

/// Labels the `#[generator]` call running on this thread: the hoist pass
/// ([`PassSet::HOIST`]) replaces a generator call by a call of the same generator nested in
/// it only when both have the same label (calls are unlabelled, label 0, until labelled).
/// (Its descents, which replace a call by a nested call of another generator, go by the
/// generator, not the label.) A
/// generator that builds different kinds of things by an argument, as a grammar fuzzer
/// expands each nonterminal, labels each call with its kind, so an expression is hoisted
/// into an expression and never into a digit. Does nothing outside a greduce run.
///
/// ```
/// use greduce::{Reducer, generator};
/// use rand::RngExt;
///
/// /// A list (kind 1) of items, or an item (kind 2): a number or a nested list.
/// #[generator]
/// fn node<R: rand::Rng + ?Sized>(rng: &mut R, list: bool) -> String {
///     greduce::call_label(if list { 1 } else { 2 });
///     if list {
///         let items: Vec<String> = (0..rng.random_range(0..4)).map(|_| node(rng, false)).collect();
///         format!("[{}]", items.join(","))
///     } else if rng.random_bool(0.3) {
///         node(rng, true)
///     } else {
///         rng.random_range(0..10).to_string()
///     }
/// }
///
/// let generate = |rng: &mut rand::rngs::StdRng| node(rng, true);
/// let fails = |s: &String| s.contains("[[");
/// let run = (0..).map(|seed| greduce::record(generate, seed)).find(|r| fails(&r.output)).unwrap();
/// assert_eq!(Reducer::new(generate).reduce(&run.trace, |x| !fails(x)).output, "[[]]");
/// ```
pub fn call_label(label: u64) {
    run::scopes::label_scope(label);
}

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

#[doc(hidden)]
pub mod __fuzz {
    //! What greduce's own fuzz targets (`fuzz/` in its repository) call. Not public API: no
    //! semver guarantees.

    /// Parses the text of a regressions file: how many entries it holds, or the line and
    /// the reason it cannot be read.
    ///
    /// # Errors
    ///
    /// The line (1-based) and why, when the text is not a regressions file.
    pub fn regressions_file(text: &str) -> Result<usize, (usize, String)> {
        crate::persist::file::parse(text).map(|entries| entries.len())
    }
}

#[doc(hidden)]
pub mod __toolkit {
    //! What `greduce-toolkit` (delta debugging, grammars) calls: one property call as a
    //! case, and its failure's identity. Not public API: no semver guarantees.
    pub use crate::property::case::{At, CaseEnd, Failure, check, unresolved};

    /// Delta debugging over positions: the one implementation the reducer and `dd` share.
    pub mod delta {
        pub use crate::reduce::delta::{Mode, Narrowed, Positions, Start, Variant, dd, split};
    }
}
