//! One reduction of a subject under one setting, as a row of the paper's tables: the
//! settings, what a subject's reduction needs, and the row it gives.

use greduce::{PassSet, Reducer, Run, Search, Strategy};
use rand::rngs::StdRng;
use std::cell::Cell;
use std::fmt::Debug;
use std::time::Instant;

/// The settings, in the paper's order: tree re-align, tree bypass, tree halt, then the same
/// with sequence search.
pub(crate) const SETTINGS: [(Search, Strategy, &str); 6] = [
    (Search::Tree, Strategy::Realign, "tree + re-align"),
    (Search::Tree, Strategy::Bypass, "tree + bypass"),
    (Search::Tree, Strategy::Halt, "tree + halt"),
    (Search::Sequence, Strategy::Realign, "sequence + re-align"),
    (Search::Sequence, Strategy::Bypass, "sequence + bypass"),
    (Search::Sequence, Strategy::Halt, "sequence + halt"),
];

/// The full default (every pass, tree + re-align), as a setting index after [`SETTINGS`]
/// (which are the paper's algorithm: structure only).
pub(crate) const DEFAULT: usize = SETTINGS.len();

/// One reduction's result.
pub(crate) struct Row {
    pub(crate) subject: usize,
    pub(crate) setting: usize,
    pub(crate) original: (usize, usize),
    pub(crate) size: (usize, usize),
    pub(crate) calls: u64,
    pub(crate) seconds: f64,
    pub(crate) valid: u64,
    pub(crate) seen: u64,
}

/// What one subject's reduction needs: its original run, its generator, size measure,
/// validator and oracle.
pub(crate) struct Subject<'a, T, G> {
    pub(crate) id: usize,
    pub(crate) run: Run<T>,
    pub(crate) generator: G,
    pub(crate) size: fn(&T) -> (usize, usize),
    pub(crate) valid: &'a dyn Fn(&T) -> bool,
    pub(crate) fails: &'a dyn Fn(&T) -> bool,
}

/// Reduces a subject's original under `setting` (one of [`SETTINGS`], structure only, or
/// [`DEFAULT`]), counting the candidates the validator accepts.
pub(crate) fn reduce_subject<T: Debug, G: FnMut(&mut StdRng) -> T>(
    subject: Subject<'_, T, G>,
    setting: usize,
) -> Row {
    let (search, strategy, passes) = match SETTINGS.get(setting) {
        Some((search, strategy, _)) => (*search, *strategy, PassSet::STRUCTURE),
        None => (Search::Tree, Strategy::Realign, PassSet::ALL),
    };
    let (valid, seen) = (Cell::new(0), Cell::new(0));
    let started = Instant::now();
    let reduction = Reducer::new(subject.generator)
        .search(search)
        .strategy(strategy)
        .passes(passes)
        .size(subject.size)
        .reduce(&subject.run.trace, |output: &T| {
            seen.set(seen.get() + 1);
            if (subject.valid)(output) {
                valid.set(valid.get() + 1);
            }
            !(subject.fails)(output)
        });
    Row {
        subject: subject.id,
        setting,
        original: (subject.size)(&subject.run.output),
        size: (subject.size)(&reduction.output),
        calls: reduction.stats.property_calls,
        seconds: started.elapsed().as_secs_f64(),
        valid: valid.get(),
        seen: seen.get(),
    }
}

pub(crate) fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0.0), |(s, n), v| (s + v, n + 1.0));
    if n == 0.0 { 0.0 } else { sum / n }
}
