//! The stateful example (`examples/state_machine/`, included here as it is): the cache's
//! bug is found and shrinks to the same four numbered steps from every seed.

#[path = "../examples/state_machine/main.rs"]
#[allow(dead_code)] // its `main`
mod example;

use example::lru::{Cache, LruCache, Model};

/// The bug on three operations: a read does not make the entry the most recently used, so
/// the cache evicts it, where the model evicts the other.
#[test]
fn the_cache_evicts_the_entry_just_read() {
    let (mut cache, mut model) = (LruCache::new(2), Model::new(2));
    for c in [&mut cache as &mut dyn Cache, &mut model] {
        c.put(1, 10);
        c.put(2, 20);
        assert_eq!(c.get(1), Some(10)); // 1 is now the most recently used
        c.put(3, 30); // evicts the least recently used entry: 2
    }
    assert_eq!(model.entries(), [(1, 10), (3, 30)]);
    assert_eq!(cache.entries(), [(2, 20), (3, 30)]); // the bug: it evicted 1
}

/// The minimal failing steps: fill the cache, read the older entry, add a third.
const MINIMAL: &str = "1. Put(0, 0)\n2. Put(1, 0)\n3. Get(0)\n4. Put(2, 0)";

#[test]
fn the_cache_bug_shrinks_to_the_same_four_steps_from_every_seed() {
    for seed in 0..8 {
        let report = example::check(seed)
            .print_progress(false)
            .try_check(example::agrees_with_model)
            .expect_err("the bug is found");
        assert_eq!(report.input(), Some(MINIMAL), "seed {seed}");
    }
}

#[test]
fn the_report_lists_the_steps_indented_one_per_line() {
    let report = example::check(7)
        .print_progress(false)
        .try_check(example::agrees_with_model)
        .expect_err("the bug is found")
        .to_string();
    let from = report
        .find("minimal failing input")
        .expect("a minimal input");
    let to = report.find("\ngenerator trace:").expect("a trace");
    // (The example's file as this test includes it.)
    assert_eq!(
        &report[from..to],
        "minimal failing input (size 4, was 17):
    1. Put(0, 0)
    2. Put(1, 0)
    3. Get(0)
    4. Put(2, 0)

failure: panicked at tests/../examples/state_machine/main.rs:90:9:
    assertion `left == right` failed: after step 4, Put(2, 0): the cache (left) and the model (right) hold other entries
      left: [(1, 0), (2, 0)]
     right: [(0, 0), (2, 0)]
"
    );
}
