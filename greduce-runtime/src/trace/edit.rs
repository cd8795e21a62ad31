//! What a candidate changes in a trace ([`Edit`]), and the form replay reads it in
//! ([`Overlay`]).
//!
//! A candidate is never a copy of the trace: it is the trace it was cut from plus an edit,
//! whose size is that of the change. Removals are runs of sibling nodes ([`Siblings`]): a ddmin
//! candidate that keeps an eighth of a loop's iterations removes two runs, not seven
//! eighths of the iterations one by one, so building, hashing and applying it costs
//! O(runs), and replay jumps over a removed run at once.

use crate::trace::value::Value;
use crate::trace::{NodeId, Trace};
use foldhash::quality::{FixedState, FoldHasher};
use std::hash::{BuildHasher as _, Hash, Hasher};

/// Consecutive sibling nodes removed together: `first` to `last` (both included, both
/// children of one parent), `count` of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Siblings {
    pub(crate) first: NodeId,
    pub(crate) last: NodeId,
    pub(crate) count: u32,
}

impl Siblings {
    /// One node.
    pub(crate) fn one(node: NodeId) -> Siblings {
        Siblings {
            first: node,
            last: node,
            count: 1,
        }
    }
}

/// A change to a trace: a candidate, as the reducer's passes propose it.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Edit {
    /// Removed nodes: reducible parts (the paper's labelling), and other nodes deleted (a
    /// decision run, an iteration of a loop whose count is not a decision), as runs of
    /// siblings. Sorted, disjoint.
    pub(crate) removed: Vec<Siblings>,
    /// Decisions answered with another value (a loop count, the arm of a `match`, any plain
    /// decision). Sorted by node, one value per node.
    pub(crate) values: Vec<(NodeId, Value)>,
    /// Generator calls replayed as another recorded call of the same generator (a nested
    /// one: hoisting; a sibling: swapping), or of another generator nested in it (a
    /// descent: the call runs its simplest way until it first calls that generator, whose
    /// call replays the recorded one; [`Aligner::push_call`](crate::run::align::Aligner)):
    /// `(call, recorded)`. Sorted by call.
    pub(crate) hoists: Vec<(NodeId, NodeId)>,
    /// Iterations moved to the end of another loop: `(loop, iteration)`, the iteration
    /// (removed where it was, as a run of its own in `removed`) replays as the loop's next
    /// iteration once its own kept iterations are done (its count set one higher in
    /// `values`). Sorted by loop, in the order they are appended.
    pub(crate) moves: Vec<(NodeId, NodeId)>,
    /// Re-align carries recorded values by position: a decision that aligns with nothing
    /// takes the value of the recorded decision at its place in the block (another site's:
    /// a `match` arm switched to one whose digits are drawn elsewhere keeps the digits), and
    /// the replay moves on past it. Without it, such a decision takes its simplest value.
    /// Only re-align ([`Strategy::Realign`](crate::config::Strategy)) carries: the strict
    /// strategies stop there either way.
    pub(crate) carry: bool,
    /// Re-align moves a recorded pick down when its range lost choices: a decision that
    /// now has `k` choices fewer than recorded (a shorter `random_range` from the same
    /// start, a shorter list to `choose` from) and recorded a value of at least `k` takes
    /// the value `k` lower ([`Asked::shifted`](crate::trace::value::Asked::shifted)). Tried when
    /// removing a part failed and some pick lost choices by it: a pick from a pool of the
    /// tensors made so far then still names the tensor it named when the removed part's
    /// tensor came before it.
    pub(crate) shift: bool,
}

impl Edit {
    /// An edit that removes `nodes` (in any order), each a run of its own.
    pub(crate) fn removing(mut nodes: Vec<NodeId>) -> Edit {
        nodes.sort_unstable();
        nodes.dedup();
        Edit::removing_runs(nodes.into_iter().map(Siblings::one).collect())
    }

    /// An edit that removes `runs` (sorted and disjoint).
    pub(crate) fn removing_runs(runs: Vec<Siblings>) -> Edit {
        debug_assert!(runs.windows(2).all(|w| w[0].last < w[1].first));
        Edit {
            removed: runs,
            ..Edit::default()
        }
    }

    /// An edit that answers the decisions at the given nodes with the given values.
    pub(crate) fn setting(mut values: Vec<(NodeId, Value)>) -> Edit {
        values.sort_by_key(|(node, _)| *node);
        values.dedup_by_key(|(node, _)| *node);
        Edit {
            values,
            ..Edit::default()
        }
    }

    /// Whether the edit changes nothing.
    pub(crate) fn is_empty(&self) -> bool {
        self.removed.is_empty()
            && self.values.is_empty()
            && self.hoists.is_empty()
            && self.moves.is_empty()
    }

    /// The edit with `node` removed as well (bypass).
    pub(crate) fn with_removed(&self, node: NodeId) -> Edit {
        let mut wider = self.clone();
        if !wider
            .removed
            .iter()
            .any(|r| r.first <= node && node <= r.last)
        {
            let at = wider.removed.partition_point(|r| r.first < node);
            wider.removed.insert(at, Siblings::one(node));
        }
        wider
    }

    /// A 128-bit key of the edit, for the set of candidates already tried on one trace.
    /// O(change).
    pub(crate) fn key(&self) -> u128 {
        let mut h = Hash128::new(0x51_7c_c1_b7_27_22_0a_95);
        self.removed.len().hash(&mut h);
        for run in &self.removed {
            h.word(u64::from(run.first) | (u64::from(run.last) << 32));
        }
        self.values.len().hash(&mut h);
        for (node, value) in &self.values {
            h.word(u64::from(*node));
            value.hash(&mut h);
        }
        for (call, recorded) in &self.hoists {
            h.word(u64::from(*call) | (u64::from(*recorded) << 32));
        }
        self.moves.len().hash(&mut h);
        for (lp, iteration) in &self.moves {
            h.word(u64::from(*lp) | (u64::from(*iteration) << 32));
        }
        h.word(u64::from(self.carry) | (u64::from(self.shift) << 1));
        h.finish128()
    }
}

impl Edit {
    /// The edit as text, one change per line (`removed FIRST LAST COUNT`, `value NODE
    /// VALUE`, `hoist CALL RECORDED`, `move LOOP ITERATION`, `carry`, `shift`): how a
    /// fork-mode child is told which candidate to replay.
    pub(crate) fn to_text(&self) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        for run in &self.removed {
            let _ = writeln!(out, "removed {} {} {}", run.first, run.last, run.count);
        }
        for (node, value) in &self.values {
            let _ = writeln!(
                out,
                "value {node} {}",
                crate::trace::value_text::value_text(value)
            );
        }
        for (call, recorded) in &self.hoists {
            let _ = writeln!(out, "hoist {call} {recorded}");
        }
        for (lp, iteration) in &self.moves {
            let _ = writeln!(out, "move {lp} {iteration}");
        }
        if self.carry {
            out.push_str("carry\n");
        }
        if self.shift {
            out.push_str("shift\n");
        }
        out
    }

    /// Reads back [`Edit::to_text`].
    pub(crate) fn parse(text: &str) -> Result<Edit, String> {
        let mut edit = Edit::default();
        for line in text.lines().filter(|l| !l.is_empty()) {
            let bad = || format!("bad edit line `{line}`");
            let words: Vec<&str> = line.splitn(3, ' ').collect();
            let number = |i: usize| -> Result<u32, String> {
                words.get(i).and_then(|w| w.parse().ok()).ok_or_else(bad)
            };
            match words.first().copied() {
                Some("removed") => {
                    let (first, rest) = (number(1)?, words.get(2).ok_or_else(bad)?);
                    let (last, count) = rest.split_once(' ').ok_or_else(bad)?;
                    edit.removed.push(Siblings {
                        first,
                        last: last.parse().map_err(|_| bad())?,
                        count: count.parse().map_err(|_| bad())?,
                    });
                }
                Some("value") => {
                    let value =
                        crate::trace::value_text::value_from(words.get(2).ok_or_else(bad)?)?;
                    edit.values.push((number(1)?, value));
                }
                Some("hoist") => edit.hoists.push((number(1)?, number(2)?)),
                Some("move") => edit.moves.push((number(1)?, number(2)?)),
                Some("carry") if words.len() == 1 => edit.carry = true,
                Some("shift") if words.len() == 1 => edit.shift = true,
                _ => return Err(bad()),
            }
        }
        Ok(edit)
    }
}

/// A 128-bit key: two foldhash hashers (its quality variant) with seeds of their own, for
/// the reducer's caches, which hash every candidate and trust the key (an edit's key is
/// the edit, for the cache of candidates tried). The standard library's `SipHash` cost a
/// tenth of a reduction on large traces; foldhash costs a multiply per word.
pub(crate) struct Hash128(FoldHasher<'static>, FoldHasher<'static>);

impl Hash128 {
    pub(crate) fn new(seed: u64) -> Hash128 {
        Hash128(
            FixedState::with_seed(seed).build_hasher(),
            FixedState::with_seed(seed.rotate_left(32) ^ 0x9e37_79b9_7f4a_7c15).build_hasher(),
        )
    }

    #[inline]
    pub(crate) fn word(&mut self, w: u64) {
        self.0.write_u64(w);
        self.1.write_u64(w);
    }

    /// Both halves: a 128-bit key.
    pub(crate) fn finish128(&self) -> u128 {
        (u128::from(self.1.finish()) << 64) | u128::from(self.0.finish())
    }
}

impl Hasher for Hash128 {
    #[inline]
    fn finish(&self) -> u64 {
        self.0.finish()
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
        self.1.write(bytes);
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.word(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.word(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.word(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.word(i as u64);
    }
}

/// An edit applied to a trace, in the form replay reads. The reducer keeps one overlay and
/// reuses it for every candidate; applying and clearing it costs O(change).
#[derive(Clone, Debug, Default)]
pub(crate) struct Overlay {
    /// Removed runs, sorted by their first node, each with its parent.
    runs: Vec<(Siblings, NodeId)>,
    /// Some removed node is not a reducible part: block cursors must skip removed nodes.
    deletes: bool,
    values: Vec<(NodeId, Value)>,
    hoists: Vec<(NodeId, NodeId)>,
    /// [`Edit::moves`].
    moves: Vec<(NodeId, NodeId)>,
    /// [`Edit::carry`].
    carry: bool,
    /// [`Edit::shift`].
    shift: bool,
}

impl Overlay {
    /// `edit` on `trace`.
    pub(crate) fn of(trace: &Trace, edit: &Edit) -> Overlay {
        let mut overlay = Overlay::default();
        overlay.apply(trace, edit);
        overlay
    }

    /// Applies `edit` to this (clear) overlay for `trace`.
    pub(crate) fn apply(&mut self, trace: &Trace, edit: &Edit) {
        debug_assert!(
            self.runs.is_empty()
                && self.values.is_empty()
                && self.hoists.is_empty()
                && self.moves.is_empty()
        );
        self.runs.extend(
            edit.removed
                .iter()
                .map(|run| (*run, trace.parent(run.first))),
        );
        self.deletes = edit.removed.iter().any(|run| !trace.is_part(run.first));
        self.values.clone_from(&edit.values);
        self.hoists.clone_from(&edit.hoists);
        self.moves.clone_from(&edit.moves);
        self.carry = edit.carry;
        self.shift = edit.shift;
    }

    /// Makes the overlay clear again, in O(change).
    pub(crate) fn clear(&mut self) {
        self.runs.clear();
        self.deletes = false;
        self.values.clear();
        self.hoists.clear();
        self.moves.clear();
        self.carry = false;
        self.shift = false;
    }

    /// Removes one more node (bypass removes the part that encloses an infeasible
    /// alignment).
    pub(crate) fn insert(&mut self, trace: &Trace, node: NodeId) {
        if self.run_at(node).is_none() {
            let at = self.runs.partition_point(|(r, _)| r.first < node);
            self.runs
                .insert(at, (Siblings::one(node), trace.parent(node)));
            self.deletes |= !trace.is_part(node);
        }
    }

    /// The removed run that `node` is a member of, if any (`node` must be a child of the
    /// node whose children are being walked: a descendant of a removed node is never asked
    /// about, since replay never enters a removed node). Relies on no removed run lying
    /// inside a member of another run other than its last (only the last run starting at
    /// or before `node` is looked at): passes remove runs of one level, and bypass adds
    /// single nodes that enclose what is removed.
    #[inline]
    pub(crate) fn run_at(&self, node: NodeId) -> Option<&Siblings> {
        if self.runs.is_empty() {
            return None;
        }
        let i = self.runs.partition_point(|(r, _)| r.first <= node);
        let (run, _) = self.runs.get(i.checked_sub(1)?)?;
        (node <= run.last).then_some(run)
    }

    /// Whether `node` is removed.
    #[inline]
    pub(crate) fn contains(&self, node: NodeId) -> bool {
        self.run_at(node).is_some()
    }

    /// How many children of `parent` (whose subtree ends at `end`) are removed.
    pub(crate) fn removed_children(&self, parent: NodeId, end: NodeId) -> u128 {
        let from = self.runs.partition_point(|(r, _)| r.first <= parent);
        self.runs[from..]
            .iter()
            .take_while(|(r, _)| r.first < end)
            .filter(|(_, p)| *p == parent)
            .map(|(r, _)| u128::from(r.count))
            .sum()
    }

    /// Whether some removed node is not a reducible part (block cursors must skip).
    #[inline]
    pub(crate) fn deletes(&self) -> bool {
        self.deletes
    }

    /// Whether re-align carries recorded values by position ([`Edit::carry`]).
    #[inline]
    pub(crate) fn carries(&self) -> bool {
        self.carry
    }

    /// Whether re-align moves picks that lost choices down ([`Edit::shift`]).
    #[inline]
    pub(crate) fn shifts(&self) -> bool {
        self.shift
    }

    /// The value forced on the decision at `node`, if any.
    #[inline]
    pub(crate) fn value(&self, node: NodeId) -> Option<&Value> {
        if self.values.is_empty() {
            return None;
        }
        self.values
            .binary_search_by_key(&node, |(n, _)| *n)
            .ok()
            .map(|i| &self.values[i].1)
    }

    /// Whether the edit moves iterations ([`Edit::moves`]).
    #[inline]
    pub(crate) fn moves_some(&self) -> bool {
        !self.moves.is_empty()
    }

    /// The iterations moved ([`Edit::moves`]).
    pub(crate) fn moved(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.moves.iter().map(|(_, iteration)| *iteration)
    }

    /// The `k`-th iteration moved to the end of loop `lp` ([`Edit::moves`]), if any.
    #[inline]
    pub(crate) fn moved_in(&self, lp: NodeId, k: usize) -> Option<NodeId> {
        if self.moves.is_empty() {
            return None;
        }
        let from = self.moves.partition_point(|(l, _)| *l < lp);
        self.moves[from..]
            .get(k)
            .filter(|(l, _)| *l == lp)
            .map(|(_, iteration)| *iteration)
    }

    /// The recorded call that the call aligned with `node` replays: another one when the
    /// edit redirects it, else `node` itself.
    #[inline]
    pub(crate) fn hoisted(&self, node: NodeId) -> NodeId {
        if self.hoists.is_empty() {
            return node;
        }
        match self.hoists.binary_search_by_key(&node, |(n, _)| *n) {
            Ok(i) => self.hoists[i].1,
            Err(_) => node,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_round_trip_through_text() {
        let edit = Edit {
            removed: vec![
                Siblings::one(3),
                Siblings {
                    first: 5,
                    last: 9,
                    count: 3,
                },
            ],
            values: vec![
                (4, Value::offset(7)),
                (11, Value::Indices(Box::new(vec![1, 0]))),
            ],
            hoists: vec![(12, 15)],
            moves: vec![(20, 7), (20, 9)],
            carry: true,
            shift: true,
        };
        assert_eq!(Edit::parse(&edit.to_text()), Ok(edit));
        assert!(Edit::parse("carry 1").is_err());
        assert!(Edit::parse("shift 2").is_err());
        assert!(Edit::parse("removed 1").is_err());
        assert!(Edit::parse("move 1").is_err());
        assert!(Edit::parse("value x offset:1").is_err());
    }
}
