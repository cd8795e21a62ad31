//! Lean runs: a run on bytes that builds no trace, what [`fuzz::check`](crate::fuzz::check)
//! does with each of a fuzzer's inputs.
//!
//! A run on bytes ([`Session::with_bytes`]) answers each decision from the bytes and builds
//! the trace of what it did, so that a failure can be shrunk from it. A fuzzer runs
//! millions of inputs and shrinks none of them there: a lean run answers the same
//! decisions the same way ([`bytes::decode`], the simplest value where the bytes' value is
//! not legal, the rng where a decision has no byte form), stops where the traced run stops
//! (the same decision and node budgets, the same faults), and keeps only what that needs:
//! how many nodes the trace would have, and which nodes would be open. The trace is built
//! again, by a traced run on the same bytes, only for an input that is reported.
//!
//! The replaying entry points of [`super`] hand a lean run over to their lean forms first
//! (`lean_decide`, `lean_select` and the others there: one test of a field the handle
//! already holds, so that ordinary replays pay nothing for it); this module holds what such
//! a run keeps.

use crate::trace::NodeId;
use crate::trace::site::Site;

/// What a lean run keeps of the trace it does not build.
pub(crate) struct Lean {
    /// Nodes the traced run would have built (the root is the first): the node budget
    /// counts them.
    nodes: usize,
    /// The open nodes, outermost (the root) first, each with its site if it is a loop.
    open: Vec<(NodeId, Option<&'static Site>)>,
}

impl Lean {
    pub(crate) fn new() -> Lean {
        Lean {
            nodes: 1,
            open: vec![(0, None)],
        }
    }

    /// Nodes the traced run would have built so far.
    pub(crate) fn nodes(&self) -> usize {
        self.nodes
    }

    /// A decision: a node that opens nothing.
    pub(crate) fn leaf(&mut self) {
        self.nodes += 1;
    }

    /// Opens a node (a loop when it has a site); its id.
    pub(crate) fn open(&mut self, loop_site: Option<&'static Site>) -> NodeId {
        let id = self.nodes as NodeId;
        self.nodes += 1;
        self.open.push((id, loop_site));
        id
    }

    /// Closes the innermost open node (never the root).
    pub(crate) fn close(&mut self) {
        if self.open.len() > 1 {
            self.open.pop();
        }
    }

    /// The innermost open node.
    fn current(&self) -> NodeId {
        self.open.last().map_or(0, |&(id, _)| id)
    }

    /// The parent of the innermost open node.
    fn parent(&self) -> Option<NodeId> {
        let n = self.open.len();
        (n >= 2).then(|| self.open[n - 2].0)
    }

    /// As [`Builder::step_loop`](crate::trace::builder::Builder::step_loop): false, doing nothing,
    /// when another loop is innermost.
    pub(crate) fn step_loop(&mut self, lp: NodeId, close_iteration: bool, more: bool) -> bool {
        if close_iteration {
            if self.parent() != Some(lp) {
                return false;
            }
            self.close();
        } else if self.current() != lp {
            return false;
        }
        if more {
            self.open(None);
        } else {
            self.close();
        }
        true
    }

    pub(crate) fn innermost_loop_site(&self) -> Option<&'static Site> {
        self.open.iter().rev().find_map(|&(_, site)| site)
    }
}
