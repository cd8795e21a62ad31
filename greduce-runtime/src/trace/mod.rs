//! The trace: the tree one run of a generator leaves behind. It holds the run's decisions
//! (what was asked and what was answered, at which site) and the reducible parts around
//! them (scopes, loops and their iterations, `if` selections, `match` switches). The folder
//! also holds the trace's text forms (`value_text`, `describe`), its summary by site
//! (`shape`), how a run builds it (`builder`) and how a candidate changes it without copying
//! it (`edit`). Nothing here runs a generator.
//!
//! Nodes are stored in pre-order, 12 bytes each (see `node.rs`): a head with the tag, then,
//! for every node but a decision, its parent and where its subtree ends (children are walked
//! by jumping over subtrees) and an index into a side table holding what only some nodes
//! need (the sites of scopes and loops, the decisions of `match`es). A decision is a leaf
//! that holds the decision itself in its two other words when it fits (most do: see
//! `store.rs`); its parent is computed when needed. Loop iterations and branches, which are
//! most of a trace's structure, cost their node alone: a decision in a loop costs 24 bytes.
//! Reducible parts (loop iterations, taken `if` blocks, `match` arms other than the first)
//! are nodes too, and a reduced trace is this tree plus an edit (removed parts, forced
//! values; see `edit.rs`).

pub(crate) mod builder;
pub(crate) mod describe;
pub(crate) mod edit;
pub(crate) mod keys;
pub(crate) mod node;
pub(crate) mod shape;
pub(crate) mod site;
pub(crate) mod store;
pub(crate) mod value;
pub(crate) mod value_text;

pub(crate) use crate::trace::node::{NONE, Node, NodeId, Tag};
pub use crate::trace::store::Decision;
pub(crate) use crate::trace::store::{Count, Store};

use crate::trace::site::Site;
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

/// What a node is, as the builder takes it (decisions and iterations have their own,
/// faster, builder methods).
#[derive(Debug)]
pub(crate) enum New {
    Scope {
        site: &'static Site,
        call: Option<&'static Site>,
    },
    Loop {
        site: &'static Site,
        count: Count,
    },
}

/// What a node is, as the trace shows it (borrowing the side tables; a decision stored in
/// its node is rebuilt, which costs no heap memory).
#[derive(Clone, Debug)]
pub(crate) enum Kind<'t> {
    /// The root: the call of the generator by the runtime.
    Root,
    /// A call of a `#[generator]` function; `call` is the call site when the caller was a
    /// generator too.
    Scope {
        site: &'static Site,
        call: Option<&'static Site>,
    },
    /// A decision (a leaf). [`Trace::link`] tells the loop it counts, for
    /// `let n = ..; for _ in 0..n`.
    Decision { decision: Cow<'t, Decision> },
    /// A loop; its children are its iterations.
    Loop {
        site: &'static Site,
        count: &'t Count,
    },
    /// One iteration of a loop.
    Iteration,
    /// `if <decision> { .. } else { .. }`; its one child is the branch taken.
    Selection { decision: Cow<'t, Decision> },
    /// The branch a selection took: `then` (reducible) or `else`.
    Branch { then: bool },
    /// `match rng.random_range(..) { .. }`; its one child is the arm taken.
    Switch { decision: Cow<'t, Decision> },
    /// The arm a switch took; reducible when it is not the first value of the range.
    Arm,
}

impl Store {
    /// The trace of these nodes, once every node but the root is closed: closes the root
    /// and sorts the links.
    pub(crate) fn into_trace(mut self) -> Trace {
        let len = self.nodes.len() as NodeId;
        self.nodes[0].set_end(len);
        self.links.sort_unstable();
        self.total = self.count_decisions();
        Trace {
            store: Arc::new(self),
        }
    }

    /// What node `id` is.
    pub(crate) fn kind(&self, id: NodeId) -> Kind<'_> {
        let node = self.nodes[id as usize];
        let decision = || self.decision_of(node).expect("a decision node");
        match node.tag() {
            Tag::Root => Kind::Root,
            Tag::Scope => {
                let (site, call) = self.scopes[node.data() as usize];
                Kind::Scope { site, call }
            }
            Tag::Decision => Kind::Decision {
                decision: self.leaf_decision(node),
            },
            Tag::Loop => {
                let (site, count) = &self.loops[node.data() as usize];
                Kind::Loop { site, count }
            }
            Tag::Iteration => Kind::Iteration,
            Tag::Selection => Kind::Selection {
                decision: decision(),
            },
            Tag::Then => Kind::Branch { then: true },
            Tag::Else => Kind::Branch { then: false },
            Tag::Switch => Kind::Switch {
                decision: decision(),
            },
            Tag::Arm => Kind::Arm,
        }
    }
}

/// The trace of one run of a generator: a tree of scopes, decisions, reducible loops and
/// selections (see the crate docs for the vocabulary). `Display` prints it indented, one
/// line per node, with sites and values. Cloning a trace is cheap (its nodes are shared).
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn digit<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
///     rng.random_range(0..10)
/// }
///
/// let run = greduce::record(digit, 2);
/// // The generator's call, then its decision, with its arguments, value and site.
/// let text = run.trace.to_string();
/// let lines: Vec<&str> = text.lines().collect();
/// assert!(lines[0].starts_with("digit @ "));
/// assert!(lines[1].starts_with("  random_range(0..=9) = 0 @ "));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// The nodes and side tables, shared by the trace's clones.
    pub(crate) store: Arc<Store>,
}

/// A reducible part of a [`Trace`]: one iteration of a reducible loop, the `then` block of
/// a selection, or the arm of a multi-way selection. Identifies the part within its trace
/// only.
///
/// ```
/// # use greduce::{Reducer, generator};
/// # use rand::RngExt;
/// # #[generator]
/// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
/// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// # }
/// let run = greduce::record(numbers, 1);
/// let parts = run.trace.parts();
/// assert_eq!(parts.len(), run.output.len()); // one per iteration
/// assert!(run.trace.describe(parts[0]).starts_with("iteration 0 of the loop @ "));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Part(pub(crate) NodeId);

impl Trace {
    /// Node `id`.
    #[inline]
    pub(crate) fn node(&self, id: NodeId) -> Node {
        self.store.nodes[id as usize]
    }

    /// One past the last node of the subtree of `id`.
    #[inline]
    pub(crate) fn end(&self, id: NodeId) -> NodeId {
        self.store.end(id)
    }

    /// The parent of `id` ([`NONE`] for the root; computed for a decision, which does not
    /// store it: see [`Store::parent`]).
    #[inline]
    pub(crate) fn parent(&self, id: NodeId) -> NodeId {
        self.store.parent(id)
    }

    /// What node `id` is.
    pub(crate) fn kind(&self, id: NodeId) -> Kind<'_> {
        self.store.kind(id)
    }

    /// The label of the scope at `id` (0 when unlabelled or not a scope).
    pub(crate) fn label(&self, id: NodeId) -> u64 {
        let node = self.node(id);
        if !node.is(Tag::Scope) {
            return 0;
        }
        self.store
            .labels
            .get(node.data() as usize)
            .copied()
            .unwrap_or(0)
    }

    /// The loop that the count decision `decision` counts ([`NONE`] if none).
    pub(crate) fn link(&self, decision: NodeId) -> NodeId {
        self.store.link(decision)
    }

    /// The direct children of a node, in order.
    #[inline]
    pub(crate) fn children(&self, id: NodeId) -> Children<'_> {
        Children {
            nodes: &self.store.nodes,
            next: id + 1,
            end: self.end(id),
        }
    }

    /// Whether `id` is a reducible part: an iteration of a reducible loop, the `then` block of
    /// a selection, or a switch arm other than the one of the simplest value (the first
    /// value of a range that starts at zero or above).
    pub(crate) fn is_part(&self, id: NodeId) -> bool {
        let node = self.node(id);
        match node.tag() {
            Tag::Iteration => {
                // The parent is the loop (read directly: this runs on every node of
                // every level's walk).
                let parent = self.node(node.parent());
                parent.is(Tag::Loop)
                    && !matches!(self.store.loops[parent.data() as usize].1, Count::Fixed)
            }
            Tag::Then => true,
            Tag::Arm => matches!(
                self.kind(node.parent()),
                Kind::Switch { decision }
                    if decision.value.as_offset() != decision.args.simplest_offset()
            ),
            _ => false,
        }
    }

    /// Whether `id` is a decision the value passes may change: a plain decision that does
    /// not count a loop (loop counts change with the loop's iterations), or a `match`.
    #[inline]
    pub(crate) fn is_value_decision(&self, id: NodeId) -> bool {
        self.store
            .nodes
            .get(id as usize)
            .is_some_and(|node| (node.is_leaf() && !node.linked()) || node.is(Tag::Switch))
    }

    /// The decision made at node `id`, for a decision, selection or switch node (`None` for
    /// other nodes and ids past the trace).
    #[inline]
    pub(crate) fn decision_at(&self, id: NodeId) -> Option<Cow<'_, Decision>> {
        self.store.decision_at(id)
    }

    /// The decisions of the trace in the order they were made, rebuilt one by one from
    /// their nodes (what [`Trace::decisions`] gives, without keeping them).
    pub(crate) fn each_decision(&self) -> impl Iterator<Item = Cow<'_, Decision>> {
        self.store.decisions()
    }

    /// The smallest reducible part that contains `id` (itself included), if any is kept.
    pub(crate) fn enclosing_part(
        &self,
        mut id: NodeId,
        removed: impl Fn(NodeId) -> bool,
    ) -> Option<NodeId> {
        loop {
            if self.is_part(id) && !removed(id) {
                return Some(id);
            }
            let parent = self.parent(id);
            if parent == NONE {
                return None;
            }
            id = parent;
        }
    }

    /// All reducible parts, in trace order, each with its depth (the number of reducible
    /// parts enclosing it).
    pub(crate) fn part_nodes(&self) -> Vec<(NodeId, usize)> {
        let mut out = Vec::new();
        // The ends of the enclosing parts, innermost last; only looked at on the nodes that
        // can be parts (the others are most of a trace, and this runs once per input a
        // pass works on).
        let mut ends: Vec<NodeId> = Vec::new();
        for (id, node) in self.store.nodes.iter().enumerate() {
            if !matches!(node.tag(), Tag::Iteration | Tag::Then | Tag::Arm) {
                continue;
            }
            let id = id as NodeId;
            while ends.last().is_some_and(|end| *end <= id) {
                ends.pop();
            }
            if self.is_part(id) {
                out.push((id, ends.len()));
                ends.push(node.end(id));
            }
        }
        out
    }

    /// Number of decisions in the trace: plain decisions, loop counts, selection and switch
    /// decisions and the per-iteration decisions of `while` loops. The default size measure.
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1);
    /// // The length, then one decision per number.
    /// assert_eq!(run.trace.decision_count(), 1 + run.output.len());
    /// ```
    #[inline]
    pub fn decision_count(&self) -> usize {
        self.store.total
    }

    /// The reducible parts of the trace, in trace order.
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1);
    /// let parts = run.trace.parts();
    /// assert_eq!(parts.len(), run.output.len()); // one per iteration
    /// // Without the first iteration, the first number goes.
    /// let replay = greduce::replay(numbers, &run.trace, &parts[..1], greduce::Strategy::Halt);
    /// assert_eq!(replay.result.unwrap().output, run.output[1..]);
    /// ```
    pub fn parts(&self) -> Vec<Part> {
        self.parts_with_depth()
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    }

    /// The reducible parts with their depth (how many reducible parts enclose each), in
    /// trace order: the tree that tree-based reduction walks level by level.
    ///
    /// ```
    /// use greduce::generator;
    /// use rand::RngExt;
    ///
    /// /// 1 to 3 rows of up to 3 digits.
    /// #[generator]
    /// fn grid<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Vec<u8>> {
    ///     (0..rng.random_range(1..4))
    ///         .map(|_| (0..rng.random_range(0..4)).map(|_| rng.random_range(0..10)).collect())
    ///         .collect()
    /// }
    ///
    /// let run = greduce::record(grid, 4);
    /// assert_eq!(run.output, [[0, 6], [5, 4], [0, 6]]);
    /// let depths: Vec<usize> = run.trace.parts_with_depth().iter().map(|&(_, d)| d).collect();
    /// // Each row (depth 0), then its digits (depth 1).
    /// assert_eq!(depths, [0, 1, 1, 0, 1, 1, 0, 1, 1]);
    /// ```
    pub fn parts_with_depth(&self) -> Vec<(Part, usize)> {
        self.part_nodes()
            .into_iter()
            .map(|(id, d)| (Part(id), d))
            .collect()
    }

    /// Number of reducible parts (loop iterations, taken `if` blocks, non-first arms).
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1);
    /// assert_eq!(run.trace.part_count(), run.output.len()); // one per iteration
    /// assert_eq!(run.trace.part_count(), run.trace.parts().len());
    /// ```
    pub fn part_count(&self) -> usize {
        (0..self.len() as NodeId)
            .filter(|id| self.is_part(*id))
            .count()
    }

    /// Number of nodes (decisions, parts and structure).
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1);
    /// // The root, the generator's scope, the length, the loop, and an iteration and a
    /// // decision per number.
    /// assert_eq!(run.trace.len(), 4 + 2 * run.output.len());
    /// ```
    pub fn len(&self) -> usize {
        self.store.nodes.len()
    }

    /// Whether the trace recorded nothing (not even the generator's scope).
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// assert!(!greduce::record(numbers, 1).trace.is_empty());
    /// // A closure that is not a generator records nothing.
    /// assert!(greduce::record(|_: &mut rand::rngs::StdRng| 7, 1).trace.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() <= 1
    }

    /// The decisions of the trace in the order they were made (selection and switch
    /// decisions included; loop counts and `while` conditions are part of their loops).
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1);
    /// let first = run.trace.decisions().next().unwrap();
    /// // The length of the list came first.
    /// assert_eq!(first.to_string().split(" @ ").next(), Some("random_range(0..=29) = 24"));
    /// ```
    ///
    /// The trace does not keep its decisions whole (most live in their node): the first call
    /// builds them all and keeps them as long as the trace lives, which costs 48 bytes per
    /// decision from then on.
    pub fn decisions(&self) -> impl Iterator<Item = &Decision> {
        self.store
            .materialised
            .get_or_init(|| self.store.decisions().map(Cow::into_owned).collect())
            .iter()
    }
}

/// Iterator over the direct children of a node.
pub(crate) struct Children<'t> {
    nodes: &'t [Node],
    next: NodeId,
    end: NodeId,
}

impl Iterator for Children<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        if self.next >= self.end {
            return None;
        }
        let id = self.next;
        self.next = self.nodes[id as usize].end(id);
        Some(id)
    }
}

impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Open ancestors, each with the number of its children printed so far.
        let mut stack: Vec<(NodeId, usize)> = vec![(0, 0)];
        let mut id: NodeId = 1;
        while (id as usize) < self.len() {
            while stack
                .last()
                .is_some_and(|(p, _)| *p != 0 && self.end(*p) <= id)
            {
                stack.pop();
            }
            let node = self.node(id);
            let indent = stack.len() - 1;
            let index = stack.last().map_or(0, |(_, n)| *n);
            if let Some((_, n)) = stack.last_mut() {
                *n += 1;
            }
            write!(f, "{:indent$}", "", indent = indent * 2)?;
            fmt_node(self, id, index, f)?;
            writeln!(f)?;
            if node.end(id) > id + 1 {
                stack.push((id, 0));
            }
            id += 1;
        }
        Ok(())
    }
}

fn fmt_node(trace: &Trace, id: NodeId, index: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match trace.kind(id) {
        Kind::Root => f.write_str("root"),
        Kind::Scope { site, call } => {
            write!(f, "{} @ {}", site.what, site)?;
            if let Some(call) = call {
                write!(f, " (called at {call})")?;
            }
            Ok(())
        }
        Kind::Decision { decision } => {
            write!(f, "{decision}")?;
            if trace.link(id) != NONE {
                f.write_str(" (count of the loop below)")?;
            }
            Ok(())
        }
        Kind::Loop { site, count } => {
            let n = trace.children(id).count();
            write!(
                f,
                "loop @ {site}: {n} iteration{}",
                if n == 1 { "" } else { "s" }
            )?;
            match count {
                Count::Linked { .. } => f.write_str(", count decided above"),
                Count::Fixed => f.write_str(", count not a decision (not reducible)"),
                Count::While { args, ended } => {
                    write!(f, ", while random_bool({args})")?;
                    if !*ended {
                        f.write_str(", left without a false decision")?;
                    }
                    Ok(())
                }
            }
        }
        Kind::Iteration => write!(f, "iteration {index}"),
        Kind::Selection { decision } => write!(f, "if {decision}"),
        Kind::Branch { then } => f.write_str(if then { "then" } else { "else" }),
        Kind::Switch { decision } => write!(f, "match {decision}"),
        Kind::Arm => f.write_str("arm"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_stay_small() {
        assert_eq!(size_of::<Node>(), 12);
        assert_eq!(align_of::<Node>(), 4);
        assert_eq!(size_of::<Decision>(), 48);
    }
}
