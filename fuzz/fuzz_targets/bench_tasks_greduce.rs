//! Benchmark (BENCHMARKS.md, "Fuzzing"): the quickstart's task graphs from its greduce
//! generator, under a property that holds (each dependency joins two existing tasks, the
//! earlier first), so libFuzzer's rate measures generation and its own work.
#![no_main]

// Reason: the benchmark uses the generator, not the scheduler and its property.
#[allow(dead_code)]
#[path = "../../examples/quickstart/tasks.rs"]
mod tasks;

use tasks::Tasks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    greduce::fuzz::check(data, tasks::tasks, |t: &Tasks| {
        t.deps.iter().all(|&(a, b)| a < b && b < t.names.len())
    });
});
