//! Cases where a change to one value decides how much of the run follows.

use greduce::{Reducer, generator};
use rand::RngExt;

#[generator]
fn byte<R: rand::Rng + ?Sized>(rng: &mut R) -> u8 {
    rng.random_range(0..=255u8)
}

/// `a`, then `b` bytes (a loop whose count is not a decision: not reducible by parts).
#[generator]
fn counted<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, Vec<u8>) {
    let a = rng.random_range(0..=10u32);
    let b = rng.random_range(0..=10usize);
    let mut v = Vec::new();
    let mut i = 0;
    while i < b {
        v.push(byte(rng));
        i += 1;
    }
    (a, v)
}

/// Raising the first value can be simpler when it lowers one that decides how many
/// decisions follow: `(10, [])` has 2 decisions, `(0, [0; 10])` has 12.
#[test]
fn raising_an_earlier_value_that_removes_later_decisions_is_simpler() {
    let fails = |(a, v): &(u32, Vec<u8>)| *a as usize + v.len() >= 10;
    let mut draws = vec![0, 10];
    draws.extend([0; 10]);
    let run = greduce::replay_draws(counted, &draws).unwrap();
    let reduced = Reducer::new(counted).reduce(&run.trace, |x| !fails(x));
    assert_eq!(reduced.output, (10, vec![]), "{}", reduced.explain());
}

/// `x`, `x` bytes, then `y`.
#[generator]
fn framed<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, Vec<u8>, u32) {
    let x = rng.random_range(0..=10u32);
    let mut v = Vec::new();
    let mut i = 0;
    while i < x {
        v.push(byte(rng));
        i += 1;
    }
    let y = rng.random_range(0..=10u32);
    (x, v, y)
}

/// Lowering `x` and `y` together moves `y`'s node: the duplicates pass must not go on
/// naming the old one (it made explaining index past the trace).
#[test]
fn equal_values_lowered_together_when_one_moves() {
    let fails = |(x, _, y): &(u32, Vec<u8>, u32)| x == y && *x >= 7;
    let mut draws = vec![10];
    draws.extend([0; 10]);
    draws.push(10);
    let run = greduce::replay_draws(framed, &draws).unwrap();
    for explain in [false, true] {
        let reduced = Reducer::new(framed)
            .explain(explain)
            .reduce(&run.trace, |x| !fails(x));
        assert_eq!(reduced.output, (7, vec![0; 7], 7));
    }
}

/// A replay that runs away stops as soon as it is larger than the current input (more
/// decisions, with the default size measure): it used to run on to ten times the original's
/// decisions, with a trace (and memory) to match.
#[test]
fn a_runaway_replay_stops_once_it_is_larger_than_the_current_input() {
    let run = greduce::record(|rng: &mut rand::rngs::StdRng| common::jobs(rng, 200), 5);
    let original = run.trace.decision_count() as u64;
    let reduced = Reducer::new(|rng: &mut rand::rngs::StdRng| common::jobs(rng, 200))
        .explain(true)
        .reduce(&run.trace, |v: &Vec<u32>| {
            greduce::Outcome::from(v.len() <= 10)
        });
    assert_eq!(reduced.output.len(), 11);
    let stopped: Vec<u64> = reduced
        .attempts
        .iter()
        .filter_map(|a| match &a.verdict {
            greduce::Verdict::ReplayFailed(greduce::ReplayError::OverBudget(n)) => Some(*n),
            _ => None,
        })
        .collect();
    assert!(!stopped.is_empty(), "some replay ran away");
    assert!(
        stopped.iter().all(|n| *n <= original),
        "stopped after {stopped:?} decisions; the original has {original}"
    );
}

mod common;
