//! The [`Reducer`] value: a reduction's settings. Its builder methods are in `reducer.rs`;
//! the shrinker reads them.

use crate::property::outcome::Outcome;
use crate::reduce::passes::pass::{PassSet, Search};
use crate::reduce::reduction::Progress;
use crate::run::align::Strategy;
use crate::trace::Trace;
use crate::trace::edit::Edit;
use rand::rngs::StdRng;
use std::time::Duration;

/// Measures an input from its output and trace.
pub(crate) type SizeFn<'g, T, S> = Box<dyn Fn(&T, &Trace) -> S + 'g>;

/// Called after every candidate.
pub(crate) type WatchFn<'g, T, S> = Box<dyn FnMut(&Progress<'_, T, S>) + 'g>;

/// Replays a candidate elsewhere first (fork mode: in a child process), given the trace it
/// edits, the edit, the strategy and the budget; `Err` says how the generator failed there,
/// and the candidate is not replayed here.
pub(crate) type PreflightFn<'g> =
    Box<dyn FnMut(&Trace, &Edit, Strategy, u64) -> Result<(), String> + 'g>;

/// The property as the reducer calls it: on an output and its trace.
pub(crate) type Property<'p, T> = dyn FnMut(&T, &Trace) -> Outcome + 'p;

/// Reduces a failing run of a generator: changes its trace (removes reducible parts,
/// simplifies values), replays the generator against each changed trace, and keeps the
/// simplest output that still reproduces the failure. Every candidate is produced by the
/// generator itself.
///
/// What "simplest" means is an order on inputs (see the crate docs, "What minimal means"):
/// a candidate is accepted only when it reproduces *and* is strictly simpler than the
/// current input, so a reduction always ends, and the same failure reached from different
/// seeds tends to end at the same input.
///
/// ```
/// use greduce::{Reducer, Search, Strategy, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn password<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
///     let mut w = String::new();
///     let n = rng.random_range(0..20);
///     for _ in 0..n {
///         w.push(rng.random_range('a'..='z'));
///     }
///     w.push('\n');
///     format!("{w}{w}")
/// }
///
/// let run = greduce::record(password, 707_880);
/// assert_eq!(run.output, "abc\nabc\n");
/// let reduced = Reducer::new(password)
///     .strategy(Strategy::Realign)
///     .search(Search::Tree)
///     .reduce(&run.trace, |s: &String| !s.contains('c'));
/// assert_eq!(reduced.output, "c\nc\n");
/// ```
// Reason: the bools are independent settings, each set by a builder method of its own.
#[allow(clippy::struct_excessive_bools)]
pub struct Reducer<'g, T, R = StdRng, S = usize> {
    pub(crate) generator: Box<dyn FnMut(&mut R) -> T + 'g>,
    pub(crate) size: SizeFn<'g, T, S>,
    pub(crate) strategy: Strategy,
    pub(crate) search: Search,
    pub(crate) passes: PassSet,
    pub(crate) budget_factor: u64,
    /// Whether the size measure is the number of decisions (the default): a replay that
    /// makes more decisions than the current input is then larger whatever it does next,
    /// and stops there (a runaway loop costs no more memory than the input).
    pub(crate) counts_decisions: bool,
    pub(crate) max_property_calls: Option<u64>,
    pub(crate) max_time: Option<Duration>,
    pub(crate) max_stall: Option<u64>,
    pub(crate) quiet: bool,
    pub(crate) output_cache: bool,
    pub(crate) explain: bool,
    /// The bounded exhaustive search after shrinking, when on.
    pub(crate) exhaust: Option<crate::reduce::exhaust::Exhaust>,
    pub(crate) watch: Option<WatchFn<'g, T, S>>,
    pub(crate) preflight: Option<PreflightFn<'g>>,
}
