//! The bounded exhaustive search below the shrunk input, as the shrinker runs it: walk the
//! executions within the bounds (`reduce/exhaust.rs`), then ask those smaller than the
//! current input, smallest first, until one fails; and the byte form of a run it walks on.

use super::Shrinker;
use crate::config::Exhaust;
use crate::config::passes::Pass;
use crate::reduce::exhaust;
use crate::reduce::exhaust::Certificate;
use crate::reduce::exhaust::Node;
use crate::reduce::log::Attempt;
use crate::reduce::log::Verdict;
use crate::reduce::log::cut;
use crate::reduce::order::cmp_decisions;
use crate::run::replay::BYTES_SEED;
use crate::run::replay::OnBytes;
use crate::run::replay::replay_bytes;
use rand::SeedableRng;
use std::cmp::Ordering;
use std::collections::HashSet;
use std::fmt::Debug;
use std::time::Instant;

impl<T: Debug, R: SeedableRng, S: Ord + Clone + Debug> Shrinker<'_, '_, '_, T, R, S> {
    /// One round of the bounded exhaustive search (`exhaust.rs`): walks the executions
    /// within `bounds`, then asks those smaller than the current input, smallest first,
    /// until one fails (it becomes the input). Returns whether one did, and what the walk
    /// showed. `calls_left`: the search's own budget of property calls, over its rounds.
    pub(super) fn exhaust(&mut self, bounds: Exhaust, calls_left: &mut u64) -> (bool, Certificate) {
        let mut certificate = Certificate {
            bounds,
            // Grown as executions of more decisions are counted (the bound may be huge).
            inputs: vec![0; bounds.decisions.min(64) + 1],
            neighbours: 0,
            asked: 0,
            complete: true,
        };
        self.limits.begin(Pass::Exhaust, false);
        let mut smaller: Vec<(S, Vec<u8>)> = Vec::new();
        let mut stack = vec![Node {
            bytes: Vec::new(),
            from: 0,
        }];
        let mut walked = 0u64;
        // The executions run, by name: a neighbour the walk ran (or another neighbour
        // named the same) is not run again.
        let mut seen: HashSet<u128> = HashSet::new();
        while let Some(node) = stack.pop() {
            if walked >= bounds.inputs || self.out_of_time() {
                certificate.complete = false;
                break;
            }
            walked += 1;
            // The decisions whose other values name the children.
            let trace = match self.run_bytes(&node.bytes) {
                OnBytes::Ran(run) => {
                    let decisions = run.trace.decision_count();
                    if decisions <= bounds.decisions {
                        if bounds.changes > 0 {
                            seen.extend(exhaust::name(&run.trace));
                        }
                        if certificate.inputs.len() <= decisions {
                            certificate.inputs.resize(decisions + 1, 0);
                        }
                        certificate.inputs[decisions] += 1;
                        let size = (self.hooks.size)(&run.output, &run.trace);
                        let order = size
                            .cmp(&self.current.size)
                            .then_with(|| cmp_decisions(&run.trace, &self.current.trace));
                        if order == Ordering::Less {
                            smaller.push((size, node.bytes.clone()));
                        }
                    }
                    run.trace
                }
                // No input (an `assume`, or a generator that cannot make it); what differs
                // from it before the panic can be.
                OnBytes::Panicked(_, partial) => partial,
                OnBytes::Stopped(_) => {
                    // Over its budget: what differs from it is not known.
                    certificate.complete = false;
                    continue;
                }
            };
            let room = bounds.inputs.saturating_sub(walked + stack.len() as u64);
            let (children, named) = exhaust::children(&node, &trace, bounds, room);
            certificate.complete &= named;
            stack.extend(children);
        }
        self.stats.replays += walked;
        let smaller = smaller
            .into_iter()
            .map(|(size, bytes)| (size, (bytes.len(), bytes)))
            .collect();
        if self.ask_smaller(
            smaller,
            |(_, b)| b.clone(),
            &mut certificate,
            calls_left,
            "an execution",
        ) {
            return (true, certificate);
        }
        if bounds.changes == 0 || *calls_left == 0 || self.out_of_time() || self.out_of_calls() {
            // No neighbourhood, or none of its smaller neighbours could be asked.
            certificate.complete &= bounds.changes == 0;
            return (false, certificate);
        }
        // The input is not its own neighbour (two byte strings may read the same values).
        seen.extend(exhaust::name(&self.current.trace));
        let found = self.neighbourhood(bounds, &mut seen, &mut certificate, calls_left);
        (found, certificate)
    }

    /// The neighbourhood search (`exhaust.rs`): runs the current input's neighbours within
    /// `bounds` that are not `seen` (named by [`exhaust::name`]), then asks those smaller
    /// than it, smallest first, until one fails (it becomes the input: true).
    pub(super) fn neighbourhood(
        &mut self,
        bounds: Exhaust,
        seen: &mut HashSet<u128>,
        certificate: &mut Certificate,
        calls_left: &mut u64,
    ) -> bool {
        let hood = exhaust::Neighbourhood::new(&self.current.trace, bounds);
        let mut smaller: Vec<(S, Vec<exhaust::Change>)> = Vec::new();
        let (mut ran, mut replays) = (0u64, 0u64);
        let mut cut = false;
        hood.each(bounds.changes, |bytes, changes| {
            if replays >= bounds.inputs || self.out_of_time() {
                cut = true;
                return false;
            }
            replays += 1;
            match self.run_bytes(bytes) {
                OnBytes::Ran(run) => {
                    if exhaust::name(&run.trace).is_some_and(|name| !seen.insert(name)) {
                        return true;
                    }
                    ran += 1;
                    let size = (self.hooks.size)(&run.output, &run.trace);
                    let order = size
                        .cmp(&self.current.size)
                        .then_with(|| cmp_decisions(&run.trace, &self.current.trace));
                    if order == Ordering::Less {
                        smaller.push((size, changes.to_vec()));
                    }
                }
                // No input (an `assume`, or a panic), or over the replay budget (its
                // bytes name one execution: nothing is left unknown).
                OnBytes::Panicked(..) | OnBytes::Stopped(_) => {}
            }
            true
        });
        self.stats.replays += replays;
        certificate.neighbours = ran;
        certificate.complete &= hood.named && !cut;
        self.ask_smaller(
            smaller,
            |changes| hood.bytes(changes),
            certificate,
            calls_left,
            "a neighbour",
        )
    }

    /// Asks the executions `smaller` (each smaller than the current input: its size, and a
    /// key that names it, whose `bytes` are the execution's), smallest first (by size, then
    /// key), until one fails: it becomes the input (true). `what` names them in the log.
    pub(super) fn ask_smaller<K: Ord>(
        &mut self,
        mut smaller: Vec<(S, K)>,
        bytes: impl Fn(&K) -> Vec<u8>,
        certificate: &mut Certificate,
        calls_left: &mut u64,
        what: &str,
    ) -> bool {
        smaller.sort();
        for (_, key) in smaller {
            let bytes = bytes(&key);
            if *calls_left == 0 || self.out_of_time() || self.out_of_calls() {
                certificate.complete = false;
                break;
            }
            let OnBytes::Ran(run) = self.run_bytes(&bytes) else {
                // It ran before; a generator that does not run the same way twice.
                certificate.complete = false;
                continue;
            };
            let calls_before = self.stats.property_calls;
            self.stats.candidates += 1;
            let output = self
                .log
                .explains()
                .then(|| cut(format!("{:?}", run.output), Attempt::OUTPUT));
            let decisions = run.trace.decision_count();
            let verdict = self.judge(run);
            let calls = self.stats.property_calls - calls_before;
            *calls_left = calls_left.saturating_sub(calls);
            certificate.asked += 1;
            let accepted = verdict == Verdict::Accepted;
            self.count(Pass::Exhaust, calls, accepted);
            self.log.push(Attempt {
                number: self.stats.candidates,
                pass: Pass::Exhaust,
                change: vec![format!("{what} of {decisions} decisions within the bounds")],
                bypassed: Vec::new(),
                realigned: Vec::new(),
                output,
                verdict,
            });
            self.watch(accepted);
            if accepted {
                return true;
            }
        }
        false
    }

    /// The run of the generator on `bytes` (the byte form of a run: `crate::run::bytes`).
    pub(super) fn run_bytes(&mut self, bytes: &[u8]) -> OnBytes<T> {
        let started = Instant::now();
        let mut rng = R::seed_from_u64(BYTES_SEED);
        let generator = &mut self.hooks.generator;
        let ran = replay_bytes(|rng: &mut R| generator(rng), &mut rng, bytes, true);
        self.stats.generation_time += started.elapsed();
        ran
    }
}
