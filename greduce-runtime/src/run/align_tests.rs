//! The aligner on hand-built traces, driven as a replay drives it: one generator call
//! `S { A, B }` (two decisions at their own sites), replayed by runs that follow it, leave
//! part of it out, or do something else, under each strategy.

use super::*;
use crate::trace::builder::Builder;
use crate::trace::edit::Edit;
use crate::trace::value::{Asked, IntTy};
use crate::trace::{Decision, Trace};

static S: Site = Site::new("generator", "t.rs", 1, 1);
static A: Site = Site::new("random_range", "t.rs", 2, 1);
static B: Site = Site::new("random_range", "t.rs", 3, 1);
static C: Site = Site::new("random_range", "t.rs", 4, 1);

/// `S { decisions at sites }`: the root is node 0, the call 1, its decisions 2, 3, ...
fn call_of(sites: &[&'static Site]) -> Trace {
    let mut b = Builder::with_capacity(0);
    b.open_scope(&S, None);
    for &site in sites {
        b.decision(Decision {
            site,
            args: Asked::int(0, 9, IntTy::U32),
            value: Value::offset(5),
        });
    }
    b.close();
    b.finish()
}

/// A replay of `trace` under `strategy`, with `edit` applied, that has entered the call.
fn entered(trace: &Trace, edit: &Edit, strategy: Strategy) -> Aligner {
    let mut aligner = Aligner::new(trace.clone(), Overlay::of(trace, edit), strategy);
    assert_eq!(aligner.op(Op::Scope, &S), Ok(Some(1)));
    aligner.push_call(Some(1));
    aligner
}

#[test]
fn a_run_that_follows_the_trace_aligns_one_to_one() {
    let trace = call_of(&[&A, &B]);
    for strategy in [Strategy::Halt, Strategy::Bypass, Strategy::Realign] {
        let mut aligner = entered(&trace, &Edit::default(), strategy);
        assert_eq!(aligner.op(Op::Decision, &A), Ok(Some(2)));
        assert_eq!(aligner.op(Op::Decision, &B), Ok(Some(3)));
        assert_eq!(aligner.close(), Ok(()));
        assert_eq!(aligner.finish(), Ok(()));
        assert_eq!(aligner.notes.count, 0, "{strategy:?}");
    }
}

#[test]
fn a_removed_decision_is_jumped_over() {
    let trace = call_of(&[&A, &B]);
    let mut aligner = entered(&trace, &Edit::removing(vec![2]), Strategy::Halt);
    assert_eq!(aligner.op(Op::Decision, &B), Ok(Some(3)));
    assert_eq!(aligner.close(), Ok(()));
    assert_eq!(aligner.finish(), Ok(()));
}

#[test]
fn halt_rejects_an_operation_the_trace_does_not_have_there() {
    let trace = call_of(&[&A, &B]);
    let mut aligner = entered(&trace, &Edit::default(), Strategy::Halt);
    let Err(Fault::Halt(why)) = aligner.op(Op::Decision, &C) else {
        panic!("halt aligns nothing else");
    };
    assert!(why.contains("does not align with the recorded"), "{why}");
}

#[test]
fn halt_rejects_a_run_that_leaves_out_a_recorded_operation() {
    let trace = call_of(&[&A, &B]);
    let mut aligner = entered(&trace, &Edit::default(), Strategy::Halt);
    assert_eq!(aligner.op(Op::Decision, &A), Ok(Some(2)));
    let Err(Fault::Halt(why)) = aligner.close() else {
        panic!("the run left out B");
    };
    assert!(why.starts_with("the run left out the recorded"), "{why}");
}

/// Bypass removes the smallest kept reducible part (a loop iteration, an `if` block, a
/// `match` arm) around where the run diverged; a generator call is not one, so a call with
/// none inside halts, as halt does.
#[test]
fn bypass_halts_where_no_reducible_part_encloses_the_divergence() {
    let trace = call_of(&[&A, &B]);
    let mut aligner = entered(&trace, &Edit::default(), Strategy::Bypass);
    let Err(Fault::Halt(why)) = aligner.op(Op::Decision, &C) else {
        panic!("no part to remove");
    };
    assert!(
        why.ends_with(
            "does not align with the recorded decision random_range(0..=9) = 5 \
             @ t.rs:2:1; no enclosing reducible part to remove"
        ),
        "{why}"
    );
}

#[test]
fn realign_skips_ahead_to_a_recorded_operation_at_the_same_site() {
    let trace = call_of(&[&A, &B]);
    let mut aligner = entered(&trace, &Edit::default(), Strategy::Realign);
    assert_eq!(aligner.op(Op::Decision, &B), Ok(Some(3)));
    assert_eq!(aligner.close(), Ok(()));
    assert_eq!(aligner.finish(), Ok(()));
    assert_eq!(aligner.notes.count, 1);
}

#[test]
fn realign_runs_an_operation_past_the_trace_unaligned() {
    let trace = call_of(&[&A]);
    let mut aligner = entered(&trace, &Edit::default(), Strategy::Realign);
    assert_eq!(aligner.op(Op::Decision, &A), Ok(Some(2)));
    assert!(aligner.past_the_trace());
    assert_eq!(aligner.op(Op::Decision, &A), Ok(None));
    assert_eq!(aligner.close(), Ok(()));
    assert_eq!(aligner.finish(), Ok(()));
}
