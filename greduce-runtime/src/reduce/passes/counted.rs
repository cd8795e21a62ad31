//! The loops of a trace whose iteration count is a decision, which passes move iterations
//! between (`together`'s redistribution, `reorder`'s moves).

use crate::trace::site::Site;
use crate::trace::value::Value;
use crate::trace::{Kind, NodeId, Trace};

/// A loop whose count is a decision.
pub(super) struct Counted {
    /// The count decision.
    pub(super) count: NodeId,
    /// The loop.
    pub(super) lp: NodeId,
    /// The count's offset in its range.
    pub(super) offset: u128,
    /// The range's span (the largest offset).
    pub(super) span: u128,
    /// The loop's site.
    pub(super) site: &'static Site,
    /// The loop's iterations.
    pub(super) iterations: Vec<NodeId>,
}

impl Counted {
    /// The count one higher, when its range allows.
    pub(super) fn one_more(&self) -> Option<Value> {
        (self.offset < self.span).then(|| Value::offset(self.offset + 1))
    }

    /// The count one lower, when it is above its range's start.
    pub(super) fn one_less(&self) -> Option<Value> {
        self.offset.checked_sub(1).map(Value::offset)
    }
}

/// The loops of `trace` counted by a decision, in the order of their count decisions.
pub(super) fn counted_loops(trace: &Trace) -> Vec<Counted> {
    (0..trace.len() as NodeId)
        .filter_map(|d| {
            let lp = trace.link(d);
            if lp == crate::trace::NONE {
                return None;
            }
            let decision = trace.decision_at(d)?;
            let (_, span, _) = decision.args.as_int()?;
            let Kind::Loop { site, .. } = trace.kind(lp) else {
                return None;
            };
            Some(Counted {
                count: d,
                lp,
                offset: decision.value.as_offset()?,
                span,
                site,
                iterations: trace.children(lp).collect(),
            })
        })
        .collect()
}
