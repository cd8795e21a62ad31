//! What a candidate changes in a trace ([`Edit`]), and the form replay reads it in
//! ([`Overlay`]).
//!
//! A candidate is never a copy of the trace: it is the trace it was cut from plus an edit,
//! whose size is that of the change (the parts it removes, the values it forces, the calls it
//! hoists). Replay reads the trace through an overlay: the edit applied to bit sets the size
//! of the trace, which the reducer keeps from one candidate to the next and clears in
//! O(change), so applying an edit never costs O(trace).

use crate::trace::{NodeId, Removed, Trace};
use crate::value::Value;
use std::hash::{Hash, Hasher};

/// A change to a trace: a candidate, as the reducer's passes propose it.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Edit {
    /// Reducible parts removed (the paper's labelling), and other nodes deleted (a decision
    /// run, an iteration of a loop whose count is not a decision): replay skips them.
    /// Sorted, no duplicates.
    pub(crate) removed: Vec<NodeId>,
    /// Decisions answered with another value (a loop count, the arm of a `match`, any plain
    /// decision). Sorted by node, one value per node.
    pub(crate) values: Vec<(NodeId, Value)>,
    /// Generator calls replayed as one of their own nested calls of the same generator:
    /// `(call, nested)`. Sorted by call.
    pub(crate) hoists: Vec<(NodeId, NodeId)>,
}

impl Edit {
    /// An edit that removes `parts` (in any order).
    pub(crate) fn removing(mut parts: Vec<NodeId>) -> Edit {
        parts.sort_unstable();
        parts.dedup();
        Edit {
            removed: parts,
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
        self.removed.is_empty() && self.values.is_empty() && self.hoists.is_empty()
    }

    /// A 128-bit key of the edit (two independent 64-bit hashes), for the set of candidates
    /// already tried on one trace. O(change).
    pub(crate) fn key(&self) -> u128 {
        let mut lo = Fast::new(0x51_7c_c1_b7_27_22_0a_95);
        let mut hi = Fast::new(0x9e_37_79_b9_7f_4a_7c_15);
        for h in [&mut lo, &mut hi] {
            self.removed.len().hash(h);
            self.removed.hash(h);
            self.values.len().hash(h);
            for (node, value) in &self.values {
                node.hash(h);
                value.hash(h);
            }
            self.hoists.hash(h);
        }
        (u128::from(hi.finish()) << 64) | u128::from(lo.finish())
    }
}

/// A fast, non-cryptographic hasher (multiply-rotate over 64-bit words) for the reducer's
/// caches, which hash every candidate: the standard library's `SipHash` cost a tenth of a
/// reduction on large traces.
pub(crate) struct Fast(u64);

impl Fast {
    pub(crate) fn new(seed: u64) -> Fast {
        Fast(seed)
    }

    #[inline]
    pub(crate) fn word(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for Fast {
    #[inline]
    fn finish(&self) -> u64 {
        // A final avalanche, so that close inputs give far apart keys.
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.word(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.word(u64::from_le_bytes(word) ^ (rest.len() as u64) << 56);
        }
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

/// An edit applied to a trace, in the form replay reads: removed nodes as a bit set over the
/// trace's nodes, forced values and hoisted calls as short sorted lists.
///
/// The reducer keeps one overlay and reuses it for every candidate: [`Overlay::apply`] and
/// [`Overlay::clear`] cost O(change); only growing it to a larger trace costs O(trace).
#[derive(Clone, Debug, Default)]
pub(crate) struct Overlay {
    removed: Removed,
    /// The nodes whose bit is set, to clear them without clearing the whole set.
    set: Vec<NodeId>,
    /// Some removed node is not a reducible part: block cursors must skip removed nodes.
    deletes: bool,
    values: Vec<(NodeId, Value)>,
    hoists: Vec<(NodeId, NodeId)>,
}

impl Overlay {
    /// An empty overlay for `trace`.
    pub(crate) fn new(trace: &Trace) -> Overlay {
        Overlay {
            removed: Removed::none(trace),
            ..Overlay::default()
        }
    }

    /// `edit` on `trace` (the overlay must be clear).
    pub(crate) fn of(trace: &Trace, edit: &Edit) -> Overlay {
        let mut overlay = Overlay::new(trace);
        overlay.apply(trace, edit);
        overlay
    }

    /// Applies `edit` to this (clear) overlay for `trace`, growing it if the trace is larger
    /// than the last one it served.
    pub(crate) fn apply(&mut self, trace: &Trace, edit: &Edit) {
        debug_assert!(self.set.is_empty() && self.values.is_empty() && self.hoists.is_empty());
        self.removed.fit(trace);
        for &node in &edit.removed {
            self.insert(trace, node);
        }
        self.values.clone_from(&edit.values);
        self.hoists.clone_from(&edit.hoists);
    }

    /// Makes the overlay clear again, in O(change).
    pub(crate) fn clear(&mut self) {
        for node in self.set.drain(..) {
            self.removed.remove(node);
        }
        self.deletes = false;
        self.values.clear();
        self.hoists.clear();
    }

    /// Removes one more node (bypass removes the part that encloses an infeasible
    /// alignment).
    pub(crate) fn insert(&mut self, trace: &Trace, node: NodeId) {
        if !self.removed.contains(node) {
            self.removed.insert(node);
            self.set.push(node);
            self.deletes |= !trace.is_part(node);
        }
    }

    /// The removed nodes, as a set.
    #[inline]
    pub(crate) fn removed(&self) -> &Removed {
        &self.removed
    }

    /// Whether `node` is removed.
    #[inline]
    pub(crate) fn contains(&self, node: NodeId) -> bool {
        self.removed.contains(node)
    }

    /// Whether some removed node is not a reducible part (block cursors must skip).
    #[inline]
    pub(crate) fn deletes(&self) -> bool {
        self.deletes
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

    /// Whether some value is forced.
    #[inline]
    pub(crate) fn has_values(&self) -> bool {
        !self.values.is_empty()
    }

    /// The recorded call that the call aligned with `node` replays: a nested call when the
    /// edit hoists one, else `node` itself.
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
