//! Hoisting: a generator call replayed as a smaller call of the same generator nested in
//! it, so a recursive generator's subtree takes the place of its ancestor
//! (`Add(Add(a, b), c)` becomes `Add(a, b)`).
//!
//! The nested call's recorded operations answer the outer call's decisions; the outer
//! call's own operations around it are gone. Every candidate has fewer decisions than the
//! current input, so it is simpler whenever it reproduces.

use super::pass::Pass;
use super::probe::{Probe, each_node};
use crate::edit::Edit;
use crate::trace::{Kind, NodeId, Trace};

pub(super) fn run(probe: &mut dyn Probe, limited: bool) {
    probe.begin(Pass::Hoist, limited);
    each_node(probe, |probe, trace, id| {
        for nested in nested_calls(trace, id) {
            if probe.give_up() {
                break;
            }
            if probe.consider(Edit {
                hoists: vec![(id, nested)],
                ..Edit::default()
            }) {
                // The hoisted call's new content may hold smaller calls still.
                return true;
            }
        }
        false
    });
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

/// The number of decision nodes in the subtree of `id`.
fn decisions_in(trace: &Trace, id: NodeId) -> usize {
    (id..trace.end(id))
        .filter(|n| trace.decision_at(*n).is_some())
        .count()
}
