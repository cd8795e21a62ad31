//! The reducer: proposes reduced traces (ddmin or HDD over the reducible parts), replays the
//! generator against each, asks the property about the output, and keeps the smallest
//! input that still reproduces. It owns the caches and the log of attempts.

use crate::align::{Strategy, describe_parts};
use crate::outcome::Outcome;
use crate::panic_hook;
use crate::record::Run;
use crate::replay::{ReplayError, run_replay};
use crate::search::{Search, ddmin};
use crate::stats::Stats;
use crate::trace::{NodeId, Part, Removed, Trace};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::collections::{HashMap, HashSet};
use std::fmt::{self, Debug, Write as _};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

/// The replay budget: `factor` times the trace's decisions (counted as at least 100).
pub(crate) fn budget_for(trace: &Trace, factor: u64) -> u64 {
    factor.saturating_mul(trace.decision_count().max(100) as u64)
}

/// Measures an input from its output and trace.
type SizeFn<'g, T, S> = Box<dyn Fn(&T, &Trace) -> S + 'g>;

/// Reduces a failing run of a generator: removes reducible parts of its trace, replays the
/// generator against each reduced trace, and keeps the smallest output that still
/// reproduces the failure. Every candidate is produced by the generator itself.
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
/// assert!(reduced.stats.property_calls <= 6);
/// ```
pub struct Reducer<'g, T, R = StdRng, S = usize> {
    generator: Box<dyn FnMut(&mut R) -> T + 'g>,
    size: SizeFn<'g, T, S>,
    strategy: Strategy,
    search: Search,
    budget_factor: u64,
    max_property_calls: Option<u64>,
    max_time: Option<Duration>,
    quiet: bool,
    output_cache: bool,
    watch: Option<WatchFn<'g, T, S>>,
}

/// Called after every candidate.
type WatchFn<'g, T, S> = Box<dyn FnMut(&Progress<'_, T, S>) + 'g>;

/// Where a reduction stands, after a candidate: given to [`Reducer::watch`].
#[derive(Debug)]
#[non_exhaustive]
pub struct Progress<'a, T, S> {
    /// The smallest reproducing output so far.
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
    /// over its rng does). Defaults: [`Search::Tree`], [`Strategy::Realign`], replay budget
    /// 10x, size = number of decisions, no call or time budget.
    pub fn new(generator: impl FnMut(&mut StdRng) -> T + 'g) -> Self {
        Reducer::with_rng(generator)
    }
}

impl<'g, T: Debug, R: SeedableRng> Reducer<'g, T, R> {
    /// A reducer for a generator with a concrete rng type `R` (replay calls it with
    /// `R::seed_from_u64(0)`; recorded decisions never draw from it).
    pub fn with_rng(generator: impl FnMut(&mut R) -> T + 'g) -> Self {
        Reducer {
            generator: Box::new(generator),
            size: Box::new(|_, trace| trace.decision_count()),
            strategy: Strategy::default(),
            search: Search::default(),
            budget_factor: 10,
            max_property_calls: None,
            max_time: None,
            quiet: true,
            output_cache: true,
            watch: None,
        }
    }
}

/// Why a candidate was not accepted, or that it was.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Verdict {
    /// It reproduced and was not larger: it is the new current input.
    Accepted,
    /// The same reduced trace was tried before.
    CachedTrace,
    /// The replay produced no output.
    ReplayFailed(ReplayError),
    /// The property did not report the failure (`Passes`, `Invalid` or `Timeout`); `cached`
    /// when the same output had been tested before.
    DidNotReproduce {
        /// The property's outcome.
        outcome: Outcome,
        /// Whether the outcome came from the output cache.
        cached: bool,
    },
    /// The property panicked (counted as `Invalid`).
    PropertyPanicked(String),
    /// It reproduced but is larger than the current input (monotonicity).
    Larger {
        /// Its size.
        size: String,
        /// The current size.
        current: String,
    },
    /// It is an input the reduction already went through (accepting it could loop).
    Revisit,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Accepted => f.write_str("accepted"),
            Verdict::CachedTrace => f.write_str("rejected: tried before (trace cache)"),
            Verdict::ReplayFailed(e) => write!(f, "rejected: {e}"),
            Verdict::DidNotReproduce { outcome, cached } => write!(
                f,
                "rejected: property says {outcome:?}{}",
                if *cached { " (output cache)" } else { "" }
            ),
            Verdict::PropertyPanicked(m) => write!(f, "rejected: the property panicked: {m}"),
            Verdict::Larger { size, current } => {
                write!(
                    f,
                    "rejected: size {size} is larger than the current {current}"
                )
            }
            Verdict::Revisit => f.write_str("rejected: an input this reduction already had"),
        }
    }
}

/// One candidate the reducer tried, and what became of it.
///
/// The parts are kept as parts of `trace` and described only when asked
/// ([`Attempt::removed_described`], `Display`): describing every candidate as it was tried
/// cost more than replaying it.
#[derive(Clone, PartialEq)]
pub struct Attempt {
    /// The trace the candidate was cut from: the current input's when it was tried (shared,
    /// not copied).
    pub trace: Trace,
    /// The parts of `trace` this candidate removed.
    pub removed: Vec<Part>,
    /// Parts of `trace` that bypass removed as well.
    pub bypassed: Vec<Part>,
    /// What re-align did during the replay.
    pub realigned: Vec<String>,
    /// The output, as `Debug` prints it (absent when the replay failed).
    pub output: Option<String>,
    /// The verdict.
    pub verdict: Verdict,
}

impl fmt::Debug for Attempt {
    /// The parts described rather than the whole trace (one per attempt would drown the rest).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Attempt")
            .field("removed", &self.removed_described())
            .field("bypassed", &self.bypassed_described())
            .field("realigned", &self.realigned)
            .field("output", &self.output)
            .field("verdict", &self.verdict)
            .finish_non_exhaustive()
    }
}

impl Attempt {
    /// The removed parts, described ("iteration 2 of the loop @ src/gen.rs:10:5");
    /// consecutive iterations of one loop make one entry ("iterations 3-250 of the loop @
    /// ...").
    pub fn removed_described(&self) -> Vec<String> {
        describe_parts(&self.trace, &self.removed)
    }

    /// The parts bypass removed as well, described as in [`Attempt::removed_described`].
    pub fn bypassed_described(&self) -> Vec<String> {
        describe_parts(&self.trace, &self.bypassed)
    }
}

impl fmt::Display for Attempt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.removed.is_empty() {
            write!(f, "remove nothing")?;
        } else {
            write!(f, "remove {}", self.removed_described().join(", "))?;
        }
        for b in self.bypassed_described() {
            write!(f, "\n    bypass also removed {b}")?;
        }
        for r in &self.realigned {
            write!(f, "\n    re-align: {r}")?;
        }
        if let Some(out) = &self.output {
            write!(f, "\n    output {out}")?;
        }
        write!(f, "\n    {}", self.verdict)
    }
}

/// The result of a reduction.
#[derive(Clone, Debug)]
pub struct Reduction<T, S = usize> {
    /// The smallest output found that reproduces the failure.
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
    /// Counters.
    pub stats: Stats,
    /// Every candidate tried, in order, with its verdict: why the reduction ended where it
    /// did.
    pub attempts: Vec<Attempt>,
}

impl<T, S> Reduction<T, S> {
    /// The attempts, one per paragraph, numbered.
    pub fn explain(&self) -> String {
        let mut out = String::new();
        for (i, attempt) in self.attempts.iter().enumerate() {
            let _ = writeln!(out, "candidate {}: {attempt}", i + 1);
        }
        out.push_str(&self.stats.to_string());
        out.push('\n');
        out
    }
}

/// Why [`Reducer::try_reduce`] could not start.
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

/// The current input of a reduction.
struct Current<T, S> {
    trace: Trace,
    output: T,
    size: S,
}

/// The mutable state of one reduction.
struct Context<T, S> {
    stats: Stats,
    attempts: Vec<Attempt>,
    /// Fingerprints of reduced traces that were rejected.
    rejected: HashSet<u128>,
    /// Property outcomes by output fingerprint.
    outputs: HashMap<u128, Outcome>,
    /// Fingerprints of the traces of inputs accepted so far.
    visited: HashSet<u128>,
    current: Current<T, S>,
    original_size: S,
    started: Instant,
}

fn output_key<T: Debug>(output: &T) -> (u128, String) {
    let shown = format!("{output:?}");
    let mut lo = DefaultHasher::new();
    let mut hi = DefaultHasher::new();
    shown.hash(&mut lo);
    1u8.hash(&mut hi);
    shown.hash(&mut hi);
    (
        (u128::from(hi.finish()) << 64) | u128::from(lo.finish()),
        shown,
    )
}

/// The property as the reducer calls it: on an output and its trace.
type Property<'p, T> = dyn FnMut(&T, &Trace) -> Outcome + 'p;

/// Calls the property on a run (timed, panics caught and returned as their message).
fn ask<T>(
    stats: &mut Stats,
    quiet: bool,
    property: &mut Property<'_, T>,
    (output, trace): (&T, &Trace),
) -> Result<Outcome, String> {
    stats.property_calls += 1;
    let started = Instant::now();
    let result = panic_hook::quiet_if(quiet, || {
        catch_unwind(AssertUnwindSafe(|| property(output, trace)))
    });
    stats.property_time += started.elapsed();
    result.map_err(|payload| panic_hook::message(&*payload))
}

impl<'g, T: Debug, R: SeedableRng, S: Ord + Clone + Debug> Reducer<'g, T, R, S> {
    /// What to do on an infeasible alignment (default [`Strategy::Realign`]).
    #[must_use]
    pub fn strategy(mut self, strategy: Strategy) -> Self {
        self.strategy = strategy;
        self
    }

    /// How to propose reduced traces (default [`Search::Tree`]).
    #[must_use]
    pub fn search(mut self, search: Search) -> Self {
        self.search = search;
        self
    }

    /// A replay that makes more than `factor` times the original's decisions (at least 100
    /// times `factor`) stops and counts as invalid, so a generator whose loops depend on
    /// re-aligned decisions cannot hang the reducer. Default 10.
    #[must_use]
    pub fn replay_budget(mut self, factor: u64) -> Self {
        self.budget_factor = factor.max(1);
        self
    }

    /// Stop after this many property calls, keeping the best input so far.
    #[must_use]
    pub fn max_property_calls(mut self, calls: u64) -> Self {
        self.max_property_calls = Some(calls);
        self
    }

    /// Stop after this much time, keeping the best input so far.
    #[must_use]
    pub fn max_time(mut self, time: Duration) -> Self {
        self.max_time = Some(time);
        self
    }

    /// Whether to reuse the property's verdict for an output already tested (default: on).
    /// Outputs are compared by their `Debug` text, so turn this off when `Debug` leaves out
    /// something the property looks at.
    #[must_use]
    pub fn output_cache(mut self, on: bool) -> Self {
        self.output_cache = on;
        self
    }

    /// Whether panics of the generator and the property during reduction print their
    /// message (default: they do not; the attempts record them).
    #[must_use]
    pub fn show_panics(mut self, show: bool) -> Self {
        self.quiet = !show;
        self
    }

    /// Calls `watch` after every candidate with where the reduction stands: to show
    /// progress, or to save each improvement as soon as it is found.
    #[must_use]
    pub fn watch(mut self, watch: impl FnMut(&Progress<'_, T, S>) + 'g) -> Self {
        self.watch = Some(Box::new(watch));
        self
    }

    /// Measure inputs with `size` instead of the number of decisions (for example
    /// `(nodes, edges)` of a graph). A candidate is accepted only if it reproduces and its
    /// size is not larger than the current input's. Resets [`Reducer::watch`] (whose
    /// argument depends on the size type): call it first.
    #[must_use]
    pub fn size<S2: Ord + Clone + Debug>(
        self,
        size: impl Fn(&T) -> S2 + 'g,
    ) -> Reducer<'g, T, R, S2> {
        self.size_with(move |output, _| size(output))
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
            budget_factor: self.budget_factor,
            max_property_calls: self.max_property_calls,
            max_time: self.max_time,
            quiet: self.quiet,
            output_cache: self.output_cache,
            watch: None,
        }
    }

    /// Reduces the run recorded in `trace`, for which `property` reports the failure.
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
        let started = Instant::now();
        let base = trace.clone();
        let mut stats = Stats::default();
        let budget = budget_for(&base, self.budget_factor);
        // The starting point: the trace replayed unchanged.
        let mut first = run_replay(
            &mut self.generator,
            &base,
            Removed::none(&base),
            self.strategy,
            budget,
            self.quiet,
        );
        stats.replays += first.runs;
        if first.result.is_err() && self.strategy != Strategy::Realign {
            first = run_replay(
                &mut self.generator,
                &base,
                Removed::none(&base),
                Strategy::Realign,
                budget,
                self.quiet,
            );
            stats.replays += first.runs;
        }
        let run = first.result.map_err(ReduceError)?;
        let size = (self.size)(&run.output, &run.trace);
        let mut ctx = Context {
            stats,
            attempts: Vec::new(),
            rejected: HashSet::new(),
            outputs: HashMap::new(),
            visited: HashSet::new(),
            current: Current {
                trace: run.trace,
                output: run.output,
                size: size.clone(),
            },
            original_size: size.clone(),
            started,
        };
        ctx.visited.insert(
            ctx.current
                .trace
                .fingerprint(&Removed::none(&ctx.current.trace)),
        );
        let (key, shown) = output_key(&ctx.current.output);
        let outcome = ask(
            &mut ctx.stats,
            self.quiet,
            property,
            (&ctx.current.output, &ctx.current.trace),
        );
        ctx.stats.candidates += 1;
        ctx.outputs
            .insert(key, outcome.as_ref().map_or(Outcome::Invalid, |o| *o));
        let reproduced = outcome == Ok(Outcome::Reproduces);
        ctx.attempts.push(Attempt {
            trace: ctx.current.trace.clone(),
            removed: Vec::new(),
            bypassed: Vec::new(),
            realigned: Vec::new(),
            output: Some(shown),
            verdict: match outcome {
                Ok(Outcome::Reproduces) => Verdict::Accepted,
                Ok(outcome) => Verdict::DidNotReproduce {
                    outcome,
                    cached: false,
                },
                Err(message) => Verdict::PropertyPanicked(message),
            },
        });
        if reproduced {
            match self.search {
                Search::Sequence => {
                    let base = ctx.current.trace.clone();
                    let parts: Vec<NodeId> = base
                        .kept_parts(&Removed::none(&base))
                        .into_iter()
                        .map(|(p, _)| p)
                        .collect();
                    self.ddmin_parts(&mut ctx, &base, &parts, property);
                }
                Search::Tree => self.hdd(&mut ctx, property),
            }
        }
        ctx.stats.total_time = started.elapsed();
        let Current {
            trace,
            output,
            size: final_size,
        } = ctx.current;
        Ok(Reduction {
            output,
            trace,
            size: final_size,
            original_size: size,
            reproduced,
            stats: ctx.stats,
            attempts: ctx.attempts,
        })
    }

    /// HDD: ddmin on each level of the part tree, outermost first, until a round changes
    /// nothing.
    fn hdd(&mut self, ctx: &mut Context<T, S>, property: &mut Property<'_, T>) {
        loop {
            let mut changed = false;
            let mut depth = 0;
            loop {
                let base = ctx.current.trace.clone();
                let level: Vec<NodeId> = base
                    .kept_parts(&Removed::none(&base))
                    .into_iter()
                    .filter(|(_, d)| *d == depth)
                    .map(|(p, _)| p)
                    .collect();
                if level.is_empty() {
                    break;
                }
                changed |= self.ddmin_parts(ctx, &base, &level, property);
                if self.exhausted(ctx) {
                    return;
                }
                depth += 1;
            }
            if !changed {
                return;
            }
        }
    }

    /// ddmin over `parts` of `base`; returns whether a candidate was accepted.
    fn ddmin_parts(
        &mut self,
        ctx: &mut Context<T, S>,
        base: &Trace,
        parts: &[NodeId],
        property: &mut Property<'_, T>,
    ) -> bool {
        let mut accepted = false;
        ddmin(parts.to_vec(), |kept| {
            if self.exhausted(ctx) {
                return None;
            }
            let removed: Vec<NodeId> = parts
                .iter()
                .copied()
                .filter(|p| !kept.contains(p))
                .collect();
            let ok = self.try_candidate(ctx, base, &removed, property);
            accepted |= ok;
            Some(ok)
        });
        accepted
    }

    fn exhausted(&self, ctx: &mut Context<T, S>) -> bool {
        let calls = self
            .max_property_calls
            .is_some_and(|max| ctx.stats.property_calls >= max);
        let time = self
            .max_time
            .is_some_and(|max| ctx.started.elapsed() >= max);
        if calls || time {
            ctx.stats.budget_exhausted = true;
        }
        calls || time
    }

    /// The verdict on a replayed run: the property's outcome (from the output cache when the
    /// same output was tested before), then monotonicity; an accepted run becomes current.
    fn judge(
        &mut self,
        ctx: &mut Context<T, S>,
        run: Run<T>,
        property: &mut Property<'_, T>,
        attempt: &mut Attempt,
    ) -> Verdict {
        let (out_key, shown) = output_key(&run.output);
        attempt.output = Some(shown);
        let cached = if self.output_cache {
            ctx.outputs.get(&out_key).copied()
        } else {
            None
        };
        let (outcome, cached) = if let Some(outcome) = cached {
            ctx.stats.output_cache_hits += 1;
            (Ok(outcome), true)
        } else {
            let outcome = ask(
                &mut ctx.stats,
                self.quiet,
                property,
                (&run.output, &run.trace),
            );
            let verdict = outcome.as_ref().map_or(Outcome::Invalid, |o| *o);
            ctx.outputs.insert(out_key, verdict);
            (outcome, false)
        };
        let size = (self.size)(&run.output, &run.trace);
        let visited = run.trace.fingerprint(&Removed::none(&run.trace));
        let verdict = match outcome {
            Err(message) => Verdict::PropertyPanicked(message),
            Ok(Outcome::Reproduces) if size > ctx.current.size => {
                ctx.stats.rejected_larger += 1;
                Verdict::Larger {
                    size: format!("{size:?}"),
                    current: format!("{:?}", ctx.current.size),
                }
            }
            Ok(Outcome::Reproduces) if ctx.visited.contains(&visited) => Verdict::Revisit,
            Ok(Outcome::Reproduces) => Verdict::Accepted,
            Ok(outcome) => Verdict::DidNotReproduce { outcome, cached },
        };
        if verdict == Verdict::Accepted {
            ctx.visited.insert(visited);
            ctx.current = Current {
                trace: run.trace,
                output: run.output,
                size,
            };
        }
        verdict
    }

    /// Replays `base` minus `removed`, asks the property, and makes the result current if
    /// it reproduces and is not larger.
    fn try_candidate(
        &mut self,
        ctx: &mut Context<T, S>,
        base: &Trace,
        removed: &[NodeId],
        property: &mut Property<'_, T>,
    ) -> bool {
        ctx.stats.candidates += 1;
        let set = Removed::of(base, removed.iter().copied());
        let mut attempt = Attempt {
            trace: base.clone(),
            removed: removed.iter().map(|p| Part(*p)).collect(),
            bypassed: Vec::new(),
            realigned: Vec::new(),
            output: None,
            verdict: Verdict::CachedTrace,
        };
        let key = base.fingerprint(&set);
        if ctx.rejected.contains(&key) {
            ctx.stats.trace_cache_hits += 1;
            ctx.attempts.push(attempt);
            return false;
        }
        let started = Instant::now();
        let budget = budget_for(base, self.budget_factor);
        let replayed = run_replay(
            &mut self.generator,
            base,
            set,
            self.strategy,
            budget,
            self.quiet,
        );
        ctx.stats.generation_time += started.elapsed();
        ctx.stats.replays += replayed.runs;
        ctx.stats.bypassed += replayed.bypassed.len() as u64;
        attempt.bypassed = replayed.bypassed.iter().map(|p| Part(*p)).collect();
        if !replayed.notes.is_empty() {
            ctx.stats.realigned += 1;
        }
        attempt.realigned = replayed.notes;
        // Bypass may have removed more: the trace it ended with is rejected or accepted too.
        let bypass_key =
            (!replayed.bypassed.is_empty()).then(|| base.fingerprint(&replayed.removed));
        let verdict = match replayed.result {
            Err(e) => {
                match e {
                    ReplayError::Halted(_) => ctx.stats.halted += 1,
                    ReplayError::OverBudget(_) => ctx.stats.over_budget += 1,
                    ReplayError::Panicked { .. } => ctx.stats.generator_panics += 1,
                }
                Verdict::ReplayFailed(e)
            }
            Ok(run) => self.judge(ctx, run, property, &mut attempt),
        };
        let accepted = verdict == Verdict::Accepted;
        if accepted {
            ctx.stats.accepted += 1;
        } else {
            ctx.rejected.insert(key);
            ctx.rejected.extend(bypass_key);
        }
        attempt.verdict = verdict;
        ctx.attempts.push(attempt);
        if let Some(watch) = &mut self.watch {
            watch(&Progress {
                output: &ctx.current.output,
                trace: &ctx.current.trace,
                size: &ctx.current.size,
                original_size: &ctx.original_size,
                improved: accepted,
                stats: &ctx.stats,
                elapsed: ctx.started.elapsed(),
            });
        }
        accepted
    }
}
