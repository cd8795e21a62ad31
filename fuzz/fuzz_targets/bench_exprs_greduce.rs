//! Benchmark (BENCHMARKS.md, "Fuzzing", 1): expression trees from a greduce generator with
//! nested calls and selections, under a property that holds, so libFuzzer's rate measures
//! generation and its own work.
#![no_main]

#[path = "common/exprs.rs"]
mod exprs;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    greduce::fuzz::check(data, exprs::exprs, |e: &exprs::Expr| {
        exprs::depth(e) <= exprs::DEPTH + 1
    });
});
