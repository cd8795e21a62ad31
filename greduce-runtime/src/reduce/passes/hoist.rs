//! Hoisting: a generator call replayed as a smaller call nested in it.
//!
//! - Of the same generator: a recursive generator's subtree takes the place of its ancestor
//!   (`Add(Add(a, b), c)` becomes `Add(a, b)`). The nested call's recorded operations
//!   answer the outer call's decisions; the outer call's own operations around it are gone.
//! - Of another generator (a descent): the outer call runs its simplest way (each decision
//!   answered its simplest value) until it first calls the nested call's generator, and
//!   that call replays the nested one (a `statement` whose simplest form is an expression
//!   statement becomes the expression nested deep in it: `switch (f(x)) { .. }` becomes
//!   `f(x)`). A descent whose outer call never calls that generator is rejected by the
//!   replay, before the property; the pass then tries no other call of that generator in
//!   the same outer call, whose simplest way would not reach it either.
//!
//! A hoist has fewer decisions than the current input; a descent keeps the nested call's
//! decisions and adds the simplest values of the way down, which can make it larger (the
//! reducer's order rejects it before the property). Descents are proposed only under
//! re-align: halt and bypass do not run anything unaligned.

use super::probe::{Probe, each_node};
use crate::config::passes::Pass;
use crate::trace::edit::Edit;
use crate::trace::site::Site;
use crate::trace::{Kind, NodeId, Trace};

pub(super) fn run(probe: &mut dyn Probe, limited: bool) {
    probe.begin(Pass::Hoist, limited);
    each_node(probe, |probe, trace, id| {
        for nested in nested_calls(trace, id) {
            if probe.give_up() {
                return false;
            }
            if probe.consider(hoist(id, nested)) {
                // The hoisted call's new content may hold smaller calls still.
                return true;
            }
        }
        if !probe.realigns() {
            // A descent runs unaligned, which halt and bypass do not allow.
            return false;
        }
        let mut unreached: Vec<&Site> = Vec::new();
        for (site, nested) in descents(trace, id) {
            if unreached.contains(&site) {
                continue;
            }
            if probe.give_up() {
                return false;
            }
            if probe.consider(hoist(id, nested)) {
                return true;
            }
            if probe.last_replay().halted {
                unreached.push(site);
            }
        }
        false
    });
}

fn hoist(call: NodeId, nested: NodeId) -> Edit {
    Edit {
        hoists: vec![(call, nested)],
        ..Edit::default()
    }
}

/// The calls of the same generator with the same label ([`crate::call_label`]) nested in
/// the call at `id`, with fewer decisions, in trace order (the larger ones first, as a
/// call's subtree comes before its own nested calls); none when `id` is not a call.
fn nested_calls(trace: &Trace, id: NodeId) -> Vec<NodeId> {
    let Kind::Scope { site, .. } = trace.kind(id) else {
        return Vec::new();
    };
    let end = trace.end(id);
    let size = decisions_in(trace, id);
    let label = trace.label(id);
    (id + 1..end)
        .filter(|n| matches!(trace.kind(*n), Kind::Scope { site: s, .. } if s == site))
        .filter(|n| trace.label(*n) == label)
        .filter(|n| decisions_in(trace, *n) < size)
        .collect()
}

/// The calls of other generators nested in the call at `id` that no call of their own
/// generator inside it encloses, with fewer decisions than it, each with its generator:
/// the larger first (trace order among equals); none when `id` is not a call.
fn descents(trace: &Trace, id: NodeId) -> Vec<(&'static Site, NodeId)> {
    let Kind::Scope { site: outer, .. } = trace.kind(id) else {
        return Vec::new();
    };
    let size = decisions_in(trace, id);
    // The calls taken so far, each with the end of its subtree: a call inside one of its
    // own generator's is not outermost.
    let mut taken: Vec<(&'static Site, NodeId, NodeId, usize)> = Vec::new();
    let mut n = id + 1;
    let end = trace.end(id);
    while n < end {
        if let Kind::Scope { site, .. } = trace.kind(n)
            && site != outer
            && !taken
                .iter()
                .any(|(s, c, e, _)| *s == site && *c < n && n < *e)
        {
            let decisions = decisions_in(trace, n);
            if decisions < size {
                taken.push((site, n, trace.end(n), decisions));
            }
        }
        n += 1;
    }
    taken.sort_by(|a, b| b.3.cmp(&a.3).then(a.1.cmp(&b.1)));
    taken.into_iter().map(|(s, c, _, _)| (s, c)).collect()
}

/// The number of decision nodes in the subtree of `id`.
fn decisions_in(trace: &Trace, id: NodeId) -> usize {
    (id..trace.end(id))
        .filter(|n| trace.decision_at(*n).is_some())
        .count()
}
