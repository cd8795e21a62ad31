//! BENCHMARKS.md, "Fuzzing", benchmark 2: a deep bug, a comparison with a 32-bit constant
//! inside a structured input, which random generation all but never reaches (one record
//! in 2^40) and a coverage-guided fuzzer's comparison tracing finds. The fuzz target
//! `fuzz/fuzz_targets/deep_bug.rs` includes this file; `bench deep-bug` runs the random
//! side.

use greduce::generator;
use rand::RngExt;

/// Up to 19 records of an id and a tag.
#[generator]
pub fn records<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<(u32, u8)> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..20) {
        v.push((
            rng.random_range(0..=u32::MAX),
            rng.random_range(0..=u8::MAX),
        ));
    }
    v
}

/// The property: no record has the id `0xDEADBEEF` with tag 7.
// Reason: a property takes `&T` for the generator's `T`, here a `Vec`.
#[allow(clippy::ptr_arg)]
pub fn no_magic(v: &Vec<(u32, u8)>) -> bool {
    !v.iter().any(|&(id, tag)| id == 0xDEAD_BEEF && tag == 7)
}
