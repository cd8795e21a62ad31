//! The reducer's caches, bounded however many candidates a reduction tries.
//!
//! - **tried**: the edits already tried on the current input (keyed by the edit, O(change));
//!   emptied whenever a candidate is accepted, since edits are relative to the input.
//! - **outcomes**: the property's verdict per replayed trace (keyed by what the replay
//!   decided, in one pass over the new trace): two candidates that made the same decisions
//!   produced the same output, so the property is asked once. Keying on the trace rather
//!   than on the output's `Debug` text costs no formatting and cannot confuse two outputs
//!   that print alike.
//!
//! Both keep at most [`CAPACITY`] entries in each of two generations: when the young one
//! fills up, the old one is dropped and the young one takes its place.

use crate::edit::Fast;
use crate::outcome::Outcome;
use crate::trace::{Kind, NodeId, Trace};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

/// Entries per generation of a cache.
pub(crate) const CAPACITY: usize = 10_000;

/// A set of 128-bit keys, bounded.
#[derive(Debug, Default)]
pub(crate) struct Keys {
    young: HashSet<u128>,
    old: HashSet<u128>,
}

impl Keys {
    pub(crate) fn contains(&self, key: u128) -> bool {
        self.young.contains(&key) || self.old.contains(&key)
    }

    pub(crate) fn insert(&mut self, key: u128) {
        if self.young.len() >= CAPACITY {
            self.old = std::mem::take(&mut self.young);
        }
        self.young.insert(key);
    }

    pub(crate) fn clear(&mut self) {
        self.young.clear();
        self.old.clear();
    }
}

/// Property outcomes by replayed trace, bounded.
#[derive(Debug, Default)]
pub(crate) struct Outcomes {
    young: HashMap<u128, Outcome>,
    old: HashMap<u128, Outcome>,
}

impl Outcomes {
    pub(crate) fn get(&self, key: u128) -> Option<Outcome> {
        self.young.get(&key).or_else(|| self.old.get(&key)).copied()
    }

    pub(crate) fn insert(&mut self, key: u128, outcome: Outcome) {
        if self.young.len() >= CAPACITY {
            self.old = std::mem::take(&mut self.young);
        }
        self.young.insert(key, outcome);
    }
}

/// What a replay decided, as a 128-bit key: the shape of the trace and each decision's
/// site and value. A deterministic generator that makes the same decisions produces the
/// same output.
pub(crate) fn decided(trace: &Trace) -> u128 {
    let mut lo = Fast::new(0x2545_f491_4f6c_dd1d);
    let mut hi = Fast::new(0x9e37_79b9_7f4a_7c15);
    for id in 0..trace.len() as NodeId {
        let node = trace.node(id);
        let shape = (node.tag as u64) | (u64::from(node.end - id) << 8);
        lo.word(shape);
        hi.word(shape ^ 0xa5a5);
        if let Kind::Decision { decision }
        | Kind::Selection { decision }
        | Kind::Switch { decision } = trace.kind(id)
        {
            // Sites are statics: their address identifies them within the process.
            let site = std::ptr::from_ref(decision.site) as u64;
            lo.word(site);
            hi.word(site.rotate_left(17));
            decision.value.hash(&mut lo);
            decision.value.hash(&mut hi);
        }
    }
    (u128::from(hi.finish()) << 64) | u128::from(lo.finish())
}
