//! Compile errors of `#[generator]` and `#[greduce::test]`, one diagnostic per file
//! (`tests/ui/*.rs` with the expected `.stderr`). Refresh with `TRYBUILD=overwrite` and
//! read the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
