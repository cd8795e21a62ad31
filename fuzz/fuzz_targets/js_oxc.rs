//! The JavaScript hunt's oxc checks (`hunt_js::engine_checks`, `hunt js`) under libFuzzer, on
//! programs of the paper's JavaScript generator, mutated as the generator sees them
//! (`GREDUCE_FUZZ_MUTATION=bytes` or `random` for the baselines). A failure panics naming
//! its check; `cargo test -p greduce-hunts --test js_fuzz` replays and shrinks it.
#![no_main]

use greduce_hunts::hunt_js::{Program, engine_checks, js_program};

greduce::fuzz_target!(js_program, |program: &Program| engine_checks(program, "oxc"));
