//! `greduce::target`: a check guided by scores reaches inputs that random cases do not.

use greduce::{Check, generator};
use rand::RngExt;

#[generator]
fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    (0..rng.random_range(0..40))
        .map(|_| rng.random_range(0..1000))
        .collect()
}

/// How many 999s: random lists of up to 40 values below 1000 hold five in about one of
/// 10^9 cases.
fn top(v: &[u32]) -> usize {
    v.iter().filter(|&&x| x == 999).count()
}

#[test]
fn a_guided_check_reaches_a_score_random_cases_do_not() {
    for seed in 1..=5 {
        // Unguided: the same cases find no list with five 999s.
        let unguided = Check::new(numbers)
            .cases(1000)
            .seed(seed)
            .persist(false)
            .print_progress(false)
            .try_check(|v: &Vec<u32>| top(v) < 5);
        assert!(unguided.is_ok(), "seed {seed}: {unguided:?}");
        // Guided by the count, it does; and shrinks the list to the five 999s alone.
        let guided = Check::new(numbers)
            .cases(1000)
            .seed(seed)
            .persist(false)
            .print_progress(false)
            .try_check(|v: &Vec<u32>| {
                greduce::target("999s", top(v) as f64);
                top(v) < 5
            });
        let report = guided.expect_err("a guided check finds five 999s");
        assert!(
            report.to_string().contains("[999, 999, 999, 999, 999]"),
            "seed {seed}: {report}"
        );
    }
}
