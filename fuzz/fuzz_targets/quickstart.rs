//! The quickstart's property under libFuzzer: task graphs from the fuzzer's bytes, the
//! scheduler's order checked. `cargo test --test quickstart_fuzz` (at the repository's
//! root) replays and shrinks what it finds.
#![no_main]

#[path = "../../examples/quickstart/tasks.rs"]
mod tasks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    greduce::fuzz::run(data, tasks::tasks, tasks::respects_dependencies);
});
