//! Compile errors of `#[generator]` and `#[greduce::test]`, one diagnostic per file
//! (`tests/ui/*.rs` with the expected `.stderr`). Refresh with `TRYBUILD=overwrite` and
//! read the diff. Where a message names a rewrite, `tests/ui/rewrites/` holds the rewritten
//! code under the same name: it must compile and run.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    // Errors only without greduce's feature `tokio` (which `cargo test --workspace` turns
    // on: greduce-bench's tests use it).
    #[cfg(not(feature = "tokio"))]
    t.compile_fail("tests/ui/without-tokio/*.rs");
    t.pass("tests/ui/rewrites/*.rs");
}
