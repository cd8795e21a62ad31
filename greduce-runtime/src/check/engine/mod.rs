//! One check, run in phases once its configuration is settled (builder and environment
//! applied), as Hypothesis' engine runs its: [`reuse`] the inputs known before any is
//! generated (explicit examples, saved failures, fuzz files, the case a killed run died in),
//! [`generate`] cases until one fails, [`shrink`] the failure, the [`final_run`] of the
//! minimal input, and the report, with [`diagnose`] for a failure that does not come back
//! and [`progress`] for the line a terminal shows. [`Check`](super::Check) builds the
//! configuration and hands it here. [`saved`] and [`fuzz_files`] read the inputs the reuse
//! phase replays.

use crate::check::execution::Execution;
use crate::check::fork::child;
use crate::check::fork::parent::Fork;
use crate::check::fork::parent::fork_test;
use crate::check::harness::to_stderr;
use crate::check::report;
use crate::check::report::Report;
use crate::check::stats::Tally;
use crate::check::target::Guide;
use crate::config::Config;
use crate::property::case;
use crate::property::case::CaseEnd;
use crate::property::case::IntoOutcome;
use crate::reduce::hooks::SizeFn;
use rand::rngs::StdRng;
use saved::SavedFailures;
use std::fmt::Debug;
use std::io::Write as _;

mod diagnose;
mod final_run;
pub(super) mod fuzz_files;
mod generate;
mod progress;
mod reuse;
pub(super) mod saved;
mod shrink;

/// A check whose configuration is settled (builder and environment applied).
pub(super) struct Engine<'g, T, S> {
    pub(super) generator: Box<dyn FnMut(&mut StdRng) -> T + 'g>,
    pub(super) size: SizeFn<'g, T, S>,
    /// Whether `size` is the number of decisions (the default).
    pub(super) counts_decisions: bool,
    pub(super) examples: Vec<T>,
    pub(super) progress: bool,
    /// A `#[greduce::test]` body: the generator's output carries the verdict (no output
    /// cache), and the final run of the minimal case replays the body.
    pub(super) body: bool,
    /// Where property calls run: in this process, or in child processes (fork mode).
    pub(super) exec: Box<dyn Execution>,
    /// The statistics of the generated cases, when collected.
    pub(super) tally: Option<Tally>,
    /// The best-scoring inputs ([`crate::target`]), which guided cases mutate.
    pub(super) guide: Guide,
}

impl<T: Debug, S: Ord + Clone + Debug> Engine<'_, T, S> {
    /// Runs the check named `name` (`named`: by a test or the user, so failures may be
    /// saved under it), check `id` of its test.
    pub(super) fn check<P: IntoOutcome>(
        &mut self,
        name: &str,
        named: bool,
        config: &Config,
        id: &str,
        property: &mut impl FnMut(&T) -> P,
    ) -> Result<(), Report> {
        match child::child_job() {
            // A child process, running one property call of this check for the parent.
            // Nothing else of the test runs after it.
            Some(Ok(job)) if job.check == id => {
                child::run_job(job, &mut *self.generator, property);
                let _ = std::io::stdout().flush();
                let _ = std::io::stderr().flush();
                std::process::exit(0);
            }
            Some(Err(e)) => panic!("greduce: {e}"),
            // `GREDUCE_FORK=1` (or a timeout) for a whole test run: a `#[greduce::test]`
            // body cannot run in a child yet, and runs here (with a note, once).
            None if config.forks() && self.body => {
                static NOTED: std::sync::Once = std::sync::Once::new();
                NOTED.call_once(|| {
                    to_stderr(
                        "greduce: note: fork mode (GREDUCE_FORK, GREDUCE_TIMEOUT) does not run \
                         `#[greduce::test]` bodies in child processes yet; they run in the test \
                         process (checks written with `greduce::check` or `Check` fork)\n",
                    );
                });
            }
            // In a child process on its way to another check, this one runs here, unforked.
            None if config.forks() => match fork_test(self.body) {
                Ok(test) => {
                    self.exec = Box::new(Fork::new(test, id, config));
                }
                Err(why) => return Err(report::problem(name, None, why)),
            },
            Some(Ok(_)) | None => {}
        }
        for (index, example) in self.examples.iter().enumerate() {
            // A failing example is the final failing case: what the property prints shows,
            // its panic only in the report.
            if let (CaseEnd::Failed(failure), notes) = case::check(true, property, example) {
                let input = format!("{example:?}");
                return Err(report::example(name, index, input, &failure, &notes));
            }
        }
        let (mut saved, entries) = SavedFailures::open(config, name, named, id);
        let died = saved.take_died();
        if !self.exec.isolated()
            && entries.iter().any(|e| e.crashed)
            && let Ok(test) = fork_test(self.body)
        {
            // A saved failure that ended the test process would end this one too.
            to_stderr(&format!(
                "greduce: `{name}`: a saved failure ended the test process when it was found; \
                 this check runs its property calls in child processes (fork mode)\n"
            ));
            self.exec = Box::new(Fork::new(test, id, config));
        }
        let result = died
            .map_or(Ok(()), |seed| {
                self.run_died_case(seed, (name, id), config, &mut saved, property)
            })
            .and_then(|()| {
                entries.iter().try_for_each(|entry| {
                    self.replay_saved(entry, name, config, &mut saved, property)
                })
            })
            .and_then(|()| self.replay_fuzz_dirs(name, config, &mut saved, property))
            .and_then(|()| self.run_cases(name, config, &mut saved, property));
        match (result, &saved.error) {
            (Ok(()), None) => Ok(()),
            (Ok(()), Some(e)) => Err(report::problem(
                name,
                None,
                &format!(
                    "the generated cases passed, but the regressions file cannot be used: \
                     {e}\nFix that line or delete the file."
                ),
            )),
            (Err(mut report), Some(e)) => {
                report.append(&format!(
                    "not saved: the regressions file cannot be used: {e}"
                ));
                Err(report)
            }
            (Err(report), None) => Err(report),
        }
    }
}
