//! The way back from the JavaScript fuzz targets (`fuzz/fuzz_targets/js_*.rs`): every file
//! libFuzzer left in `fuzz/artifacts/js_<engine>` is replayed on the generator and that
//! engine's checks, and a failing one is shrunk, reported and saved in
//! `greduce-hunts/greduce-regressions/`. With no artifacts, nothing runs.
//!
//! ```text
//! cargo fuzz run js_swc -s none --features js -- -fork=2 -ignore_crashes=1
//! cargo test -p greduce-hunts --test js_fuzz
//! ```
#![cfg(feature = "js")]

use greduce::{Check, SameFailure};
use greduce_hunts::hunt_js::{Program, engine_checks, js_program, non_blank};

fn artifacts(engine: &str) {
    Check::new(js_program)
        .name(format!("js_fuzz_{engine}"))
        .cases(0)
        .same_failure(SameFailure::Similar)
        .size(|p: &Program| non_blank(&p.0))
        .fuzz_artifacts(format!("../fuzz/artifacts/js_{engine}"))
        .check(|p: &Program| engine_checks(p, engine));
}

#[test]
fn oxc() {
    artifacts("oxc");
}

#[test]
fn swc() {
    artifacts("swc");
}

#[test]
fn boa() {
    artifacts("boa");
}
