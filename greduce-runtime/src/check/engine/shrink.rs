//! The third phase: a failing case shrunk by the reducer, in this process or in child
//! processes (fork mode), with the progress line and the runaway guard.

use super::Engine;
use super::diagnose::Failing;
use super::diagnose::rerun;
use super::diagnose::truncated;
use super::progress::ProgressLine;
use super::progress::sized;
use super::saved::SavedFailures;
use crate::check::execution::ask;
use crate::check::fork::protocol;
use crate::check::fork::protocol::Input;
use crate::check::harness::to_stderr;
use crate::check::report;
use crate::check::report::Report;
use crate::config::Config;
use crate::persist::file::Saved;
use crate::property::case;
use crate::property::case::CaseEnd;
use crate::property::case::Failure;
use crate::property::case::IntoOutcome;
use crate::reduce::Progress;
use crate::reduce::Reducer;
use crate::reduce::Reduction;
use crate::trace::Trace;
use crate::trace::shape::Shape;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::cell::RefCell;
use std::fmt::Debug;

/// Which shrinking budget ran out, after `calls` property calls.
pub(super) fn budget_ran_out(config: &Config, calls: u64) -> String {
    match (config.max_shrink_calls, config.max_shrink_time) {
        (Some(max), _) if calls >= max => {
            format!("the budget of {max} property calls (GREDUCE_MAX_SHRINK_CALLS)")
        }
        (_, Some(time)) => format!("the time budget of {time:?} (GREDUCE_MAX_SHRINK_TIME)"),
        // Reason: the reducer stops on a budget only when one is set.
        _ => "the shrinking budget".to_string(),
    }
}

/// Candidates that ran away in one loop before the report says so.
pub(super) const RUNAWAYS: u64 = 3;

/// A failure seen while shrinking, with the notes of its case.
pub(super) type Seen = (Failure, Vec<String>);

impl<T: Debug, S: Ord + Clone + Debug> Engine<'_, T, S> {
    /// Shrinks the case with `seed`, whose property failed in a child process with
    /// `failure` (the generator finished there, so this process generates the input).
    #[allow(clippy::too_many_arguments)] // Reason: the case and the check's context, as for `shrink_failure`.
    pub(super) fn shrink_child_failure<P: IntoOutcome>(
        &mut self,
        seed: u64,
        origin: String,
        failure: Failure,
        name: &str,
        config: &Config,
        saved: &mut SavedFailures,
        property: &mut impl FnMut(&T) -> P,
    ) -> Result<(), Report> {
        let generator = &mut self.generator;
        let (generated, _) = case::guard(true, || generator(&mut StdRng::seed_from_u64(seed)));
        let input = match generated {
            Ok(input) => input,
            Err(outcome) => {
                let what = format!(
                    "{origin} failed in a child process, but its generator did not make it \
                     again here ({outcome:?}): the generator is not deterministic"
                );
                return Err(report::problem(name, Some(seed), &what));
            }
        };
        let failing = Failing {
            name,
            config,
            origin,
            seed,
            input,
            failure,
        };
        Err(self.shrink_failure(&failing, saved, property, None))
    }

    /// Records the failing case, shrinks it and reports.
    /// `trace` is the failing input's trace when it is known (a saved failure); else the
    /// case runs again, recording.
    pub(super) fn shrink_failure<P: IntoOutcome>(
        &mut self,
        failing: &Failing<'_, T>,
        saved: &mut SavedFailures,
        property: &mut impl FnMut(&T) -> P,
        trace: Option<Trace>,
    ) -> Report {
        let config = failing.config;
        let shown = format!("{:?}", failing.input);
        if self.progress {
            to_stderr(&format!(
                "greduce: `{}` failed on {} (seed {:#x}); {}\n    {}\n",
                failing.name,
                failing.origin,
                failing.seed,
                if config.shrink {
                    "shrinking"
                } else {
                    "not shrinking"
                },
                truncated(&shown, 2000).replace('\n', "\n    ")
            ));
        }
        let trace = match trace.map_or_else(|| self.record_again(failing, &shown), Ok) {
            Ok(trace) => trace,
            Err(report) => return report,
        };
        // A generator that is not a `#[generator]` records nothing: it cannot be replayed.
        let recorded_nothing = trace.is_empty();
        if !recorded_nothing {
            saved.save(&Saved {
                name: failing.name,
                seed: failing.seed,
                input: &shown,
                failure: &failing.failure.one_line(),
                trace: &trace,
            });
        }
        if !config.shrink || recorded_nothing {
            let which = if recorded_nothing {
                Input::Seed(failing.seed)
            } else {
                Input::Trace(&trace)
            };
            let (outcome, notes) = ask(&*self.exec, property, &failing.input, &which, true);
            let flaky = (!failing.same(&outcome)).then(|| rerun(&outcome));
            let mut report = failing.report(shown, &failing.failure, &notes, None, flaky);
            if recorded_nothing {
                report.append(
                    "not shrunk: the generator recorded no decisions (it is not a \
                     `#[generator]`, or draws from an rng greduce does not see), so greduce \
                     cannot run it again on a reduced trace",
                );
            }
            return report;
        }
        let (reduction, last) = match self.reduce(failing, &shown, &trace, saved, property) {
            Ok(reduced) => reduced,
            Err(report) => return report,
        };
        // The minimal input once more, loudly: its output is the one the user sees, and it
        // must still fail.
        let (outcome, notes) =
            match self.final_run(failing, &reduction, (&shown, &trace), saved, property) {
                Ok(ran) => ran,
                Err(report) => return report,
            };
        let (failure, notes, flaky) = match outcome {
            CaseEnd::Failed(f) if failing.same_failure(&f) => (f, notes, None),
            other => (last.0, last.1, Some(rerun(&other))),
        };
        let stats = &reduction.stats;
        let stopped_by = stats
            .budget_exhausted
            .then(|| budget_ran_out(config, stats.property_calls));
        let shrunk = report::Shrunk {
            size: sized(self.counts_decisions, &reduction.size),
            original_size: format!("{:?}", reduction.original_size),
            property_calls: stats.property_calls,
            time: stats.total_time,
            stopped_by,
            shape: Shape::of(&reduction.trace).compare(&Shape::of(&trace)),
            saved: saved.shown(),
            explain: config.verbose.then(|| reduction.explain()),
            certificate: match (&reduction.certificate, config.exhaust) {
                (Some(certificate), _) => Some(certificate.to_string()),
                // Fork mode replays every candidate in a child; the search's executions
                // would run in this process.
                (None, Some(_)) if self.exec.isolated() => Some("not run in fork mode".to_string()),
                (None, _) => None,
            },
        };
        let input = format!("{:?}", reduction.output);
        let mut report = failing.report(input, &failure, &notes, Some(shrunk), flaky);
        // Runaways, said once (at the place most of them ran away): candidates rejected
        // there are not rejected silently.
        let runaways: u64 = stats.runaways.iter().map(|(_, n)| n).sum();
        if let Some((place, _)) = stats.runaways.iter().max_by_key(|(_, n)| *n)
            && runaways >= RUNAWAYS
        {
            report.append(&format!(
                "{runaways} shrink candidates ran away, most of them at {place}: the generator \
                 kept going after the replayed trace ran out (re-align answers the simplest \
                 value, on which a loop there never ends), so they stopped at the replay \
                 budget and were rejected. A loop that ends only on a draw shrinks better \
                 with a bound on its iterations"
            ));
        }
        report
    }

    /// Shrinks the recorded run; returns the reduction and the last failure (with its notes)
    /// seen while shrinking.
    pub(super) fn reduce<P: IntoOutcome>(
        &mut self,
        failing: &Failing<'_, T>,
        shown: &str,
        trace: &Trace,
        saved: &mut SavedFailures,
        property: &mut impl FnMut(&T) -> P,
    ) -> Result<(Reduction<T, S>, Seen), Report> {
        let config = failing.config;
        let mut last = (failing.failure.clone(), Vec::new());
        let mut first_rerun: Option<Option<String>> = None;
        let mut line = ProgressLine::new(failing.name, self.progress, self.counts_decisions);
        // The failure of the latest failing candidate: an improvement is saved with its own
        // (a message that names the input names the saved one).
        let latest = RefCell::new(failing.failure.one_line());
        let mut save = |p: &Progress<'_, T, S>| {
            line.show(p);
            if p.improved {
                saved.save(&Saved {
                    name: failing.name,
                    seed: failing.seed,
                    input: &format!("{:?}", p.output),
                    failure: &latest.borrow(),
                    trace: p.trace,
                });
            }
        };
        let size = &self.size;
        let exec = &*self.exec;
        let generator = &mut self.generator;
        // Fork mode: what the child that replayed the latest candidate said of it (it runs
        // the property too, when its replay made an input).
        let from_child: RefCell<Option<(CaseEnd, Vec<String>)>> = RefCell::new(None);
        // The check's settings of shrinking, but the output cache for a test body (its
        // input is its decisions, and two bodies that print alike may differ).
        let settings = Config {
            output_cache: config.output_cache && !self.body,
            ..config.clone()
        };
        let mut shrinker = Reducer::new(|rng: &mut StdRng| case::within(|| generator(rng)))
            .config(settings)
            .size_with(move |output: &T, trace: &Trace| size(output, trace))
            .size_counts_decisions(self.counts_decisions)
            .watch(|p| save(p));
        if exec.isolated() {
            // Each candidate replays in a child first: a generator that crashes or hangs on
            // it fails there, and this process never replays it.
            shrinker = shrinker.preflight(|base, edit, strategy, budget| {
                let which = Input::Edit {
                    base,
                    edit,
                    strategy,
                    budget,
                };
                let Some((outcome, notes)) = exec.elsewhere(&which, false) else {
                    return Ok(());
                };
                let mut from_child = from_child.borrow_mut();
                *from_child = None;
                match outcome {
                    CaseEnd::Failed(f) if protocol::before_property(&f) => Err(f.message),
                    CaseEnd::Failed(f) if protocol::is_replay_failure(&f) => Ok(()),
                    other => {
                        *from_child = Some((other, notes));
                        Ok(())
                    }
                }
            });
        }
        let reduced = shrinker.try_reduce_traced(trace, &mut |output: &T, trace: &Trace| {
            let which = Input::Trace(trace);
            let asked = from_child.borrow_mut().take();
            let (outcome, notes) =
                asked.unwrap_or_else(|| ask(exec, property, output, &which, false));
            // The first call runs the original again: what it did, when that was not
            // the failure, is what a flaky report says.
            let first = first_rerun.is_none();
            match outcome {
                CaseEnd::Failed(f) if failing.same_failure(&f) => {
                    first_rerun.get_or_insert(None);
                    *latest.borrow_mut() = f.one_line();
                    last = (f, notes);
                    crate::property::outcome::Outcome::Fails
                }
                other => {
                    if first {
                        first_rerun = Some(Some(rerun(&other)));
                    }
                    if other == CaseEnd::Passed {
                        crate::property::outcome::Outcome::Passes
                    } else {
                        crate::property::outcome::Outcome::Unresolved
                    }
                }
            }
        });
        let reduction = reduced.map_err(|e| failing.not_deterministic(shown, &e.to_string()))?;
        if !reduction.reproduced {
            let replayed = format!("{:?}", reduction.output);
            if replayed != shown {
                return Err(failing.not_deterministic(shown, &replayed));
            }
            let rerun = first_rerun
                .flatten()
                .unwrap_or_else(|| "did not fail".to_string());
            return Err(failing.report(
                shown.to_string(),
                &failing.failure,
                &[],
                None,
                Some(rerun),
            ));
        }
        Ok((reduction, last))
    }
}
