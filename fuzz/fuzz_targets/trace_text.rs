//! greduce's saved-trace text under libFuzzer: any text that parses as a trace is replayed
//! on a generator that makes every kind of decision, with each strategy. The generator
//! cannot panic on a legal value, so a replay that ends in a panic is greduce's: it gave
//! the generator a value rand could not have, or failed itself.
#![no_main]

#[path = "../../tests/common/every_decision.rs"]
mod every_decision;

use every_decision::every_decision;
use greduce::{ReplayError, Strategy, Trace};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(trace) = Trace::parse(text) else {
        return;
    };
    for strategy in [Strategy::Halt, Strategy::Bypass, Strategy::Realign] {
        if let Err(ReplayError::Panicked { message, location }) =
            greduce::replay(every_decision, &trace, &[], strategy).result
        {
            panic!("replaying with {strategy:?} panicked at {location:?}: {message}");
        }
    }
});
