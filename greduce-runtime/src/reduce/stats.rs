//! Counters of one reduction.

use crate::config::passes::Pass;
use std::fmt;
use std::time::Duration;

/// What one pass of the reducer did.
///
/// ```
/// # use greduce::{Reducer, generator};
/// # use rand::RngExt;
/// # #[generator]
/// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
/// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// # }
/// use greduce::Pass;
///
/// let run = greduce::record(numbers, 1);
/// let reduced = Reducer::new(numbers).reduce(&run.trace, |v: &Vec<u32>| v.len() < 5);
/// let passes = &reduced.stats.passes;
/// for p in passes {
///     println!("{}: {} of {} candidates accepted", p.pass, p.accepted, p.candidates);
/// }
/// assert_eq!(passes[0].pass, Pass::Structure);
/// assert_eq!(passes.iter().map(|p| p.accepted).sum::<u64>(), reduced.stats.accepted);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PassStats {
    /// The pass.
    pub pass: Pass,
    /// Candidates it proposed that were replayed.
    pub candidates: u64,
    /// Property calls its candidates made.
    pub property_calls: u64,
    /// Candidates of it that were accepted.
    pub accepted: u64,
}

/// What a reduction did and where its time went.
///
/// ```
/// # use greduce::{Reducer, generator};
/// # use rand::RngExt;
/// # #[generator]
/// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
/// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// # }
/// let run = greduce::record(numbers, 1);
/// let reduced = Reducer::new(numbers).reduce(&run.trace, |v: &Vec<u32>| v.len() < 5);
/// let stats = &reduced.stats;
/// assert!(stats.accepted > 0 && stats.property_calls <= stats.candidates);
/// assert!(!stats.budget_exhausted);
/// println!("{stats}"); // the counters, per pass, and the time
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReductionStats {
    /// Reduced traces proposed by the search (the initial check included).
    pub candidates: u64,
    /// Times the property was called.
    pub property_calls: u64,
    /// Candidates skipped because the same reduced trace was tested before.
    pub trace_cache_hits: u64,
    /// Candidates whose output was identical to one already tested (verdict reused).
    pub output_cache_hits: u64,
    /// Generator runs, bypass restarts included.
    pub replays: u64,
    /// Candidates stopped by an infeasible alignment (halt, or bypass with nothing left to
    /// remove).
    pub halted: u64,
    /// Bypass restarts (each removed one more enclosing part).
    pub bypassed: u64,
    /// Replays that answered at least one operation with re-align.
    pub realigned: u64,
    /// Replays stopped by the replay budget.
    pub over_budget: u64,
    /// Replays in which the generator panicked.
    pub generator_panics: u64,
    /// Candidates whose output the property (or the outcome cache) said does not reproduce
    /// the failure (`PassSet`, `Unresolved` or `Timeout`).
    pub did_not_reproduce: u64,
    /// Candidates on which the property panicked (counted as `Unresolved`).
    pub property_panics: u64,
    /// Candidates larger than the current input (rejected without asking the property).
    pub rejected_larger: u64,
    /// Candidates as large as the current input but not simpler in the order (rejected
    /// without asking the property).
    pub not_simpler: u64,
    /// Changes a pass proposed that were dropped before any replay because they change
    /// nothing (not counted as candidates).
    pub pruned: u64,
    /// Candidates accepted (each one made the current input strictly simpler).
    pub accepted: u64,
    /// Whether the search stopped because a budget (property calls, time) ran out.
    pub budget_exhausted: bool,
    /// Whether the search stopped because many property calls in a row found nothing
    /// simpler (the stall limit).
    pub stalled: bool,
    /// Counters per pass, in the order the passes first ran.
    pub passes: Vec<PassStats>,
    /// Loops where replays ran over budget (a runaway: a loop that re-align keeps going),
    /// as `what@file:line:col`, with how many candidates ran away there; at most 8 loops.
    pub runaways: Vec<(String, u64)>,
    /// Time spent running the generator.
    pub generation_time: Duration,
    /// Time spent in the property.
    pub property_time: Duration,
    /// Wall time of the whole reduction.
    pub total_time: Duration,
}

impl fmt::Display for ReductionStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} candidates, {} property calls, {} accepted",
            self.candidates, self.property_calls, self.accepted
        )?;
        writeln!(
            f,
            "cache hits: {} trace, {} output; rejected: {} did not reproduce, {} property \
             panics, {} larger, {} not simpler; pruned before replay: {}",
            self.trace_cache_hits,
            self.output_cache_hits,
            self.did_not_reproduce,
            self.property_panics,
            self.rejected_larger,
            self.not_simpler,
            self.pruned
        )?;
        for p in &self.passes {
            writeln!(
                f,
                "pass {}: {} candidates, {} property calls, {} accepted",
                p.pass, p.candidates, p.property_calls, p.accepted
            )?;
        }
        writeln!(
            f,
            "replays: {} ({} halted, {} bypass restarts, {} re-aligned, {} over budget, {} generator panics)",
            self.replays,
            self.halted,
            self.bypassed,
            self.realigned,
            self.over_budget,
            self.generator_panics
        )?;
        write!(
            f,
            "time: {:?} generating, {:?} in the property, {:?} in all{}",
            self.generation_time,
            self.property_time,
            self.total_time,
            if self.budget_exhausted {
                " (budget exhausted)"
            } else if self.stalled {
                " (stopped: no progress for many calls)"
            } else {
                ""
            }
        )
    }
}
