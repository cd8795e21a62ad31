//! The structural pass (the paper's GReduce): which reducible parts to remove, by ddmin
//! over a list of parts.
//!
//! Sequence-based reduction runs [`ddmin`] once over all parts in trace order; tree-based
//! reduction (HDD) runs it on one level of the part tree at a time, outermost first, until
//! a whole round changes nothing. Every candidate of one ddmin is cut from the trace the
//! ddmin started from, as in the paper (the reduced trace is that trace with the parts
//! labelled removed).

use super::Probe;
use crate::edit::Edit;
use crate::trace::{NodeId, Removed};

/// Which reduced traces the reducer proposes.
#[derive(Clone, Copy, Debug, Default, Eq, PartialEq, Hash)]
pub enum Search {
    /// ddmin over all reducible parts in trace order (`G^S` in the paper).
    Sequence,
    /// HDD: ddmin on the outermost parts first, then on the parts inside the kept ones,
    /// level by level, repeated until a whole round changes nothing (`G^T`).
    #[default]
    Tree,
}

/// Runs the structural pass on the current input, as its [`Search`] says; returns whether
/// it accepted a candidate. With `rounds`, HDD repeats its rounds until one changes nothing
/// (the paper's algorithm alone); without, it makes one round, and the value passes' rounds
/// (which sweep the structure again) take it to a fixpoint.
pub(super) fn run(probe: &mut dyn Probe, rounds: bool) -> bool {
    match probe.search() {
        Search::Sequence => {
            let base = probe.current().clone();
            let parts: Vec<NodeId> = base
                .kept_parts(&Removed::none(&base))
                .into_iter()
                .map(|(p, _)| p)
                .collect();
            let generation = probe.generation();
            ddmin_parts(probe, &base, generation, &parts)
        }
        Search::Tree => hdd(probe, rounds),
    }
}

/// After the first run, the structural pass checks the input again after other passes
/// changed it: each kept part in trace order (outer parts first) is tried removed alone,
/// and when that works, with as many of its following siblings as still works (O(log)
/// tries). Cheaper than a fresh ddmin on an input that is 1-minimal already, and it keeps
/// it so: a sweep that removes nothing has tried every part alone.
pub(super) fn sweep(probe: &mut dyn Probe) {
    let mut i = 0;
    while !probe.give_up() {
        let base = probe.current().clone();
        let parts: Vec<NodeId> = base
            .kept_parts(&Removed::none(&base))
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        let Some(&part) = parts.get(i) else {
            return;
        };
        let generation = probe.generation();
        if !probe.consider_on(&base, generation, Edit::removing(vec![part])) {
            i += 1;
            continue;
        }
        // The siblings that follow it, as far as removing them with it still works.
        let parent = base.node(part).parent;
        let after: Vec<NodeId> = base
            .children(parent)
            .skip_while(|c| *c != part)
            .skip(1)
            .collect();
        super::find_integer(|k| {
            let k = k as usize;
            k <= after.len()
                && !probe.give_up()
                && probe.consider_on(&base, generation, {
                    let mut run = vec![part];
                    run.extend_from_slice(&after[..k]);
                    Edit::removing(run)
                })
        });
    }
}

/// HDD: ddmin on each level of the part tree, outermost first; with `rounds`, again until a
/// round changes nothing.
fn hdd(probe: &mut dyn Probe, rounds: bool) -> bool {
    let mut any = false;
    loop {
        let mut changed = false;
        let mut depth = 0;
        loop {
            let base = probe.current().clone();
            let level: Vec<NodeId> = base
                .kept_parts(&Removed::none(&base))
                .into_iter()
                .filter(|(_, d)| *d == depth)
                .map(|(p, _)| p)
                .collect();
            if level.is_empty() {
                break;
            }
            let generation = probe.generation();
            changed |= ddmin_parts(probe, &base, generation, &level);
            if probe.give_up() {
                return any || changed;
            }
            depth += 1;
        }
        any |= changed;
        if !changed || !rounds {
            return any;
        }
    }
}

/// ddmin over `parts` of `base`; returns whether a candidate was accepted.
fn ddmin_parts(
    probe: &mut dyn Probe,
    base: &crate::trace::Trace,
    generation: u64,
    parts: &[NodeId],
) -> bool {
    let mut accepted = false;
    ddmin(parts.to_vec(), |kept| {
        if probe.give_up() {
            return None;
        }
        // `kept` is a subsequence of `parts`: what it leaves out is removed (one merge).
        let mut removed = Vec::with_capacity(parts.len() - kept.len());
        let mut k = kept.iter().peekable();
        for p in parts {
            if k.peek() == Some(&p) {
                k.next();
            } else {
                removed.push(*p);
            }
        }
        let ok = probe.consider_on(base, generation, Edit::removing(removed));
        accepted |= ok;
        Some(ok)
    });
    accepted
}

/// Splits `items` into `n` chunks of near-equal size, in order, as ranges.
fn chunks(len: usize, n: usize) -> Vec<std::ops::Range<usize>> {
    (0..n).map(|i| i * len / n..(i + 1) * len / n).collect()
}

/// ddmin (Zeller and Hildebrandt): finds a 1-minimal sublist of `items` for which `test`
/// holds, assuming it holds for `items`. `test` gets the sublist to keep and answers
/// whether it still reproduces, or `None` to stop the search (a budget ran out). Unlike
/// classic ddmin, the empty list is tried too (removing the last part may be what works).
pub(crate) fn ddmin<T: Clone>(items: Vec<T>, mut test: impl FnMut(&[T]) -> Option<bool>) -> Vec<T> {
    let mut kept = items;
    let mut n = 2;
    while !kept.is_empty() {
        let n_eff = n.min(kept.len());
        let parts = chunks(kept.len(), n_eff);
        let mut progressed = false;
        // Reduce to one chunk.
        if n_eff >= 2 {
            for part in &parts {
                match test(&kept[part.clone()]) {
                    None => return kept,
                    Some(true) => {
                        kept = kept[part.clone()].to_vec();
                        n = 2;
                        progressed = true;
                        break;
                    }
                    Some(false) => {}
                }
            }
        }
        // Reduce to a complement (with two chunks, the complements are the chunks).
        if !progressed && n_eff != 2 {
            for part in &parts {
                let mut complement: Vec<T> = Vec::with_capacity(kept.len() - part.len());
                complement.extend_from_slice(&kept[..part.start]);
                complement.extend_from_slice(&kept[part.end..]);
                match test(&complement) {
                    None => return kept,
                    Some(true) => {
                        kept = complement;
                        n = (n_eff - 1).max(2);
                        progressed = true;
                        break;
                    }
                    Some(false) => {}
                }
            }
        }
        if !progressed {
            if n_eff >= kept.len() {
                break;
            }
            n = (2 * n_eff).min(kept.len());
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(items: Vec<u32>, needed: &[u32]) -> (Vec<u32>, usize) {
        let mut calls = 0;
        let kept = ddmin(items, |kept| {
            calls += 1;
            Some(needed.iter().all(|x| kept.contains(x)))
        });
        (kept, calls)
    }

    #[test]
    fn finds_the_needed_items() {
        assert_eq!(run((0..8).collect(), &[1, 6]).0, vec![1, 6]);
        assert_eq!(run((0..3).collect(), &[2]).0, vec![2]);
        assert_eq!(run((0..5).collect(), &[]).0, Vec::<u32>::new());
        assert_eq!(run(vec![4], &[]).0, Vec::<u32>::new());
        assert_eq!(run(vec![4], &[4]).0, vec![4]);
    }

    #[test]
    fn the_motivating_example_needs_four_tests() {
        // "abc" -> keep "a"? no; keep "bc"? yes; keep "b"? no; keep "c"? yes; keep ""? no.
        assert_eq!(run(vec![0, 1, 2], &[2]), (vec![2], 5));
    }

    #[test]
    fn stops_when_told() {
        let mut calls = 0;
        let kept = ddmin((0..16).collect::<Vec<u32>>(), |_| {
            calls += 1;
            if calls > 3 { None } else { Some(false) }
        });
        assert_eq!(kept.len(), 16);
        assert_eq!(calls, 4);
    }
}
