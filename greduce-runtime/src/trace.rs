//! The trace: a tree of decisions, reducible loops, selections, multi-way selections and
//! scopes, recorded from one run of a generator.
//!
//! Nodes are stored in pre-order, 16 bytes each: a tag, the parent, where the subtree ends
//! (children are walked by jumping over subtrees) and an index into a side table holding
//! what only some nodes need (the decisions, the sites of scopes and loops). Loop iterations
//! and branches, which are most of a trace's structure, cost their node alone. Reducible
//! parts (loop iterations, taken `if` blocks, `match` arms other than the first) are nodes
//! too, and a reduced trace is this tree plus an edit (removed parts, forced values; see
//! `edit.rs`).

use crate::site::Site;
use crate::value::{Args, Shown, Value};
use std::fmt;
use std::mem::ManuallyDrop;
use std::sync::Arc;

/// Index of a node in a [`Trace`].
pub(crate) type NodeId = u32;

/// No node (an unlinked count decision, the root's parent).
pub(crate) const NONE: NodeId = u32::MAX;

/// One decision: where it was made, what it was asked and what it answered.
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
/// let run = greduce::record(digit, 0);
/// let decision = run.trace.decisions().next().unwrap();
/// // `random_range(0..=9) = <value> @ <file>:<line>:<column>`
/// assert!(decision.to_string().starts_with("random_range(0..=9) = "));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub(crate) site: &'static Site,
    pub(crate) args: Args,
    pub(crate) value: Value,
}

impl Decision {
    /// The call that made the decision.
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
    /// let run = greduce::record(digit, 0);
    /// let decision = run.trace.decisions().next().unwrap();
    /// assert_eq!(decision.site().what, "random_range");
    /// ```
    pub fn site(&self) -> &'static Site {
        self.site
    }
}

impl fmt::Display for Decision {
    /// `random_range(0..=19) = 3 @ src/gen.rs:9:17`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = Shown(&self.args, &self.value);
        write!(
            f,
            "{}({}) = {value} @ {}",
            self.site.what, self.args, self.site
        )
    }
}

/// How a loop's iteration count was decided.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Count {
    /// `for _ in a..<decision>`, or `let n = <decision>; for _ in a..n`: the count decision
    /// (`L_init`) is the node `decision`, earlier in the same block.
    Linked { decision: NodeId },
    /// A counted loop whose count could not be linked to a decision (it was not made in the
    /// same block, or an earlier loop uses it): recorded, but not reducible.
    Fixed,
    /// `while .. rng.random_bool(p)`: one boolean decision per iteration. `ended` is true
    /// when the last decision answered `false` (rather than the loop ending some other way).
    While { args: Args, ended: bool },
}

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

/// What a node is, as the trace shows it (borrowing the side tables).
#[derive(Clone, Copy, Debug)]
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
    Decision { decision: &'t Decision },
    /// A loop; its children are its iterations.
    Loop {
        site: &'static Site,
        count: &'t Count,
    },
    /// One iteration of a loop.
    Iteration,
    /// `if <decision> { .. } else { .. }`; its one child is the branch taken.
    Selection { decision: &'t Decision },
    /// The branch a selection took: `then` (reducible) or `else`.
    Branch { then: bool },
    /// `match rng.random_range(..) { .. }`; its one child is the arm taken.
    Switch { decision: &'t Decision },
    /// The arm a switch took; reducible when it is not the first value of the range.
    Arm,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tag {
    Root,
    Scope,
    Decision,
    Loop,
    Iteration,
    Selection,
    Then,
    Else,
    Switch,
    Arm,
}

/// A node of the trace tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Node {
    pub(crate) tag: Tag,
    /// A count decision linked to its loop (in `links`): lets replay skip the search for
    /// the link on every other decision. Free: it fills padding.
    pub(crate) linked: bool,
    pub(crate) parent: NodeId,
    /// One past the last node of this node's subtree.
    pub(crate) end: NodeId,
    /// Index into the side table of the node's tag (decisions, scopes or loops).
    pub(crate) data: u32,
}

/// The nodes of a trace and their side tables.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Store {
    pub(crate) nodes: Vec<Node>,
    /// Dropped by [`Store::clear_decisions`] only when some own heap memory (`heap`): most
    /// decisions own none, and running their drop glue one by one was a tenth of what
    /// recording a million decisions cost.
    decisions: Vec<ManuallyDrop<Decision>>,
    /// Whether some decision owns heap memory.
    heap: bool,
    pub(crate) scopes: Vec<(&'static Site, Option<&'static Site>)>,
    /// Each scope's label (see [`crate::call_label`]), by the scope's index in `scopes`;
    /// shorter than `scopes` (down to empty) where the rest are unlabelled (0).
    pub(crate) labels: Vec<u64>,
    pub(crate) loops: Vec<(&'static Site, Count)>,
    /// (count decision, loop), sorted.
    pub(crate) links: Vec<(NodeId, NodeId)>,
    /// The number of decisions, `while` conditions included (set when the trace is
    /// finished; see [`Trace::decision_count`]).
    total: usize,
}

impl Drop for Store {
    fn drop(&mut self) {
        self.clear_decisions();
    }
}

impl Store {
    /// The trace of these nodes, once every node but the root is closed: closes the root
    /// and sorts the links.
    pub(crate) fn into_trace(mut self) -> Trace {
        let len = self.nodes.len() as NodeId;
        self.nodes[0].end = len;
        self.links.sort_unstable();
        self.total = self.count_decisions();
        Trace {
            store: Arc::new(self),
        }
    }

    /// Adds a decision; returns its index.
    #[inline]
    pub(crate) fn push_decision(&mut self, decision: Decision) -> u32 {
        self.heap |= !(decision.args.is_inline() && decision.value.is_inline());
        self.decisions.push(ManuallyDrop::new(decision));
        (self.decisions.len() - 1) as u32
    }

    /// The decision at `index`.
    #[inline]
    pub(crate) fn decision(&self, index: usize) -> &Decision {
        &self.decisions[index]
    }

    /// All decisions, in trace order.
    pub(crate) fn decisions(&self) -> impl Iterator<Item = &Decision> {
        self.decisions.iter().map(|d| &**d)
    }

    /// How many decisions there are.
    pub(crate) fn decision_count(&self) -> usize {
        self.decisions.len()
    }

    /// Gives back the decisions' buffer beyond `capacity` (they must have been cleared).
    pub(crate) fn shrink_decisions(&mut self, capacity: usize) {
        debug_assert!(self.decisions.is_empty());
        self.decisions.shrink_to(capacity);
    }

    /// Removes every decision, dropping those that own heap memory.
    pub(crate) fn clear_decisions(&mut self) {
        if std::mem::take(&mut self.heap) {
            self.decisions
                .drain(..)
                .for_each(|d| drop(ManuallyDrop::into_inner(d)));
        } else {
            self.decisions.clear();
        }
    }

    pub(crate) fn kind(&self, id: NodeId) -> Kind<'_> {
        let node = &self.nodes[id as usize];
        let data = node.data as usize;
        match node.tag {
            Tag::Root => Kind::Root,
            Tag::Scope => {
                let (site, call) = self.scopes[data];
                Kind::Scope { site, call }
            }
            Tag::Decision => Kind::Decision {
                decision: self.decision(data),
            },
            Tag::Loop => {
                let (site, count) = &self.loops[data];
                Kind::Loop { site, count }
            }
            Tag::Iteration => Kind::Iteration,
            Tag::Selection => Kind::Selection {
                decision: self.decision(data),
            },
            Tag::Then => Kind::Branch { then: true },
            Tag::Else => Kind::Branch { then: false },
            Tag::Switch => Kind::Switch {
                decision: self.decision(data),
            },
            Tag::Arm => Kind::Arm,
        }
    }

    /// Counts the decisions, `while` conditions included (once, when the trace is finished).
    fn count_decisions(&self) -> usize {
        let mut count = self.decision_count();
        let mut whiles = false;
        for (_, loop_count) in &self.loops {
            if let Count::While { ended, .. } = loop_count {
                whiles = true;
                count += usize::from(*ended);
            }
        }
        if whiles {
            // Each iteration of a `while` loop answered its condition `true`.
            let is_while = |lp: &Node| {
                lp.tag == Tag::Loop && matches!(self.loops[lp.data as usize].1, Count::While { .. })
            };
            count += self
                .nodes
                .iter()
                .filter(|n| n.tag == Tag::Iteration && is_while(&self.nodes[n.parent as usize]))
                .count();
        }
        count
    }

    /// The loop a count decision is linked to (`links` is sorted when a trace is finished).
    fn link(&self, decision: NodeId) -> NodeId {
        if !self.nodes.get(decision as usize).is_some_and(|n| n.linked) {
            return NONE;
        }
        match self.links.binary_search_by_key(&decision, |(d, _)| *d) {
            Ok(i) => self.links[i].1,
            Err(_) => NONE,
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
    #[inline]
    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.store.nodes[id as usize]
    }

    pub(crate) fn kind(&self, id: NodeId) -> Kind<'_> {
        self.store.kind(id)
    }

    /// The label of the scope at `id` (0 when unlabelled or not a scope).
    pub(crate) fn label(&self, id: NodeId) -> u64 {
        let node = self.node(id);
        if node.tag != Tag::Scope {
            return 0;
        }
        self.store
            .labels
            .get(node.data as usize)
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
            end: self.node(id).end,
        }
    }

    /// Whether `id` is a reducible part: an iteration of a reducible loop, the `then` block of
    /// a selection, or a switch arm other than the one of the simplest value (the first
    /// value of a range that starts at zero or above).
    pub(crate) fn is_part(&self, id: NodeId) -> bool {
        let node = self.node(id);
        match node.tag {
            Tag::Iteration => {
                // The parent is the loop (read directly: this runs on every node of
                // every level's walk).
                let parent = self.node(node.parent);
                parent.tag == Tag::Loop
                    && !matches!(self.store.loops[parent.data as usize].1, Count::Fixed)
            }
            Tag::Then => true,
            Tag::Arm => matches!(
                self.kind(node.parent),
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
        self.store.nodes.get(id as usize).is_some_and(|node| {
            (node.tag == Tag::Decision && !node.linked) || node.tag == Tag::Switch
        })
    }

    /// The decision made at node `id`, for a decision, selection or switch node (`None` for
    /// other nodes and ids past the trace).
    pub(crate) fn decision_at(&self, id: NodeId) -> Option<&Decision> {
        if id as usize >= self.len() {
            return None;
        }
        match self.kind(id) {
            Kind::Decision { decision }
            | Kind::Selection { decision }
            | Kind::Switch { decision } => Some(decision),
            _ => None,
        }
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
            let parent = self.node(id).parent;
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
            if !matches!(node.tag, Tag::Iteration | Tag::Then | Tag::Arm) {
                continue;
            }
            let id = id as NodeId;
            while ends.last().is_some_and(|end| *end <= id) {
                ends.pop();
            }
            if self.is_part(id) {
                out.push((id, ends.len()));
                ends.push(node.end);
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
    pub fn decisions(&self) -> impl Iterator<Item = &Decision> {
        self.store.decisions()
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
        self.next = self.nodes[id as usize].end;
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
                .is_some_and(|(p, _)| *p != 0 && self.node(*p).end <= id)
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
            if node.end > id + 1 {
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
        assert_eq!(size_of::<Node>(), 16);
        assert_eq!(size_of::<Decision>(), 48);
    }
}
