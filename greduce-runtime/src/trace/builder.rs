//! Builds a trace in pre-order while a generator runs, and recycles the buffers of dropped
//! traces.
//!
//! Nodes are 12 bytes (see `node.rs`): a decision is a leaf holding its decision in its
//! node when it fits, under a key the builder's [`Interner`] finds (its cache and map are
//! the builder's, not the trace's), and storing neither its parent nor its end; the other
//! nodes keep their parent, and their end once closed. The builder knows the open node,
//! so adding a node never needs a decision's parent; [`Builder::unlinked_count`], which
//! looks for a count decision among the open node's children, tells them apart by the
//! non-leaf nodes around them.
//!
//! A large trace is a large allocation, and fresh memory costs a page fault per 4 KiB:
//! about half of the time of recording a million decisions went to the kernel zeroing
//! pages. The reducer replays hundreds of candidates and drops most of their traces, so each
//! thread keeps the buffers of a couple of dropped traces and builds the next trace in them.

use crate::trace::keys::{Interner, KeyArgs};
use crate::trace::node::data_index;
use crate::trace::site::Site;
use crate::trace::value::Asked;
use crate::trace::{Count, Decision, NONE, New, Node, NodeId, Store, Tag, Trace};
use std::borrow::Cow;
use std::cell::RefCell;
use std::sync::Arc;

/// How many dropped traces' buffers a thread keeps.
const POOLED: usize = 2;

thread_local! {
    static POOL: RefCell<Vec<Store>> = const { RefCell::new(Vec::new()) };
}

impl Drop for Trace {
    fn drop(&mut self) {
        if let Some(store) = Arc::get_mut(&mut self.store) {
            let mut store = std::mem::take(store);
            store.nodes.clear();
            store.clear_decisions();
            store.scopes.clear();
            store.labels.clear();
            store.loops.clear();
            store.links.clear();
            // `try_with`: the thread may be tearing down its thread-locals.
            let _ = POOL.try_with(|pool| {
                let mut pool = pool.borrow_mut();
                if pool.len() < POOLED {
                    pool.push(store);
                }
            });
        }
    }
}

/// Builds a trace while a generator runs.
#[derive(Debug)]
pub(crate) struct Builder {
    store: Store,
    /// The innermost open node (the root when nothing else is open). Kept apart from the
    /// rest of the stack: every node added reads it.
    current: NodeId,
    /// The open nodes enclosing `current`, outermost (the root) first; empty when `current`
    /// is the root.
    outer: Vec<NodeId>,
    /// Finds the keys of the decisions stored in their node (not part of the trace).
    interner: Interner,
    /// Whether the finished trace gives back the slack of its node buffer (see
    /// [`Builder::finish`]).
    shrink: bool,
}

impl Builder {
    /// A builder for about `capacity` nodes, in a recycled buffer when one is available.
    pub(crate) fn with_capacity(capacity: usize) -> Builder {
        let mut store = POOL
            .try_with(|pool| pool.borrow_mut().pop())
            .ok()
            .flatten()
            .unwrap_or_default();
        // A recycled buffer far larger than a replay needs (a candidate much smaller than
        // the trace that left it) is given back rather than kept idle: peak memory stays a
        // small multiple of the largest trace alive. Recording (capacity 0: its size is not
        // known) keeps whatever it gets, which saves it regrowing from nothing.
        if capacity > 0 && store.nodes.capacity() > 4 * capacity.max(1024) {
            store.nodes.shrink_to(capacity);
            store.shrink_decisions(capacity);
        }
        store.nodes.reserve(capacity.max(1));
        store.nodes.push(Node::branch(Tag::Root, NONE, NONE, 0));
        Builder {
            store,
            current: 0,
            outer: Vec::new(),
            interner: Interner::take(),
            shrink: capacity == 0,
        }
    }

    /// A builder that builds nothing, in no buffer (left to the handles that outlive a
    /// run, which find it busy).
    pub(crate) fn idle() -> Builder {
        Builder {
            store: Store::default(),
            current: 0,
            outer: Vec::new(),
            interner: Interner::default(),
            shrink: false,
        }
    }

    /// A builder that builds nothing, for a lean run (`run/lean.rs`): [`Builder::idle`]
    /// with this thread's pooled interner (a new one costs a 32 KiB buffer, most of what a
    /// lean run cost), which [`Builder::release`] gives back.
    pub(crate) fn lean() -> Builder {
        Builder {
            store: Store::default(),
            current: 0,
            outer: Vec::new(),
            interner: Interner::take(),
            shrink: false,
        }
    }

    /// Gives a [`Builder::lean`]'s interner back to this thread's pool.
    pub(crate) fn release(self) {
        self.interner.give_back();
    }

    /// The innermost open node (a scope, loop, iteration, branch or arm).
    pub(crate) fn open_node(&self) -> NodeId {
        self.current
    }

    /// The site of the innermost open loop, if any.
    pub(crate) fn innermost_loop_site(&self) -> Option<&'static Site> {
        let mut id = self.current;
        while id != NONE {
            let node = self.store.nodes[id as usize];
            if node.is(Tag::Loop) {
                return Some(self.store.loops[node.data() as usize].0);
            }
            id = node.parent();
        }
        None
    }

    /// Labels the innermost open scope (see [`crate::call_label`]).
    pub(crate) fn label_scope(&mut self, label: u64) {
        let mut id = self.current;
        while id != NONE {
            let node = self.store.nodes[id as usize];
            if node.is(Tag::Scope) {
                let data = node.data() as usize;
                let labels = &mut self.store.labels;
                if labels.len() <= data {
                    labels.resize(data + 1, 0);
                }
                labels[data] = label;
                return;
            }
            id = node.parent();
        }
    }

    /// Nodes built so far.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.store.nodes.len()
    }

    /// Adds a node under the innermost open node.
    pub(crate) fn leaf(&mut self, new: New) -> NodeId {
        let store = &mut self.store;
        let (tag, data) = match new {
            New::Scope { site, call } => (Tag::Scope, push(&mut store.scopes, (site, call))),
            New::Loop { site, count } => (Tag::Loop, push(&mut store.loops, (site, count))),
        };
        let id = self.store.nodes.len() as NodeId;
        self.store
            .nodes
            .push(Node::branch(tag, self.current, id + 1, data));
        id
    }

    /// Adds a decision (the most frequent node: no detour through [`New`]).
    #[inline]
    pub(crate) fn decision(&mut self, decision: Decision) -> NodeId {
        let Decision { site, args, value } = decision;
        self.store
            .push_decision(&mut self.interner, site, args, value)
    }

    /// Opens a loop iteration (the next most frequent node).
    #[inline]
    pub(crate) fn open_iteration(&mut self) -> NodeId {
        self.push_open(Tag::Iteration, 0)
    }

    /// Moves loop `lp` on, when it is the innermost open loop: closes the open iteration
    /// (with `close_iteration`), then opens the next one (with `more`) or closes the loop.
    /// Returns false, doing nothing, when another loop is innermost.
    #[inline]
    pub(crate) fn step_loop(&mut self, lp: NodeId, close_iteration: bool, more: bool) -> bool {
        if close_iteration && more {
            return self.next_iteration(lp);
        }
        let top = self.current();
        if close_iteration {
            if self.parent_of(top) != lp {
                return false;
            }
            self.close();
        } else if top != lp {
            return false;
        }
        if more {
            self.open_iteration();
        } else {
            self.close();
        }
        true
    }

    /// The hot step of a loop: closes the open iteration of `lp` and opens the next in its
    /// place (the loop stays open). Returns false, doing nothing, when another loop is
    /// innermost.
    #[inline]
    pub(crate) fn next_iteration(&mut self, lp: NodeId) -> bool {
        let end = self.store.nodes.len() as NodeId;
        let iteration = &mut self.store.nodes[self.current as usize];
        if iteration.parent() != lp {
            return false;
        }
        iteration.set_end(end);
        self.current = end;
        self.store
            .nodes
            .push(Node::branch(Tag::Iteration, lp, NONE, 0));
        true
    }

    /// Opens a selection or a switch (`tag`) deciding `decision`, and its branch or arm
    /// (`inner`), in one visit.
    #[inline]
    pub(crate) fn open_choice(&mut self, tag: Tag, decision: Decision, inner: Tag) {
        let data = if tag == Tag::Selection {
            self.store.selection(&mut self.interner, decision)
        } else {
            self.store.switch(decision)
        };
        self.push_open_two(tag, data, inner);
    }

    /// Opens the selection of a boolean decision at `site` with `args` that answered
    /// `taken`, and its branch (`branch`): [`Builder::open_choice`] without building the
    /// decision, whose key the interner's cache usually has. The arguments are borrowed
    /// (cloned only on the cold path, out of line), so that where they are constants they
    /// stay constants: moved in, they went through the stack, and the cache's slot was
    /// computed at run time (callgrind, graph record: 5 instructions per selection).
    #[inline]
    pub(crate) fn open_selection(
        &mut self,
        site: &'static Site,
        args: &Asked,
        taken: bool,
        branch: Tag,
    ) {
        let data = if let Asked::Bool { p } = args
            && let Some(key) = self.interner.cached(site, KeyArgs::Bool { p: p.to_bits() })
        {
            self.store.cached_selection(key, taken)
        } else {
            self.store
                .selection_uncached(&mut self.interner, site, args, taken)
        };
        self.push_open_two(Tag::Selection, data, branch);
    }

    /// Opens a node under the innermost open node (`tag`, with `data`) and a node inside it
    /// (`inner`): a selection or switch and its branch or arm.
    #[inline]
    fn push_open_two(&mut self, tag: Tag, data: u32, inner: Tag) {
        let id = self.store.nodes.len() as NodeId;
        self.store.nodes.extend_from_slice(&[
            Node::branch(tag, self.current, NONE, data),
            Node::branch(inner, id, NONE, 0),
        ]);
        self.outer.extend_from_slice(&[self.current, id]);
        self.current = id + 1;
    }

    /// Adds a node under the innermost open node and opens it.
    #[inline]
    fn push_open(&mut self, tag: Tag, data: u32) -> NodeId {
        let id = self.store.nodes.len() as NodeId;
        self.store
            .nodes
            .push(Node::branch(tag, self.current, NONE, data));
        self.outer.push(self.current);
        self.current = id;
        id
    }

    /// Opens the scope of a generator called at `call` (the most frequent `open`).
    #[inline]
    pub(crate) fn open_scope(&mut self, site: &'static Site, call: Option<&'static Site>) {
        let data = push(&mut self.store.scopes, (site, call));
        self.push_open(Tag::Scope, data);
    }

    /// Adds a node under the innermost open node and opens it.
    pub(crate) fn open(&mut self, new: New) -> NodeId {
        let id = self.leaf(new);
        self.store.nodes[id as usize].set_end(NONE);
        self.outer.push(self.current);
        self.current = id;
        id
    }

    /// Closes the innermost open node (never the root).
    #[inline]
    pub(crate) fn close(&mut self) {
        if let Some(enclosing) = self.outer.pop() {
            let end = self.store.nodes.len() as NodeId;
            self.store.nodes[self.current as usize].set_end(end);
            self.current = enclosing;
        }
    }

    /// Closes the two innermost open nodes (a branch or arm, and its selection or switch).
    #[inline]
    pub(crate) fn close_two(&mut self) {
        // One look at the stack and the end for both.
        if let [.., enclosing, choice] = self.outer[..] {
            let end = self.store.nodes.len() as NodeId;
            self.store.nodes[self.current as usize].set_end(end);
            self.store.nodes[choice as usize].set_end(end);
            self.current = enclosing;
            self.outer.truncate(self.outer.len() - 2);
        } else {
            self.close();
            self.close();
        }
    }

    /// The innermost open node.
    #[inline]
    pub(crate) fn current(&self) -> NodeId {
        self.current
    }

    /// The parent of an open node.
    #[inline]
    pub(crate) fn parent_of(&self, id: NodeId) -> NodeId {
        self.store.nodes[id as usize].parent()
    }

    /// Links the count decision `decision` to the loop `lp` it counts.
    pub(crate) fn link(&mut self, decision: NodeId, lp: NodeId) {
        self.store.links.push((decision, lp));
        if let Some(node) = self.store.nodes.get_mut(decision as usize) {
            node.set_linked();
        }
    }

    /// Records the arguments of a `while` loop's condition and whether it ended by
    /// answering `false`.
    pub(crate) fn set_while(&mut self, lp: NodeId, args: Asked, ended: bool) {
        let node = self.store.nodes[lp as usize];
        if node.is(Tag::Loop)
            && let (_, Count::While { args: a, ended: e }) =
                &mut self.store.loops[node.data() as usize]
        {
            *a = args;
            *e = ended;
        }
    }

    /// The last decision made directly in the innermost open node at `site`, if it has not
    /// been linked to a loop yet (for `let n = <decision>; for _ in 0..n`).
    ///
    /// Walks the open node's children backwards (the count is usually decided just before
    /// its loop), one run of decisions at a time: decisions do not store their parent, so
    /// the run of leaves before a position is classified by the nearest non-leaf node before
    /// it (every child of the open node is closed, its end known).
    pub(crate) fn unlinked_count(&self, site: &Site) -> Option<(NodeId, Cow<'_, Decision>)> {
        let open = self.current;
        let store = &self.store;
        let node = |id: NodeId| store.nodes[id as usize];
        // The start of the open node's child after the ones not yet looked at (or the end).
        let mut next = store.nodes.len() as NodeId;
        while next > open + 1 {
            let mut k = next - 1;
            while node(k).is_leaf() {
                k -= 1;
            }
            // The decisions in `from..next` are children of `holder` (`open` or a node
            // inside one of its children).
            let (from, holder) = if k == open {
                (k + 1, open)
            } else if node(k).end(k) >= next {
                (next, k)
            } else {
                let mut holder = node(k).parent();
                while holder != open && node(holder).end(holder) < next {
                    holder = node(holder).parent();
                }
                (node(k).end(k), holder)
            };
            if holder == open {
                for id in (from..next).rev() {
                    let leaf = node(id);
                    if store.leaf_site(leaf) == site {
                        return (!leaf.linked()).then(|| (id, store.leaf_decision(leaf)));
                    }
                }
                if k == open {
                    return None;
                }
                next = from;
            } else {
                // Skip the child of the open node that holds them.
                let mut child = holder;
                while node(child).parent() != open {
                    child = node(child).parent();
                }
                next = child;
            }
        }
        None
    }

    /// Closes everything still open and returns the trace.
    ///
    /// A recording (built without knowing its size) gives back the slack of its node
    /// buffer, up to half of it after the buffer doubled: the trace of a failing case is
    /// kept through its reduction. A replay's buffer was reserved at the size of the trace
    /// it replays and is recycled for the next replay, which would regrow it (fresh pages,
    /// page faults) if it were shrunk. Measured on the overhead benchmark: the same
    /// instructions and page faults either way (recording into a recycled buffer included),
    /// and bytes per decision 25.2, 25.2 and 29.3 (draws, graph, isra) unshrunk, 24.0,
    /// 25.0 and 18.9 shrunk.
    pub(crate) fn finish(mut self) -> Trace {
        while !self.outer.is_empty() {
            self.close();
        }
        self.interner.give_back();
        if self.shrink {
            self.store.nodes.shrink_to_fit();
        }
        self.store.into_trace()
    }
}

/// Pushes `item` and returns its index (panics past [`crate::trace::node::DATA_LIMIT`]).
#[inline]
fn push<T>(table: &mut Vec<T>, item: T) -> u32 {
    table.push(item);
    data_index(table.len() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::value::{FloatTy, IntTy, Value};

    static SCOPE: Site = Site::new("tree", "t.rs", 1, 1);
    static LOOP: Site = Site::new("for", "t.rs", 2, 1);
    static A: Site = Site::new("random_range", "t.rs", 3, 1);
    static B: Site = Site::new("random_bool", "t.rs", 4, 1);
    static F: Site = Site::new("random_range", "t.rs", 5, 1);

    fn int(site: &'static Site, lo: u64, span: u64, v: u64) -> Decision {
        Decision {
            site,
            args: Asked::Int {
                lo,
                span,
                ty: IntTy::U32,
            },
            value: Value::Offset(v),
        }
    }

    fn float(v: f64) -> Decision {
        Decision {
            site: &F,
            args: Asked::Float {
                lo: 0.0,
                hi: 1.0,
                inclusive: false,
                ty: FloatTy::F64,
            },
            value: Value::Float(v),
        }
    }

    /// The deepest node before `id` whose subtree holds it, found the slow way.
    fn parent_by_search(trace: &Trace, id: NodeId) -> NodeId {
        (0..id).rev().find(|&k| trace.end(k) > id).unwrap_or(NONE)
    }

    /// What `unlinked_count` looks for, found the slow way.
    fn count_by_search(builder: &Builder, site: &Site) -> Option<NodeId> {
        let store = &builder.store;
        let open = builder.current;
        let holder = |id: NodeId| {
            (0..id)
                .rev()
                .find(|&k| {
                    let node = store.nodes[k as usize];
                    !node.is_leaf() && node.end(k) > id
                })
                .unwrap_or(NONE)
        };
        (open + 1..store.nodes.len() as NodeId)
            .rev()
            .filter(|&id| store.nodes[id as usize].is_leaf() && holder(id) == open)
            .find(|&id| store.leaf_site(store.nodes[id as usize]) == site)
            .filter(|&id| !store.nodes[id as usize].linked())
    }

    #[test]
    fn decisions_keep_no_parent_and_it_is_found() {
        let mut b = Builder::with_capacity(0);
        b.open_scope(&SCOPE, None);
        b.decision(int(&A, 0, 9, 3));
        b.decision(float(0.25));
        assert_eq!(count_by_search(&b, &A), Some(2));
        assert_eq!(b.unlinked_count(&A).map(|(id, _)| id), Some(2));
        let lp = b.open(New::Loop {
            site: &LOOP,
            count: Count::Fixed,
        });
        for i in 0..3 {
            b.step_loop(lp, i > 0, true);
            b.decision(int(&A, 5, 1 << 40, i));
            let taken = Decision {
                site: &B,
                args: Asked::Bool { p: 0.5 },
                value: Value::Bool(i % 2 == 0),
            };
            let branch = if i % 2 == 0 { Tag::Then } else { Tag::Else };
            b.open_choice(Tag::Selection, taken, branch);
            b.decision(int(&A, 0, 9, i));
            // Inside the branch, the count at `A` is the one just made.
            assert_eq!(
                b.unlinked_count(&A).map(|(id, _)| id),
                count_by_search(&b, &A)
            );
            b.close_two();
            b.decision(float(0.5));
            assert_eq!(
                b.unlinked_count(&A).map(|(id, _)| id),
                count_by_search(&b, &A)
            );
            assert_eq!(
                b.unlinked_count(&F).map(|(id, _)| id),
                count_by_search(&b, &F)
            );
        }
        b.step_loop(lp, true, false);
        // Back in the scope: the decisions inside the loop are not its children.
        assert_eq!(b.unlinked_count(&A).map(|(id, _)| id), Some(2));
        assert_eq!(b.unlinked_count(&F).map(|(id, _)| id), Some(3));
        b.decision(int(&A, 0, 9, 1));
        let last = (b.len() - 1) as NodeId;
        assert_eq!(b.unlinked_count(&A).map(|(id, _)| id), Some(last));
        b.link(last, lp);
        assert_eq!(b.unlinked_count(&A).map(|(id, _)| id), None);
        let trace = b.finish();
        for id in 1..trace.len() as NodeId {
            assert_eq!(trace.parent(id), parent_by_search(&trace, id), "node {id}");
        }
        // Every decision comes back as it was made, stored in its node or whole.
        let made: Vec<Decision> = trace.decisions().cloned().collect();
        assert_eq!(made.len(), 3 + 3 * 4);
        assert_eq!(made[0], int(&A, 0, 9, 3));
        assert_eq!(made[1], float(0.25));
        assert_eq!(made[2], int(&A, 5, 1 << 40, 0));
        assert_eq!(made[3].value, Value::Bool(true));
        assert_eq!(made[7].value, Value::Bool(false));
        assert!(
            made.iter()
                .zip(trace.each_decision())
                .all(|(a, b)| *a == *b)
        );
    }
}
