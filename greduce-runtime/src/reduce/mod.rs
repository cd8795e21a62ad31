//! The reducer: proposes changes to a failing run's trace, replays the generator against
//! each, asks the property about the output, and keeps the simplest input that still
//! reproduces.
//!
//! - [`order`]: what "simpler" means (the size measure, then fewer decisions, then shortlex
//!   over the values' ranks);
//! - [`passes`]: what to change: the paper's structural reduction first, then value passes
//!   run in rounds to a fixpoint;
//! - [`shrinker`]: the loop (propose, check the caches and the order, replay, judge,
//!   accept), with [`cache`] and [`log`].

pub(crate) mod cache;
pub(crate) mod log;
pub(crate) mod order;
pub(crate) mod passes;
mod shrinker;

pub use log::{Attempt, Verdict};
pub use passes::{Pass, Passes, Search};

use crate::align::Strategy;
use crate::outcome::Outcome;
use crate::replay::ReplayError;
use crate::stats::Stats;
use crate::trace::Trace;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::fmt::{self, Debug};
use std::time::Duration;

/// The replay budget: `factor` times the trace's decisions (counted as at least 100).
pub(crate) fn budget_for(trace: &Trace, factor: u64) -> u64 {
    factor.saturating_mul(trace.decision_count().max(100) as u64)
}

/// Measures an input from its output and trace.
type SizeFn<'g, T, S> = Box<dyn Fn(&T, &Trace) -> S + 'g>;

/// Called after every candidate.
type WatchFn<'g, T, S> = Box<dyn FnMut(&Progress<'_, T, S>) + 'g>;

/// Replays a candidate elsewhere first (fork mode: in a child process), given the trace it
/// edits, the edit, the strategy and the budget; `Err` says how the generator failed there,
/// and the candidate is not replayed here.
pub(crate) type PreflightFn<'g> =
    Box<dyn FnMut(&Trace, &crate::edit::Edit, Strategy, u64) -> Result<(), String> + 'g>;

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
///     .reduce(&run.trace, |s: &String| s.contains('c'));
/// assert_eq!(reduced.output, "c\nc\n");
/// ```
// Reason: the bools are independent settings, each set by a builder method of its own.
#[allow(clippy::struct_excessive_bools)]
pub struct Reducer<'g, T, R = StdRng, S = usize> {
    generator: Box<dyn FnMut(&mut R) -> T + 'g>,
    size: SizeFn<'g, T, S>,
    strategy: Strategy,
    search: Search,
    passes: Passes,
    budget_factor: u64,
    /// Whether the size measure is the number of decisions (the default): a replay that
    /// makes more decisions than the current input is then larger whatever it does next,
    /// and stops there (a runaway loop costs no more memory than the input).
    counts_decisions: bool,
    max_property_calls: Option<u64>,
    max_time: Option<Duration>,
    max_stall: Option<u64>,
    quiet: bool,
    output_cache: bool,
    explain: bool,
    watch: Option<WatchFn<'g, T, S>>,
    preflight: Option<PreflightFn<'g>>,
}

/// Where a reduction stands, after a candidate: given to [`Reducer::watch`].
///
/// ```
/// # use greduce::{Reducer, generator};
/// # use rand::RngExt;
/// # #[generator]
/// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
/// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// # }
/// use greduce::Progress;
///
/// let run = greduce::record(numbers, 1);
/// let mut improvements = Vec::new();
/// let reduced = Reducer::new(numbers)
///     .watch(|p: &Progress<'_, Vec<u32>, usize>| {
///         // By default the size is the number of decisions.
///         assert_eq!(*p.size, p.trace.decision_count());
///         if p.improved {
///             improvements.push(p.output.clone());
///         }
///     })
///     .reduce(&run.trace, |v: &Vec<u32>| v.len() >= 5);
/// assert_eq!(improvements.last(), Some(&reduced.output));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct Progress<'a, T, S> {
    /// The simplest reproducing output so far.
    pub output: &'a T,
    /// Its trace.
    pub trace: &'a Trace,
    /// Its size.
    pub size: &'a S,
    /// The size of the original output.
    pub original_size: &'a S,
    /// Whether the candidate just tried was accepted (`output` is new).
    pub improved: bool,
    /// The counters so far.
    pub stats: &'a Stats,
    /// Time since the reduction started.
    pub elapsed: Duration,
}

impl<'g, T: Debug> Reducer<'g, T> {
    /// A reducer for a generator that takes a `&mut StdRng` (any `#[generator]` generic
    /// over its rng does). Defaults: every pass ([`Passes::ALL`]), [`Search::Tree`],
    /// [`Strategy::Realign`], replay budget 10x, size = number of decisions, no call or time
    /// budget.
    ///
    /// ```
    /// use greduce::{Reducer, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    ///     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// }
    ///
    /// let run = greduce::record(numbers, 1);
    /// assert_eq!(run.output.len(), 24);
    /// let reduced = Reducer::new(numbers).reduce(&run.trace, |v: &Vec<u32>| v.len() >= 5);
    /// assert_eq!(reduced.output, [0, 0, 0, 0, 0]);
    /// ```
    pub fn new(generator: impl FnMut(&mut StdRng) -> T + 'g) -> Self {
        Reducer::with_rng(generator)
    }
}

impl<'g, T: Debug, R: SeedableRng> Reducer<'g, T, R> {
    /// A reducer for a generator with a concrete rng type `R` (replay calls it with
    /// `R::seed_from_u64(0)`; recorded decisions never draw from it).
    ///
    /// ```
    /// use greduce::{Reducer, generator};
    /// use rand::rngs::SmallRng;
    /// use rand::{RngExt, SeedableRng};
    ///
    /// /// A generator for one rng type.
    /// #[generator]
    /// fn word(rng: &mut SmallRng) -> String {
    ///     (0..rng.random_range(0..10)).map(|_| rng.random_range('a'..='z')).collect()
    /// }
    ///
    /// let fails = |w: &String| w.len() >= 3;
    /// let run = (0..)
    ///     .map(|seed| greduce::record_with(word, &mut SmallRng::seed_from_u64(seed)))
    ///     .find(|run| fails(&run.output))
    ///     .unwrap();
    /// let reduced = Reducer::with_rng(word).reduce(&run.trace, fails);
    /// assert_eq!(reduced.output, "aaa");
    /// ```
    pub fn with_rng(generator: impl FnMut(&mut R) -> T + 'g) -> Self {
        Reducer {
            generator: Box::new(generator),
            size: Box::new(|_, trace| trace.decision_count()),
            strategy: Strategy::default(),
            search: Search::default(),
            passes: Passes::default(),
            budget_factor: 10,
            counts_decisions: true,
            max_property_calls: None,
            max_time: None,
            max_stall: None,
            quiet: true,
            output_cache: true,
            explain: false,
            watch: None,
            preflight: None,
        }
    }
}

/// The result of a reduction.
///
/// ```
/// # use greduce::{Reducer, generator};
/// # use rand::RngExt;
/// # #[generator]
/// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
/// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// # }
/// let run = greduce::record(numbers, 1);
/// let reduced = Reducer::new(numbers).reduce(&run.trace, |v: &Vec<u32>| v.len() >= 5);
/// assert!(reduced.reproduced);
/// assert_eq!(reduced.output, [0, 0, 0, 0, 0]);
/// // Sizes: by default, numbers of decisions (the length, then one per number).
/// assert_eq!((reduced.original_size, reduced.size), (25, 6));
/// assert_eq!(reduced.size, reduced.trace.decision_count());
/// ```
#[derive(Clone, Debug)]
pub struct Reduction<T, S = usize> {
    /// The simplest output found that reproduces the failure.
    pub output: T,
    /// Its trace.
    pub trace: Trace,
    /// Its size.
    pub size: S,
    /// The size of the original (replayed) output.
    pub original_size: S,
    /// Whether the original trace reproduced the failure at all (when it did not, nothing
    /// was reduced and `output` is the replayed original).
    pub reproduced: bool,
    /// Counters, per pass too.
    pub stats: Stats,
    /// The candidates tried, with their verdicts: all of them when the reduction explained
    /// ([`Reducer::explain`]), else the last few.
    pub attempts: Vec<Attempt>,
}

impl<T, S> Reduction<T, S> {
    /// The attempts kept, one per paragraph, numbered, then the counters.
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1);
    /// let reduced = Reducer::new(numbers).reduce(&run.trace, |v: &Vec<u32>| v.len() >= 5);
    /// let text = reduced.explain();
    /// assert!(text.contains("accepted"));
    /// assert!(text.contains(&format!("{} property calls", reduced.stats.property_calls)));
    /// ```
    pub fn explain(&self) -> String {
        let mut out = log::explain(&self.attempts);
        out.push_str(&self.stats.to_string());
        out.push('\n');
        out
    }
}

/// Why [`Reducer::try_reduce`] could not start.
///
/// ```
/// use greduce::{Reducer, ReplayError, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn digit<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
///     rng.random_range(0..10)
/// }
///
/// /// Panics on 0.
/// #[generator]
/// fn nonzero<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
///     let x = rng.random_range(0..10);
///     assert!(x != 0, "zero");
///     x
/// }
///
/// // A trace of `digit` on `nonzero`: re-align answers 0 for the decision it cannot align,
/// // and `nonzero` panics.
/// let run = greduce::record(digit, 3);
/// let error = Reducer::new(nonzero).try_reduce(&run.trace, |_: &u32| true).unwrap_err();
/// assert!(matches!(error.0, ReplayError::Panicked { .. }));
/// assert!(error.to_string().starts_with("the trace to reduce does not replay on this generator"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReduceError(pub ReplayError);

impl fmt::Display for ReduceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the trace to reduce does not replay on this generator: {}",
            self.0
        )
    }
}

impl std::error::Error for ReduceError {}

/// The property as the reducer calls it: on an output and its trace.
pub(crate) type Property<'p, T> = dyn FnMut(&T, &Trace) -> Outcome + 'p;

impl<'g, T: Debug, R: SeedableRng, S: Ord + Clone + Debug> Reducer<'g, T, R, S> {
    /// What to do on an infeasible alignment (default [`Strategy::Realign`]).
    ///
    /// ```
    /// use greduce::{Reducer, Strategy, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn low<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    ///     rng.random_range(10..20)
    /// }
    ///
    /// #[generator]
    /// fn high<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    ///     rng.random_range(20..30)
    /// }
    ///
    /// /// A value of `high` or of `low`, then a number.
    /// #[generator]
    /// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u32) {
    ///     let v = if rng.random_bool(0.5) { high(rng) } else { low(rng) };
    ///     (v, rng.random_range(0..100))
    /// }
    ///
    /// let run = greduce::record(pair, 6);
    /// assert_eq!(run.output, (27, 68));
    /// // Removing the `if` block calls `low` where `high` was recorded: halt gives up on that
    /// // candidate, re-align answers `low`'s simplest value and goes on.
    /// let fails = |&(_, n): &(u32, u32)| n >= 50;
    /// let halt = Reducer::new(pair).strategy(Strategy::Halt).reduce(&run.trace, fails);
    /// assert_eq!(halt.output, (20, 50));
    /// let realign = Reducer::new(pair).strategy(Strategy::Realign).reduce(&run.trace, fails);
    /// assert_eq!(realign.output, (10, 50));
    /// ```
    #[must_use]
    pub fn strategy(mut self, strategy: Strategy) -> Self {
        self.strategy = strategy;
        self
    }

    /// How the structural pass proposes reduced traces (default [`Search::Tree`]).
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// use greduce::Search;
    ///
    /// let run = greduce::record(numbers, 1); // 24 numbers
    /// let fails = |v: &Vec<u32>| v.len() >= 5;
    /// let sequence = Reducer::new(numbers).search(Search::Sequence).reduce(&run.trace, fails);
    /// let tree = Reducer::new(numbers).search(Search::Tree).reduce(&run.trace, fails);
    /// // One loop, one level: both searches end at the same input.
    /// assert_eq!(sequence.output, [0, 0, 0, 0, 0]);
    /// assert_eq!(tree.output, sequence.output);
    /// ```
    #[must_use]
    pub fn search(mut self, search: Search) -> Self {
        self.search = search;
        self
    }

    /// Which pass families run (default [`Passes::ALL`]). [`Passes::STRUCTURE`] alone is
    /// the paper's GReduce: parts are removed, values never change.
    ///
    /// ```
    /// use greduce::{Passes, Reducer, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    ///     (0..rng.random_range(1..=20)).map(|_| rng.random_range(0..1000)).collect()
    /// }
    ///
    /// let fails = |v: &Vec<u32>| v.iter().any(|x| *x >= 900);
    /// let run = (0..).map(|seed| greduce::record(numbers, seed)).find(|r| fails(&r.output)).unwrap();
    /// let paper = Reducer::new(numbers).passes(Passes::STRUCTURE).reduce(&run.trace, fails);
    /// let full = Reducer::new(numbers).reduce(&run.trace, fails);
    /// assert_eq!(paper.output.len(), 1); // one element, as large as it was
    /// assert_eq!(full.output, [900]); // and the smallest value that still fails
    /// ```
    #[must_use]
    pub fn passes(mut self, passes: Passes) -> Self {
        self.passes = passes;
        self
    }

    /// A replay that makes more than `factor` times the original's decisions (at least 100
    /// times `factor`) stops and counts as invalid, so a generator whose loops depend on
    /// re-aligned decisions cannot hang the reducer. Default 10. With the default size
    /// measure (the number of decisions), a replay stops sooner, as soon as it makes more
    /// decisions than the current input: it is larger, whatever it does next. Any replay
    /// also stops at four times the nodes of the trace it replays (plus 4096), which
    /// bounds a loop that makes no decisions.
    ///
    /// ```
    /// use greduce::{Reducer, generator};
    /// use rand::RngExt;
    ///
    /// /// Draws until a 9: re-align answers 0, which would keep the loop going forever.
    /// #[generator]
    /// fn draws_before_nine<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    ///     let mut n = 0;
    ///     while rng.random_range(0..10) < 9 {
    ///         n += 1;
    ///     }
    ///     n
    /// }
    ///
    /// let fails = |n: &u32| *n >= 3;
    /// let run = (0..)
    ///     .map(|seed| greduce::record(draws_before_nine, seed))
    ///     .find(|r| fails(&r.output))
    ///     .unwrap();
    /// let reduced = Reducer::new(draws_before_nine).replay_budget(2).reduce(&run.trace, fails);
    /// assert_eq!(reduced.output, 3);
    /// // The replays that ran away were stopped, and counted.
    /// assert!(reduced.stats.over_budget > 0);
    /// ```
    #[must_use]
    pub fn replay_budget(mut self, factor: u64) -> Self {
        self.budget_factor = factor.max(1);
        self
    }

    /// Stop after this many property calls, keeping the best input so far.
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1); // 24 numbers
    /// let fails = |v: &Vec<u32>| v.len() >= 5;
    /// let reduced = Reducer::new(numbers).max_property_calls(3).reduce(&run.trace, fails);
    /// assert_eq!(reduced.stats.property_calls, 3);
    /// assert!(reduced.stats.budget_exhausted);
    /// assert_eq!(reduced.output.len(), 6); // the best so far
    /// ```
    #[must_use]
    pub fn max_property_calls(mut self, calls: u64) -> Self {
        self.max_property_calls = Some(calls);
        self
    }

    /// Stop after this much time, keeping the best input so far.
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1); // 24 numbers
    /// let fails = |v: &Vec<u32>| v.len() >= 5;
    /// let reduced = Reducer::new(numbers)
    ///     .max_time(std::time::Duration::ZERO)
    ///     .reduce(&run.trace, fails);
    /// assert!(reduced.stats.budget_exhausted);
    /// assert_eq!(reduced.output, run.output); // no time to shrink
    /// ```
    #[must_use]
    pub fn max_time(mut self, time: Duration) -> Self {
        self.max_time = Some(time);
        self
    }

    /// Stop when this many property calls in a row found nothing simpler (the stall
    /// limit). Default: 200 calls, or twice the longest run of calls that did end in an
    /// improvement, whichever is more.
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1); // 24 numbers
    /// let fails = |v: &Vec<u32>| v.len() >= 5;
    /// let impatient = Reducer::new(numbers).max_stall(5).reduce(&run.trace, fails);
    /// assert!(impatient.stats.stalled);
    /// assert_eq!(impatient.output.len(), 6);
    /// let patient = Reducer::new(numbers).reduce(&run.trace, fails);
    /// assert_eq!(patient.output, [0, 0, 0, 0, 0]);
    /// ```
    #[must_use]
    pub fn max_stall(mut self, calls: u64) -> Self {
        self.max_stall = Some(calls.max(1));
        self
    }

    /// Whether to reuse the property's verdict for a replay that made the same decisions
    /// as one tested before, or (for traces of up to 16 384 nodes) for an output whose
    /// `Debug` text was tested before (default: on). Turn it off for a property that is not
    /// a function of its input, or one that looks at something `Debug` leaves out.
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1);
    /// let mut calls = 0;
    /// let reduced = Reducer::new(numbers).output_cache(false).reduce(&run.trace, |v: &Vec<u32>| {
    ///     calls += 1;
    ///     v.len() >= 5
    /// });
    /// // Every replay asked the property.
    /// assert_eq!(reduced.stats.output_cache_hits, 0);
    /// assert_eq!(calls, reduced.stats.property_calls);
    /// ```
    #[must_use]
    pub fn output_cache(mut self, on: bool) -> Self {
        self.output_cache = on;
        self
    }

    /// Whether to keep every candidate in the result's [`Reduction::attempts`], its change
    /// described and its output shown (default: off, which keeps only the last few and
    /// counters). Each kept attempt is bounded in size, but describing costs time: turn it
    /// on to see why a reduction ended where it did.
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1); // 24 numbers
    /// let fails = |v: &Vec<u32>| v.len() >= 5;
    /// let reduced = Reducer::new(numbers).explain(true).reduce(&run.trace, fails);
    /// // Every candidate, in order.
    /// assert_eq!(reduced.attempts.len() as u64, reduced.stats.candidates);
    /// println!("{}", reduced.explain());
    /// ```
    #[must_use]
    pub fn explain(mut self, on: bool) -> Self {
        self.explain = on;
        self
    }

    /// Whether panics of the generator and the property during reduction print their
    /// message (default: they do not; the attempts record them).
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1);
    /// // The property panics on short lists: each such candidate counts as invalid, and its
    /// // panic message is printed.
    /// let reduced = Reducer::new(numbers).show_panics(true).reduce(&run.trace, |v: &Vec<u32>| {
    ///     assert!(v.len() > 2, "too short");
    ///     v.len() >= 5
    /// });
    /// assert_eq!(reduced.output, [0, 0, 0, 0, 0]);
    /// assert!(reduced.stats.property_panics > 0);
    /// ```
    #[must_use]
    pub fn show_panics(mut self, show: bool) -> Self {
        self.quiet = !show;
        self
    }

    /// Calls `watch` after every candidate with where the reduction stands: to show
    /// progress, or to save each improvement as soon as it is found.
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1); // 24 numbers
    /// let fails = |v: &Vec<u32>| v.len() >= 5;
    /// let mut sizes = Vec::new();
    /// let reduced = Reducer::new(numbers)
    ///     .watch(|p| {
    ///         if p.improved {
    ///             sizes.push(*p.size);
    ///         }
    ///     })
    ///     .reduce(&run.trace, fails);
    /// // Each improvement as it was accepted: never larger, ending at the result.
    /// assert!(sizes.windows(2).all(|w| w[0] >= w[1]));
    /// assert_eq!(sizes.last(), Some(&reduced.size));
    /// ```
    #[must_use]
    pub fn watch(mut self, watch: impl FnMut(&Progress<'_, T, S>) + 'g) -> Self {
        self.watch = Some(Box::new(watch));
        self
    }

    /// Measure inputs with `size` instead of the number of decisions (for example
    /// `(nodes, edges)` of a graph). The size comes first in the order: a candidate is
    /// accepted when it reproduces and its size is smaller, or equal with fewer decisions
    /// or simpler values. Resets [`Reducer::watch`] (whose argument depends on the size
    /// type): call it first.
    ///
    /// ```
    /// use greduce::{Reducer, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u32) {
    ///     (rng.random_range(0..100), rng.random_range(0..100))
    /// }
    ///
    /// let fails = |(a, b): &(u32, u32)| a + b >= 100;
    /// let run = greduce::record(pair, 0);
    /// // The default order keeps the first value small...
    /// assert_eq!(Reducer::new(pair).reduce(&run.trace, fails).output, (1, 99));
    /// // ...a measure of the second keeps that one small.
    /// let small_b = Reducer::new(pair)
    ///     .size(|&(_, b): &(u32, u32)| b)
    ///     .reduce(&run.trace, fails);
    /// assert_eq!(small_b.output, (99, 1));
    /// ```
    #[must_use]
    pub fn size<S2: Ord + Clone + Debug>(
        self,
        size: impl Fn(&T) -> S2 + 'g,
    ) -> Reducer<'g, T, R, S2> {
        self.size_with(move |output, _| size(output))
    }

    /// Replays each candidate with `preflight` first (fork mode: in a child process), and
    /// not here when it fails there.
    pub(crate) fn preflight(
        mut self,
        preflight: impl FnMut(&Trace, &crate::edit::Edit, Strategy, u64) -> Result<(), String> + 'g,
    ) -> Self {
        self.preflight = Some(Box::new(preflight));
        self
    }

    /// Declares that the size measure (set with [`Reducer::size_with`]) is the number of
    /// decisions after all: replays stop as soon as they are larger.
    pub(crate) fn size_counts_decisions(mut self, yes: bool) -> Self {
        self.counts_decisions = yes;
        self
    }

    /// [`Reducer::size`] with the trace at hand too.
    pub(crate) fn size_with<S2: Ord + Clone + Debug>(
        self,
        size: impl Fn(&T, &Trace) -> S2 + 'g,
    ) -> Reducer<'g, T, R, S2> {
        Reducer {
            generator: self.generator,
            size: Box::new(size),
            strategy: self.strategy,
            search: self.search,
            passes: self.passes,
            budget_factor: self.budget_factor,
            counts_decisions: false,
            max_property_calls: self.max_property_calls,
            max_time: self.max_time,
            max_stall: self.max_stall,
            quiet: self.quiet,
            output_cache: self.output_cache,
            explain: self.explain,
            watch: None,
            preflight: self.preflight,
        }
    }

    /// Reduces the run recorded in `trace`, for which `property` reports the failure.
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1);
    /// // The property says whether the failure reproduces: a `bool`, or an `Outcome`.
    /// let fails = |v: &Vec<u32>| v.iter().any(|&n| n >= 900);
    /// let reduced = Reducer::new(numbers).reduce(&run.trace, fails);
    /// assert_eq!(reduced.output, [900]);
    /// ```
    ///
    /// # Panics
    ///
    /// When the trace cannot be replayed at all, even with re-align (the generator panics on
    /// it: it is not a trace of this generator). [`Reducer::try_reduce`] returns an error
    /// instead.
    pub fn reduce<O: Into<Outcome>>(
        &mut self,
        trace: &Trace,
        property: impl FnMut(&T) -> O,
    ) -> Reduction<T, S> {
        match self.try_reduce(trace, property) {
            Ok(reduction) => reduction,
            Err(e) => panic!("greduce: {e}"),
        }
    }

    /// Like [`Reducer::reduce`], but returns an error when the trace cannot be replayed.
    ///
    /// ```
    /// use greduce::{Reducer, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn digit<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    ///     rng.random_range(0..10)
    /// }
    ///
    /// #[generator]
    /// fn letter<R: rand::Rng + ?Sized>(rng: &mut R) -> char {
    ///     rng.random_range('a'..='z')
    /// }
    ///
    /// let run = greduce::record(digit, 3);
    /// assert!(Reducer::new(digit).try_reduce(&run.trace, |d: &u32| *d > 0).is_ok());
    /// // Not a trace of `letter`: re-align answers `'a'`, which does not fail.
    /// let other = Reducer::new(letter).try_reduce(&run.trace, |c: &char| *c > 'a').unwrap();
    /// assert!(!other.reproduced);
    /// ```
    ///
    /// # Errors
    ///
    /// When the generator panics while replaying `trace` unchanged (also with re-align).
    pub fn try_reduce<O: Into<Outcome>>(
        &mut self,
        trace: &Trace,
        mut property: impl FnMut(&T) -> O,
    ) -> Result<Reduction<T, S>, ReduceError> {
        self.try_reduce_traced(trace, &mut |output: &T, _: &Trace| property(output).into())
    }

    /// [`Reducer::try_reduce`] with a property that sees each candidate's trace too.
    pub(crate) fn try_reduce_traced(
        &mut self,
        trace: &Trace,
        property: &mut Property<'_, T>,
    ) -> Result<Reduction<T, S>, ReduceError> {
        shrinker::reduce(self, trace, property)
    }
}
