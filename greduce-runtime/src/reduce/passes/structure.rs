//! The structural pass (the paper's GReduce): which reducible parts to remove, by ddmin
//! over a list of parts.
//!
//! Sequence-based reduction runs ddmin (`delta.rs`, [`Variant::Paper`]) once over all parts
//! in trace order; tree-based reduction (HDD) runs it on one level of the part tree at a
//! time, outermost first. Every candidate of one ddmin is cut from the trace the ddmin
//! started from, as in the paper (the reduced trace is that trace with the parts labelled
//! removed).
//!
//! ddmin keeps its subsets as intervals of positions in the list, and a candidate's removed
//! parts become runs of sibling parts ([`Siblings`]): a candidate costs O(intervals), not
//! O(parts), however many parts it removes.

use super::probe::{Cursor, Probe};
use crate::config::passes::Search;
use crate::property::outcome::Outcome;
use crate::reduce::delta::{self, Mode, Positions, Variant};
use crate::trace::edit::{Edit, Siblings};
use crate::trace::{NodeId, Trace};
use std::ops::Range;

/// Runs the structural pass on the current input, as its [`Search`] says; returns whether
/// it accepted a candidate. With `rounds`, HDD repeats its rounds until one changes nothing
/// (the paper's algorithm alone); without, it makes one round, and the value passes' rounds
/// (which sweep the structure again) take it to a fixpoint.
pub(super) fn run(probe: &mut dyn Probe, rounds: bool) -> bool {
    match probe.search() {
        Search::Sequence => {
            let base = probe.current().clone();
            let parts = all_parts(&base);
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
///
/// A part whose removal failed while some later pick lost choices by it (a
/// `random_range(0..pool.len())`, a `choose` from the outputs made so far) is tried again
/// with those picks moved down by the choices lost ([`Edit::shift`]): a generator that
/// names an operand by its place among the outputs, newest first, then still names the
/// same one when an output made between the two goes. Neither edit is always right (the
/// removed output may come after the pick's, in its order), so both are tried.
pub(super) fn sweep(probe: &mut dyn Probe) {
    let mut parts: (u64, Vec<NodeId>) = (u64::MAX, Vec::new());
    let mut cursor = Cursor::new(probe);
    loop {
        let base = probe.current().clone();
        if parts.0 != probe.generation() {
            parts = (probe.generation(), all_parts(&base));
        }
        let parts = &parts.1;
        let Some(i) = cursor.next(probe, parts.len()) else {
            return;
        };
        let part = parts[i];
        // An empty iteration right after an empty one removes the same as it did.
        if i > 0
            && empty_iteration(&base, part)
            && base.end(parts[i - 1]) == part
            && empty_iteration(&base, parts[i - 1])
        {
            continue;
        }
        let generation = probe.generation();
        if !probe.consider_on(&base, generation, Edit::removing(vec![part])) {
            // Picks from a pool the removed part added to name other members now: try
            // again with them moved down (`Edit::shift`).
            if probe.last_replay().shiftable == 0 || probe.give_up() {
                continue;
            }
            let mut shifting = Edit::removing(vec![part]);
            shifting.shift = true;
            if !probe.consider_on(&base, generation, shifting) {
                continue;
            }
        }
        // The part that follows the removed ones takes their place: visit it next.
        cursor.again();
        // The siblings that follow it, as far as removing them with it still works.
        let parent = base.parent(part);
        let after: Vec<NodeId> = base
            .children(parent)
            .skip_while(|c| *c != part)
            .skip(1)
            .collect();
        super::probe::find_integer(|k| {
            let k = k as usize;
            k <= after.len()
                && !probe.give_up()
                && probe.consider_on(
                    &base,
                    generation,
                    Edit::removing_runs(vec![Siblings {
                        first: part,
                        last: after[k - 1],
                        count: k as u32 + 1,
                    }]),
                )
        });
    }
}

/// The reducible parts of `trace` in trace order.
fn all_parts(trace: &Trace) -> Vec<NodeId> {
    trace.part_nodes().into_iter().map(|(p, _)| p).collect()
}

/// Whether `part` is a loop iteration with nothing in it.
fn empty_iteration(trace: &Trace, part: NodeId) -> bool {
    trace.end(part) == part + 1 && matches!(trace.kind(part), crate::trace::Kind::Iteration)
}

/// HDD: ddmin on each level of the part tree, outermost first; with `rounds`, again until a
/// round changes nothing.
fn hdd(probe: &mut dyn Probe, rounds: bool) -> bool {
    let mut any = false;
    // The parts of the current input with their depths, found again only when it changes
    // (one walk of the trace serves every level that removes nothing).
    let mut parts: (u64, Vec<(NodeId, usize)>) = (u64::MAX, Vec::new());
    loop {
        let mut changed = false;
        let mut depth = 0;
        loop {
            let base = probe.current().clone();
            if parts.0 != probe.generation() {
                parts = (probe.generation(), base.part_nodes());
            }
            let level: Vec<NodeId> = parts
                .1
                .iter()
                .filter(|(_, d)| *d == depth)
                .map(|(p, _)| *p)
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
fn ddmin_parts(probe: &mut dyn Probe, base: &Trace, generation: u64, parts: &[NodeId]) -> bool {
    let runs = Runs::of(base, parts);
    let mut accepted = false;
    // Only the calls matter: each accepted candidate is the new input already.
    let _ = delta::dd(
        parts.len(),
        Variant::Paper,
        Mode::Min,
        Positions::default(),
        &mut |kept| {
            if probe.give_up() {
                return None;
            }
            let edit = Edit::removing_runs(runs.removed(parts, &kept.gaps(parts.len())));
            let ok = probe.consider_on(base, generation, edit);
            accepted |= ok;
            // The candidate still fails: the search keeps it.
            Some(if ok { Outcome::Fails } else { Outcome::Passes })
        },
    );
    accepted
}

/// How a level's removed positions become runs of sibling parts.
struct Runs {
    /// Positions where the next part is not the next sibling of the one before: runs end
    /// there.
    breaks: Vec<usize>,
    /// Blocks of consecutive sibling iterations that are empty (no decisions, no nodes:
    /// a loop that makes nothing random per iteration), as position ranges. Removing any
    /// `k` iterations of such a block replays the same as removing its last `k`: edits
    /// say so, and the reducer's cache of tried edits then knows them for the same.
    empty: Vec<Range<usize>>,
}

impl Runs {
    fn of(base: &Trace, parts: &[NodeId]) -> Runs {
        let breaks: Vec<usize> = (1..parts.len())
            .filter(|&k| {
                let prev = parts[k - 1];
                base.end(prev) != parts[k] || base.parent(prev) != base.parent(parts[k])
            })
            .collect();
        let is_empty = |k: usize| empty_iteration(base, parts[k]);
        let mut empty = Vec::new();
        let mut k = 0;
        let mut next_break = breaks.iter().peekable();
        while k < parts.len() {
            if !is_empty(k) {
                k += 1;
                continue;
            }
            let start = k;
            while next_break.peek().is_some_and(|b| **b <= start) {
                next_break.next();
            }
            let limit = next_break.peek().map_or(parts.len(), |b| **b);
            while k < limit && is_empty(k) {
                k += 1;
            }
            if k - start > 1 {
                empty.push(start..k);
            }
        }
        Runs { breaks, empty }
    }

    /// The runs of the removed positions `gaps` (sorted, disjoint).
    fn removed(&self, parts: &[NodeId], gaps: &[Range<usize>]) -> Vec<Siblings> {
        // Removed positions, split where runs must end and at empty blocks' edges.
        // At least one piece per gap.
        let mut pieces: Vec<Range<usize>> = Vec::with_capacity(gaps.len());
        for gap in gaps {
            let mut start = gap.start;
            let from = self.breaks.partition_point(|b| *b <= gap.start);
            for &b in self.breaks[from..].iter().take_while(|b| **b < gap.end) {
                self.at_blocks(start..b, &mut pieces);
                start = b;
            }
            self.at_blocks(start..gap.end, &mut pieces);
        }
        // Within an empty block, the removed count is what matters: the block's last ones.
        let mut out: Vec<Siblings> = Vec::with_capacity(pieces.len());
        let mut i = 0;
        while i < pieces.len() {
            let piece = pieces[i].clone();
            i += 1;
            let block = self
                .empty
                .iter()
                .find(|b| b.start <= piece.start && piece.end <= b.end);
            let Some(block) = block else {
                out.push(run_of(parts, piece));
                continue;
            };
            let mut count = piece.len();
            while i < pieces.len() && pieces[i].end <= block.end {
                count += pieces[i].len();
                i += 1;
            }
            out.push(run_of(parts, block.end - count..block.end));
        }
        out
    }

    /// `range` split at the edges of empty blocks, pushed to `out`.
    fn at_blocks(&self, range: Range<usize>, out: &mut Vec<Range<usize>>) {
        let mut start = range.start;
        let from = self.empty.partition_point(|b| b.end <= range.start);
        for block in self.empty[from..]
            .iter()
            .take_while(|b| b.start < range.end)
        {
            for edge in [block.start, block.end] {
                if start < edge && edge < range.end {
                    out.push(start..edge);
                    start = edge;
                }
            }
        }
        out.push(start..range.end);
    }
}

/// The run of the consecutive sibling parts at positions `range`.
fn run_of(parts: &[NodeId], range: Range<usize>) -> Siblings {
    Siblings {
        first: parts[range.start],
        last: parts[range.end - 1],
        count: range.len() as u32,
    }
}
