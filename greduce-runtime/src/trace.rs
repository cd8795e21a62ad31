//! The trace: a tree of decisions, reducible loops, selections, multi-way selections and
//! scopes, recorded from one run of a generator.
//!
//! Nodes are stored in pre-order in one vector; every node knows its parent and where its
//! subtree ends, so children are walked by jumping over subtrees. Reducible parts (loop
//! iterations, taken `if` blocks, `match` arms other than the first) are nodes too, and a
//! reduced trace is this tree plus a set of removed parts ([`Removed`]).

use crate::site::Site;
use crate::value::{Args, Shown, Value};
use std::fmt;
use std::hash::{DefaultHasher, Hash, Hasher};

/// Index of a node in a [`Trace`].
pub(crate) type NodeId = u32;

/// No node (an unlinked count decision).
pub(crate) const NONE: NodeId = u32::MAX;

/// One decision: where it was made, what it was asked and what it answered.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The call that made it.
    pub site: &'static Site,
    /// Its arguments.
    pub args: Args,
    /// Its value.
    pub value: Value,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}({}) = {} @ {}",
            self.site.what,
            self.args,
            Shown(&self.args, &self.value),
            self.site
        )
    }
}

/// How a loop's iteration count was decided.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Count {
    /// `for _ in a..<decision>`: the count decision belongs to the loop (`L_init`).
    Decision(Decision),
    /// `let n = <decision>; for _ in a..n`: the count decision is the node `decision`
    /// earlier in the same block.
    Linked { decision: NodeId },
    /// A counted loop whose count could not be linked to a decision (it was not made in the
    /// same block, or it is used by an earlier loop): recorded, but not reducible.
    Fixed,
    /// `while .. rng.random_bool(p)`: one boolean decision per iteration. `ended` is true
    /// when the last decision answered `false` (rather than the loop ending some other way).
    While { args: Args, ended: bool },
}

/// What a node is.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Kind {
    /// The root: the call of the generator by the runtime.
    Root,
    /// A call of a `#[generator]` function; `call` is the call site when the caller was a
    /// generator too.
    Scope {
        site: &'static Site,
        call: Option<&'static Site>,
    },
    /// A decision (a leaf). `link` is the loop it counts, for `let n = ..; for _ in 0..n`.
    Decision { decision: Decision, link: NodeId },
    /// A loop; its children are its iterations.
    Loop { site: &'static Site, count: Count },
    /// One iteration of a loop.
    Iteration,
    /// `if <decision> { .. } else { .. }`; its one child is the branch taken.
    Selection { decision: Decision },
    /// The branch a selection took: `then` (reducible) or `else`.
    Branch { then: bool },
    /// `match rng.random_range(..) { .. }`; its one child is the arm taken.
    Switch { decision: Decision },
    /// The arm a switch took; reducible when it is not the first value of the range.
    Arm,
}

/// A node of the trace tree.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Node {
    pub(crate) kind: Kind,
    pub(crate) parent: NodeId,
    /// One past the last node of this node's subtree.
    pub(crate) end: NodeId,
}

/// The trace of one run of a generator: a tree of scopes, decisions, reducible loops and
/// selections (see the crate docs for the vocabulary). `Display` prints it indented, one
/// line per node, with sites and values.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub(crate) nodes: Vec<Node>,
}

/// A reducible part of a [`Trace`]: one iteration of a reducible loop, the `then` block of
/// a selection, or the arm of a multi-way selection. Identifies the part within its trace
/// only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Part(pub(crate) NodeId);

/// A set of removed reducible parts of one trace.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Removed {
    bits: Vec<u64>,
}

impl Removed {
    pub(crate) fn none(trace: &Trace) -> Removed {
        Removed {
            bits: vec![0; trace.nodes.len().div_ceil(64)],
        }
    }

    pub(crate) fn of(trace: &Trace, parts: impl IntoIterator<Item = NodeId>) -> Removed {
        let mut removed = Removed::none(trace);
        for part in parts {
            removed.insert(part);
        }
        removed
    }

    pub(crate) fn contains(&self, node: NodeId) -> bool {
        self.bits[node as usize / 64] & (1 << (node % 64)) != 0
    }

    pub(crate) fn insert(&mut self, node: NodeId) {
        self.bits[node as usize / 64] |= 1 << (node % 64);
    }
}

impl Trace {
    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// The direct children of a node, in order.
    pub(crate) fn children(&self, id: NodeId) -> Children<'_> {
        Children {
            trace: self,
            next: id + 1,
            end: self.node(id).end,
        }
    }

    /// Whether `id` is a reducible part: an iteration of a reducible loop, the `then` block of
    /// a selection, or a switch arm other than the first value.
    pub(crate) fn is_part(&self, id: NodeId) -> bool {
        let node = self.node(id);
        match &node.kind {
            Kind::Iteration => match &self.node(node.parent).kind {
                Kind::Loop { count, .. } => !matches!(count, Count::Fixed),
                _ => false,
            },
            Kind::Branch { then } => *then,
            Kind::Arm => match &self.node(node.parent).kind {
                Kind::Switch { decision } => decision.value != Value::Offset(0),
                _ => false,
            },
            _ => false,
        }
    }

    /// The smallest reducible part that contains `id` (itself included), if any is kept.
    pub(crate) fn enclosing_part(&self, mut id: NodeId, removed: &Removed) -> Option<NodeId> {
        loop {
            if self.is_part(id) && !removed.contains(id) {
                return Some(id);
            }
            let parent = self.node(id).parent;
            if parent == NONE {
                return None;
            }
            id = parent;
        }
    }

    /// All reducible parts that are not inside removed parts, in trace order, each with its
    /// depth (the number of reducible parts enclosing it).
    pub(crate) fn kept_parts(&self, removed: &Removed) -> Vec<(NodeId, usize)> {
        let mut out = Vec::new();
        let mut stack: Vec<NodeId> = Vec::new(); // enclosing parts, innermost last
        let mut id: NodeId = 0;
        while (id as usize) < self.nodes.len() {
            while stack.last().is_some_and(|p| self.node(*p).end <= id) {
                stack.pop();
            }
            if self.is_part(id) {
                if removed.contains(id) {
                    id = self.node(id).end;
                    continue;
                }
                out.push((id, stack.len()));
                stack.push(id);
            }
            id += 1;
        }
        out
    }

    /// Number of decisions in the trace: plain decisions, loop counts, selection and switch
    /// decisions and the per-iteration decisions of `while` loops. The default size measure.
    pub fn decision_count(&self) -> usize {
        self.nodes
            .iter()
            .map(|node| match &node.kind {
                Kind::Decision { .. }
                | Kind::Selection { .. }
                | Kind::Switch { .. }
                | Kind::Loop {
                    count: Count::Decision(_),
                    ..
                } => 1,
                Kind::Loop {
                    count: Count::While { ended, .. },
                    ..
                } => usize::from(*ended),
                Kind::Iteration => match &self.node(node.parent).kind {
                    Kind::Loop {
                        count: Count::While { .. },
                        ..
                    } => 1,
                    _ => 0,
                },
                _ => 0,
            })
            .sum()
    }

    /// The reducible parts of the trace, in trace order.
    pub fn parts(&self) -> Vec<Part> {
        self.parts_with_depth()
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    }

    /// The reducible parts with their depth (how many reducible parts enclose each), in
    /// trace order: the tree that tree-based reduction walks level by level.
    pub fn parts_with_depth(&self) -> Vec<(Part, usize)> {
        self.kept_parts(&Removed::none(self))
            .into_iter()
            .map(|(id, d)| (Part(id), d))
            .collect()
    }

    /// A part in one line ("iteration 2 of the loop @ src/gen.rs:10:5").
    pub fn describe(&self, part: Part) -> String {
        crate::align::describe(self, part.0)
    }

    /// Number of reducible parts (loop iterations, taken `if` blocks, non-first arms).
    pub fn part_count(&self) -> usize {
        (0..self.nodes.len() as NodeId)
            .filter(|id| self.is_part(*id))
            .count()
    }

    /// Number of nodes (decisions, parts and structure).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the trace recorded nothing (not even the generator's scope).
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// The decisions of the trace in the order they were made (loop counts, selection
    /// decisions and switch decisions included; `while` conditions are not decisions with a
    /// stored value and are left out).
    pub fn decisions(&self) -> impl Iterator<Item = &Decision> {
        self.nodes.iter().filter_map(|node| match &node.kind {
            Kind::Decision { decision, .. }
            | Kind::Selection { decision }
            | Kind::Switch { decision }
            | Kind::Loop {
                count: Count::Decision(decision),
                ..
            } => Some(decision),
            _ => None,
        })
    }

    /// A 128-bit fingerprint of the trace with `removed` parts taken out: two reduced
    /// traces with the same kept content have the same fingerprint, whatever trace they
    /// were reduced from. Keys the reducer's cache.
    pub(crate) fn fingerprint(&self, removed: &Removed) -> u128 {
        let mut lo = DefaultHasher::new();
        let mut hi = DefaultHasher::new();
        0xA5u8.hash(&mut hi);
        let mut id: NodeId = 0;
        while (id as usize) < self.nodes.len() {
            let node = self.node(id);
            if self.is_part(id) && removed.contains(id) {
                0xFFu8.hash(&mut lo);
                0xFFu8.hash(&mut hi);
                id = node.end;
                continue;
            }
            let depth_marker = node.end - id; // subtree size pins the nesting
            for h in [&mut lo, &mut hi] {
                depth_marker.hash(h);
                hash_kind(&node.kind, h);
            }
            id += 1;
        }
        (u128::from(hi.finish()) << 64) | u128::from(lo.finish())
    }
}

fn hash_site(site: &Site, h: &mut DefaultHasher) {
    site.file.hash(h);
    site.line.hash(h);
    site.column.hash(h);
}

fn hash_decision(d: &Decision, h: &mut DefaultHasher) {
    hash_site(d.site, h);
    format!("{:?}", d.value).hash(h);
}

fn hash_kind(kind: &Kind, h: &mut DefaultHasher) {
    std::mem::discriminant(kind).hash(h);
    match kind {
        Kind::Root | Kind::Iteration | Kind::Arm => {}
        Kind::Scope { site, .. } => hash_site(site, h),
        Kind::Decision { decision, .. }
        | Kind::Selection { decision }
        | Kind::Switch { decision } => hash_decision(decision, h),
        Kind::Loop { site, count } => {
            hash_site(site, h);
            if let Count::Decision(d) = count {
                hash_decision(d, h);
            }
        }
        Kind::Branch { then } => then.hash(h),
    }
}

/// Iterator over the direct children of a node.
pub(crate) struct Children<'t> {
    trace: &'t Trace,
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
        self.next = self.trace.node(id).end;
        Some(id)
    }
}

/// Builds a trace in pre-order while a generator runs.
#[derive(Debug)]
pub(crate) struct Builder {
    nodes: Vec<Node>,
    open: Vec<NodeId>,
}

impl Builder {
    pub(crate) fn new() -> Builder {
        Builder {
            nodes: vec![Node {
                kind: Kind::Root,
                parent: NONE,
                end: NONE,
            }],
            open: vec![0],
        }
    }

    fn parent(&self) -> NodeId {
        *self.open.last().expect("the root stays open")
    }

    /// Adds a leaf under the innermost open node.
    pub(crate) fn leaf(&mut self, kind: Kind) -> NodeId {
        let id = self.nodes.len() as NodeId;
        let parent = self.parent();
        self.nodes.push(Node {
            kind,
            parent,
            end: id + 1,
        });
        id
    }

    /// Adds a node under the innermost open node and opens it.
    pub(crate) fn open(&mut self, kind: Kind) -> NodeId {
        let id = self.leaf(kind);
        self.nodes[id as usize].end = NONE;
        self.open.push(id);
        id
    }

    /// Closes the innermost open node.
    pub(crate) fn close(&mut self) {
        if self.open.len() > 1 {
            let id = self.open.pop().expect("checked");
            self.nodes[id as usize].end = self.nodes.len() as NodeId;
        }
    }

    /// The innermost open node.
    pub(crate) fn current(&self) -> NodeId {
        self.parent()
    }

    pub(crate) fn kind_mut(&mut self, id: NodeId) -> &mut Kind {
        &mut self.nodes[id as usize].kind
    }

    pub(crate) fn kind(&self, id: NodeId) -> &Kind {
        &self.nodes[id as usize].kind
    }

    /// The last decision made directly in the innermost open node at `site`, if it has not
    /// been linked to a loop yet (for `let n = <decision>; for _ in 0..n`).
    pub(crate) fn unlinked_count(&self, site: &Site) -> Option<NodeId> {
        let parent = self.parent();
        let mut id = self.nodes.len() as NodeId;
        while id > parent + 1 {
            id -= 1;
            let node = &self.nodes[id as usize];
            if node.parent != parent {
                continue;
            }
            if let Kind::Decision { decision, link } = &node.kind
                && decision.site == site
            {
                return (*link == NONE).then_some(id);
            }
        }
        None
    }

    /// Closes everything still open and returns the trace.
    pub(crate) fn finish(mut self) -> Trace {
        while self.open.len() > 1 {
            self.close();
        }
        let len = self.nodes.len() as NodeId;
        self.nodes[0].end = len;
        Trace { nodes: self.nodes }
    }
}

impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_tree(self, f)
    }
}

fn fmt_tree(trace: &Trace, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    // Open ancestors, each with the number of its children printed so far.
    let mut stack: Vec<(NodeId, usize)> = vec![(0, 0)];
    let mut id: NodeId = 1;
    while (id as usize) < trace.nodes.len() {
        while stack
            .last()
            .is_some_and(|(p, _)| *p != 0 && trace.node(*p).end <= id)
        {
            stack.pop();
        }
        let node = trace.node(id);
        let indent = stack.len() - 1;
        let index = stack.last().map_or(0, |(_, n)| *n);
        if let Some((_, n)) = stack.last_mut() {
            *n += 1;
        }
        write!(f, "{:indent$}", "", indent = indent * 2)?;
        fmt_node(trace, id, index, f)?;
        writeln!(f)?;
        if node.end > id + 1 {
            stack.push((id, 0));
        }
        id += 1;
    }
    Ok(())
}

fn fmt_node(trace: &Trace, id: NodeId, index: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let node = trace.node(id);
    match &node.kind {
        Kind::Root => f.write_str("root"),
        Kind::Scope { site, call } => {
            write!(f, "{} @ {}", site.what, site)?;
            if let Some(call) = call {
                write!(f, " (called at {call})")?;
            }
            Ok(())
        }
        Kind::Decision { decision, link } => {
            write!(f, "{decision}")?;
            if *link != NONE {
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
                Count::Decision(d) => write!(f, ", count {d}"),
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
        Kind::Branch { then } => f.write_str(if *then { "then" } else { "else" }),
        Kind::Switch { decision } => write!(f, "match {decision}"),
        Kind::Arm => f.write_str("arm"),
    }
}
