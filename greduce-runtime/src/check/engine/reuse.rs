//! The first phase: inputs known before any is generated. Saved failures (replayed first,
//! by trace, by sites or from the start), the fuzzer's files a check is given, and the case
//! a killed run died in (run again in a child process).

use super::Engine;
use super::diagnose::Failing;
use super::fuzz_files;
use super::fuzz_files::FuzzFile;
use super::saved::SavedFailures;
use crate::check::execution::{ChildCase, ask, case_in_child};
use crate::check::fork::parent::Fork;
use crate::check::fork::parent::fork_test;
use crate::check::fork::protocol::Input;
use crate::check::harness::to_stderr;
use crate::check::report;
use crate::check::report::Report;
use crate::config::Config;
use crate::config::Strategy;
use crate::persist::file::Entry;
use crate::property::case;
use crate::property::case::CaseEnd;
use crate::property::case::IntoOutcome;
use crate::run::replay::BYTES_SEED;
use crate::run::replay::OnBytes;
use crate::run::replay::replay_bytes;
use crate::trace::Trace;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::fmt::Debug;

/// How a saved failure is replayed ([`Engine::replay_saved`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Way {
    /// By its sites, halting where one is not found.
    Sites,
    /// Its decisions in order, whatever their sites.
    InOrder,
    /// With re-align.
    Realign,
}

impl Way {
    pub(super) fn name(self) -> &'static str {
        match self {
            Way::Sites => "by its sites",
            Way::InOrder => "with its decisions in order",
            Way::Realign => "with re-align",
        }
    }

    /// What the report's origin adds about the replay.
    pub(super) fn note(self) -> &'static str {
        match self {
            Way::Sites => "",
            Way::InOrder => {
                ", replayed with its decisions in order: its generator was renamed or moved since \
                 it was saved"
            }
            Way::Realign => ", replayed with re-align: the generator changed since it was saved",
        }
    }
}

impl<T: Debug, S: Ord + Clone + Debug> Engine<'_, T, S> {
    /// Replays a saved failure: it fails again (then it is shrunk, reported and saved
    /// again), passes (the bug is fixed; the entry stays as a regression test), or no longer
    /// fits the generator (stale: reported on stderr, kept in the file).
    ///
    /// It is replayed three ways, until one fails the property: by its sites (each found by
    /// its generator and number there, [`Site::key`](crate::Site::key), so lines inserted or
    /// removed elsewhere, renamed locals and reformatting change nothing); with its
    /// decisions in order, whatever their sites (for a generator renamed or moved to another
    /// file); and with re-align (for a generator that changed: a draw added or removed).
    /// Either of the first two running through and passing means the bug is fixed.
    pub(super) fn replay_saved<P: IntoOutcome>(
        &mut self,
        entry: &Entry,
        name: &str,
        config: &Config,
        saved: &mut SavedFailures,
        property: &mut impl FnMut(&T) -> P,
    ) -> Result<(), Report> {
        if !self.exec.isolated() {
            saved.mark_running(entry.seed);
        }
        let mut why = Vec::new();
        for way in [Way::Sites, Way::InOrder, Way::Realign] {
            let run = match self.replay_way(way, &entry.trace) {
                Ok(Some(run)) => run,
                // Rejected by `assume`: nothing to check.
                Ok(None) => return Ok(()),
                Err(e) => {
                    why.push(format!("{}: {e}", way.name()));
                    continue;
                }
            };
            let faithful = match way {
                Way::Sites => true,
                // Every decision answered by the saved ones, none left over or made up.
                Way::InOrder => {
                    crate::fuzz::to_bytes(&run.trace).ok()
                        == crate::fuzz::to_bytes(&entry.trace).ok()
                }
                Way::Realign => false,
            };
            let which = Input::Trace(&run.trace);
            match ask(&*self.exec, property, &run.output, &which, false) {
                (CaseEnd::Failed(failure), _) => {
                    let failing = Failing {
                        name,
                        config,
                        origin: format!("the saved failure at {}{}", saved.at(entry), way.note()),
                        seed: entry.seed,
                        input: run.output,
                        failure,
                    };
                    return Err(self.shrink_failure(&failing, saved, property, Some(run.trace)));
                }
                _ if faithful => return Ok(()),
                _ => why.push(format!("{}: the input it gives passes", way.name())),
            }
        }
        to_stderr(&format!(
            "greduce: `{name}`: the saved failure at {} is stale: it no longer reproduces on \
             the generator ({}). The generator changed since it was saved, so the input it \
             stands for cannot be made again. If the bug it found is fixed, delete the entry; \
             if not, run the generated cases until they find it again (a new failure is saved \
             when found), then delete the entry.\n",
            saved.at(entry),
            why.join("; ")
        ));
        Ok(())
    }

    /// Runs the generator on a saved trace one [`Way`]: the run, `None` when the generator
    /// rejected it (`assume`), or why it did not replay.
    pub(super) fn replay_way(
        &mut self,
        way: Way,
        trace: &Trace,
    ) -> Result<Option<crate::run::record::Run<T>>, String> {
        let generator = &mut self.generator;
        let (replayed, _) = case::guard(true, || match way {
            Way::Sites | Way::Realign => {
                let strategy = if way == Way::Sites {
                    Strategy::Halt
                } else {
                    Strategy::Realign
                };
                crate::run::replay::replay(|rng| generator(rng), trace, &[], strategy)
                    .result
                    .map_err(|e| e.to_string())
            }
            Way::InOrder => {
                let bytes = crate::fuzz::to_bytes(trace).map_err(|e| e.to_string())?;
                let mut rng = StdRng::seed_from_u64(BYTES_SEED);
                match replay_bytes(|rng| generator(rng), &mut rng, &bytes, true) {
                    OnBytes::Ran(run) => Ok(run),
                    OnBytes::Stopped(e) => Err(e.to_string()),
                    OnBytes::Panicked(payload, _) => std::panic::resume_unwind(payload),
                }
            }
        });
        match replayed {
            Ok(Ok(run)) => Ok(Some(run)),
            Ok(Err(e)) => Err(e),
            Err(CaseEnd::Unresolved(_)) => Ok(None),
            Err(_) => Err("the generator panicked".to_string()),
        }
    }

    /// Replays the files of the fuzz directories ([`Check::fuzz_artifacts`](super::Check::fuzz_artifacts)),
    /// in order, until one fails.
    pub(super) fn replay_fuzz_dirs<P: IntoOutcome>(
        &mut self,
        name: &str,
        config: &Config,
        saved: &mut SavedFailures,
        property: &mut impl FnMut(&T) -> P,
    ) -> Result<(), Report> {
        for dir in &config.fuzz_artifacts {
            let files = fuzz_files::files(&fuzz_files::resolve(dir))
                .map_err(|why| report::problem(name, None, &why))?;
            for file in &files {
                self.replay_fuzz_file(file, name, config, saved, property)?;
            }
        }
        Ok(())
    }

    /// Runs the generator on a fuzzer's file (its bytes answer the decisions, as in the
    /// fuzz target) and the property on its output; a failure is shrunk and reported. A
    /// file the fuzz target would have skipped (rejected by `assume`, or running past
    /// what its bytes pay for) passes.
    pub(super) fn replay_fuzz_file<P: IntoOutcome>(
        &mut self,
        file: &FuzzFile,
        name: &str,
        config: &Config,
        saved: &mut SavedFailures,
        property: &mut impl FnMut(&T) -> P,
    ) -> Result<(), Report> {
        // Not noted as running (`mark_running`): a file's seed is a hash of it, from which
        // a later run could not generate it again; a file that ends the process ends the
        // next run the same way, which replays it first.
        let seed = file.seed();
        let generator = &mut self.generator;
        let (replayed, _) = case::guard(true, || {
            let mut rng = StdRng::seed_from_u64(BYTES_SEED);
            replay_bytes(|rng| generator(rng), &mut rng, &file.data, true)
        });
        let run = match replayed {
            Ok(OnBytes::Ran(run)) => run,
            Ok(OnBytes::Stopped(_)) => return Ok(()),
            Ok(OnBytes::Panicked(payload, _)) => match case::ended(&*payload) {
                CaseEnd::Failed(failure) => {
                    let what = format!(
                        "the generator panicked on the fuzz file `{}`: {failure}",
                        file.path.display()
                    );
                    return Err(report::problem(name, Some(seed), &what));
                }
                _ => return Ok(()),
            },
            Err(outcome) => unreachable!("the replay catches its panics ({outcome:?})"),
        };
        let which = Input::Trace(&run.trace);
        match ask(&*self.exec, property, &run.output, &which, false) {
            (CaseEnd::Failed(failure), _) => {
                let empty = if file.data.is_empty() {
                    " (empty: every decision took its simplest value)"
                } else {
                    ""
                };
                let failing = Failing {
                    name,
                    config,
                    origin: format!("the fuzz file `{}`{empty}", file.path.display()),
                    seed,
                    input: run.output,
                    failure,
                };
                Err(self.shrink_failure(&failing, saved, property, Some(run.trace)))
            }
            _ => Ok(()),
        }
    }

    /// Runs again the case a previous run of this check died in (the process ended in the
    /// middle of it: an abort, a stack overflow, a signal, or a kill from outside), in a
    /// child process that generates and checks it, and shrinks it (in fork mode) if it
    /// fails there. Where no child process can run it (a `#[greduce::test]` body), its seed
    /// is printed and the check goes on.
    pub(super) fn run_died_case<P: IntoOutcome>(
        &mut self,
        seed: u64,
        (name, id): (&str, &str),
        config: &Config,
        saved: &mut SavedFailures,
        property: &mut impl FnMut(&T) -> P,
    ) -> Result<(), Report> {
        let died = format!(
            "the previous run of this check ended in the middle of the case with seed \
             {seed:#x} (an abort, a stack overflow, a signal, or a kill)"
        );
        // This one case runs in a child: the check's own execution comes back after it.
        let mut outer = None;
        if !self.exec.isolated() {
            match fork_test(self.body) {
                Ok(test) => {
                    let child = Box::new(Fork::new(test, id, config));
                    outer = Some(std::mem::replace(&mut self.exec, child));
                }
                Err(why) => {
                    to_stderr(&format!(
                        "greduce: `{name}`: warning: {died}; it cannot run in a child process \
                         here ({why}): `GREDUCE_SEED={seed:#x}` runs it first\n"
                    ));
                    return Ok(());
                }
            }
        }
        to_stderr(&format!(
            "greduce: `{name}`: {died}; running it again in a child process\n"
        ));
        let result = match case_in_child(&*self.exec, seed) {
            Some(Err(fault)) => Err(report::problem(
                name,
                Some(seed),
                &format!("{died}; in a child process: {}", fault.message),
            )),
            // Failed in the child: shrunk, in fork mode.
            Some(Ok(ChildCase::Failed(failure))) => {
                let origin = "the case the previous run died in";
                self.shrink_child_failure(
                    seed,
                    origin.to_string(),
                    failure,
                    name,
                    config,
                    saved,
                    property,
                )
            }
            // `None` cannot happen: calls run in a child here (set above, or already).
            Some(Ok(ChildCase::Ended(_))) | None => {
                to_stderr(&format!(
                    "greduce: `{name}`: in a child process the case with seed {seed:#x} \
                     passed: what ended the previous run did not happen again\n"
                ));
                Ok(())
            }
        };
        if let Some(outer) = outer {
            // Fork mode was for this one case.
            self.exec = outer;
        }
        result
    }
}
