//! The child's side of fork mode: it finds its job, marks its progress, checks the one
//! input the job names, and writes the result.

use super::protocol::{
    JOB, Job, JobInput, RESULT, generated_path, generator_panicked, read_job, replay_failed,
    result_text, started_path,
};
use crate::config::Strategy;
use crate::property::case::{self, CaseEnd, IntoOutcome};
use crate::run::replay::run_replay;
use crate::trace::edit::Overlay;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::path::Path;

/// In a fork-mode child: the job.
pub(crate) fn child_job() -> Option<Result<Job, String>> {
    let path = std::env::var_os(JOB)?;
    Some(read_job(Path::new(&path)))
}

/// In a child: tells the parent that the job starts now (the test binary has started and
/// found it), so that a timeout counts the job and not the process's start-up.
pub(crate) fn mark_started() {
    if let Some(path) = std::env::var_os(RESULT) {
        let _ = std::fs::write(started_path(Path::new(&path)), "");
    }
}

/// In a child: tells the parent that the generator has made the input (what ends the
/// child after this is the property's doing).
pub(crate) fn mark_generated() {
    if let Some(path) = std::env::var_os(RESULT) {
        let _ = std::fs::write(generated_path(Path::new(&path)), "");
    }
}

/// In a child: writes how the property ended.
pub(crate) fn write_result(outcome: &CaseEnd, notes: &[String]) {
    if let Some(path) = std::env::var_os(RESULT) {
        // If this fails the parent sees no result, and reports the child as crashed.
        let _ = std::fs::write(path, result_text(outcome, notes));
    }
}

/// Checks the one input `job` names, made by `generator`, with `property`, and writes
/// the result.
pub(crate) fn run_job<T, P: IntoOutcome>(
    job: Job,
    generator: &mut dyn FnMut(&mut StdRng) -> T,
    property: &mut impl FnMut(&T) -> P,
) {
    mark_started();
    let loud = job.loud;
    // The generator runs as in a case (`assume` and panics are answered, not fatal).
    let (generated, _) = case::guard(true, || match job.input {
        JobInput::Seed(seed) => Ok(generator(&mut StdRng::seed_from_u64(seed))),
        JobInput::Trace(trace) => crate::run::replay::replay(
            |rng| case::within(|| generator(rng)),
            &trace,
            &[],
            Strategy::Halt,
        )
        .result
        .map(|run| run.output),
        // A shrink candidate, replayed as the reducer replays it.
        JobInput::Edit {
            base,
            edit,
            strategy,
            budget,
        } => {
            let overlay = Overlay::of(&base, &edit);
            let mut generator = |rng: &mut StdRng| case::within(|| generator(rng));
            run_replay(&mut generator, &base, overlay, strategy, budget, true)
                .result
                .map(|run| run.output)
        }
    });
    let (outcome, notes) = match generated {
        Ok(Ok(input)) => {
            mark_generated();
            case::check(!loud, property, &input)
        }
        // The replay stopped on purpose (or the generator panicked, which the test
        // process survives too): the generator did not take the child down.
        Ok(Err(e)) => {
            mark_generated();
            (replay_failed(&e.to_string()), Vec::new())
        }
        // Rejected by `assume` in the generator: the parent counts it.
        Err(CaseEnd::Unresolved(site)) => (CaseEnd::Unresolved(site), Vec::new()),
        Err(CaseEnd::Failed(failure)) => (generator_panicked(&failure), Vec::new()),
        Err(CaseEnd::Passed) => unreachable!("a generator that did not return"),
    };
    write_result(&outcome, &notes);
}
