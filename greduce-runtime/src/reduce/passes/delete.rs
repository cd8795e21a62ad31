//! Deleting decisions no reducible part covers, re-aligning what follows:
//!
//! - an iteration of a loop whose count is not a decision (`for _ in 0..n` with `n` from
//!   elsewhere): later iterations move up by one, and the last one runs with the simplest
//!   values;
//! - the first decisions of a run of decisions at one site in one block (the retries of a
//!   rejection loop, `loop { let x = rng.random(); if ok(x) { break x } }`): the run makes
//!   the decisions that remain, so it may need fewer.

use super::{Pass, Probe, find_integer};
use crate::edit::Edit;
use crate::trace::{Count, Kind, NodeId, Trace};

pub(super) fn run(probe: &mut dyn Probe, limited: bool) {
    probe.begin(Pass::Delete, limited);
    let mut id: NodeId = 0;
    while !probe.give_up() {
        let trace = probe.current().clone();
        if id as usize >= trace.len() {
            return;
        }
        let deleted = match trace.kind(id) {
            Kind::Loop {
                count: Count::Fixed,
                ..
            } => fixed_iterations(probe, &trace, id),
            _ if trace.node(id).end > id + 1 => same_site_runs(probe, &trace, id),
            _ => false,
        };
        if !deleted {
            id += 1;
        }
    }
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

/// Tries deleting the first decisions of each run of two or more decisions at one site
/// among the children of `block` (as many as it can, in O(log) tries); stops at the first
/// success.
fn same_site_runs(probe: &mut dyn Probe, trace: &Trace, block: NodeId) -> bool {
    let children: Vec<NodeId> = trace.children(block).collect();
    let site = |n: NodeId| match trace.kind(n) {
        Kind::Decision { decision } if !trace.node(n).linked => Some(decision.site),
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
                    && probe.consider_on(trace, generation, Edit::removing(run[..k].to_vec()))
            });
            if deleted > 0 {
                return true;
            }
        }
        start = end;
    }
    false
}
