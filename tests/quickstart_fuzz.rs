//! The way back from the quickstart's fuzz target (`fuzz/fuzz_targets/quickstart.rs`):
//! every file libFuzzer left in `fuzz/artifacts/quickstart` (its crashes) is replayed on
//! the same generator and property, and a failing one is shrunk, reported and saved in
//! `greduce-regressions/` like any failure. With no artifacts (no fuzzer ran), nothing
//! runs: the generated cases are the example's (`cargo run --example quickstart`).
//!
//! ```text
//! cargo fuzz run quickstart -s none -- -max_total_time=60
//! cargo test --test quickstart_fuzz
//! ```

#[path = "../examples/quickstart/tasks.rs"]
mod tasks;

use greduce::Check;
use tasks::{Tasks, respects_dependencies};

#[test]
fn artifacts() {
    Check::new(tasks::tasks)
        .cases(0)
        .size(|t: &Tasks| (t.names.len(), t.deps.len()))
        .fuzz_artifacts("fuzz/artifacts/quickstart")
        .check(respects_dependencies);
}
