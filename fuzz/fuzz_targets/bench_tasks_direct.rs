//! Benchmark (BENCHMARKS.md, "Fuzzing", 1): the quickstart's task-graph generator called
//! directly on `fuzz::Bytes` (rand samples the bytes; no greduce run, no trace, no
//! decisions answered by greduce), under the same property as `bench_tasks_greduce`: the
//! rate a greduce target would have if its decisions cost nothing.
#![no_main]

// Reason: the benchmark uses the generator, not the scheduler and its property.
#[allow(dead_code)]
#[path = "../../examples/quickstart/tasks.rs"]
mod tasks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let t = tasks::tasks(&mut greduce::fuzz::Bytes::new(data));
    assert!(t.deps.iter().all(|&(a, b)| a < b && b < t.names.len()));
});
