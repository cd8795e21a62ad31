//! Compile errors of `#[generator]` and `#[greduce::test]`, one diagnostic per file
//! (`tests/ui/*.rs` with the expected `.stderr`). Refresh with `TRYBUILD=overwrite` and
//! read the diff. Where a message names a rewrite, `tests/ui/rewrites/` holds the rewritten
//! code under the same name: it must compile and run.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui/rewrites/*.rs");
}
