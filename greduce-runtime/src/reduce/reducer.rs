//! The [`Reducer`]: a reduction's [`Config`] and [`Hooks`], its builder methods, and the
//! entry points that run a reduction (in the shrinker).

use crate::config::{Config, Exhaust, PassSet, Search, Strategy};
use crate::property::outcome::Outcome;
use crate::reduce::hooks::{Hooks, Property};
use crate::reduce::reduction::{Progress, ReduceError, Reduction};
use crate::reduce::shrinker;
use crate::trace::Trace;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::fmt::Debug;
use std::time::Duration;

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
pub struct Reducer<'g, T, R = StdRng, S = usize> {
    /// The settings: those of shrinking ([`Reducer::config`]).
    pub(crate) config: Config,
    pub(crate) hooks: Hooks<'g, T, R, S>,
}

impl<'g, T: Debug> Reducer<'g, T> {
    /// A reducer for a generator that takes a `&mut StdRng` (any `#[generator]` generic
    /// over its rng does). Defaults: every pass ([`PassSet::ALL`]), [`Search::Tree`],
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
    /// let reduced = Reducer::new(numbers).reduce(&run.trace, |v: &Vec<u32>| v.len() < 5);
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
    /// let reduced = Reducer::with_rng(word).reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(reduced.output, "aaa");
    /// ```
    pub fn with_rng(generator: impl FnMut(&mut R) -> T + 'g) -> Self {
        Reducer {
            config: Config::unbounded(),
            hooks: Hooks {
                generator: Box::new(generator),
                size: Box::new(|_, trace| trace.decision_count()),
                counts_decisions: true,
                watch: None,
                preflight: None,
            },
        }
    }
}

impl<'g, T: Debug, R: SeedableRng, S: Ord + Clone + Debug> Reducer<'g, T, R, S> {
    /// Every setting of shrinking at once, from a [`Config`] (as a [`Check`](crate::Check)
    /// shrinks with its own): the strategy, search, passes, budgets
    /// ([`Config::max_shrink_calls`], [`Config::max_shrink_time`]), stall limit, replay
    /// budget, exhaustive search, output cache, panics shown and log. The fields of a check
    /// alone (`cases`, `seed`, `max_rejects`, `shrink`, `stats`, `same_failure`,
    /// `regressions`, `fuzz_artifacts`, `fork`, `timeout`) do not concern a reduction. Note
    /// that
    /// [`Config::default`] has the check's budgets (2000 calls, 10 s), where
    /// [`Reducer::new`] has none.
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// use greduce::{Config, PassSet};
    ///
    /// let run = greduce::record(numbers, 1);
    /// let paper = Config { passes: PassSet::STRUCTURE, max_shrink_calls: Some(500), ..Config::default() };
    /// let reduced = Reducer::new(numbers).config(paper).reduce(&run.trace, |v: &Vec<u32>| v.len() < 5);
    /// assert_eq!(reduced.output.len(), 5);
    /// assert!(reduced.stats.property_calls <= 500);
    /// ```
    #[must_use]
    pub fn config(mut self, config: Config) -> Self {
        self.config = config;
        self
    }

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
    /// let halt = Reducer::new(pair).strategy(Strategy::Halt).reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(halt.output, (20, 50));
    /// let realign = Reducer::new(pair).strategy(Strategy::Realign).reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(realign.output, (10, 50));
    /// ```
    #[must_use]
    pub fn strategy(mut self, strategy: Strategy) -> Self {
        self.config.strategy = strategy;
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
    /// let sequence = Reducer::new(numbers).search(Search::Sequence).reduce(&run.trace, |x| !fails(x));
    /// let tree = Reducer::new(numbers).search(Search::Tree).reduce(&run.trace, |x| !fails(x));
    /// // One loop, one level: both searches end at the same input.
    /// assert_eq!(sequence.output, [0, 0, 0, 0, 0]);
    /// assert_eq!(tree.output, sequence.output);
    /// ```
    #[must_use]
    pub fn search(mut self, search: Search) -> Self {
        self.config.search = search;
        self
    }

    /// Which pass families run (default [`PassSet::ALL`]). [`PassSet::STRUCTURE`] alone is
    /// the paper's GReduce: parts are removed, values never change.
    ///
    /// ```
    /// use greduce::{PassSet, Reducer, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    ///     (0..rng.random_range(1..=20)).map(|_| rng.random_range(0..1000)).collect()
    /// }
    ///
    /// let fails = |v: &Vec<u32>| v.iter().any(|x| *x >= 900);
    /// let run = (0..).map(|seed| greduce::record(numbers, seed)).find(|r| fails(&r.output)).unwrap();
    /// let paper = Reducer::new(numbers).passes(PassSet::STRUCTURE).reduce(&run.trace, |x| !fails(x));
    /// let full = Reducer::new(numbers).reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(paper.output.len(), 1); // one element, as large as it was
    /// assert_eq!(full.output, [900]); // and the smallest value that still fails
    /// ```
    #[must_use]
    pub fn passes(mut self, passes: PassSet) -> Self {
        self.config.passes = passes;
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
    /// let reduced = Reducer::new(draws_before_nine).replay_budget(2).reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(reduced.output, 3);
    /// // The replays that ran away were stopped, and counted.
    /// assert!(reduced.stats.over_budget > 0);
    /// ```
    #[must_use]
    pub fn replay_budget(mut self, factor: u64) -> Self {
        self.config.replay_budget = factor;
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
    /// let reduced = Reducer::new(numbers).max_property_calls(3).reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(reduced.stats.property_calls, 3);
    /// assert!(reduced.stats.budget_exhausted);
    /// assert_eq!(reduced.output.len(), 6); // the best so far
    /// ```
    #[must_use]
    pub fn max_property_calls(mut self, calls: u64) -> Self {
        self.config.max_shrink_calls = Some(calls);
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
    ///     .reduce(&run.trace, |x| !fails(x));
    /// assert!(reduced.stats.budget_exhausted);
    /// assert_eq!(reduced.output, run.output); // no time to shrink
    /// ```
    #[must_use]
    pub fn max_time(mut self, time: Duration) -> Self {
        self.config.max_shrink_time = Some(time);
        self
    }

    /// Stop when this many property calls in a row found nothing simpler (the stall
    /// limit), counted from the start. Default: 200 calls, or twice the longest run of
    /// calls that did end in an improvement, whichever is more, counted from the first
    /// value pass on (the structural pass alone, the paper's algorithm, runs to its end).
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
    /// let impatient = Reducer::new(numbers).max_stall(5).reduce(&run.trace, |x| !fails(x));
    /// assert!(impatient.stats.stalled);
    /// assert_eq!(impatient.output.len(), 6);
    /// let patient = Reducer::new(numbers).reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(patient.output, [0, 0, 0, 0, 0]);
    /// ```
    #[must_use]
    pub fn max_stall(mut self, calls: u64) -> Self {
        self.config.max_stall = Some(calls);
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
    ///     v.len() < 5
    /// });
    /// // Every replay asked the property.
    /// assert_eq!(reduced.stats.output_cache_hits, 0);
    /// assert_eq!(calls, reduced.stats.property_calls);
    /// ```
    #[must_use]
    pub fn output_cache(mut self, on: bool) -> Self {
        self.config.output_cache = on;
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
    /// let reduced = Reducer::new(numbers).explain(true).reduce(&run.trace, |x| !fails(x));
    /// // Every candidate, in order.
    /// assert_eq!(reduced.attempts.len() as u64, reduced.stats.candidates);
    /// println!("{}", reduced.explain());
    /// ```
    #[must_use]
    pub fn explain(mut self, on: bool) -> Self {
        self.config.verbose = on;
        self
    }

    /// After shrinking, searches the generator's executions within `bounds`, and the
    /// result's neighbours (the executions that change at most [`Exhaust::changes`] of its
    /// decisions), for a smaller failing input, and when none fails, gives the result a
    /// [`Certificate`](crate::Certificate) (see [`Exhaust`]); a smaller failing input found
    /// becomes the input, and shrinking continues from it. Off by default. Not with fork
    /// mode: the executions run in this process.
    ///
    /// ```
    /// use greduce::{Exhaust, Reducer, generator};
    /// use rand::RngExt;
    ///
    /// /// A number drawn one of two ways: alone, or as the sum of two.
    /// #[generator]
    /// fn number<R: rand::Rng + ?Sized>(rng: &mut R) -> (u8, u32) {
    ///     match rng.random_range(0..2) {
    ///         0 => (0, rng.random_range(0..1000)),
    ///         _ => (1, rng.random_range(0..1000) + rng.random_range(0..1000)),
    ///     }
    /// }
    ///
    /// // Fails at 3 drawn alone, or at 500 and more as a sum.
    /// let fails = |&(how, n): &(u8, u32)| if how == 0 { n == 3 } else { n >= 500 };
    /// let run = (0..).map(|seed| greduce::record(number, seed)).find(|r| r.output.0 == 1 && fails(&r.output)).unwrap();
    /// // No single edit leads from a failing sum to a failing number alone.
    /// let shrunk = Reducer::new(number).reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(shrunk.output.0, 1);
    /// let bounds = Exhaust { decisions: 3, ..Exhaust::default() };
    /// let exhausted = Reducer::new(number).exhaust(bounds).reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(exhausted.output, (0, 3));
    /// println!("{}", exhausted.certificate.unwrap());
    /// ```
    #[must_use]
    pub fn exhaust(mut self, bounds: Exhaust) -> Self {
        self.config.exhaust = Some(bounds);
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
    /// // The property panics on short lists: each such candidate counts as unresolved (the
    /// // reducer keeps only inputs its property says fail), and its panic message is printed.
    /// let reduced = Reducer::new(numbers).show_panics(true).reduce(&run.trace, |v: &Vec<u32>| {
    ///     assert!(v.len() > 2, "too short");
    ///     v.len() < 5
    /// });
    /// assert_eq!(reduced.output, [0, 0, 0, 0, 0]);
    /// assert!(reduced.stats.property_panics > 0);
    /// ```
    #[must_use]
    pub fn show_panics(mut self, show: bool) -> Self {
        self.config.show_panics = show;
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
    ///     .reduce(&run.trace, |x| !fails(x));
    /// // Each improvement as it was accepted: never larger, ending at the result.
    /// assert!(sizes.windows(2).all(|w| w[0] >= w[1]));
    /// assert_eq!(sizes.last(), Some(&reduced.size));
    /// ```
    #[must_use]
    pub fn watch(mut self, watch: impl FnMut(&Progress<'_, T, S>) + 'g) -> Self {
        self.hooks.watch = Some(Box::new(watch));
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
    /// assert_eq!(Reducer::new(pair).reduce(&run.trace, |x| !fails(x)).output, (1, 99));
    /// // ...a measure of the second keeps that one small.
    /// let small_b = Reducer::new(pair)
    ///     .size(|&(_, b): &(u32, u32)| b)
    ///     .reduce(&run.trace, |x| !fails(x));
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
        preflight: impl FnMut(&Trace, &crate::trace::edit::Edit, Strategy, u64) -> Result<(), String>
        + 'g,
    ) -> Self {
        self.hooks.preflight = Some(Box::new(preflight));
        self
    }

    /// Declares that the size measure (set with [`Reducer::size_with`]) is the number of
    /// decisions after all: replays stop as soon as they are larger.
    pub(crate) fn size_counts_decisions(mut self, yes: bool) -> Self {
        self.hooks.counts_decisions = yes;
        self
    }

    /// [`Reducer::size`] with the trace at hand too.
    pub(crate) fn size_with<S2: Ord + Clone + Debug>(
        self,
        size: impl Fn(&T, &Trace) -> S2 + 'g,
    ) -> Reducer<'g, T, R, S2> {
        Reducer {
            config: self.config,
            hooks: Hooks {
                generator: self.hooks.generator,
                size: Box::new(size),
                counts_decisions: false,
                // The watcher's argument has the size's type.
                watch: None,
                preflight: self.hooks.preflight,
            },
        }
    }

    /// Reduces the run recorded in `trace`, which fails `property`: the reduction keeps the
    /// simplest output that still fails it. `property` is written as for
    /// [`check`](crate::check): `true` (or [`Outcome::Passes`]) when the output is fine,
    /// `false` ([`Outcome::Fails`]) when it shows the failure; [`Outcome::Unresolved`] for an
    /// output the test cannot use. A panic in `property` counts as unresolved (a
    /// [`Check`](crate::Check) shrinks by panics, and keeps only those like the original).
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1);
    /// // The property: no number of 900 or more (a `bool`, or an `Outcome`).
    /// let small = |v: &Vec<u32>| v.iter().all(|&n| n < 900);
    /// let reduced = Reducer::new(numbers).reduce(&run.trace, small);
    /// assert_eq!(reduced.output, [900]);
    /// ```
    ///
    /// # Panics
    ///
    /// When the trace cannot be replayed at all, even with re-align (the generator panics on
    /// it: it is not a trace of this generator), and when its output does not fail
    /// `property` (there is nothing to reduce; a closure written as "true when the bug
    /// shows" reads the other way round: negate it). [`Reducer::try_reduce`] returns an error
    /// for the first, and an unreduced [`Reduction`] with `reproduced` false for the second.
    pub fn reduce<O: Into<Outcome>>(
        &mut self,
        trace: &Trace,
        property: impl FnMut(&T) -> O,
    ) -> Reduction<T, S> {
        match self.try_reduce(trace, property) {
            Ok(reduction) if !reduction.reproduced => panic!(
                "greduce: the output to reduce does not fail the property, so there is \
                 nothing to reduce: Reducer::reduce keeps outputs on which the property \
                 fails (`false`, `Err` or `Outcome::Fails`); a closure that returns `true` \
                 when the bug shows must be negated. The output: {:?}",
                reduction.output
            ),
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
    /// assert!(Reducer::new(digit).try_reduce(&run.trace, |d: &u32| *d == 0).is_ok());
    /// // Not a trace of `letter`: re-align answers `'a'`, which does not fail.
    /// let other = Reducer::new(letter).try_reduce(&run.trace, |c: &char| *c <= 'a').unwrap();
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
        shrinker::reduce(&self.config, &mut self.hooks, trace, property)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The benchmarks' tables are measured with `Reducer::new`'s defaults: no call or time
    /// budget, whatever a check's defaults are.
    #[test]
    fn a_new_reducer_has_no_budgets() {
        let reducer = Reducer::new(|_: &mut StdRng| 0u8);
        assert_eq!(reducer.config, Config::unbounded());
        assert_eq!(reducer.config.max_shrink_calls, None);
        assert_eq!(reducer.config.max_shrink_time, None);
        // A size of its own keeps the settings.
        let sized = Reducer::new(|_: &mut StdRng| 0u8)
            .max_property_calls(7)
            .size(|_| 0u8);
        assert_eq!(sized.config.max_shrink_calls, Some(7));
    }
}
