//! A stateful (model-based) test that finds a real bug, shrinks the failing run of
//! operations and prints it as numbered steps:
//!
//! ```text
//! cargo run --example state_machine
//! ```
//!
//! The system: an LRU cache of two entries (`lru::LruCache`, in `lru.rs` here) that stamps
//! each entry with a logical clock when it is written or read, and evicts the entry with
//! the oldest stamp. Its bug: a read stamps the entry with the clock as it stands, without
//! advancing it, so the entry read ties with the last entry written, and eviction (the
//! first of equal stamps) can throw out the entry that was just read. The model
//! (`lru::Model`): the entries in a list from the least to the most recently used.
//!
//! The generator draws operations as a user drives the cache: each step one arm of a
//! `match` (a `Put` of a new key, or a `Put`, `Get` or `Remove` of a held key), the model
//! run alongside to know which keys are held (with none, a step that needs one is skipped).
//! The property runs the steps on the cache and on the model and compares their answers
//! and their entries after every step. Shrinking runs the generator again, so a `Get`
//! never names a key that is no longer there.

pub(crate) mod lru;

use greduce::{Check, Steps, generator};
use lru::{Cache, LruCache, Model};
use rand::RngExt;
use rand::seq::IndexedRandom;

/// How many entries the cache holds.
pub(crate) const CAPACITY: usize = 2;

/// One operation on the cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    Put(u32, u32),
    Get(u32),
    Remove(u32),
}

/// Runs `op` on the cache or on the model; what it answered.
pub(crate) fn apply(cache: &mut impl Cache, op: Op) -> Option<u32> {
    match op {
        Op::Put(key, value) => {
            cache.put(key, value);
            None
        }
        Op::Get(key) => cache.get(key),
        Op::Remove(key) => cache.remove(key),
    }
}

/// Up to 39 operations: a `Put` of a new key (the smallest the cache does not hold), or a
/// `Put`, `Get` or `Remove` of a key it holds.
#[generator]
pub(crate) fn operations<R: rand::Rng + ?Sized>(rng: &mut R) -> Steps<Op> {
    let mut model = Model::new(CAPACITY);
    let mut steps = Steps::new();
    for _ in 0..rng.random_range(0..40) {
        let op = match rng.random_range(0..4) {
            0 => Op::Put(model.free_key(), rng.random_range(0..100)),
            arm => {
                // The precondition: a key the cache holds (with none, this step is skipped).
                let Some(&key) = model.keys().choose(rng) else {
                    continue;
                };
                match arm {
                    1 => Op::Put(key, rng.random_range(0..100)),
                    2 => Op::Get(key),
                    _ => Op::Remove(key),
                }
            }
        };
        apply(&mut model, op);
        steps.push(op);
    }
    steps
}

/// The cache answers as the model does and holds the same entries, after every step.
pub(crate) fn agrees_with_model(steps: &Steps<Op>) {
    let mut cache = LruCache::new(CAPACITY);
    let mut model = Model::new(CAPACITY);
    for (step, &op) in (1..).zip(steps.iter()) {
        let answer = apply(&mut cache, op);
        assert_eq!(
            answer,
            apply(&mut model, op),
            "step {step}, {op:?}: the cache (left) and the model (right) answer differently"
        );
        assert_eq!(
            cache.entries(),
            model.entries(),
            "after step {step}, {op:?}: the cache (left) and the model (right) hold other entries"
        );
    }
}

/// The check, from `seed`, measured in steps.
pub(crate) fn check(seed: u64) -> Check<'static, Steps<Op>> {
    Check::new(operations)
        .name("cache_agrees_with_model")
        .seed(seed)
        .persist(false)
        .size(|steps: &Steps<Op>| steps.len())
}

fn main() {
    match check(7).try_check(agrees_with_model) {
        Ok(()) => println!("no failure found"),
        Err(report) => println!("{report}"),
    }
}
