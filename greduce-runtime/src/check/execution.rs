//! Where a check's property calls run: in this process ([`InProcess`]) or each in a child
//! process ([`Fork`], fork mode), behind one [`Execution`] trait, so that the engine's
//! phases ask "run this input" and never test for fork mode themselves. The engine starts
//! with one and changes it in two places only: a saved failure that crashed the test
//! process turns fork mode on for the whole check, and the case a killed run died in runs
//! in a child for that one case.

use crate::check::fork::parent::Fork;
use crate::check::fork::protocol::{Input, before_property};
use crate::property::case::{self, CaseEnd, Failure, IntoOutcome};

/// Where a check's property calls run.
pub(super) trait Execution {
    /// The property call `which` names, run in a child process, with what the child said;
    /// `None` when calls run in this process (the caller runs it: only it has the
    /// property and the input). `loud`: what the property prints shows (the final run).
    fn elsewhere(&self, which: &Input<'_>, loud: bool) -> Option<(CaseEnd, Vec<String>)>;

    /// Whether calls run in child processes: the shrinker then replays each candidate in a
    /// child first (a generator that crashes on it crashes there), this process does not
    /// note the running case in the regressions file (a crash here ends nothing), and the
    /// exhaustive search, whose executions would run here, is left out.
    fn isolated(&self) -> bool;
}

/// Calls run in the test process.
pub(super) struct InProcess;

impl Execution for InProcess {
    fn elsewhere(&self, _: &Input<'_>, _: bool) -> Option<(CaseEnd, Vec<String>)> {
        None
    }

    fn isolated(&self) -> bool {
        false
    }
}

impl Execution for Fork {
    fn elsewhere(&self, which: &Input<'_>, loud: bool) -> Option<(CaseEnd, Vec<String>)> {
        Some(self.check(which, loud))
    }

    fn isolated(&self) -> bool {
        true
    }
}

/// Runs the property on `input`, where `exec` runs calls (`which` names the input for a
/// child).
pub(super) fn ask<T, P: IntoOutcome>(
    exec: &dyn Execution,
    property: &mut impl FnMut(&T) -> P,
    input: &T,
    which: &Input<'_>,
    loud: bool,
) -> (CaseEnd, Vec<String>) {
    // In this process, a loud run prints what the property prints, but not its panic: the
    // report that follows shows the failure (once).
    exec.elsewhere(which, loud)
        .unwrap_or_else(|| case::check(true, property, input))
}

/// What a case generated and checked in a child process did.
pub(super) enum ChildCase {
    /// It ended (passed, rejected, ...) without a failure of the property.
    Ended(CaseEnd),
    /// The property failed.
    Failed(Failure),
}

/// The case with `seed` generated and checked where `exec` runs calls: `None` when that
/// is this process (the caller generates it: guided cases and statistics need the
/// generator here). In a child, a generator that crashes, hangs or panics is an `Err`
/// naming it, not a dead or hung test process.
pub(super) fn case_in_child(exec: &dyn Execution, seed: u64) -> Option<Result<ChildCase, Failure>> {
    let (outcome, _) = exec.elsewhere(&Input::Seed(seed), false)?;
    Some(match outcome {
        CaseEnd::Failed(failure) if before_property(&failure) => Err(failure),
        CaseEnd::Failed(failure) => Ok(ChildCase::Failed(failure)),
        outcome => Ok(ChildCase::Ended(outcome)),
    })
}
