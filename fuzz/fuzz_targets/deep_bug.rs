//! Benchmark (BENCHMARKS.md, "Fuzzing", benchmark 2): records with a 32-bit id, the bug a
//! record `0xDEADBEEF` with tag 7 (`fuzz/bench/deep.sh` runs it with value profile, with
//! greduce's mutator or, `GREDUCE_FUZZ_MUTATION=bytes`, libFuzzer's own).
#![no_main]

#[path = "../../greduce-bench/src/deep_bug.rs"]
mod deep_bug;

greduce::fuzz_target!(deep_bug::records, deep_bug::no_magic);
