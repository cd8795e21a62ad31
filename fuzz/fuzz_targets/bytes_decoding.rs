//! greduce's byte decoding under libFuzzer: a generator that makes every kind of decision
//! (loops, `while` loops, selections, `match` arms, nested calls, floats, chars, shuffles,
//! samples, choices, `fill`, rand's distributions) run on the fuzzer's bytes. Checked: the
//! same bytes make the same output twice, and the bytes `to_bytes` writes for the run
//! make it again (where the run has a byte form).
#![no_main]

#[path = "../../tests/common/every_decision.rs"]
mod every_decision;

use every_decision::{Output, every_decision};
use greduce::fuzz;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fuzz::check(data, every_decision, |out: &Output| {
        let run = fuzz::from_bytes(data, every_decision).expect("the bytes made an output");
        assert_eq!(format!("{:?}", run.output), format!("{out:?}"));
        if let Ok(bytes) = fuzz::to_bytes(&run.trace) {
            let again = fuzz::from_bytes(&bytes, every_decision).expect("the bytes made one");
            assert_eq!(format!("{:?}", again.output), format!("{out:?}"));
        }
    });
});
