//! Trivial parts: every decision inside one block (the whole run, a generator call, a loop
//! iteration, a branch, a `match` arm) set to its simplest value at once.
//!
//! One candidate per block, outermost first: when a whole iteration or call does not matter
//! beyond its shape, this simplifies all of it in one property call instead of one per
//! decision.

use super::probe::{Probe, each_node};
use crate::config::passes::Pass;
use crate::reduce::order::simplest;
use crate::trace::edit::Edit;
use crate::trace::value::Value;
use crate::trace::{Kind, NodeId, Trace};

pub(super) fn run(probe: &mut dyn Probe, limited: bool) {
    probe.begin(Pass::Trivial, limited);
    each_node(probe, |probe, trace, id| {
        if is_block(trace, id) {
            // One decision alone is what minimizing it tries first.
            let values = simplified(trace, id);
            if values.len() >= 2 {
                probe.consider(Edit::setting(values));
            }
        }
        false
    });
}

/// Whether `id` holds a block of operations (the root, a call, an iteration, a branch, an
/// arm).
fn is_block(trace: &Trace, id: NodeId) -> bool {
    matches!(
        trace.kind(id),
        Kind::Root | Kind::Scope { .. } | Kind::Iteration | Kind::Branch { .. } | Kind::Arm
    ) && trace.end(id) > id + 1
}

/// The value decisions inside `block` that are not simplest yet, with their simplest
/// values.
pub(super) fn simplified(trace: &Trace, block: NodeId) -> Vec<(NodeId, Value)> {
    let end = trace.end(block);
    (block..end)
        .filter(|id| trace.is_value_decision(*id))
        .filter_map(|id| {
            let decision = trace.decision_at(id)?;
            let value = simplest(&decision.args, &decision.value)?;
            (value != decision.value).then_some((id, value))
        })
        .collect()
}
