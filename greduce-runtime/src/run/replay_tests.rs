//! The replay on generators written as `#[generator]` writes them (the macro is not
//! available inside its own runtime): a recorded run replayed unchanged, with a value
//! changed, over its budget, into a panic, and through a bypass that restarts it.

use super::*;
use crate::__private as p;
use crate::run::record::record;
use crate::trace::value::Value;
use rand::RngExt;

/// `(rng.random_range(0..10), rng.random_range(0..10))`, instrumented; panics when the
/// first is 9. Nodes: the root 0, the call 1, its decisions 2 and 3.
fn pair(rng: &mut StdRng) -> (u32, u32) {
    let run = p::run();
    let _scope = p::scope(&run, p::site!("pair", "pair", 0));
    let a = p::random_range(
        0..10u32,
        &run,
        p::site!("random_range", "pair", 1),
        &mut *rng,
        |rng, arg| rng.random_range(arg),
    );
    assert!(a != 9, "the first is 9");
    let b = p::random_range(
        0..10u32,
        &run,
        p::site!("random_range", "pair", 2),
        &mut *rng,
        |rng, arg| rng.random_range(arg),
    );
    (a, b)
}

/// `n` groups in `0..4`, each drawing its size `k` in `1..3` and then `k` numbers in
/// `0..100` (a plain `for`, not a reducible loop), instrumented.
fn groups(rng: &mut StdRng) -> Vec<Vec<u32>> {
    let run = p::run();
    let _scope = p::scope(&run, p::site!("groups", "groups", 0));
    let count = p::site!("random_range", "groups", 1);
    let n = p::random_range(0..4u32, &run, count, &mut *rng, |rng, arg| {
        rng.random_range(arg)
    });
    let mut out = Vec::new();
    for _ in p::counted_loop(&run, 0, n, p::site!("loop", "groups", 2), count) {
        let k = p::random_range(
            1..3u32,
            &run,
            p::site!("random_range", "groups", 3),
            &mut *rng,
            |rng, arg| rng.random_range(arg),
        );
        let numbers = (0..k)
            .map(|_| {
                p::random_range(
                    0..100u32,
                    &run,
                    p::site!("random_range", "groups", 4),
                    &mut *rng,
                    |rng, arg| rng.random_range(arg),
                )
            })
            .collect();
        out.push(numbers);
    }
    out
}

/// Replays `trace` with `edit` applied.
fn replayed<T>(
    generator: fn(&mut StdRng) -> T,
    trace: &Trace,
    edit: &Edit,
    strategy: Strategy,
    budget: u64,
) -> ReplayEnd<T> {
    let mut generator = generator;
    let overlay = Overlay::of(trace, edit);
    run_replay(&mut generator, trace, overlay, strategy, budget, true)
}

/// A recorded run of `generator` whose output `wanted` accepts, from the first of 1000 seeds.
fn recorded<T>(generator: fn(&mut StdRng) -> T, wanted: impl Fn(&T) -> bool) -> Run<T> {
    (0..1000)
        .map(|seed| record(generator, seed))
        .find(|run| wanted(&run.output))
        .expect("a seed that gives one")
}

#[test]
fn an_unchanged_trace_replays_to_the_recorded_run() {
    let run = recorded(pair, |&(a, _)| a != 9);
    for strategy in [Strategy::Halt, Strategy::Bypass, Strategy::Realign] {
        let end = replayed(pair, &run.trace, &Edit::default(), strategy, 100);
        let again = end.result.expect("the same run");
        assert_eq!(again.output, run.output);
        assert_eq!(again.trace, run.trace);
        assert_eq!(end.runs, 1);
        assert!(end.bypassed.is_empty());
        assert_eq!(end.notes.count, 0);
    }
}

#[test]
fn a_changed_value_is_what_the_generator_draws() {
    let run = recorded(pair, |&(a, b)| a != 9 && b != 7);
    let edit = Edit::setting(vec![(3, Value::offset(7))]);
    let end = replayed(pair, &run.trace, &edit, Strategy::Halt, 100);
    assert_eq!(end.result.expect("a legal value").output, (run.output.0, 7));
}

#[test]
fn a_replay_past_its_budget_stops() {
    let run = recorded(pair, |&(a, _)| a != 9);
    let end = replayed(pair, &run.trace, &Edit::default(), Strategy::Halt, 1);
    assert!(
        matches!(end.result, Err(ReplayError::OverBudget(_))),
        "{:?}",
        end.result.err()
    );
}

#[test]
fn a_panic_of_the_generator_is_reported_with_its_place() {
    let run = recorded(pair, |&(a, _)| a != 9);
    let edit = Edit::setting(vec![(2, Value::offset(9))]);
    let end = replayed(pair, &run.trace, &edit, Strategy::Halt, 100);
    let Err(ReplayError::Panicked { message, location }) = end.result else {
        panic!(
            "the generator panics on 9: {:?}",
            end.result.map(|r| r.output)
        );
    };
    assert_eq!(message, "the first is 9");
    let location = location.expect("the panic's place");
    assert!(location.contains("replay_tests.rs"), "{location}");
}

#[test]
fn bypass_removes_the_part_that_cannot_follow_and_runs_again() {
    // Two groups, the first of two numbers: its size lowered to 1 leaves its second
    // number out, which only a new run without that group can follow.
    let run = recorded(groups, |g| g.len() == 2 && g[0].len() == 2);
    // Nodes: the root, the call, the count, the loop, then the first group's iteration 4,
    // its size 5 and its numbers 6 and 7.
    let edit = Edit::setting(vec![(5, Value::offset(0))]);
    let halted = replayed(groups, &run.trace, &edit, Strategy::Halt, 100);
    assert!(
        matches!(halted.result, Err(ReplayError::Halted(_))),
        "halt stops"
    );
    let end = replayed(groups, &run.trace, &edit, Strategy::Bypass, 100);
    assert_eq!(end.result.expect("bypassed").output, run.output[1..]);
    assert_eq!(end.bypassed, [4], "the first group's iteration");
    assert_eq!(end.runs, 2, "one run, and one after the bypass");
}
