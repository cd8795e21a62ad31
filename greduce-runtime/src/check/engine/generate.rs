//! The second phase: generated cases, seed by seed (and, with a guide, cases mutated from
//! the best-scoring inputs), until one fails, the budget of cases is spent, or too many are
//! rejected.

use super::Engine;
use super::diagnose::Failing;
use super::saved::SavedFailures;
use crate::check::execution::{ChildCase, case_in_child};
use crate::check::report;
use crate::check::report::Report;
use crate::check::stats;
use crate::check::stats::Tally;
use crate::check::target;
use crate::config::Config;
use crate::property::case;
use crate::property::case::CaseEnd;
use crate::property::case::IntoOutcome;
use crate::run::replay::BYTES_SEED;
use crate::run::replay::OnBytes;
use crate::run::replay::replay_bytes;
use crate::seed::case_seed;
use crate::seed::random_seed;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::fmt::Debug;

/// Rejected cases, by the `assume` that rejected them.
#[derive(Default)]
pub(super) struct Rejects {
    pub(super) total: u64,
    pub(super) by_site: Vec<(String, u64)>,
}

impl Rejects {
    pub(super) fn add(&mut self, site: String) {
        self.total += 1;
        match self.by_site.iter_mut().find(|(s, _)| *s == site) {
            Some((_, n)) => *n += 1,
            None => self.by_site.push((site, 1)),
        }
    }

    pub(super) fn health(&self, passed: u64, limit: u64) -> String {
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

impl<T: Debug, S: Ord + Clone + Debug> Engine<'_, T, S> {
    /// Runs the generated cases.
    pub(super) fn run_cases<P: IntoOutcome>(
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
            let outcome = match case_in_child(&*self.exec, seed) {
                Some(Err(fault)) => {
                    let what = format!("case {}: {}", index + 1, fault.message);
                    return Err(report::problem(name, Some(seed), &what));
                }
                Some(Ok(ChildCase::Ended(outcome))) => outcome,
                Some(Ok(ChildCase::Failed(failure))) => {
                    let origin = format!("case {}", index + 1);
                    return self.shrink_child_failure(
                        seed, origin, failure, name, config, saved, property,
                    );
                }
                // Not forked, guided by scores: a mutation of a best-scoring input.
                None if self.guide.mutates(index) => {
                    self.run_guided_case(seed, index, name, config, saved, property)?
                }
                // Not forked: generated and checked here.
                None => {
                    saved.mark_running(seed);
                    let generator = &mut self.generator;
                    let mut counted = self.tally.as_mut().map(Tally::case);
                    let collecting = target::start();
                    let (generated, _) = case::guard(true, || {
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
                CaseEnd::Unresolved(site) => {
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
    pub(super) fn run_guided_case<P: IntoOutcome>(
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
        let (replayed, _) = case::guard(true, || {
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
                return Ok(CaseEnd::Unresolved(String::from(
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
}
