//! The reducer end to end on a generator written as `#[generator]` writes it (the macro is
//! not available inside its own runtime): `numbers` draws a count `n` in `0..10`, then `n`
//! numbers in `0..100`. Exact results, in the style of Hypothesis' `test_shrinker.py`.

use crate::__private as p;
use crate::config::{Config, PassSet, Strategy};
use crate::reduce::Reducer;
use crate::run::record::record;
use rand::RngExt;
use rand::rngs::StdRng;

/// `(0..rng.random_range(0..10)).map(|_| rng.random_range(0..100)).collect()`, instrumented.
fn numbers(rng: &mut StdRng) -> Vec<u32> {
    let run = p::run();
    let _scope = p::scope(&run, p::site!("numbers", "numbers", 0));
    // The macro writes the count's site twice, spanned at the same tokens (so equal).
    let count = p::site!("random_range", "numbers", 1);
    let n = p::random_range(0..10u32, &run, count, &mut *rng, |rng, arg| {
        rng.random_range(arg)
    });
    let mut v = Vec::new();
    for _ in p::counted_loop(&run, 0, n, p::site!("loop", "numbers", 2), count) {
        v.push(p::random_range(
            0..100u32,
            &run,
            p::site!("random_range", "numbers", 4),
            &mut *rng,
            |rng, arg| rng.random_range(arg),
        ));
    }
    v
}

/// A run that fails `fails`, from the first of 1000 seeds that gives one.
fn failing(fails: impl Fn(&Vec<u32>) -> bool) -> crate::run::record::Run<Vec<u32>> {
    (0..1000)
        .map(|seed| record(numbers, seed))
        .find(|run| fails(&run.output))
        .expect("a failing seed")
}

#[test]
fn a_sum_shrinks_to_the_fewest_smallest_numbers() {
    let fails = |v: &Vec<u32>| v.iter().sum::<u32>() >= 100;
    let run = failing(fails);
    let reduced = Reducer::new(numbers).reduce(&run.trace, |v: &Vec<u32>| !fails(v));
    // Two numbers at least; the first as small as the second allows.
    assert_eq!(reduced.output, [1, 99]);
    assert!(reduced.reproduced);
    assert_eq!(reduced.size, 3, "the count and two numbers");
}

#[test]
fn the_result_is_a_fixpoint() {
    let fails = |v: &Vec<u32>| v.len() >= 3 && v.iter().any(|&x| x >= 42);
    let run = failing(fails);
    let property = |v: &Vec<u32>| !fails(v);
    let reduced = Reducer::new(numbers).reduce(&run.trace, property);
    // Three numbers, the last of them the one at 42 (shortlex: the earlier ones are 0).
    assert_eq!(reduced.output, [0, 0, 42]);
    let again = Reducer::new(numbers).reduce(&reduced.trace, property);
    assert_eq!(again.output, reduced.output);
    assert_eq!(
        again.stats.accepted, 0,
        "reducing the result accepts nothing"
    );
}

#[test]
fn the_structural_pass_alone_removes_but_never_simplifies() {
    let fails = |v: &Vec<u32>| v.len() >= 2;
    let run = failing(|v| v.len() >= 4 && v.iter().all(|&x| x > 0));
    let paper = Config {
        passes: PassSet::STRUCTURE,
        strategy: Strategy::Halt,
        ..Config::unbounded()
    };
    let reduced = Reducer::new(numbers)
        .config(paper)
        .reduce(&run.trace, |v: &Vec<u32>| !fails(v));
    // Two of the recorded numbers, unchanged (the count follows the iterations removed).
    assert_eq!(reduced.output.len(), 2);
    assert!(reduced.output.iter().all(|x| run.output.contains(x)));
    assert!(reduced.output.iter().all(|&x| x > 0));
}

#[test]
fn a_call_budget_stops_the_loop() {
    let fails = |v: &Vec<u32>| v.iter().sum::<u32>() >= 100;
    let run = failing(fails);
    let reduced = Reducer::new(numbers)
        .max_property_calls(3)
        .reduce(&run.trace, |v: &Vec<u32>| !fails(v));
    assert!(reduced.stats.budget_exhausted);
    assert_eq!(reduced.stats.property_calls, 3);
    assert_ne!(reduced.output, [1, 99], "stopped before the minimum");
}
