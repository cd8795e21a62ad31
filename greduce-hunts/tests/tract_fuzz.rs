//! The way back from the tract fuzz target (`fuzz/fuzz_targets/tract.rs`): every file
//! libFuzzer left in `fuzz/artifacts/tract` is replayed on the hunt's generator and its
//! five checks, and a failing one is shrunk, reported and saved in
//! `greduce-hunts/greduce-regressions/`. With no artifacts, nothing runs.
//!
//! ```text
//! cargo fuzz run tract -s none --features tract -- -fork=2 -ignore_crashes=1
//! cargo test -p greduce-hunts --test tract_fuzz
//! ```

use greduce::Check;
use greduce_hunts::hunt_tract::{Case, every_check_prop, tract_model};

#[test]
fn artifacts() {
    Check::new(tract_model)
        .cases(0)
        .size(|case: &Case| case.0.size())
        .fuzz_artifacts("../fuzz/artifacts/tract")
        .check(every_check_prop);
}
