//! `replay_draws`: a run answered from a flat list of draws.

use greduce::{ReplayError, generator};
use rand::RngExt;
use rand::seq::IndexedRandom;

#[generator]
fn shapes<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<String> {
    let mut out = Vec::new();
    let n = rng.random_range(1..5usize);
    for _ in 0..n {
        let shape = match rng.random_range(0..3) {
            0 => "dot",
            1 => "line",
            _ => "box",
        };
        out.push(shape.to_string());
    }
    if rng.random_bool(0.5) {
        out.push("flag".into());
    }
    while rng.random_bool(0.3) {
        out.push("tail".into());
    }
    let colors = ["red", "green", "blue"];
    out.push((*colors.choose(rng).unwrap()).to_string());
    out
}

#[test]
fn every_kind_of_decision_takes_the_next_draw() {
    // n = 1 + 1; shapes 2 and 0; the `if` taken; two `while` iterations; then blue.
    let run = greduce::replay_draws(shapes, &[1, 2, 0, 1, 1, 1, 0, 2]).unwrap();
    assert_eq!(
        run.output,
        ["box", "dot", "flag", "tail", "tail", "blue"].map(String::from)
    );
    // The trace is a recorded run's: replaying it gives the same output.
    let again = greduce::replay(shapes, &run.trace, &[], greduce::Strategy::Halt);
    assert_eq!(again.result.unwrap().output, run.output);
    assert_eq!(run.trace.decision_count(), 8);
}

#[test]
fn bad_draws_are_errors_naming_the_decision() {
    let halted = |draws: &[u64]| match greduce::replay_draws(shapes, draws) {
        Err(ReplayError::Halted(why)) => why,
        other => panic!("expected an error, got {other:?}"),
    };
    assert!(
        halted(&[9])
            .starts_with("draw 0 is out of range for random_range(1..=4) @ tests/draws.rs:")
    );
    assert!(
        halted(&[0, 3]).starts_with("draw 1 is out of range for match(0..=2) @ tests/draws.rs:")
    );
    assert!(
        halted(&[0, 1]).starts_with("the draws ran out at random_bool(p=0.5) @ tests/draws.rs:")
    );
    assert_eq!(
        halted(&[0, 1, 0, 0, 2, 5]),
        "the generator returned with 1 of 6 draws unused"
    );
}
