//! The quickstart's subject: task graphs, the scheduler with its bug, and the property.
//! `main.rs` checks it; the fuzz target `fuzz/fuzz_targets/quickstart.rs` and the test
//! `tests/quickstart_fuzz.rs` include this file, so all three run the same generator and
//! property.
//!
//! A build tool orders tasks so each runs after the tasks it depends on (Kahn's algorithm).
//! Its bug: it counts each task's dependencies without duplicates, but releases a task
//! once per dependency *edge*; a task that lists the same dependency twice is released one
//! edge too many and the count underflows. The generator makes task graphs that are valid by
//! construction (every dependency names an existing, earlier task), so every input greduce
//! tries while shrinking is a graph the tool could really be given.

use greduce::generator;
use rand::RngExt;
use std::collections::HashSet;

/// Tasks and their dependencies: `(before, after)` pairs of task indices.
#[derive(Debug, Default)]
pub(crate) struct Tasks {
    pub(crate) names: Vec<String>,
    pub(crate) deps: Vec<(usize, usize)>,
}

#[generator]
pub(crate) fn tasks<R: rand::Rng + ?Sized>(rng: &mut R) -> Tasks {
    let mut t = Tasks::default();
    let n = rng.random_range(2..30);
    for i in 0..n {
        t.names.push(format!("task{i}"));
    }
    for _ in 0..rng.random_range(0..60) {
        let a = rng.random_range(0..t.names.len());
        let b = rng.random_range(0..t.names.len());
        if a != b {
            t.deps.push((a.min(b), a.max(b)));
        }
        // Sometimes a dependency is listed twice (two build rules say the same thing).
        if rng.random_bool(0.05) {
            let last = t.deps.last().copied();
            t.deps.extend(last);
        }
    }
    t
}

/// The order to run the tasks in (Kahn's algorithm), with the bug described above.
pub(crate) fn schedule(t: &Tasks) -> Vec<usize> {
    let n = t.names.len();
    let mut waiting_on = vec![0usize; n];
    let unique: HashSet<&(usize, usize)> = t.deps.iter().collect();
    for &(_, after) in unique {
        waiting_on[after] += 1;
    }
    let mut ready: Vec<usize> = (0..n).filter(|&i| waiting_on[i] == 0).collect();
    let mut order = Vec::new();
    while let Some(task) = ready.pop() {
        order.push(task);
        for &(before, after) in &t.deps {
            if before == task {
                waiting_on[after] -= 1; // underflows on a duplicated dependency
                if waiting_on[after] == 0 {
                    ready.push(after);
                }
            }
        }
    }
    order
}

/// The property: every task is scheduled, after the tasks it depends on.
pub(crate) fn respects_dependencies(t: &Tasks) {
    let order = schedule(t);
    assert_eq!(order.len(), t.names.len(), "every task is scheduled");
    let position = |task| order.iter().position(|&o| o == task);
    for &(before, after) in &t.deps {
        assert!(position(before) < position(after), "dependency order");
    }
}
