//! The loop of one reduction: a pass proposes an edit of the current input's trace; the
//! shrinker checks it against the edits already tried on this input (O(change)), replays
//! it, judges the result against the current input in the order (a result that is not
//! simpler is rejected there, without a property call), asks the outcome cache or the
//! property, and accepts the result when it reproduces.
//!
//! Whether a candidate is simpler cannot be told before its replay: a value may decide how
//! many decisions follow (raising a first value that is a count of later decisions can
//! remove them all), so the order is judged on the replayed trace, comparing first the
//! sizes, then decision by decision up to the first difference.

mod exhaustive;
#[cfg(test)]
mod tests;

use super::cache::{self, Keys, Outcomes};
use super::hooks::{Hooks, Property};
use super::log::{Attempt, Log, Verdict, bounded, cut, describe_edit};
use super::order::cmp_decisions;
use super::passes::probe::{Probe, ReplayEffects};
use super::passes::schedule::{self, Limits};
use super::reduction::{Progress, ReduceError, Reduction};
use super::stats::{PassStats, ReductionStats};
use crate::config::Config;
use crate::config::Strategy;
use crate::config::passes::{Pass, Search};
use crate::panic_hook;
use crate::property::outcome::Outcome;
use crate::run::align::Notes;
use crate::run::record::Run;
use crate::run::replay::budget_for;
use crate::run::replay::{ReplayError, run_replay};
use crate::trace::describe::describe_parts;
use crate::trace::edit::{Edit, Overlay};
use crate::trace::{NodeId, Part, Trace};
use rand::SeedableRng;
use std::cmp::Ordering;
use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

/// Traces of at most this many nodes also key the outcome cache by their output's `Debug`
/// text (see [`cache::shown`]); larger ones only by what their replay decided.
const SHOWN_LIMIT: usize = 1 << 14;

/// The stall limit when none is set: property calls in a row without an improvement.
const STALL: u64 = 200;

/// Runs a reduction with these settings and hooks.
pub(super) fn reduce<T: Debug, R: SeedableRng, S: Ord + Clone + Debug>(
    config: &Config,
    hooks: &mut Hooks<'_, T, R, S>,
    trace: &Trace,
    property: &mut Property<'_, T>,
) -> Result<Reduction<T, S>, ReduceError> {
    let started = Instant::now();
    let mut stats = ReductionStats::default();
    let budget = budget_for(trace, config.replay_budget.max(1));
    // The starting point: the trace replayed unchanged (with re-align when a strict
    // strategy cannot replay it, so that a slightly stale trace still reduces).
    let replaying = Instant::now();
    let mut first = run_replay(
        &mut *hooks.generator,
        trace,
        Overlay::default(),
        config.strategy,
        budget,
        !config.show_panics,
    );
    stats.replays += first.runs;
    if first.result.is_err() && config.strategy != Strategy::Realign {
        first = run_replay(
            &mut *hooks.generator,
            trace,
            first.overlay,
            Strategy::Realign,
            budget,
            !config.show_panics,
        );
        stats.replays += first.runs;
    }
    stats.generation_time += replaying.elapsed();
    let overlay = first.overlay;
    let exact = first.notes.count == 0 && first.bypassed.is_empty();
    let mut run = first.result.map_err(ReduceError)?;
    if exact {
        // A replay that aligned every operation made the recorded decisions again: its
        // trace is the original's, which the caller holds anyway (one large trace fewer).
        run.trace = trace.clone();
    }
    let size = (hooks.size)(&run.output, &run.trace);
    let explain = config.verbose;
    let passes = config.passes;
    let mut shrinker = Shrinker {
        config,
        hooks,
        property,
        current: Current {
            trace: run.trace,
            output: run.output,
            size: size.clone(),
        },
        original_size: size.clone(),
        generation: 0,
        stats,
        log: Log::new(explain),
        tried: Keys::default(),
        outcomes: Outcomes::default(),
        overlay,
        limits: Limits::default(),
        started,
        stopped: false,
        stall: None,
        improved_at: 0,
        longest_gap: 0,
        last: ReplayEffects::default(),
    };
    let reproduced = shrinker.initial();
    let mut certificate = None;
    if reproduced {
        schedule::run(&mut shrinker, passes);
        if let Some(bounds) = shrinker.config.exhaust
            && shrinker.hooks.preflight.is_none()
        {
            let mut calls_left = bounds.calls;
            // Each smaller failing input found is shrunk in turn, then searched below.
            while !shrinker.stopped {
                let (found, walked) = shrinker.exhaust(bounds, &mut calls_left);
                if !found {
                    certificate = Some(walked);
                    break;
                }
                schedule::run(&mut shrinker, passes);
            }
        }
    }
    shrinker.stats.total_time = started.elapsed();
    let Shrinker {
        current,
        stats,
        log,
        original_size,
        ..
    } = shrinker;
    Ok(Reduction {
        output: current.output,
        trace: current.trace,
        size: current.size,
        original_size,
        reproduced,
        stats,
        certificate,
        attempts: log.into_vec(),
    })
}

/// The current input of a reduction.
struct Current<T, S> {
    trace: Trace,
    output: T,
    size: S,
}

/// One reduction in progress.
struct Shrinker<'a, 'g, 'p, T, R, S> {
    config: &'a Config,
    hooks: &'a mut Hooks<'g, T, R, S>,
    property: &'a mut Property<'p, T>,
    current: Current<T, S>,
    original_size: S,
    /// How many candidates have been accepted: identifies the current input.
    generation: u64,
    stats: ReductionStats,
    log: Log,
    /// Edits tried on the current input (emptied when it changes).
    tried: Keys,
    /// Property outcomes by what a replay decided.
    outcomes: Outcomes,
    /// The overlay replays read edits through (lent to each replay).
    overlay: Overlay,
    limits: Limits,
    started: Instant,
    /// A budget ran out or the reduction stalled.
    stopped: bool,
    /// Property calls when the stall limit started to apply (`None`: not yet).
    stall: Option<u64>,
    /// Property calls at the last improvement.
    improved_at: u64,
    /// The most property calls between two improvements.
    longest_gap: u64,
    /// What the last candidate's replay did.
    last: ReplayEffects,
}

impl<T: Debug, R: SeedableRng, S: Ord + Clone + Debug> Shrinker<'_, '_, '_, T, R, S> {
    /// Asks the property about the replayed original; returns whether it reproduces.
    fn initial(&mut self) -> bool {
        self.stats.candidates += 1;
        let key = cache::decided(&self.current.trace);
        let outcome = ask(
            &mut self.stats,
            !self.config.show_panics,
            self.property,
            (&self.current.output, &self.current.trace),
        );
        self.outcomes
            .insert(key, outcome.as_ref().map_or(Outcome::Unresolved, |o| *o));
        let output = self
            .log
            .explains()
            .then(|| cut(format!("{:?}", self.current.output), Attempt::OUTPUT));
        self.log.push(Attempt {
            number: 1,
            pass: Pass::Initial,
            change: Vec::new(),
            bypassed: Vec::new(),
            realigned: Vec::new(),
            output,
            verdict: match &outcome {
                Ok(Outcome::Fails) => Verdict::Accepted,
                Ok(outcome) => Verdict::DidNotReproduce {
                    outcome: *outcome,
                    cached: false,
                },
                Err(message) => Verdict::PropertyPanicked(message.clone()),
            },
        });
        outcome == Ok(Outcome::Fails)
    }

    /// Whether `edit` changes anything in the current input: an edit that only sets values
    /// each decision already has is not tried. (Whether a change is simpler can only be
    /// told after the replay: a value may decide how many decisions follow.)
    fn changes_something(&self, edit: &Edit) -> bool {
        if !edit.removed.is_empty() || !edit.hoists.is_empty() || !edit.moves.is_empty() {
            return true;
        }
        let trace = &self.current.trace;
        edit.values
            .iter()
            .any(|(node, value)| trace.decision_at(*node).is_none_or(|d| d.value != *value))
    }

    /// Whether `edit` names only nodes of `base`, values only decisions (a pass's stale
    /// edit could name others).
    fn fits(base: &Trace, edit: &Edit) -> bool {
        let len = base.len() as NodeId;
        edit.removed
            .iter()
            .all(|r| r.first <= r.last && r.last < len)
            && edit.hoists.iter().all(|(a, b)| *a < len && *b < len)
            && edit.moves.iter().all(|(a, b)| *a < len && *b < len)
            && edit
                .values
                .iter()
                .all(|(n, _)| base.decision_at(*n).is_some())
    }

    /// The key of `edit` of the input of `generation` in the set of tried edits.
    fn key(edit: &Edit, generation: u64) -> u128 {
        edit.key() ^ u128::from(generation).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c)
    }

    fn try_edit(&mut self, base: &Trace, generation: u64, edit: &Edit) -> bool {
        self.last = ReplayEffects::default();
        self.check_limits();
        if self.stopped || edit.is_empty() || !Self::fits(base, edit) {
            return false;
        }
        let key = Self::key(edit, generation);
        if let Some(replayed) = self.tried.get(key) {
            // What its replay did, for a pass that tries a variant when it failed.
            self.last = replayed;
            self.stats.trace_cache_hits += 1;
            return false;
        }
        if generation == self.generation && !self.changes_something(edit) {
            self.stats.pruned += 1;
            self.tried.insert(key, ReplayEffects::default());
            return false;
        }
        let pass = self.limits.pass.unwrap_or(Pass::Structure);
        self.stats.candidates += 1;
        let calls_before = self.stats.property_calls;
        let explains = self.log.explains();
        let change = if explains {
            describe_edit(base, edit)
        } else {
            Vec::new()
        };
        let (result, bypassed, notes) = self.replay(base, edit);
        self.last = ReplayEffects {
            carriable: notes.carriable,
            shiftable: notes.shiftable,
            lost: result.as_ref().map_or(0, |run| {
                base.decision_count()
                    .saturating_sub(run.trace.decision_count())
            }),
            halted: matches!(result, Err(ReplayError::Halted(_))),
        };
        if !bypassed.is_empty() {
            // Bypass removed more: the edit it ended with is tried too.
            let wider = bypassed
                .iter()
                .fold(edit.clone(), |e, p| e.with_removed(*p));
            self.tried
                .insert(Self::key(&wider, generation), ReplayEffects::default());
        }
        let mut output = None;
        let verdict = match result {
            Err(e) => {
                match e {
                    ReplayError::Halted(_) => self.stats.halted += 1,
                    ReplayError::OverBudget(_) => self.stats.over_budget += 1,
                    ReplayError::Panicked { .. } | ReplayError::ChildFault(_) => {
                        self.stats.generator_panics += 1;
                    }
                }
                Verdict::ReplayFailed(e)
            }
            Ok(run) => {
                if explains {
                    output = Some(cut(format!("{:?}", run.output), Attempt::OUTPUT));
                }
                self.judge(run)
            }
        };
        let accepted = verdict == Verdict::Accepted;
        if !accepted {
            self.tried.insert(key, self.last);
        }
        self.count(pass, self.stats.property_calls - calls_before, accepted);
        self.log.push(Attempt {
            number: self.stats.candidates,
            pass,
            change,
            bypassed: if explains {
                let parts: Vec<Part> = bypassed.iter().map(|p| Part(*p)).collect();
                bounded(describe_parts(base, &parts))
            } else {
                Vec::new()
            },
            realigned: if explains {
                notes.described()
            } else {
                Vec::new()
            },
            output,
            verdict,
        });
        self.watch(accepted);
        self.check_limits();
        accepted
    }

    /// Replays `edit` of `base`: the run (or why there is none), the parts bypass removed
    /// as well, and what re-align did.
    fn replay(
        &mut self,
        base: &Trace,
        edit: &Edit,
    ) -> (Result<Run<T>, ReplayError>, Vec<NodeId>, Notes) {
        let mut overlay = std::mem::take(&mut self.overlay);
        overlay.apply(base, edit);
        let mut budget = budget_for(base, self.config.replay_budget.max(1));
        if self.hooks.counts_decisions {
            // More decisions than the current input is larger, rejected whatever follows:
            // stop there (a loop that re-align keeps going stops early, its trace small).
            budget = budget.min(self.current.trace.decision_count() as u64);
        }
        if let Some(preflight) = &mut self.hooks.preflight {
            // Fork mode: the candidate replays in a child first; a generator that crashes
            // or hangs there is not replayed here.
            let started = Instant::now();
            let flown = preflight(base, edit, self.config.strategy, budget);
            self.stats.generation_time += started.elapsed();
            if let Err(what) = flown {
                self.stats.replays += 1;
                return (
                    Err(ReplayError::ChildFault(what)),
                    Vec::new(),
                    Notes::default(),
                );
            }
        }
        let started = Instant::now();
        let replayed = run_replay(
            &mut *self.hooks.generator,
            base,
            overlay,
            self.config.strategy,
            budget,
            !self.config.show_panics,
        );
        self.stats.generation_time += started.elapsed();
        self.stats.replays += replayed.runs;
        if let Some(site) = replayed.runaway {
            let place = format!("{}@{site}", site.what);
            let runaways = &mut self.stats.runaways;
            if let Some(i) = runaways.iter().position(|(p, _)| *p == place) {
                runaways[i].1 += 1;
            } else if runaways.len() < 8 {
                runaways.push((place, 1));
            }
        }
        self.stats.bypassed += replayed.bypassed.len() as u64;
        if replayed.notes.count > 0 {
            self.stats.realigned += 1;
        }
        let mut overlay = replayed.overlay;
        overlay.clear();
        self.overlay = overlay;
        (replayed.result, replayed.bypassed, replayed.notes)
    }

    /// Tells the watcher where the reduction stands.
    fn watch(&mut self, improved: bool) {
        if let Some(watch) = &mut self.hooks.watch {
            watch(&Progress {
                output: &self.current.output,
                trace: &self.current.trace,
                size: &self.current.size,
                original_size: &self.original_size,
                improved,
                stats: &self.stats,
                elapsed: self.started.elapsed(),
            });
        }
    }

    /// The verdict on a replayed run; an accepted run becomes current. The order comes
    /// first: a run that is not simpler than the current input is rejected without asking
    /// the property (whatever it would say, it could not be accepted).
    fn judge(&mut self, run: Run<T>) -> Verdict {
        let size = (self.hooks.size)(&run.output, &run.trace);
        let order = size
            .cmp(&self.current.size)
            .then_with(|| cmp_decisions(&run.trace, &self.current.trace));
        if order != Ordering::Less {
            if size > self.current.size {
                self.stats.rejected_larger += 1;
                return Verdict::Larger {
                    size: cut(format!("{size:?}"), Attempt::OUTPUT),
                    current: cut(format!("{:?}", self.current.size), Attempt::OUTPUT),
                };
            }
            self.stats.not_simpler += 1;
            return Verdict::NotSimpler;
        }
        let key = self.config.output_cache.then(|| cache::decided(&run.trace));
        let mut cached = key.and_then(|k| self.outcomes.get(k));
        let shown = (key.is_some() && cached.is_none() && run.trace.len() <= SHOWN_LIMIT)
            .then(|| cache::shown(&run.output));
        if cached.is_none() {
            cached = shown.and_then(|k| self.outcomes.get(k));
        }
        let (outcome, cached) = if let Some(outcome) = cached {
            self.stats.output_cache_hits += 1;
            (Ok(outcome), true)
        } else {
            let outcome = ask(
                &mut self.stats,
                !self.config.show_panics,
                self.property,
                (&run.output, &run.trace),
            );
            let verdict = outcome.as_ref().map_or(Outcome::Unresolved, |o| *o);
            for k in key.into_iter().chain(shown) {
                self.outcomes.insert(k, verdict);
            }
            (outcome, false)
        };
        match outcome {
            Err(message) => {
                self.stats.property_panics += 1;
                Verdict::PropertyPanicked(message)
            }
            Ok(Outcome::Fails) => {
                self.accept(run, size);
                Verdict::Accepted
            }
            Ok(outcome) => {
                self.stats.did_not_reproduce += 1;
                Verdict::DidNotReproduce { outcome, cached }
            }
        }
    }

    fn out_of_time(&self) -> bool {
        self.config
            .max_shrink_time
            .is_some_and(|max| self.started.elapsed() >= max)
    }

    fn out_of_calls(&self) -> bool {
        self.config
            .max_shrink_calls
            .is_some_and(|max| self.stats.property_calls >= max)
    }

    fn accept(&mut self, run: Run<T>, size: S) {
        self.current = Current {
            trace: run.trace,
            output: run.output,
            size,
        };
        self.generation += 1;
        self.tried.clear();
        self.stats.accepted += 1;
        let gap = self.stats.property_calls - self.improved_at;
        self.longest_gap = self.longest_gap.max(gap);
        self.improved_at = self.stats.property_calls;
    }

    /// Counts a candidate of `pass`.
    fn count(&mut self, pass: Pass, calls: u64, accepted: bool) {
        self.limits.judged(accepted);
        let i = if let Some(i) = self.stats.passes.iter().position(|p| p.pass == pass) {
            i
        } else {
            self.stats.passes.push(PassStats {
                pass,
                candidates: 0,
                property_calls: 0,
                accepted: 0,
            });
            self.stats.passes.len() - 1
        };
        let stats = &mut self.stats.passes[i];
        stats.candidates += 1;
        stats.property_calls += calls;
        stats.accepted += u64::from(accepted);
    }

    /// Stops the reduction when a budget ran out or it stalled.
    fn check_limits(&mut self) {
        if self.out_of_calls() || self.out_of_time() {
            self.stats.budget_exhausted = true;
            self.stopped = true;
            return;
        }
        let since = self.stats.property_calls - self.improved_at.max(self.stall.unwrap_or(0));
        // 0 counts as 1, as for the replay budget: clamped here, where a `Config` literal
        // and the builder both arrive.
        let limit = self
            .config
            .max_stall
            .map_or_else(|| STALL.max(2 * self.longest_gap), |calls| calls.max(1));
        let applies = self.stall.is_some() || self.config.max_stall.is_some();
        if applies && since >= limit {
            self.stats.stalled = true;
            self.stopped = true;
        }
    }
}

impl<T: Debug, R: SeedableRng, S: Ord + Clone + Debug> Probe for Shrinker<'_, '_, '_, T, R, S> {
    fn current(&self) -> &Trace {
        &self.current.trace
    }

    fn generation(&self) -> u64 {
        self.generation
    }

    fn search(&self) -> Search {
        self.config.search
    }

    fn realigns(&self) -> bool {
        self.config.strategy == Strategy::Realign
    }

    fn begin(&mut self, pass: Pass, limited: bool) {
        // The default stall limit applies from the first value pass on: the structural
        // pass alone is the paper's algorithm, which runs to its end.
        if pass != Pass::Structure && self.stall.is_none() {
            self.stall = Some(self.stats.property_calls);
        }
        self.limits.begin(pass, limited);
        self.check_limits();
    }

    fn consider(&mut self, edit: Edit) -> bool {
        let base = self.current.trace.clone();
        self.try_edit(&base, self.generation, &edit)
    }

    fn consider_on(&mut self, base: &Trace, generation: u64, edit: Edit) -> bool {
        self.try_edit(base, generation, &edit)
    }

    fn give_up(&self) -> bool {
        self.stopped || self.limits.exhausted()
    }

    fn stopped(&self) -> bool {
        self.stopped
    }

    fn cut_short(&mut self) -> bool {
        self.limits.take_cut_short()
    }

    fn resume(&self) -> usize {
        self.limits.resume()
    }

    fn pause(&mut self, at: usize) {
        self.limits.pause(at);
    }

    fn last_replay(&self) -> ReplayEffects {
        self.last
    }
}

/// Calls the property on a run (timed, panics caught and returned as their message).
fn ask<T>(
    stats: &mut ReductionStats,
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
