//! Counters of one reduction.

use std::fmt;
use std::time::Duration;

/// What a reduction did and where its time went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
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
    /// Candidates that reproduced but were larger than the current input.
    pub rejected_larger: u64,
    /// Candidates accepted (each one made the current input smaller or equal).
    pub accepted: u64,
    /// Whether the search stopped because a budget (property calls, time) ran out.
    pub budget_exhausted: bool,
    /// Time spent running the generator.
    pub generation_time: Duration,
    /// Time spent in the property.
    pub property_time: Duration,
    /// Wall time of the whole reduction.
    pub total_time: Duration,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} candidates, {} property calls, {} accepted",
            self.candidates, self.property_calls, self.accepted
        )?;
        writeln!(
            f,
            "cache hits: {} trace, {} output; rejected as larger: {}",
            self.trace_cache_hits, self.output_cache_hits, self.rejected_larger
        )?;
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
            } else {
                ""
            }
        )
    }
}
