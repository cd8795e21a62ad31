//! The quickstart's property under libFuzzer: task graphs from the fuzzer's bytes, the
//! scheduler's order checked, inputs mutated as the generator sees them. `cargo test --test
//! quickstart_fuzz` (at the repository's root) replays and shrinks what it finds.
#![no_main]

#[path = "../../examples/quickstart/tasks.rs"]
mod tasks;

greduce::fuzz_target!(tasks::tasks, tasks::respects_dependencies);
