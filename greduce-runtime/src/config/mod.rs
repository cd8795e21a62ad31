//! The settings: one [`Config`] for a property check ([`Check`](crate::Check)), a reduction
//! ([`Reducer`](crate::Reducer)) and a `#[greduce::test]`, with the choices it makes
//! (`choices.rs`: the replay's [`Strategy`], [`SameFailure`], [`Regressions`], the
//! [`Exhaust`] bounds; `passes.rs`: the [`PassSet`] and the structural [`Search`]) and the
//! `GREDUCE_*` environment variables that override it, read in `env.rs` and nowhere else.
//! This folder sits below everything that runs: the run, the reducer and the check read a
//! `Config`, none of them writes one.

pub(crate) mod choices;
pub(crate) mod env;
pub(crate) mod passes;

pub use choices::{Exhaust, Regressions, SameFailure, Strategy};
pub use passes::{Pass, PassSet, Search};

use std::path::PathBuf;
use std::time::Duration;

/// How a property check runs and how a failing input shrinks: every setting of a
/// [`Check`](crate::Check), a [`Reducer`](crate::Reducer) and a `#[greduce::test]` in one
/// value, to build once and share.
///
/// Build it from the defaults (`..Config::default()`: the check's defaults, listed on each
/// field) and hand it to [`Check::config`](crate::Check::config),
/// [`Reducer::config`](crate::Reducer::config) or `#[greduce::test(config = ..)]`. Most
/// fields also have a builder method of the same name on `Check` or `Reducer`, documented
/// with an example (the reducer's budgets are `Reducer::max_property_calls` and
/// `Reducer::max_time`; `regressions` is `Check::regressions(dir)` and `Check::persist`). When
/// a check runs, the `GREDUCE_*` environment variables override the fields they name, so a
/// CI job or a person reproducing a failure can change a test without editing it; a
/// `Reducer` never reads the environment.
///
/// ```
/// use greduce::{Check, Config, Search, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// // One configuration for several checks.
/// let quick = Config { cases: 20, seed: Some(1), search: Search::Sequence, ..Config::default() };
/// let report = Check::new(numbers)
///     .config(quick.clone())
///     .persist(false)
///     .try_check(|v: &Vec<u32>| v.len() < 5)
///     .unwrap_err();
/// assert_eq!(report.input(), Some("[0, 0, 0, 0, 0]"));
/// assert_eq!(Config::default().cases, 100);
/// ```
#[derive(Clone, Debug, PartialEq)]
// Reason: each bool is an on/off setting of its own, as its builder method and its
// variable are; no two of them make a state machine.
#[allow(clippy::struct_excessive_bools)]
pub struct Config {
    /// How many generated cases must pass (default 100; `GREDUCE_CASES`).
    pub cases: u64,
    /// The seed of the first case (default: a fresh one per run; `GREDUCE_SEED`).
    pub seed: Option<u64>,
    /// How many rejected cases (`assume`) fail the check (default: ten per case, at least
    /// 1000).
    pub max_rejects: Option<u64>,
    /// Whether a failing input is shrunk (default true; `GREDUCE_NO_SHRINK=1` turns it off).
    pub shrink: bool,
    /// The most property calls shrinking makes (default 2000 for a check, none for a
    /// `Reducer`; `GREDUCE_MAX_SHRINK_CALLS`).
    pub max_shrink_calls: Option<u64>,
    /// The longest shrinking takes (default 10 s for a check, none for a `Reducer`;
    /// `GREDUCE_MAX_SHRINK_TIME`).
    pub max_shrink_time: Option<Duration>,
    /// What replay does when it cannot follow the trace (default [`Strategy::Realign`];
    /// `GREDUCE_STRATEGY`).
    pub strategy: Strategy,
    /// How the structural pass proposes reduced traces (default [`Search::Tree`];
    /// `GREDUCE_SEARCH`).
    pub search: Search,
    /// Which pass families shrinking runs (default [`PassSet::ALL`]; `GREDUCE_PASSES`).
    pub passes: PassSet,
    /// The bounded exhaustive search after shrinking, with its bounds (default off;
    /// `GREDUCE_EXHAUST`).
    pub exhaust: Option<Exhaust>,
    /// How many times the trace's decisions a replay may make before it stops, as a factor
    /// (default 10; 0 counts as 1).
    pub replay_budget: u64,
    /// Property calls in a row without an improvement after which shrinking stops, counted
    /// from the first value pass on (default none: the larger of 200 and twice the longest
    /// run of calls between two improvements so far; 0 counts as 1).
    pub max_stall: Option<u64>,
    /// Whether shrinking reuses the property's outcome for an output it has already seen
    /// (by its `Debug` text; default true; a `#[greduce::test]` body, whose input is its
    /// decisions, turns it off).
    pub output_cache: bool,
    /// Whether panics during shrinking print (default false): the generator's; in a
    /// `Reducer`, the property's too (a check keeps the property's quiet and reports the
    /// failure once).
    pub show_panics: bool,
    /// Whether shrinking logs every candidate and why it was kept or rejected (default
    /// false; `GREDUCE_VERBOSE=1`).
    pub verbose: bool,
    /// Whether the check prints the statistics of its generated cases (default false;
    /// `GREDUCE_STATS=1`).
    pub stats: bool,
    /// Which failures count as the same while shrinking (default
    /// [`SameFailure::Location`]).
    pub same_failure: SameFailure,
    /// Where failures are saved and replayed from (default [`Regressions::Package`];
    /// `GREDUCE_REGRESSIONS`).
    pub regressions: Regressions,
    /// Fuzzers' artifact or corpus directories whose files the check replays before its
    /// cases (default none).
    pub fuzz_artifacts: Vec<PathBuf>,
    /// Whether each property call runs in a child process (default false; `GREDUCE_FORK=1`).
    pub fork: bool,
    /// A time limit for each property call, in a child process (default none;
    /// `GREDUCE_TIMEOUT`). A limit runs the check in fork mode whatever
    /// [`Config::fork`] says.
    pub timeout: Option<Duration>,
    /// Not a setting: it lets greduce add fields without breaking code that builds a
    /// `Config` with `..Config::default()`, the one way to build one outside greduce.
    #[doc(hidden)]
    pub __non_exhaustive: (),
}

impl Default for Config {
    /// The check's defaults: 100 cases, a fresh seed, shrinking within 2000 property calls
    /// and 10 s with every pass, [`Strategy::Realign`] and [`Search::Tree`], failures saved
    /// in the package's `greduce-regressions/`.
    fn default() -> Config {
        Config {
            cases: 100,
            seed: None,
            max_rejects: None,
            shrink: true,
            max_shrink_calls: Some(2000),
            max_shrink_time: Some(Duration::from_secs(10)),
            strategy: Strategy::Realign,
            search: Search::Tree,
            passes: PassSet::ALL,
            exhaust: None,
            replay_budget: 10,
            max_stall: None,
            output_cache: true,
            show_panics: false,
            verbose: false,
            stats: false,
            same_failure: SameFailure::Location,
            regressions: Regressions::Package,
            fuzz_artifacts: Vec::new(),
            fork: false,
            timeout: None,
            __non_exhaustive: (),
        }
    }
}

impl Config {
    /// The defaults of a [`Reducer`](crate::Reducer): the check's, without budgets (no
    /// limit on property calls or time).
    pub(crate) fn unbounded() -> Config {
        Config {
            max_shrink_calls: None,
            max_shrink_time: None,
            ..Config::default()
        }
    }

    /// The number of rejected cases (`assume`) after which the check fails.
    pub(crate) fn max_rejects(&self) -> u64 {
        self.max_rejects
            .unwrap_or_else(|| self.cases.saturating_mul(10).max(1000))
    }

    /// Whether the check runs its property calls in child processes: asked for, or needed
    /// by a time limit.
    pub(crate) fn forks(&self) -> bool {
        self.fork || self.timeout.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reducer_has_no_budgets_and_a_check_has_both() {
        let reducer = Config::unbounded();
        assert_eq!(
            (reducer.max_shrink_calls, reducer.max_shrink_time),
            (None, None)
        );
        let check = Config::default();
        assert_eq!(check.max_shrink_calls, Some(2000));
        assert_eq!(check.max_shrink_time, Some(Duration::from_secs(10)));
        // Everything else is shared.
        assert_eq!(
            Config {
                max_shrink_calls: None,
                max_shrink_time: None,
                ..check
            },
            reducer
        );
    }
}
