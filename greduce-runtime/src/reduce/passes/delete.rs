//! Deleting decisions no reducible part covers, re-aligning what follows:
//!
//! - an iteration of a loop whose count is not a decision (`for _ in 0..n` with `n` from
//!   elsewhere): later iterations move up by one, and the last one runs with the simplest
//!   values;
//! - the first decisions of a run of decisions at one site in one block (the retries of a
//!   rejection loop, `loop { let x = rng.random(); if ok(x) { break x } }`; in a full
//!   round, also runs of `if`s or `match`es on decisions of one site, and of calls from one
//!   call site: the elements of a `for _ in 0..n` whose `n` was not drawn right there): the
//!   run makes the decisions that remain, so it may need fewer; and the same with the
//!   number drawn just before the run lowered by as many, for a count that is not a loop
//!   count (`let n = rng.random::<u64>() % 11; for _ in 0..n { .. }`); and with one of the
//!   two numbers before the run lowered by one and as many first members deleted as that
//!   loses, for a count made of them (`n * m`);
//! - an iteration of a reducible loop together with the references past it: every other
//!   index-like decision (a `choose`, or a range that starts at 0) whose value is larger
//!   than the iteration's position goes down by one, as positions in the list do (an edge
//!   naming node 7 names node 6 once node 3 is gone). The structural pass removes parts
//!   without touching values, so a list whose elements point at each other cannot lose an
//!   element that way.

use super::probe::{Probe, each_node, find_integer};
use crate::config::passes::Pass;
use crate::reduce::order::Line;
use crate::trace::edit::{Edit, Siblings};
use crate::trace::value::{Asked, Value};
use crate::trace::{Count, Kind, NodeId, Trace};

pub(super) fn run(probe: &mut dyn Probe, limited: bool) {
    probe.begin(Pass::Delete, limited);
    // The index-like decisions of the current trace (found once per trace, not per loop).
    let mut indices = (u64::MAX, Vec::new());
    each_node(probe, |probe, trace, id| match trace.kind(id) {
        Kind::Loop {
            count: Count::Fixed,
            ..
        } => fixed_iterations(probe, trace, id),
        Kind::Loop { .. } => {
            if indices.0 != probe.generation() {
                indices = (probe.generation(), index_decisions(trace));
            }
            shifting_iterations(probe, trace, id, &indices.1)
        }
        _ if trace.end(id) > id + 1 => same_site_runs(probe, trace, id, limited),
        _ => false,
    });
}

/// Tries deleting each iteration of the fixed-count loop `lp`; stops at the first success.
fn fixed_iterations(probe: &mut dyn Probe, trace: &Trace, lp: NodeId) -> bool {
    for iteration in trace.children(lp) {
        if probe.give_up() {
            return false;
        }
        if probe.consider(Edit::removing(vec![iteration])) {
            return true;
        }
    }
    false
}

/// The index-like decisions of `trace` (a `choose`, or an unsigned range from 0), with
/// their values.
fn index_decisions(trace: &Trace) -> Vec<(NodeId, u128)> {
    (0..trace.len() as NodeId)
        .filter(|n| trace.is_value_decision(*n))
        .filter_map(|n| {
            let d = trace.decision_at(n)?;
            let index = match (&d.args, &d.value) {
                (Asked::Index { .. }, Value::Index(i)) => u128::from(*i),
                (Asked::Int { lo: 0, ty, .. }, Value::Offset(o)) if ty.is_unsigned() => {
                    u128::from(*o)
                }
                _ => return None,
            };
            Some((n, index))
        })
        .collect()
}

/// Tries removing each iteration of the reducible loop `lp` with the references past it
/// lowered by one (see the module docs); when that works, as many following iterations as
/// still work (O(log) tries), the references past them lowered by as many. Stops at the
/// first success.
fn shifting_iterations(
    probe: &mut dyn Probe,
    trace: &Trace,
    lp: NodeId,
    indices: &[(NodeId, u128)],
) -> bool {
    let iterations: Vec<NodeId> = trace.children(lp).collect();
    let generation = probe.generation();
    for position in 0..iterations.len() {
        if probe.give_up() {
            return false;
        }
        let edit = |k: usize| shifted(trace, &iterations, position, k, indices);
        let Some(first) = edit(1) else {
            continue;
        };
        if !probe.consider_on(trace, generation, first) {
            continue;
        }
        find_integer(|more| {
            let k = more as usize + 1;
            position + k <= iterations.len()
                && !probe.give_up()
                && edit(k).is_some_and(|e| probe.consider_on(trace, generation, e))
        });
        return true;
    }
    false
}

/// The edit that removes iterations `position..position + k` of `iterations` and lowers by
/// `k` the index-like decisions outside them whose values are past them; `None` when no
/// value changes (a plain removal, which the structural pass tries).
fn shifted(
    trace: &Trace,
    iterations: &[NodeId],
    position: usize,
    k: usize,
    indices: &[(NodeId, u128)],
) -> Option<Edit> {
    let (first, last) = (iterations[position], iterations[position + k - 1]);
    let end = trace.end(last);
    let past = (position + k - 1) as u128;
    let values: Vec<(NodeId, Value)> = indices
        .iter()
        .filter(|(n, i)| (*n < first || *n >= end) && *i > past)
        .map(|(n, i)| {
            let index = trace
                .decision_at(*n)
                .is_some_and(|d| matches!(d.value, Value::Index(_)));
            let lowered = if index {
                Value::Index((i - k as u128) as u64)
            } else {
                Value::offset(i - k as u128)
            };
            (*n, lowered)
        })
        .collect();
    if values.is_empty() {
        return None;
    }
    let mut edit = Edit::setting(values);
    edit.removed = vec![Siblings {
        first,
        last,
        count: k as u32,
    }];
    Some(edit)
}

/// Tries deleting the first decisions of each run of two or more decisions at one site
/// among the children of `block` (as many as it can, in O(log) tries); stops at the first
/// success.
fn same_site_runs(probe: &mut dyn Probe, trace: &Trace, block: NodeId, limited: bool) -> bool {
    let children: Vec<NodeId> = trace.children(block).collect();
    // A decision's site; in a full round, also an `if` or `match` on a decision, by its
    // decision's site, and a call of a generator, by its call site (`v.push(element(rng))`,
    // `n` times): runs of those are rarer, and most are not a count's elements.
    let site = |n: NodeId| match trace.kind(n) {
        Kind::Decision { decision } if !trace.node(n).linked() => Some(decision.site),
        Kind::Selection { decision } | Kind::Switch { decision } if !limited => Some(decision.site),
        Kind::Scope { call, .. } if !limited => call,
        _ => None,
    };
    let mut start = 0;
    while start < children.len() {
        let Some(s) = site(children[start]) else {
            start += 1;
            continue;
        };
        let mut end = start + 1;
        while end < children.len() && site(children[end]) == Some(s) {
            end += 1;
        }
        if end - start >= 2 {
            let run = &children[start..end];
            let generation = probe.generation();
            let deleted = find_integer(|k| {
                let k = k as usize;
                k < run.len()
                    && !probe.give_up()
                    && probe.consider_on(
                        trace,
                        generation,
                        Edit::removing_runs(vec![Siblings {
                            first: run[0],
                            last: run[k - 1],
                            count: k as u32,
                        }]),
                    )
            });
            if deleted > 0 {
                return true;
            }
            // A count drawn just before the run that is not a loop count (`n % 11`): the
            // first decisions deleted with it lowered by as many.
            if start > 0 && counted_run(probe, trace, children[start - 1], run) {
                return true;
            }
            // A count made of the numbers drawn before the run (`n * m`): one of them lowered
            // by one, with as many of the first members deleted as the run then loses.
            for back in 1..=2 {
                if start >= back && product_run(probe, trace, children[start - back], run) {
                    return true;
                }
            }
        }
        start = end;
    }
    false
}

/// Lowers the number decided at `source` by one and deletes as many of the first members
/// of `run` as make up the decisions that lowering alone lost (the run gets shorter at its
/// end; the members that matter are often the last ones).
fn product_run(probe: &mut dyn Probe, trace: &Trace, source: NodeId, run: &[NodeId]) -> bool {
    let Some(lowered) = trace
        .decision_at(source)
        .filter(|_| trace.is_value_decision(source))
        .and_then(|d| Line::of(&d.args, &d.value))
        .filter(|l| l.is_number() && !l.below() && l.distance() > 0)
        .and_then(|l| l.at(false, l.distance() - 1))
    else {
        return false;
    };
    let generation = probe.generation();
    let mut edit = Edit::setting(vec![(source, lowered)]);
    // Usually tried already (the minimize pass): its replay's effects come from the cache.
    if probe.consider_on(trace, generation, edit.clone()) {
        return true;
    }
    let lost = probe.last_replay().lost;
    if lost == 0 || probe.give_up() {
        return false;
    }
    let mut decisions = 0;
    let Some(k) = run.iter().position(|&m| {
        decisions += (m..trace.end(m))
            .filter(|&n| trace.decision_at(n).is_some())
            .count();
        decisions >= lost
    }) else {
        return false;
    };
    if k + 1 >= run.len() {
        return false;
    }
    edit.removed = vec![Siblings {
        first: run[0],
        last: run[k],
        count: k as u32 + 1,
    }];
    probe.consider_on(trace, generation, edit)
}

/// Deletes the first `k` decisions of `run` with the number decided at `count` (the
/// decision just before the run) lowered by `k`, for as many `k` as work (O(log) tries).
fn counted_run(probe: &mut dyn Probe, trace: &Trace, count: NodeId, run: &[NodeId]) -> bool {
    let Some(line) = trace
        .decision_at(count)
        .filter(|_| trace.is_value_decision(count))
        .and_then(|d| Line::of(&d.args, &d.value))
        .filter(Line::is_number)
    else {
        return false;
    };
    if line.below() {
        return false;
    }
    let generation = probe.generation();
    let deleted = find_integer(|k| {
        let Some(lowered) = line.at(false, line.distance().saturating_sub(k)) else {
            return false;
        };
        let k = k as usize;
        k < run.len()
            && k as u128 <= line.distance()
            && !probe.give_up()
            && probe.consider_on(
                trace,
                generation,
                Edit {
                    removed: vec![Siblings {
                        first: run[0],
                        last: run[k - 1],
                        count: k as u32,
                    }],
                    values: vec![(count, lowered)],
                    ..Edit::default()
                },
            )
    });
    deleted > 0
}
