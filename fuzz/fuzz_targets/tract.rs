//! The tract hunt's checks under libFuzzer: DL models of the operators tract supports
//! (`hunt_tract::tract_model`), each loaded, shape-inferred, optimised and run by tract
//! (`hunt_tract::every_check_prop`, the five checks `hunt tract` runs), mutated as the
//! generator sees them (`GREDUCE_FUZZ_MUTATION=bytes` or `random` for the baselines). A
//! failure panics naming its check; `cargo test -p greduce-hunts --test tract_fuzz`
//! replays and shrinks it.
#![no_main]

use greduce_hunts::hunt_tract::{every_check_prop, tract_model};

greduce::fuzz_target!(tract_model, every_check_prop);
