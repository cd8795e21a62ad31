//! The reducer's caches, bounded however many candidates a reduction tries.
//!
//! - **tried**: the edits already tried on the current input (keyed by the edit, O(change)),
//!   with what their replay did (a pass asking again learns it); emptied whenever a
//!   candidate is accepted, since edits are relative to the input.
//! - **outcomes**: the property's verdict per replayed run, keyed by what the replay
//!   decided ([`decided`], one pass over the new trace: two replays that made the same
//!   decisions produced the same output) and, for traces of up to 16 384 nodes, also by the
//!   output's `Debug` text ([`shown`], hashed as it is written: different decisions can
//!   print alike, as a graph edge left out because its vertex is gone). The second key
//!   costs a formatting of the output per property call, as much as a replay of a cheap
//!   generator or more, and never hits on some generators (lists of numbers); on others it
//!   finds most of the outcomes the first misses (60 % of its lookups on the paper's
//!   subjects, often only after dozens of misses), so it is always computed: property calls
//!   are what a reduction with a slow property spends.
//!
//! Both keep at most [`CAPACITY`] entries in each of two generations: when the young one
//! fills up, the old one is dropped and the young one takes its place.

use crate::property::outcome::Outcome;
use crate::reduce::passes::probe::ReplayEffects;
use crate::trace::Trace;
use crate::trace::edit::Hash128;
use crate::trace::keys::KeyArgs;
use crate::trace::value::Value;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Entries per generation of a cache.
pub(crate) const CAPACITY: usize = 10_000;

/// Hashes a key that is a hash already (in one of its halves, at least: [`decided`] keeps
/// the trace's sizes in its low half): both halves folded together. Written here, not taken
/// from a crate: rustc-hash and foldhash would hash the key again (a multiply per lookup
/// for nothing), and nohash-hasher passes through integers of at most 64 bits, not `u128`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*b);
        }
    }

    fn write_u128(&mut self, i: u128) {
        self.0 = (i as u64) ^ ((i >> 64) as u64);
    }
}

/// A map from 128-bit keys, bounded: two generations of at most [`CAPACITY`] entries.
#[derive(Debug)]
pub(crate) struct Bounded<V> {
    young: HashMap<u128, V, BuildHasherDefault<KeyHasher>>,
    old: HashMap<u128, V, BuildHasherDefault<KeyHasher>>,
}

impl<V> Default for Bounded<V> {
    fn default() -> Self {
        Bounded {
            // Most reductions try a few hundred candidates: room for them from the start
            // saves the rehashes of growing to it (a few KiB).
            young: HashMap::with_capacity_and_hasher(256, BuildHasherDefault::default()),
            old: HashMap::default(),
        }
    }
}

impl<V: Copy> Bounded<V> {
    pub(crate) fn get(&self, key: u128) -> Option<V> {
        self.young.get(&key).or_else(|| self.old.get(&key)).copied()
    }

    pub(crate) fn insert(&mut self, key: u128, value: V) {
        if self.young.len() >= CAPACITY {
            self.old = std::mem::take(&mut self.young);
        }
        self.young.insert(key, value);
    }

    pub(crate) fn clear(&mut self) {
        self.young.clear();
        self.old.clear();
    }
}

/// The keys of the edits tried on the current input, with what each one's replay did.
pub(crate) type Keys = Bounded<ReplayEffects>;

/// Property outcomes by what a replay decided (or its output's `Debug` text).
pub(crate) type Outcomes = Bounded<Outcome>;

/// What a replay decided, as a 128-bit key: the keys (site and arguments) of the decisions
/// stored in their nodes, every node's words, and the site and value of each decision kept
/// whole, hashed (64 bits), with the numbers of nodes and decisions. The nodes' words hold
/// the trace's shape, and the keys and values of the decisions stored in them (with a
/// range's length and the side-table indices, which a generator's earlier decisions
/// determine): a deterministic generator that makes the same decisions produces the same
/// words, and the same output. Straight passes over four independent lanes, no per-node
/// dispatch: this runs on every candidate, and a replay of a cheap generator costs a few
/// nanoseconds per decision, so a hash that waits on one multiply per word, or branches on
/// each node's kind, would cost as much as the replay (reading the nodes field by field
/// was a quarter of the reducer's own time on `bench scale`'s largest inputs). (A false hit
/// would need two traces of the same size whose 64-bit hashes collide, among at most twice
/// [`CAPACITY`] entries.)
pub(crate) fn decided(trace: &Trace) -> u128 {
    let store = &trace.store;
    let mut h = Lanes::new(0x2545_f491_4f6c_dd1d);
    // Sites are statics: their address identifies them within the process.
    for (site, args) in &store.keys {
        let (kind, word) = match *args {
            KeyArgs::Int { lo, ty } => (1 + ty as u64, lo),
            KeyArgs::Bool { p } => (0x100, p),
            KeyArgs::Index => (0x200, 0),
        };
        h.word(std::ptr::from_ref(*site) as u64);
        h.word(kind);
        h.word(word);
    }
    let mut pairs = store.nodes.chunks_exact(2);
    for pair in &mut pairs {
        let ([a0, a1], [b0, b1]) = (pair[0].hash_words(), pair[1].hash_words());
        h.words([a0, a1, b0, b1]);
    }
    for node in pairs.remainder() {
        let [w0, w1] = node.hash_words();
        h.word(w0);
        h.word(w1);
    }
    for decision in store.whole_decisions() {
        let value = match &decision.value {
            Value::Offset(x) => *x,
            Value::Index(x) => x ^ 0x1d,
            Value::Bits(x) => x.rotate_left(1) ^ 0x2b,
            Value::Bool(b) => u64::from(*b) ^ 0x3c,
            Value::Float(v) => v.to_bits() ^ 0x4e,
            other => {
                let mut wide = Hash128::new(0x51);
                other.hash(&mut wide);
                wide.finish()
            }
        };
        h.word(std::ptr::from_ref(decision.site) as u64);
        h.word(value);
    }
    let sizes = ((store.nodes.len() as u64) << 32) ^ trace.decision_count() as u64;
    (u128::from(h.finish()) << 64) | u128::from(sizes)
}

/// Independent lanes of [`Lanes`]: enough to keep a core's multipliers busy.
const LANES: usize = 4;

/// Multiply-rotate hashing over 64-bit words in [`LANES`] independent lanes, so that
/// consecutive words do not wait on each other's multiply. Written here, not taken from a
/// crate: the hashers of rustc-hash and foldhash chain each word on the last one's
/// multiply, and this runs over every node and decision of every candidate (see
/// [`decided`]).
struct Lanes {
    lanes: [u64; LANES],
    /// The lane that [`Lanes::word`] feeds next.
    next: usize,
}

impl Lanes {
    fn new(seed: u64) -> Lanes {
        Lanes {
            lanes: std::array::from_fn(|i| seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
            next: 0,
        }
    }

    /// Feeds one word to each lane.
    #[inline]
    fn words(&mut self, words: [u64; LANES]) {
        for (lane, w) in self.lanes.iter_mut().zip(words) {
            *lane = mix(*lane, w);
        }
    }

    /// Feeds one word to the next lane in turn.
    #[inline]
    fn word(&mut self, w: u64) {
        self.lanes[self.next] = mix(self.lanes[self.next], w);
        self.next = (self.next + 1) % LANES;
    }

    fn finish(&self) -> u64 {
        let mut one = Lane::new(self.lanes[0]);
        for lane in &self.lanes[1..] {
            one.word(*lane);
        }
        one.finish()
    }
}

/// One step of a multiply-rotate lane.
#[inline]
fn mix(lane: u64, w: u64) -> u64 {
    (lane.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
}

/// One multiply-rotate lane over 64-bit words.
struct Lane(u64);

impl Lane {
    fn new(seed: u64) -> Lane {
        Lane(seed)
    }

    #[inline]
    fn word(&mut self, w: u64) {
        self.0 = mix(self.0, w);
    }

    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^ (x >> 33)
    }
}

/// The output as `Debug` prints it, hashed as it is written (no string is built): a second
/// key for the outcome cache, which catches outputs that print alike although the replays
/// that made them decided differently (a graph edge left out because a vertex is gone).
pub(crate) fn shown<T: std::fmt::Debug>(output: &T) -> u128 {
    /// Collects the formatter's small pieces into whole words before hashing them.
    struct Hashing {
        hash: Lane,
        buf: [u8; 8],
        len: usize,
        total: u64,
    }
    impl std::fmt::Write for Hashing {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            for &b in s.as_bytes() {
                self.buf[self.len] = b;
                self.len += 1;
                if self.len == 8 {
                    self.hash.word(u64::from_le_bytes(self.buf));
                    self.len = 0;
                }
            }
            self.total += s.len() as u64;
            Ok(())
        }
    }
    let mut w = Hashing {
        hash: Lane::new(0x6a09_e667_f3bc_c908),
        buf: [0; 8],
        len: 0,
        total: 0,
    };
    let _ = std::fmt::write(&mut w, format_args!("{output:?}"));
    w.buf[w.len..].fill(0);
    w.hash.word(u64::from_le_bytes(w.buf));
    // The text's length in the low half, and a mark that keeps it apart from `decided`.
    (u128::from(w.hash.finish()) << 64) | u128::from(w.total) | (1 << 63)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::Decision;
    use crate::trace::builder::Builder;
    use crate::trace::site::Site;
    use crate::trace::value::{Asked, IntTy};

    static SCOPE: Site = Site::new("generator", "t.rs", 1, 1);
    static NUMBER: Site = Site::new("random_range", "t.rs", 2, 1);
    static OTHER: Site = Site::new("random_range", "t.rs", 3, 1);

    fn trace_of(values: &[(&'static Site, u64)]) -> Trace {
        let mut b = Builder::with_capacity(0);
        b.open_scope(&SCOPE, None);
        for &(site, v) in values {
            b.decision(Decision {
                site,
                args: Asked::int(0, 999, IntTy::U32),
                value: Value::offset(u128::from(v)),
            });
        }
        b.close();
        b.finish()
    }

    /// Two generations: an entry lives through one turnover (in the old one) and is gone
    /// after the second.
    #[test]
    fn an_entry_outlives_one_generation_not_two() {
        let mut cache = Bounded::<u32>::default();
        cache.insert(1, 10);
        for key in 2..=CAPACITY as u128 {
            cache.insert(key, 0);
        }
        assert_eq!(
            cache.get(1),
            Some(10),
            "the young generation is full, not turned over"
        );
        cache.insert(u128::MAX, 0);
        assert_eq!(cache.get(1), Some(10), "in the old generation");
        for key in 0..CAPACITY as u128 {
            cache.insert(1 << 64 | key, 0);
        }
        assert_eq!(cache.get(1), None, "dropped with the old generation");
        assert_eq!(cache.get(1 << 64), Some(0));
        cache.clear();
        assert_eq!(cache.get(1 << 64), None);
    }

    /// The outcome cache's first key: the same decisions give the same key, whichever run
    /// made them; a different value, site or count gives another.
    #[test]
    fn the_key_is_what_the_run_decided() {
        let key = |values: &[(&'static Site, u64)]| decided(&trace_of(values));
        let base = key(&[(&NUMBER, 3), (&NUMBER, 700)]);
        assert_eq!(key(&[(&NUMBER, 3), (&NUMBER, 700)]), base);
        assert_ne!(key(&[(&NUMBER, 3), (&NUMBER, 701)]), base);
        assert_ne!(key(&[(&NUMBER, 3), (&OTHER, 700)]), base);
        assert_ne!(key(&[(&NUMBER, 3)]), base);
        assert_ne!(key(&[(&NUMBER, 700), (&NUMBER, 3)]), base);
    }
}
