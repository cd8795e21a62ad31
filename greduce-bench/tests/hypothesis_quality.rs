//! The ported Hypothesis quality tests (`bench -- hypothesis-quality`) hold on a few seeds:
//! every test but the three BENCHMARKS.md reports as misses ends where Hypothesis' test
//! says, and those three still find their failure.

use greduce_bench::hypothesis_quality::tests;

/// The tests that end above Hypothesis' minimum on some seeds (BENCHMARKS.md says why).
const MISSES: [&str; 3] = [
    "test_find_large_union_list",
    "test_bound5",
    "test_minimize_duplicated_characters_within_a_choice",
];

#[test]
fn the_ported_tests_end_at_hypothesis_minimum() {
    for test in tests() {
        for seed in 0..2 {
            let endings = (test.run)(seed);
            assert!(!endings.is_empty(), "{}", test.name);
            for e in &endings {
                assert!(e.found, "{} seed {seed}: {}", test.name, e.shown);
                if !MISSES.contains(&test.name) {
                    assert!(e.exact, "{} seed {seed}: {}", test.name, e.shown);
                }
            }
        }
    }
}
