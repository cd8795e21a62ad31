//! The tract hunt's checks under libFuzzer: DL models of the operators tract supports
//! (`hunt_tract::tract_model`), each loaded, shape-inferred, optimised and run by tract
//! (`hunt_tract::every_check_prop`, the five checks `hunt tract` runs). A failure panics naming
//! its check; `cargo test -p greduce-hunts --test tract_fuzz` replays and shrinks it.
#![no_main]

use greduce_hunts::hunt_tract::{every_check_prop, tract_model};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    greduce::fuzz::run(data, tract_model, every_check_prop);
});
