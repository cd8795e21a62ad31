//! The paper's two kinds of infeasible alignment (section 4.4.1) under halt, bypass and
//! re-align.

use greduce::{ReplayError, Strategy, generator};
use rand::RngExt;
use rand::seq::IndexedRandom;

#[generator]
fn f<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.random_range(10..20)
}

#[generator]
fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.random_range(20..30)
}

/// Case 1: removing `x = 1` makes the run call `f` where the trace recorded a call of `g`.
#[generator]
fn case1<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u32, u32) {
    let mut x = 0;
    if rng.random_bool(0.5) {
        x = 1;
    }
    let v = if x == 0 { f(rng) } else { g(rng) };
    let after = rng.random_range(0..100);
    (x, v, after)
}

/// Case 2: removing `x.push(1)` makes the recorded choice of index 1 illegal.
#[generator]
fn case2<R: rand::Rng + ?Sized>(rng: &mut R) -> (Vec<u32>, Option<u32>, u32) {
    let mut x = vec![0];
    if rng.random_bool(0.5) {
        x.push(1);
    }
    let mut y = None;
    if rng.random_bool(0.5) {
        y = x.choose(rng).copied();
    }
    let after = rng.random_range(0..100);
    (x, y, after)
}

/// Case 1 inside a reducible loop, so bypass has an enclosing part to remove.
#[generator]
fn case1_in_loop<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for _ in 0..rng.random_range(1..5) {
        let mut x = 0;
        if rng.random_bool(0.5) {
            x = 1;
        }
        let v = if x == 0 { f(rng) } else { g(rng) };
        out.push((x, v));
    }
    out
}

mod common;
use common::{first_nested_part, first_run};

/// The first part of the trace: the `then` block of the first selection.
fn first_then(trace: &greduce::Trace) -> greduce::Part {
    let part = trace.parts()[0];
    assert!(
        trace.describe(part).starts_with("then block"),
        "{}",
        trace.describe(part)
    );
    part
}

#[test]
fn case1_halt_rejects() {
    let run = first_run(case1, |(x, _, _)| *x == 1);
    let replay = greduce::replay(case1, &run.trace, &[first_then(&run.trace)], Strategy::Halt);
    match replay.result {
        Err(ReplayError::Halted(why)) => assert!(
            why.contains("call of `f`") && why.contains("call of `g`"),
            "{why}"
        ),
        other => panic!("expected a halt, got {other:?}"),
    }
}

#[test]
fn case1_bypass_without_enclosing_part_halts() {
    let run = first_run(case1, |(x, _, _)| *x == 1);
    let replay = greduce::replay(
        case1,
        &run.trace,
        &[first_then(&run.trace)],
        Strategy::Bypass,
    );
    match replay.result {
        Err(ReplayError::Halted(why)) => {
            assert!(why.contains("no enclosing reducible part"), "{why}");
        }
        other => panic!("expected a halt, got {other:?}"),
    }
    assert!(replay.bypassed.is_empty());
}

#[test]
fn case1_bypass_removes_the_enclosing_iteration() {
    let run = first_run(case1_in_loop, |out| out.len() >= 2 && out[0].0 == 1);
    // The then block of iteration 0.
    let then0 = first_nested_part(&run.trace);
    let replay = greduce::replay(case1_in_loop, &run.trace, &[then0], Strategy::Bypass);
    assert_bypassed_iteration_0(&run, replay);
}

/// Bypass removed iteration 0 of the loop, and nothing else: the run gave the recorded
/// output without its first item.
fn assert_bypassed_iteration_0<T: PartialEq + std::fmt::Debug>(
    run: &greduce::Run<Vec<T>>,
    replay: greduce::Replay<Vec<T>>,
) {
    let out = replay.result.expect("bypass finds a run").output;
    assert_eq!(replay.bypassed.len(), 1);
    assert!(
        run.trace
            .describe(replay.bypassed[0])
            .starts_with("iteration 0 of the loop")
    );
    assert_eq!(out[..], run.output[1..]);
}

#[test]
fn case1_realign_runs_f_unaligned_and_aligns_again_after_it() {
    let run = first_run(case1, |(x, _, _)| *x == 1);
    let replay = greduce::replay(
        case1,
        &run.trace,
        &[first_then(&run.trace)],
        Strategy::Realign,
    );
    let (x, v, after) = replay.result.expect("re-align always yields a run").output;
    assert_eq!(x, 0);
    assert_eq!(v, 10, "f's decision gets the simplest value");
    assert_eq!(
        after, run.output.2,
        "the decision after the call aligns again"
    );
    assert_eq!(replay.realigned.len(), 2, "{:?}", replay.realigned);
    assert!(replay.realigned[0].contains("runs unaligned in its place"));
}

#[test]
fn case2_halt_rejects() {
    let run = first_run(case2, |(x, y, _)| x.len() == 2 && *y == Some(1));
    let replay = greduce::replay(case2, &run.trace, &[first_then(&run.trace)], Strategy::Halt);
    match replay.result {
        Err(ReplayError::Halted(why)) => {
            assert!(why.contains("is not legal for choose(len=1)"), "{why}");
        }
        other => panic!("expected a halt, got {other:?}"),
    }
}

#[test]
fn case2_bypass_removes_the_enclosing_selection_block() {
    let run = first_run(case2, |(x, y, _)| x.len() == 2 && *y == Some(1));
    let replay = greduce::replay(
        case2,
        &run.trace,
        &[first_then(&run.trace)],
        Strategy::Bypass,
    );
    let (x, y, after) = replay.result.expect("bypass finds a run").output;
    assert_eq!(replay.bypassed.len(), 1);
    assert!(
        run.trace
            .describe(replay.bypassed[0])
            .starts_with("then block of the `if` random_bool")
    );
    assert_eq!((x, y, after), (vec![0], None, run.output.2));
}

#[test]
fn case2_realign_answers_index_0_and_aligns_again() {
    let run = first_run(case2, |(x, y, _)| x.len() == 2 && *y == Some(1));
    let replay = greduce::replay(
        case2,
        &run.trace,
        &[first_then(&run.trace)],
        Strategy::Realign,
    );
    let (x, y, after) = replay.result.expect("re-align always yields a run").output;
    assert_eq!((x, y, after), (vec![0], Some(0), run.output.2));
    assert_eq!(replay.realigned.len(), 1, "{:?}", replay.realigned);
}

/// An iteration whose recorded decision the run no longer makes once a `then` block is
/// removed: the recorded operations left out of a block are an infeasible alignment too.
#[generator]
fn left_out<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Option<u32>> {
    let mut out = Vec::new();
    for _ in 0..rng.random_range(2..4) {
        let mut more = false;
        if rng.random_bool(0.5) {
            more = true;
        }
        out.push(more.then(|| rng.random_range(0..10)));
    }
    out
}

/// The `then` block of iteration 0 of `left_out`, recorded with its decision.
fn left_out_run() -> (greduce::Run<Vec<Option<u32>>>, greduce::Part) {
    let run = first_run(left_out, |out| out[0].is_some());
    let then0 = first_nested_part(&run.trace);
    assert!(run.trace.describe(then0).starts_with("then block"));
    (run, then0)
}

#[test]
fn left_out_operations_halt() {
    let (run, then0) = left_out_run();
    let replay = greduce::replay(left_out, &run.trace, &[then0], Strategy::Halt);
    match replay.result {
        Err(ReplayError::Halted(why)) => assert!(
            why.starts_with("the run left out the recorded decision random_range(0..=9)"),
            "{why}"
        ),
        other => panic!("expected a halt, got {other:?}"),
    }
}

#[test]
fn left_out_operations_bypass_removes_the_iteration() {
    let (run, then0) = left_out_run();
    let replay = greduce::replay(left_out, &run.trace, &[then0], Strategy::Bypass);
    assert_bypassed_iteration_0(&run, replay);
}

#[test]
fn left_out_operations_realign_continues() {
    let (run, then0) = left_out_run();
    let replay = greduce::replay(left_out, &run.trace, &[then0], Strategy::Realign);
    let out = replay.result.expect("re-align always yields a run").output;
    assert_eq!(out[0], None);
    assert_eq!(out[1..], run.output[1..], "later iterations align again");
}
