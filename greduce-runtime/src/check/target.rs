//! Guidance without a fuzzer: [`target`] scores an input in a property, and a check spends
//! every other case, once some input scored, mutating the best-scoring inputs with the
//! structure-aware mutator (`fuzz/mutation.rs`), as Hypothesis' `target()` does with its
//! own mutations. A user reaches large or extreme inputs (the longest list, the deepest
//! tree, the slowest query) without installing a fuzzer.

use crate::fuzz::mutation::{Engine, Runs, Source as _};
use crate::fuzz::to_bytes;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::cell::RefCell;

thread_local! {
    /// The scores of the case running on this thread, while a check collects them.
    static SCORES: RefCell<Option<Vec<(String, f64)>>> = const { RefCell::new(None) };
}

/// Asks the check to look for inputs that make `score` high: the property (or the
/// generator) reports how far the case went under `label`, and a check, once some case has
/// reported a score, spends every other case on mutations of the inputs with the highest
/// score under each label (their values pushed to their bounds, their loops grown, their
/// generator calls made again: see [`fuzz::Mutator`](crate::fuzz::Mutator)), keeping a
/// mutation that scores higher. Called more than once in a case under one label, the
/// highest score counts. Does nothing outside a check, and in a check in fork mode (the
/// cases run in another process).
///
/// ```
/// use greduce::{Check, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..40)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// // Random lists hardly ever hold five 999s (one value in a thousand is 999); guided by
/// // the count, the check finds such a list within its 1000 cases.
/// let result = Check::new(numbers)
///     .cases(1000)
///     .seed(1)
///     .persist(false)
///     .print_progress(false)
///     .try_check(|v: &Vec<u32>| {
///         let top = v.iter().filter(|&&x| x == 999).count();
///         greduce::target("999s", top as f64);
///         top < 5
///     });
/// // Shrunk to the five 999s alone.
/// assert!(result.unwrap_err().to_string().contains("[999, 999, 999, 999, 999]"));
/// ```
pub fn target(label: &str, score: f64) {
    if score.is_nan() {
        return;
    }
    SCORES.with(|scores| {
        if let Some(scores) = scores.borrow_mut().as_mut() {
            match scores.iter_mut().find(|(l, _)| l == label) {
                Some((_, best)) => *best = best.max(score),
                None => scores.push((label.to_string(), score)),
            }
        }
    });
}

/// Collecting the scores of a case on this thread, until dropped or taken.
#[must_use]
pub(super) struct Collecting(());

/// Starts collecting the scores of a case on this thread.
pub(super) fn start() -> Collecting {
    SCORES.with(|scores| *scores.borrow_mut() = Some(Vec::new()));
    Collecting(())
}

impl Collecting {
    /// The scores collected since [`start`]; collecting stops.
    // Reason: it takes the guard, so that collecting ends where the scores are read.
    #[allow(clippy::unused_self)]
    pub(super) fn take(self) -> Vec<(String, f64)> {
        SCORES.with(|scores| scores.borrow_mut().take().unwrap_or_default())
    }
}

impl Drop for Collecting {
    fn drop(&mut self) {
        // Taken or not (a case that failed: shrinking runs the property again), collecting
        // stops with the case.
        SCORES.with(|scores| scores.borrow_mut().take());
    }
}

/// The largest input a guided case is mutated into, in bytes.
const MAX_SIZE: usize = 1 << 14;

/// The best inputs so far, one per label: its score and its bytes (see
/// [`crate::fuzz::to_bytes`]).
#[derive(Debug, Default)]
pub(super) struct Guide {
    best: Vec<(String, f64, Vec<u8>)>,
}

impl Guide {
    /// Whether case `index` is a mutation: every other case once some input scored.
    pub(super) fn mutates(&self, index: u64) -> bool {
        !self.best.is_empty() && index % 2 == 1
    }

    /// Keeps an input that scored higher than the best under a label: `bytes` gives its
    /// bytes (called at most once, only then).
    pub(super) fn offer(
        &mut self,
        scores: &[(String, f64)],
        bytes: impl FnOnce() -> Option<Vec<u8>>,
    ) {
        let better: Vec<&(String, f64)> = scores
            .iter()
            .filter(|(label, score)| {
                self.best
                    .iter()
                    .find(|(l, ..)| l == label)
                    .is_none_or(|(_, best, _)| score > best)
            })
            .collect();
        if better.is_empty() {
            return;
        }
        let Some(bytes) = bytes() else {
            return;
        };
        for (label, score) in better {
            match self.best.iter_mut().find(|(l, ..)| l == label) {
                Some(best) => *best = (label.clone(), *score, bytes.clone()),
                None => self.best.push((label.clone(), *score, bytes.clone())),
            }
        }
    }

    /// A mutation of one of the best inputs (which one, and how, chosen by `seed`).
    pub(super) fn mutated<T>(
        &self,
        generator: &mut dyn FnMut(&mut StdRng) -> T,
        seed: u64,
    ) -> Vec<u8> {
        let mut rng = StdRng::seed_from_u64(seed);
        let (_, _, input) = &self.best[rng.random_range(0..self.best.len())];
        let mut source = Runs(generator);
        let mut engine = Engine {
            source: &mut source,
            byte_mutation: None,
        };
        let (mut bytes, _) = engine.mutation(input, MAX_SIZE, &mut rng);
        bytes.truncate(MAX_SIZE);
        bytes
    }
}

/// The bytes of the case recorded with `seed` (its trace's byte form), to mutate later;
/// `None` when its trace has none.
pub(super) fn case_bytes<T>(
    generator: &mut dyn FnMut(&mut StdRng) -> T,
    seed: u64,
) -> Option<Vec<u8>> {
    to_bytes(&Runs(generator).record(seed)?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_keeps_each_labels_highest_score_and_nothing_outside_it() {
        // Outside a case: nothing is kept.
        target("before", 1.0);
        let collecting = start();
        target("a", f64::NAN);
        target("a", 1.0);
        target("a", 3.0);
        target("a", 2.0);
        target("b", -5.0);
        assert_eq!(
            collecting.take(),
            [("a".to_string(), 3.0), ("b".to_string(), -5.0)]
        );
        // Collecting stopped with the take, and stops when the guard is dropped.
        target("after", 1.0);
        drop(start());
        target("dropped", 1.0);
        assert_eq!(start().take(), []);
    }

    #[test]
    fn an_input_is_kept_when_it_beats_its_labels_best() {
        let mut guide = Guide::default();
        assert!(!guide.mutates(1));
        guide.offer(&[("a".to_string(), 2.0)], || Some(vec![1]));
        assert!(guide.mutates(1) && !guide.mutates(2));
        // Not better: its bytes are not even asked for.
        guide.offer(&[("a".to_string(), 2.0)], || panic!("asked for bytes"));
        guide.offer(&[("a".to_string(), 3.0), ("b".to_string(), 0.0)], || {
            Some(vec![2])
        });
        assert_eq!(
            guide.best,
            [
                ("a".to_string(), 3.0, vec![2]),
                ("b".to_string(), 0.0, vec![2])
            ]
        );
    }
}
