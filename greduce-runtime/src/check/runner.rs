//! The loop that runs a check once its configuration is settled: explicit examples, saved
//! failures, generated cases, and for a failure, shrinking, the final run of the minimal
//! case and the report. [`Check`](super::Check) builds the configuration and hands it
//! here; fork mode and the end-to-end re-verification of the minimal case live here.

use super::config::Config;
use super::fork::child;
use super::fork::parent::{self, Fork, ask, fork_test};
use super::fork::protocol::{self, Input};
use super::fuzz_files::{self, FuzzFile};
use super::harness::to_stderr;
use super::report::{self, Report};
use super::saved::SavedFailures;
use super::stats::{self, Tally};
use super::target::{self, Guide};
use crate::persist::file::{Entry, Saved};
use crate::property::case::{self, CaseEnd, CaseResult, Failure};
use crate::reduce::settings::SizeFn;
use crate::reduce::{Progress, Reducer, Reduction};
use crate::run::align::Strategy;
use crate::run::record::record;
use crate::run::replay::{BYTES_SEED, OnBytes, replay_bytes, run_replay};
use crate::seed::{case_seed, random_seed};
use crate::trace::Trace;
use crate::trace::edit::Overlay;
use crate::trace::shape::Shape;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::cell::RefCell;
use std::fmt::Debug;
use std::io::Write as _;
use std::time::Duration;

/// A check whose configuration is settled (builder and environment applied).
pub(super) struct Runner<'g, T, S> {
    pub(super) generator: Box<dyn FnMut(&mut StdRng) -> T + 'g>,
    pub(super) size: SizeFn<'g, T, S>,
    /// Whether `size` is the number of decisions (the default).
    pub(super) counts_decisions: bool,
    pub(super) examples: Vec<T>,
    pub(super) progress: bool,
    /// A `#[greduce::test]` body: the generator's output carries the verdict (no output
    /// cache), and the final run of the minimal case replays the body.
    pub(super) body: bool,
    /// Fork mode, once the check runs.
    pub(super) fork: Option<Fork>,
    /// The statistics of the generated cases, when collected.
    pub(super) tally: Option<Tally>,
    /// The best-scoring inputs ([`crate::target`]), which guided cases mutate.
    pub(super) guide: Guide,
}

impl<T: Debug, S: Ord + Clone + Debug> Runner<'_, T, S> {
    /// Runs the check named `name` (`named`: by a test or the user, so failures may be
    /// saved under it), check `id` of its test.
    pub(super) fn run<P: CaseResult>(
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
            None if config.fork && self.body => {
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
            None if config.fork => match fork_test(self.body) {
                Ok(test) => {
                    self.fork = Some(Fork::new(test, id, config));
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
        if self.fork.is_none()
            && entries.iter().any(|e| e.crashed)
            && let Ok(test) = fork_test(self.body)
        {
            // A saved failure that ended the test process would end this one too.
            to_stderr(&format!(
                "greduce: `{name}`: a saved failure ended the test process when it was found; \
                 this check runs its property calls in child processes (fork mode)\n"
            ));
            self.fork = Some(Fork::new(test, id, config));
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
    fn replay_saved<P: CaseResult>(
        &mut self,
        entry: &Entry,
        name: &str,
        config: &Config,
        saved: &mut SavedFailures,
        property: &mut impl FnMut(&T) -> P,
    ) -> Result<(), Report> {
        if self.fork.is_none() {
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
            match ask(self.fork.as_ref(), property, &run.output, &which, false) {
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
    fn replay_way(
        &mut self,
        way: Way,
        trace: &Trace,
    ) -> Result<Option<crate::run::record::Run<T>>, String> {
        let generator = &mut self.generator;
        let (replayed, _) = case::run(true, || match way {
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
            Err(CaseEnd::Rejected(_)) => Ok(None),
            Err(_) => Err("the generator panicked".to_string()),
        }
    }

    /// Replays the files of the fuzz directories ([`Check::fuzz_artifacts`](super::Check::fuzz_artifacts)),
    /// in order, until one fails.
    fn replay_fuzz_dirs<P: CaseResult>(
        &mut self,
        name: &str,
        config: &Config,
        saved: &mut SavedFailures,
        property: &mut impl FnMut(&T) -> P,
    ) -> Result<(), Report> {
        for dir in &config.fuzz_dirs {
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
    fn replay_fuzz_file<P: CaseResult>(
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
        let (replayed, _) = case::run(true, || {
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
        match ask(self.fork.as_ref(), property, &run.output, &which, false) {
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
    fn run_died_case<P: CaseResult>(
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
        let unforked = self.fork.is_none();
        if unforked {
            match fork_test(self.body) {
                Ok(test) => {
                    self.fork = Some(Fork::new(test, id, config));
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
        let result = match parent::case(self.fork.as_ref(), seed) {
            Err(fault) => Err(report::problem(
                name,
                Some(seed),
                &format!("{died}; in a child process: {}", fault.message),
            )),
            // Failed in the child: shrunk, in fork mode.
            Ok(Err(failure)) => {
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
            Ok(Ok(_)) => {
                to_stderr(&format!(
                    "greduce: `{name}`: in a child process the case with seed {seed:#x} \
                     passed: what ended the previous run did not happen again\n"
                ));
                Ok(())
            }
        };
        if unforked {
            // Fork mode was for this one case.
            self.fork = None;
        }
        result
    }

    /// Runs the generated cases.
    fn run_cases<P: CaseResult>(
        &mut self,
        name: &str,
        config: &Config,
        saved: &mut SavedFailures,
        property: &mut impl FnMut(&T) -> P,
    ) -> Result<(), Report> {
        let base = config.seed.unwrap_or_else(random_seed);
        if let Some(tally) = &mut self.tally {
            tally.start(base);
        }
        let mut passed = 0;
        let mut rejects = Rejects::default();
        let mut index = 0;
        while passed < config.cases {
            let seed = case_seed(base, index);
            let outcome = match parent::case(self.fork.as_ref(), seed) {
                Err(fault) => {
                    let what = format!("case {}: {}", index + 1, fault.message);
                    return Err(report::problem(name, Some(seed), &what));
                }
                Ok(Ok(Some(outcome))) => outcome,
                Ok(Err(failure)) => {
                    let origin = format!("case {}", index + 1);
                    return self.shrink_child_failure(
                        seed, origin, failure, name, config, saved, property,
                    );
                }
                // Not forked, guided by scores: a mutation of a best-scoring input.
                Ok(Ok(None)) if self.guide.mutates(index) => {
                    self.run_guided_case(seed, index, name, config, saved, property)?
                }
                // Not forked: generated and checked here.
                Ok(Ok(None)) => {
                    saved.mark_running(seed);
                    let generator = &mut self.generator;
                    let mut counted = self.tally.as_mut().map(Tally::case);
                    let collecting = target::start();
                    let (generated, _) = case::run(true, || {
                        stats::generate(&mut **generator, seed, counted.as_mut())
                    });
                    let outcome = match generated {
                        Ok(input) => match stats::check(counted, property, &input) {
                            (CaseEnd::Failed(failure), _) => {
                                let failing = Failing {
                                    name,
                                    config,
                                    origin: format!("case {}", index + 1),
                                    seed,
                                    input,
                                    failure,
                                };
                                return Err(self.shrink_failure(&failing, saved, property, None));
                            }
                            (outcome, _) => outcome,
                        },
                        Err(CaseEnd::Failed(failure)) => {
                            let what =
                                format!("the generator panicked on case {}: {failure}", index + 1);
                            return Err(report::problem(name, Some(seed), &what));
                        }
                        Err(outcome) => outcome,
                    };
                    let scores = collecting.take();
                    if !scores.is_empty() {
                        let generator = &mut *self.generator;
                        self.guide
                            .offer(&scores, || target::case_bytes(generator, seed));
                    }
                    outcome
                }
            };
            if let Some(tally) = &mut self.tally {
                tally.ended(&outcome);
            }
            match outcome {
                CaseEnd::Passed => passed += 1,
                CaseEnd::Rejected(site) => {
                    rejects.add(site);
                    if rejects.total > config.max_rejects() {
                        let what = rejects.health(passed, config.max_rejects());
                        return Err(report::problem(name, None, &what));
                    }
                }
                CaseEnd::Failed(_) => unreachable!("returned above"),
            }
            index += 1;
        }
        Ok(())
    }

    /// Runs a guided case: a mutation of one of the best-scoring inputs (chosen by `seed`),
    /// made from its bytes, checked, kept if it scores higher; a failure is shrunk from its
    /// trace.
    fn run_guided_case<P: CaseResult>(
        &mut self,
        seed: u64,
        index: u64,
        name: &str,
        config: &Config,
        saved: &mut SavedFailures,
        property: &mut impl FnMut(&T) -> P,
    ) -> Result<CaseEnd, Report> {
        let bytes = self.guide.mutated(&mut *self.generator, seed);
        let generator = &mut self.generator;
        let collecting = target::start();
        let (replayed, _) = case::run(true, || {
            let mut rng = StdRng::seed_from_u64(BYTES_SEED);
            replay_bytes(|rng| generator(rng), &mut rng, &bytes, true)
        });
        let run = match replayed {
            Ok(OnBytes::Ran(run)) => run,
            Ok(OnBytes::Panicked(payload, _)) => {
                return match case::ended(&*payload) {
                    CaseEnd::Failed(failure) => {
                        let what = format!(
                            "the generator panicked on case {} (a mutation of a best-scoring \
                             input): {failure}",
                            index + 1
                        );
                        Err(report::problem(name, Some(seed), &what))
                    }
                    outcome => Ok(outcome),
                };
            }
            // Over budget, or the replay found nothing to run: not a case.
            _ => {
                return Ok(CaseEnd::Rejected(String::from(
                    "the replay budget (a guided mutation ran past what its bytes pay for)",
                )));
            }
        };
        let (outcome, _) = stats::check(None, property, &run.output);
        let scores = collecting.take();
        if let CaseEnd::Failed(failure) = outcome {
            let failing = Failing {
                name,
                config,
                origin: format!(
                    "case {} (a mutation of the input with the highest `greduce::target` \
                     score so far)",
                    index + 1
                ),
                seed,
                input: run.output,
                failure,
            };
            return Err(self.shrink_failure(&failing, saved, property, Some(run.trace)));
        }
        self.guide.offer(&scores, || Some(bytes));
        Ok(outcome)
    }

    /// Shrinks the case with `seed`, whose property failed in a child process with
    /// `failure` (the generator finished there, so this process generates the input).
    #[allow(clippy::too_many_arguments)] // Reason: the case and the check's context, as for `shrink_failure`.
    fn shrink_child_failure<P: CaseResult>(
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
        let (generated, _) = case::run(true, || generator(&mut StdRng::seed_from_u64(seed)));
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
    fn shrink_failure<P: CaseResult>(
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
            let (outcome, notes) = ask(self.fork.as_ref(), property, &failing.input, &which, true);
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
                (None, Some(_)) if config.fork => Some("not run in fork mode".to_string()),
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

    /// The final run of a `#[greduce::test]` body's minimal case: the body runs again (its
    /// panic and output show), replaying the minimal trace.
    fn final_body_run<P: CaseResult>(
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
    fn record_again(&mut self, failing: &Failing<'_, T>, shown: &str) -> Result<Trace, Report> {
        let generator = &mut self.generator;
        let mut recorded = || case::run(true, || record(|rng| generator(rng), failing.seed)).0;
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
    fn final_run<P: CaseResult>(
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
        Ok(ask(self.fork.as_ref(), property, &output, &which, true))
    }

    /// The generator's output replayed exactly from `trace`, or what went wrong instead.
    fn replay_minimal(&mut self, trace: &Trace) -> Result<T, String> {
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

    /// Shrinks the recorded run; returns the reduction and the last failure (with its notes)
    /// seen while shrinking.
    fn reduce<P: CaseResult>(
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
        let fork = self.fork.as_ref();
        let generator = &mut self.generator;
        // Fork mode: what the child that replayed the latest candidate said of it (it runs
        // the property too, when its replay made an input).
        let from_child: RefCell<Option<(CaseEnd, Vec<String>)>> = RefCell::new(None);
        let mut shrinker = Reducer::new(|rng: &mut StdRng| case::within(|| generator(rng)))
            .strategy(config.strategy)
            .search(config.search)
            .passes(config.passes)
            .explain(config.verbose)
            .max_property_calls(config.max_shrink_calls)
            .max_time(config.max_shrink_time)
            .output_cache(!self.body)
            .size_with(move |output: &T, trace: &Trace| size(output, trace))
            .size_counts_decisions(self.counts_decisions)
            .watch(|p| save(p));
        if let Some(bounds) = config.exhaust {
            shrinker = shrinker.exhaust(bounds);
        }
        if let Some(fork) = fork {
            // Each candidate replays in a child first: a generator that crashes or hangs on
            // it fails there, and this process never replays it.
            shrinker = shrinker.preflight(|base, edit, strategy, budget| {
                let which = Input::Edit {
                    base,
                    edit,
                    strategy,
                    budget,
                };
                let (outcome, notes) = fork.check(&which, false);
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
                asked.unwrap_or_else(|| ask(fork, property, output, &which, false));
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

/// Which shrinking budget ran out, after `calls` property calls.
fn budget_ran_out(config: &Config, calls: u64) -> String {
    if calls >= config.max_shrink_calls {
        format!(
            "the budget of {} property calls (GREDUCE_MAX_SHRINK_CALLS)",
            config.max_shrink_calls
        )
    } else {
        format!(
            "the time budget of {:?} (GREDUCE_MAX_SHRINK_TIME)",
            config.max_shrink_time
        )
    }
}

/// Candidates that ran away in one loop before the report says so.
const RUNAWAYS: u64 = 3;

/// A failure seen while shrinking, with the notes of its case.
type Seen = (Failure, Vec<String>);

/// The progress line shrinking writes each second once it has taken a second.
struct ProgressLine<'a> {
    name: &'a str,
    on: bool,
    printed: Option<Duration>,
    /// Whether sizes are numbers of decisions.
    decisions: bool,
}

impl<'a> ProgressLine<'a> {
    fn new(name: &'a str, on: bool, decisions: bool) -> Self {
        ProgressLine {
            name,
            on,
            printed: None,
            decisions,
        }
    }

    fn show<T, S: Debug>(&mut self, p: &Progress<'_, T, S>) {
        let second = Duration::from_secs(1);
        let due = p.elapsed >= second
            && self
                .printed
                .is_none_or(|t| p.elapsed.saturating_sub(t) >= second);
        if self.on && due {
            self.printed = Some(p.elapsed);
            to_stderr(&format!(
                "greduce: shrinking `{}`: {} property calls, {} (was {:?}), {:.1} s\n",
                self.name,
                p.stats.property_calls,
                sized(self.decisions, &p.size),
                p.original_size,
                p.elapsed.as_secs_f64()
            ));
        }
    }
}

/// A size as reports say it: "6 decisions" (the default measure), else "size (3, 4)".
fn sized<S: Debug>(decisions: bool, size: &S) -> String {
    match format!("{size:?}") {
        one if decisions && one == "1" => "1 decision".to_string(),
        n if decisions => format!("{n} decisions"),
        other => format!("size {other}"),
    }
}

/// A generated case that failed.
struct Failing<'a, T> {
    name: &'a str,
    config: &'a Config,
    /// Which case: "case 3", or "the saved failure at `file:line`".
    origin: String,
    seed: u64,
    input: T,
    failure: Failure,
}

impl<T> Failing<'_, T> {
    /// Whether `failure` is the failure being shrunk.
    fn same_failure(&self, failure: &Failure) -> bool {
        self.failure.same(failure, self.config.same_failure)
    }

    /// Whether a case failed with the failure being shrunk.
    fn same(&self, outcome: &CaseEnd) -> bool {
        matches!(outcome, CaseEnd::Failed(f) if self.same_failure(f))
    }

    fn report(
        &self,
        input: String,
        failure: &Failure,
        notes: &[String],
        shrunk: Option<report::Shrunk>,
        flaky: Option<String>,
    ) -> Report {
        report::Failed {
            name: self.name,
            origin: &self.origin,
            seed: self.seed,
            input,
            failure,
            notes,
            shrunk,
            flaky,
        }
        .report()
    }

    fn not_deterministic(&self, first: &str, second: &str) -> Report {
        not_deterministic(self.name, self.seed, first, second)
    }

    /// The generator panicked when run again, recording, from the failing case's seed. A
    /// panic of greduce's own says what is wrong with the generator (a helper that takes
    /// the rng without `#[generator]`): it is the report; any other is reported as such.
    fn panicked_recording(&self, panic: &Failure) -> Report {
        let what = match panic.message.strip_prefix("greduce: ") {
            Some(own) if own.contains(crate::run::scopes::NOT_A_GENERATOR) => own.to_string(),
            _ => format!(
                "the generator panicked when run again from the failing case's seed to record \
                 it (called directly, it did not), so the case cannot be shrunk: {}",
                panic.one_line()
            ),
        };
        report::problem(self.name, Some(self.seed), &what)
    }
}

/// What a case did when run again, for a flaky report ("... but {this} when run again").
fn rerun(outcome: &CaseEnd) -> String {
    match outcome {
        CaseEnd::Passed => "passed".to_string(),
        CaseEnd::Rejected(at) => format!("was rejected by `assume` at {at}"),
        CaseEnd::Failed(f) => format!("failed another way ({})", f.one_line()),
    }
}

fn not_deterministic(name: &str, seed: u64, first: &str, second: &str) -> Report {
    let what = format!(
        "the generator is not deterministic: run again from the same seed it produced a \
         different input, so it cannot be shrunk. A generator must draw all its randomness \
         from its rng (no thread_rng, no HashMap iteration order, no global state).\n    \
         first run: {}\n    second run: {}",
        truncated(first, 500),
        truncated(second, 500)
    );
    report::problem(name, Some(seed), &what)
}

/// Whether two `Debug` texts hold the same characters, in any order: outputs a
/// deterministic generator made twice print alike up to the order of a hash map's entries.
fn same_up_to_order(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let sorted = |text: &str| {
        let mut bytes = text.as_bytes().to_vec();
        bytes.sort_unstable();
        bytes
    };
    a.len() == b.len() && sorted(a) == sorted(b)
}

/// The first decision where two recordings of one case differ, described; `None` when
/// they made the same decisions.
fn first_difference(first: &Trace, second: &Trace) -> Option<String> {
    let (mut firsts, mut seconds) = (first.each_decision(), second.each_decision());
    for number in 1.. {
        let said = match (firsts.next(), seconds.next()) {
            (None, None) => return None,
            (Some(one), Some(other)) if one == other => continue,
            (Some(one), Some(other)) => format!(
                "the first run drew {} at {}, the second {} at {}",
                drawn(&one),
                one.site(),
                drawn(&other),
                other.site()
            ),
            (Some(one), None) => format!(
                "the first run drew {} at {}, the second had stopped",
                drawn(&one),
                one.site()
            ),
            (None, Some(other)) => format!(
                "the first run had stopped, the second drew {} at {}",
                drawn(&other),
                other.site()
            ),
        };
        return Some(format!("decision {number}: {said}"));
    }
    None
}

/// A decision's value and arguments as a saved trace writes them.
fn drawn(decision: &crate::trace::Decision) -> String {
    format!(
        "{} ({})",
        crate::trace::value_text::value_text(&decision.value),
        crate::trace::value_text::args_text(&decision.args)
    )
}

/// A generator that drew differently from the same seed.
fn drew_differently(name: &str, seed: u64, difference: &str) -> Report {
    let what = format!(
        "the generator is not deterministic: run twice from the same seed, it drew \
         differently, so it cannot be shrunk.\n    {difference}\n    A generator must draw \
         all its randomness from its rng. The usual causes: iterating a `HashMap` or \
         `HashSet` (their order changes from run to run: use a `BTreeMap` / `BTreeSet`, or \
         sort the keys before drawing for them), clocks, `thread_rng`, global state."
    );
    report::problem(name, Some(seed), &what)
}

/// The minimal trace replayed to another input than the one shrinking judged.
fn not_deterministic_minimal<T>(failing: &Failing<'_, T>, judged: &str, again: &str) -> Report {
    let what = format!(
        "the generator is not deterministic: replayed from the minimal trace, it produced a \
         different input than the one shrinking tested, so no minimal input can be reported \
         (the original failing case stays saved). A generator must draw all its randomness \
         from its rng (no thread_rng, no HashMap iteration order, no global state).\n    \
         tested while shrinking: {}\n    replayed: {}",
        truncated(judged, 500),
        truncated(again, 500)
    );
    report::problem(failing.name, Some(failing.seed), &what)
}

/// Rejected cases, by the `assume` that rejected them.
#[derive(Default)]
struct Rejects {
    total: u64,
    by_site: Vec<(String, u64)>,
}

impl Rejects {
    fn add(&mut self, site: String) {
        self.total += 1;
        match self.by_site.iter_mut().find(|(s, _)| *s == site) {
            Some((_, n)) => *n += 1,
            None => self.by_site.push((site, 1)),
        }
    }

    fn health(&self, passed: u64, limit: u64) -> String {
        let (site, n) = self
            .by_site
            .iter()
            .max_by_key(|(_, n)| *n)
            .expect("at least one rejection");
        format!(
            "too many rejected cases: {} rejected (limit {limit}) for {passed} passing. Most \
             came from `assume` at {site} ({n}). Generate valid inputs directly instead of \
             rejecting them, or raise the limit with `Check::max_rejects`.",
            self.total
        )
    }
}

fn truncated(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}... ({} more bytes)", &text[..i], text.len() - i),
        None => text.to_string(),
    }
}

/// How a saved failure is replayed ([`Runner::replay_saved`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    /// By its sites, halting where one is not found.
    Sites,
    /// Its decisions in order, whatever their sites.
    InOrder,
    /// With re-align.
    Realign,
}

impl Way {
    fn name(self) -> &'static str {
        match self {
            Way::Sites => "by its sites",
            Way::InOrder => "with its decisions in order",
            Way::Realign => "with re-align",
        }
    }

    /// What the report's origin adds about the replay.
    fn note(self) -> &'static str {
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
