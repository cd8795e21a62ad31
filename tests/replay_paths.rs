//! Replay answers the run's common case (it does what was recorded next) on a fast path;
//! these tests pin what that path must still do as the general one does: count decisions
//! against the budget, stop at a pending fault, and read back only values of the same kind
//! that are legal today. Each fails if the fast path skips the check.

use greduce::{ReplayError, Strategy, generator};
use rand::RngExt;
use std::cell::Cell;

mod common;
use common::{first_nested_part, first_run};

thread_local! { static EXTRA: Cell<u32> = const { Cell::new(0) }; }

#[generator]
fn two<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u32, bool) {
    for _ in 0..EXTRA.with(Cell::get) {
        let _ = rng.random_range(0..2);
    }
    let a = rng.random_range(0..10);
    let mut c = false;
    if rng.random_bool(0.5) {
        c = true;
    }
    let b = rng.random_range(0..10);
    (a, b, c)
}

/// The budget (1000 here) runs out exactly at a decision that aligns with the trace: the
/// fast path must fail it as `tick` does.
#[test]
fn budget_runs_out_at_an_aligned_decision() {
    let run = greduce::record(two, 1);
    for (extra, expected) in [
        (997, Ok(())),
        (998, Err(1000)),
        (999, Err(1000)),
        (1000, Err(1000)),
    ] {
        EXTRA.with(|e| e.set(extra));
        let r = greduce::replay(two, &run.trace, &[], Strategy::Realign);
        match (r.result, expected) {
            (Ok(_), Ok(())) => {}
            (Err(ReplayError::OverBudget(n)), Err(m)) => assert_eq!(n, m, "extra {extra}"),
            (other, _) => panic!("extra {extra}: {:?}", other.map(|r| r.output)),
        }
    }
}

thread_local! { static REACHED: Cell<u32> = const { Cell::new(0) }; }

/// As `left_out` in tests/infeasible.rs, counting the selections the run got past.
#[generator]
fn left_out<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Option<u32>> {
    let mut out = Vec::new();
    for _ in 0..rng.random_range(2..4) {
        let mut more = false;
        if rng.random_bool(0.5) {
            more = true;
        }
        REACHED.with(|r| r.set(r.get() + 1));
        out.push(more.then(|| rng.random_range(0..10)));
    }
    out
}

/// Closing iteration 0 finds its recorded decision left out and sets a fault without
/// stopping; the run stops at its next decision, wherever it aligns.
#[test]
fn a_pending_fault_stops_the_run_at_the_next_aligned_decision() {
    let run = first_run(left_out, |out| out[0].is_some());
    let then0 = first_nested_part(&run.trace);
    for strategy in [Strategy::Halt, Strategy::Bypass] {
        REACHED.with(|r| r.set(0));
        let replay = greduce::replay(left_out, &run.trace, &[then0], strategy);
        let reached = REACHED.with(Cell::get);
        if strategy == Strategy::Halt {
            assert!(matches!(replay.result, Err(ReplayError::Halted(_))));
        }
        // Halt: one pass over iteration 0. Bypass: that, then the replay without it.
        let expected = if strategy == Strategy::Halt {
            1
        } else {
            run.output.len() as u32
        };
        assert_eq!(reached, expected, "{strategy:?}");
    }
}

/// The same with a plain decision first in each iteration.
#[generator]
fn left_out_d<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<(u32, Option<u32>)> {
    let mut out = Vec::new();
    for _ in 0..rng.random_range(2..4) {
        let y = rng.random_range(0..5);
        REACHED.with(|r| r.set(r.get() + 1));
        let mut more = false;
        if rng.random_bool(0.5) {
            more = true;
        }
        out.push((y, more.then(|| rng.random_range(0..10))));
    }
    out
}

#[test]
fn a_pending_fault_stops_the_run_at_the_next_aligned_plain_decision() {
    let run = first_run(left_out_d, |out| out[0].1.is_some());
    let then0 = first_nested_part(&run.trace);
    REACHED.with(|r| r.set(0));
    let replay = greduce::replay(left_out_d, &run.trace, &[then0], Strategy::Halt);
    assert!(matches!(replay.result, Err(ReplayError::Halted(_))));
    assert_eq!(REACHED.with(Cell::get), 1);
}

thread_local! { static WIDE: Cell<bool> = const { Cell::new(false) }; }

#[generator]
fn pick<R: rand::Rng + ?Sized, T: greduce::Int + rand::distr::uniform::SampleUniform>(
    rng: &mut R,
    lo: T,
    hi: T,
) -> T {
    rng.random_range(lo..hi)
}

/// One site, two types: a value recorded as `u8` is not read back as `u32`.
#[generator]
fn typed<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    if WIDE.with(Cell::get) {
        pick(rng, 0u32, 9u32)
    } else {
        u32::from(pick(rng, 0u8, 9u8))
    }
}

#[test]
fn a_recorded_value_of_another_type_is_not_read() {
    let run = first_run(typed, |out| *out != 0);
    WIDE.with(|w| w.set(true));
    let halt = greduce::replay(typed, &run.trace, &[], Strategy::Halt);
    match halt.result {
        Err(ReplayError::Halted(why)) => assert!(
            why.ends_with(
                "is not legal for random_range(0..=8) (it was a `u8`, this one is a `u32`)"
            ),
            "{why}"
        ),
        other => panic!("expected a halt, got {:?}", other.map(|r| r.output)),
    }
    let realign = greduce::replay(typed, &run.trace, &[], Strategy::Realign);
    assert_eq!(realign.result.unwrap().output, 0);
    WIDE.with(|w| w.set(false));
}

thread_local! { static SURE: Cell<bool> = const { Cell::new(false) }; }

/// An `if` recorded `false` whose probability is now 1.
#[generator]
fn sure<R: rand::Rng + ?Sized>(rng: &mut R) -> bool {
    let mut taken = false;
    if rng.random_bool(if SURE.with(Cell::get) { 1.0 } else { 0.5 }) {
        taken = true;
    }
    taken
}

#[test]
fn a_recorded_branch_that_is_no_longer_legal_is_not_taken() {
    let run = first_run(sure, |out| !*out);
    SURE.with(|w| w.set(true));
    let halt = greduce::replay(sure, &run.trace, &[], Strategy::Halt);
    assert!(
        matches!(halt.result, Err(ReplayError::Halted(_))),
        "{:?}",
        halt.result.map(|r| r.output)
    );
    SURE.with(|w| w.set(false));
}
