//! What a reduction calls besides the property: the generator, the size measure, the
//! watcher of each improvement and fork mode's preflight ([`Hooks`]). The
//! [`Reducer`](crate::Reducer) holds them beside its [`Config`](crate::Config), and hands
//! both to the shrinker, which therefore needs neither the `Reducer` nor its module.

use crate::config::Strategy;
use crate::property::outcome::Outcome;
use crate::reduce::reduction::Progress;
use crate::trace::Trace;
use crate::trace::edit::Edit;

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

/// The functions a reduction calls besides the property.
pub(crate) struct Hooks<'g, T, R, S> {
    /// The generator, called on the replay's rng.
    pub(crate) generator: Box<dyn FnMut(&mut R) -> T + 'g>,
    /// The size measure (by default the number of decisions).
    pub(crate) size: SizeFn<'g, T, S>,
    /// Whether the size measure is the number of decisions (the default): a replay that
    /// makes more decisions than the current input is then larger whatever it does next,
    /// and stops there (a runaway loop costs no more memory than the input).
    pub(crate) counts_decisions: bool,
    pub(crate) watch: Option<WatchFn<'g, T, S>>,
    pub(crate) preflight: Option<PreflightFn<'g>>,
}
