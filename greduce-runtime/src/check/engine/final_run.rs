//! The fourth phase: the minimal input run once more (replayed, or the body run again),
//! loud, so that what the property prints shows with the report.

use super::Engine;
use super::diagnose::Failing;
use super::diagnose::drew_differently;
use super::diagnose::first_difference;
use super::diagnose::not_deterministic_minimal;
use super::diagnose::same_up_to_order;
use super::saved::SavedFailures;
use crate::check::execution::ask;
use crate::check::fork::protocol::Input;
use crate::check::report::Report;
use crate::config::Strategy;
use crate::persist::file::Saved;
use crate::property::case;
use crate::property::case::CaseEnd;
use crate::property::case::IntoOutcome;
use crate::reduce::Reduction;
use crate::run::record::record;
use crate::run::replay::run_replay;
use crate::trace::Trace;
use crate::trace::edit::Overlay;
use rand::rngs::StdRng;
use std::fmt::Debug;

impl<T: Debug, S: Ord + Clone + Debug> Engine<'_, T, S> {
    /// The final run of a `#[greduce::test]` body's minimal case: the body runs again (its
    /// panic and output show), replaying the minimal trace.
    pub(super) fn final_body_run<P: IntoOutcome>(
        &mut self,
        trace: &Trace,
        property: &mut impl FnMut(&T) -> P,
    ) -> (CaseEnd, Vec<String>) {
        let budget = crate::run::replay::budget_for(trace, 10);
        let replayed = run_replay(
            &mut self.generator,
            trace,
            Overlay::default(),
            Strategy::Halt,
            budget,
            // What the body prints shows; its panic does not (the report shows it, once).
            true,
        );
        match replayed.result {
            Ok(run) => case::check(true, property, &run.output),
            Err(_) => (CaseEnd::Passed, Vec::new()),
        }
    }

    /// Runs the failing case's generator again from its seed, recording; it must produce the
    /// same input.
    /// Determinism is judged by what the generator drew (two recordings must make the same
    /// decisions), and by the outputs' `Debug` text only up to order (a `HashMap` in the
    /// output prints its entries in another order each time).
    pub(super) fn record_again(
        &mut self,
        failing: &Failing<'_, T>,
        shown: &str,
    ) -> Result<Trace, Report> {
        let generator = &mut self.generator;
        let mut recorded = || case::guard(true, || record(|rng| generator(rng), failing.seed)).0;
        let (first, second) = match (recorded(), recorded()) {
            (Ok(first), Ok(second)) => (first, second),
            (Err(CaseEnd::Failed(panic)), _) | (_, Err(CaseEnd::Failed(panic))) => {
                return Err(failing.panicked_recording(&panic));
            }
            _ => return Err(failing.not_deterministic(shown, "(rejected by `assume`)")),
        };
        if let Some(difference) = first_difference(&first.trace, &second.trace) {
            return Err(drew_differently(failing.name, failing.seed, &difference));
        }
        let again = format!("{:?}", first.output);
        if !same_up_to_order(shown, &again) {
            return Err(failing.not_deterministic(shown, &again));
        }
        Ok(first.trace)
    }

    /// Runs the minimal case once more, loudly: a `#[greduce::test]` body replays its
    /// trace; otherwise the generator replays the minimal trace end to end, must give the
    /// output that was judged (a generator that is only sometimes not deterministic would
    /// otherwise be reported with an input its trace does not make, and that trace saved),
    /// and the property runs on that output. `original` is the failing case's input as
    /// shown and its trace, saved again when the minimal one cannot be trusted.
    pub(super) fn final_run<P: IntoOutcome>(
        &mut self,
        failing: &Failing<'_, T>,
        reduction: &Reduction<T, S>,
        (shown, trace): (&str, &Trace),
        saved: &mut SavedFailures,
        property: &mut impl FnMut(&T) -> P,
    ) -> Result<(CaseEnd, Vec<String>), Report> {
        if self.body {
            return Ok(self.final_body_run(&reduction.trace, property));
        }
        let judged = format!("{:?}", reduction.output);
        let output = match self.replay_minimal(&reduction.trace) {
            // (Up to order: a `HashMap` in the output prints in another order each time.)
            Ok(output) if same_up_to_order(&format!("{output:?}"), &judged) => output,
            other => {
                let again = other.map_or_else(|e| e, |o| format!("{o:?}"));
                // The saved entry goes back to the original failing case, which was checked
                // to replay before shrinking started.
                saved.save(&Saved {
                    name: failing.name,
                    seed: failing.seed,
                    input: shown,
                    failure: &failing.failure.one_line(),
                    trace,
                });
                return Err(not_deterministic_minimal(failing, &judged, &again));
            }
        };
        let which = Input::Trace(&reduction.trace);
        Ok(ask(&*self.exec, property, &output, &which, true))
    }

    /// The generator's output replayed exactly from `trace`, or what went wrong instead.
    pub(super) fn replay_minimal(&mut self, trace: &Trace) -> Result<T, String> {
        let generator = &mut self.generator;
        let replayed = crate::run::replay::replay(
            |rng: &mut StdRng| case::within(|| generator(rng)),
            trace,
            &[],
            Strategy::Halt,
        );
        replayed
            .result
            .map(|run| run.output)
            .map_err(|e| format!("(no input: {e})"))
    }
}
