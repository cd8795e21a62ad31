//! Property checks: run a property on many generated inputs, and when one fails, shrink it
//! with the generator and report the minimal failing input.
//!
//! Cases run with the generator called directly (no recording, so a passing case costs what
//! the generator costs), unless statistics are collected (`stats.rs`). When a case fails,
//! the generator runs again from the same seed, recording its trace, and the reducer
//! shrinks that trace.

pub(crate) mod body;
mod events;
mod execution;
pub(crate) mod executor;
mod fork;

mod engine;
mod harness;
mod report;
mod settings;

mod stats;
mod target;

pub(crate) use crate::property::case::bind;
pub use crate::property::case::{IntoOutcome, assume, note};
pub use events::{event, event_value};
pub use report::Report;
pub use stats::CheckStats;
pub use target::target;

use crate::config::Config;
use crate::reduce::hooks::SizeFn;
use harness::{captured_if, running_test, test_name};
use rand::rngs::StdRng;
use std::fmt::Debug;
use std::panic::Location;

/// Checks `property` on inputs from `generator` with the default settings (100 cases, see
/// [`Check`]); on a failure, shrinks the input and panics with the [`Report`].
///
/// The property fails by panicking (`assert!`), returning `false` or returning `Err`.
///
/// ```should_panic
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     let mut v = Vec::new();
///     for _ in 0..rng.random_range(0..20) {
///         v.push(rng.random_range(0..1000));
///     }
///     v
/// }
///
/// // Fails, and reports a minimal failing input: `[n]` with one n >= 500.
/// greduce::check(numbers, |v: &Vec<u32>| assert!(v.iter().all(|&n| n < 500)));
/// ```
#[track_caller]
pub fn check<T: Debug, P: IntoOutcome>(
    generator: impl FnMut(&mut StdRng) -> T,
    property: impl FnMut(&T) -> P,
) {
    Check::new(generator).check(property);
}

/// A configurable property check: the builder behind [`check`].
///
/// Settings: the builder methods below, each overridden by an environment variable when it
/// is set (so CI and a person reproducing a failure can change a test without editing it):
///
/// | builder | variable | default |
/// |---|---|---|
/// | [`cases`](Check::cases) | `GREDUCE_CASES` | 100 |
/// | [`seed`](Check::seed) | `GREDUCE_SEED` (decimal or `0x` hex) | random per run |
/// | [`max_shrink_calls`](Check::max_shrink_calls) | `GREDUCE_MAX_SHRINK_CALLS` | 2000 |
/// | [`max_shrink_time`](Check::max_shrink_time) | `GREDUCE_MAX_SHRINK_TIME` (`10s`, `500ms`) | 10 s |
/// | [`strategy`](Check::strategy) | `GREDUCE_STRATEGY` (`halt`, `bypass`, `realign`) | re-align |
/// | [`search`](Check::search) | `GREDUCE_SEARCH` (`tree`, `sequence`) | tree |
/// | [`passes`](Check::passes) | `GREDUCE_PASSES` (`all`, `paper`, `structure,minimize`, ...) | all |
/// | [`exhaust`](Check::exhaust) | `GREDUCE_EXHAUST` (`on`, `off`, `decisions=8,values=3`) | off |
/// | [`shrink`](Check::shrink) | `GREDUCE_NO_SHRINK` (`1`) | shrink |
/// | [`verbose`](Check::verbose) | `GREDUCE_VERBOSE` (`1`) | off |
/// | [`stats`](Check::stats) | `GREDUCE_STATS` (`1`) | off |
///
/// A variable with a value greduce cannot use fails the check with an error naming it.
///
/// ```
/// use greduce::{Check, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u8, u8) {
///     (rng.random_range(0..10), rng.random_range(0..10))
/// }
///
/// Check::new(pair)
///     .cases(500)
///     .example((9, 9))
///     .check(|&(a, b): &(u8, u8)| assert!(a + b <= 18));
/// ```
pub struct Check<'g, T, S = usize> {
    generator: Box<dyn FnMut(&mut StdRng) -> T + 'g>,
    size: SizeFn<'g, T, S>,
    /// Whether `size` is the number of decisions (the default).
    counts_decisions: bool,
    config: Config,
    name: Option<String>,
    examples: Vec<T>,
    progress: bool,
    /// A `#[greduce::test]` body: the generator's output carries the verdict (no output
    /// cache), and the final run of the minimal case replays the body.
    body: bool,
    /// What receives the statistics of the generated cases.
    on_stats: Option<Box<dyn FnOnce(CheckStats) + 'g>>,
}

impl<'g, T: Debug> Check<'g, T> {
    /// A check of inputs from `generator` (any `#[generator]` function generic over its
    /// rng), measured by their number of decisions.
    ///
    /// ```
    /// use greduce::{Check, generator};
    /// use rand::RngExt;
    ///
    /// /// Up to 9 edges between `nodes` nodes.
    /// #[generator]
    /// fn edges<R: rand::Rng + ?Sized>(rng: &mut R, nodes: usize) -> Vec<(usize, usize)> {
    ///     (0..rng.random_range(0..10))
    ///         .map(|_| (rng.random_range(0..nodes), rng.random_range(0..nodes)))
    ///         .collect()
    /// }
    ///
    /// // A generator with arguments: a closure passes them.
    /// Check::new(|rng| edges(rng, 4)).check(|e: &Vec<(usize, usize)>| {
    ///     e.iter().all(|&(a, b)| a < 4 && b < 4)
    /// });
    /// ```
    pub fn new(generator: impl FnMut(&mut StdRng) -> T + 'g) -> Self {
        Check {
            generator: Box::new(generator),
            size: Box::new(|_, trace| trace.decision_count()),
            counts_decisions: true,
            config: Config::default(),
            name: None,
            examples: Vec::new(),
            progress: true,
            body: false,
            on_stats: None,
        }
    }
}

impl<'g, T: Debug, S: Ord + Clone + Debug> Check<'g, T, S> {
    /// Measure inputs with `size` instead of the number of decisions (for example `(nodes,
    /// edges)` of a graph): the first key of the order shrinking simplifies by, so it never
    /// accepts a larger input ([`Reducer::size`](crate::Reducer::size)).
    ///
    /// ```
    /// use greduce::{Check, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u32) {
    ///     (rng.random_range(0..100), rng.random_range(0..100))
    /// }
    ///
    /// // Shrinks to the smallest `b`, where by default the first value would be smallest.
    /// let report = Check::new(pair)
    ///     .seed(1)
    ///     .persist(false)
    ///     .size(|&(_, b): &(u32, u32)| b)
    ///     .try_check(|&(a, b): &(u32, u32)| a + b < 100)
    ///     .unwrap_err();
    /// assert_eq!(report.input(), Some("(99, 1)"));
    /// ```
    #[must_use]
    pub fn size<S2: Ord + Clone + Debug>(self, size: impl Fn(&T) -> S2 + 'g) -> Check<'g, T, S2> {
        Check {
            generator: self.generator,
            size: Box::new(move |output, _| size(output)),
            counts_decisions: false,
            config: self.config,
            name: self.name,
            examples: self.examples,
            progress: self.progress,
            body: self.body,
            on_stats: self.on_stats,
        }
    }

    /// Runs the check.
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// Check::new(numbers).check(|v: &Vec<u32>| v.len() < 30);
    /// Check::new(numbers).check(|v: &Vec<u32>| assert!(v.iter().all(|&n| n < 1000)));
    /// Check::new(numbers).check(|v: &Vec<u32>| {
    ///     if v.len() < 30 { Ok(()) } else { Err(format!("{} numbers", v.len())) }
    /// });
    /// ```
    ///
    /// # Panics
    ///
    /// With the [`Report`] when the property fails, when too many cases are rejected, when
    /// the generator panics or is not deterministic, or when a `GREDUCE_*` variable has an
    /// invalid value.
    #[track_caller]
    pub fn check<P: IntoOutcome>(self, property: impl FnMut(&T) -> P) {
        if let Err(report) = self.try_check(property) {
            panic!("{report}");
        }
    }

    /// Runs the check and returns the report of a failure instead of panicking.
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// assert!(Check::new(numbers).try_check(|v: &Vec<u32>| v.len() < 30).is_ok());
    /// let report = Check::new(numbers)
    ///     .seed(1)
    ///     .persist(false)
    ///     .try_check(|v: &Vec<u32>| v.len() < 5)
    ///     .unwrap_err();
    /// assert_eq!(report.input(), Some("[0, 0, 0, 0, 0]"));
    /// ```
    ///
    /// # Errors
    ///
    /// The [`Report`] when the property fails, when too many cases are rejected, when the
    /// generator panics or is not deterministic, or when a `GREDUCE_*` variable has an
    /// invalid value.
    #[track_caller]
    pub fn try_check<P: IntoOutcome>(
        self,
        mut property: impl FnMut(&T) -> P,
    ) -> Result<(), Report> {
        let name = self.name.clone().unwrap_or_else(test_name);
        let mut config = self.config.clone();
        let env =
            crate::config::env::apply(&mut config, &[fork::protocol::JOB, fork::protocol::RESULT]);
        if let Err(e) = env {
            return Err(report::problem(&name, None, &e.to_string()));
        }
        let id = fork::protocol::check_id(Location::caller());
        // Without a name (a test's, or given) the file would be shared by unrelated checks.
        let named = self.name.is_some() || running_test().is_some();
        let counts = config.stats || self.on_stats.is_some();
        let mut engine = engine::Engine {
            generator: self.generator,
            size: self.size,
            counts_decisions: self.counts_decisions,
            examples: self.examples,
            progress: self.progress,
            body: self.body,
            exec: Box::new(execution::InProcess),
            tally: counts.then(|| stats::Tally::new(&name)),
            guide: target::Guide::default(),
        };
        let progress = engine.progress;
        let on_stats = self.on_stats;
        captured_if(!progress, || {
            let mut result = engine.check(&name, named, &config, &id, &mut property);
            if let Some(tally) = engine.tally.take() {
                tally.finish(&mut result, config.stats, on_stats);
            }
            result
        })
    }
}
