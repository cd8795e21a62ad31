//! The storage of a trace: its nodes in pre-order ([`Node`], 12 bytes each) and the side
//! tables they index.
//!
//! Most decisions live in their node alone (see `node.rs`): an integer range, a
//! `random_bool` or a choice whose numbers fit 32 bits, answered with the value of its
//! kind, keeps its site and the arguments that do not change between draws in a key shared
//! with the other decisions of its site (`keys.rs`), and its length and value in the node.
//! The others (floats, wide integers, samples, the decisions of `match`es) are kept whole in
//! a side table. A decision is rebuilt from its node when asked for ([`Store::decision_at`]:
//! a [`Cow`] that borrows a whole one and owns a rebuilt one, which owns no heap memory).

use crate::trace::keys::{Interner, KeyArgs, KeyTable};
use crate::trace::node::{Form, NONE, Node, NodeId, Tag, data_index};
use crate::trace::site::Site;
use crate::trace::value::{Asked, Shown, Value};
use std::borrow::Cow;
use std::fmt;
use std::mem::ManuallyDrop;
use std::sync::OnceLock;

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
    /// Where it was made.
    pub(crate) site: &'static Site,
    /// What it was asked.
    pub(crate) args: Asked,
    /// What it answered.
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
    While { args: Asked, ended: bool },
}

/// The nodes of a trace and their side tables.
#[derive(Clone, Debug, Default)]
pub(crate) struct Store {
    /// The nodes, in pre-order (the root first).
    pub(crate) nodes: Vec<Node>,
    /// The decisions not stored in their node: [`Form::Full`] leaves, switches, and
    /// selections that are not a `random_bool` answered by a boolean. Dropped by
    /// [`Store::clear_decisions`] only when some own heap memory (`heap`): most own none,
    /// and running their drop glue one by one was a tenth of what recording a million
    /// decisions cost.
    full: Vec<ManuallyDrop<Decision>>,
    /// Whether some decision in `full` owns heap memory.
    heap: bool,
    /// The (site, arguments) pairs of the decisions stored in their node, by key.
    pub(crate) keys: KeyTable,
    /// The scopes' sites and call sites, by the index in their node.
    pub(crate) scopes: Vec<(&'static Site, Option<&'static Site>)>,
    /// Each scope's label (see [`crate::call_label`]), by the scope's index in `scopes`;
    /// shorter than `scopes` (down to empty) where the rest are unlabelled (0).
    pub(crate) labels: Vec<u64>,
    /// The loops' sites and counts, by the index in their node.
    pub(crate) loops: Vec<(&'static Site, Count)>,
    /// (count decision, loop), sorted.
    pub(crate) links: Vec<(NodeId, NodeId)>,
    /// The number of decision, selection and switch nodes.
    decided: usize,
    /// The number of decisions, `while` conditions included (set when the trace is
    /// finished; see [`crate::trace::Trace::decision_count`]).
    pub(crate) total: usize,
    /// Every decision, built once when the public `Trace::decisions` is first called: the
    /// only place where a trace holds its decisions whole (memory it costs only then).
    pub(crate) materialised: OnceLock<Vec<Decision>>,
}

impl Drop for Store {
    fn drop(&mut self) {
        self.clear_decisions();
    }
}

impl PartialEq for Store {
    /// The same tree with the same decisions, scopes and loops (however the decisions are
    /// stored: keys are compared by what they stand for).
    fn eq(&self, other: &Store) -> bool {
        self.nodes.len() == other.nodes.len()
            && self.total == other.total
            && self.scopes == other.scopes
            && self.labels == other.labels
            && self.loops == other.loops
            && self.links == other.links
            && self
                .nodes
                .iter()
                .zip(&other.nodes)
                .enumerate()
                .all(|(id, (a, b))| {
                    let id = id as NodeId;
                    a.tag() == b.tag()
                        && a.linked() == b.linked()
                        && a.end(id) == b.end(id)
                        && match a.tag() {
                            Tag::Decision | Tag::Selection | Tag::Switch => {
                                self.decision_of(*a) == other.decision_of(*b)
                                    && (a.is_leaf() || a.parent() == b.parent())
                            }
                            _ => a == b,
                        }
                })
    }
}

/// The largest number a decision's word holds.
const WORD: u64 = u32::MAX as u64;

/// A decision stored in its node: its key's site and arguments with the node's words.
#[inline]
fn inline_decision(site: &'static Site, args: KeyArgs, word1: u32, word2: u32) -> Decision {
    let (args, value) = match args {
        KeyArgs::Int { lo, ty } => (
            Asked::Int {
                lo,
                span: u64::from(word1),
                ty,
            },
            Value::Offset(u64::from(word2)),
        ),
        KeyArgs::Bool { p } => (
            Asked::Bool {
                p: f64::from_bits(p),
            },
            Value::Bool(word2 != 0),
        ),
        KeyArgs::Index => (
            Asked::Index {
                len: u64::from(word1),
            },
            Value::Index(u64::from(word2)),
        ),
    };
    Decision { site, args, value }
}

/// How a decision with `args` answered `value` is stored in its node, when it can be: its
/// form, the arguments its key stands for, and its two words.
#[allow(clippy::inline_always)] // Reason: as `Store::push_decision`'s.
#[inline(always)]
fn inline_parts(args: &Asked, value: &Value) -> Option<(Form, KeyArgs, u32, u32)> {
    Some(match (args, value) {
        (Asked::Int { lo, span, ty }, Value::Offset(v)) if *span <= WORD && *v <= WORD => (
            Form::Int,
            KeyArgs::Int { lo: *lo, ty: *ty },
            *span as u32,
            *v as u32,
        ),
        (Asked::Bool { p }, Value::Bool(b)) => (
            Form::Bool,
            KeyArgs::Bool { p: p.to_bits() },
            0,
            u32::from(*b),
        ),
        (Asked::Index { len }, Value::Index(i)) if *len <= WORD && *i <= WORD => {
            (Form::Index, KeyArgs::Index, *len as u32, *i as u32)
        }
        _ => return None,
    })
}

/// A selection's data, when its decision is stored in the node: a `random_bool(p)`
/// answered `taken`, `p` and the site in `key` (bit 0 set; bit 1 the answer; the key
/// above). A selection's data with bit 0 clear is the index of its whole decision, shifted
/// by one.
///
/// A deviation from keeping the decisions of all selections whole: a graph generator's
/// `if rng.random_bool(0.5)` on every edge made the whole decision (48 bytes) a third of
/// the trace.
#[inline]
fn selection_data(key: u32, taken: bool) -> u32 {
    1 | (u32::from(taken) << 1) | (key << 2)
}

impl Store {
    /// Adds a decision leaf (the most frequent node); returns its id.
    ///
    /// Inlined into each place that records a decision, where the kind of its arguments
    /// and value is known: what is left of the choice of a form is then the check that the
    /// numbers fit and the key's lookup in the cache.
    // Reason: measured (callgrind, draws record): with `#[inline]` it stayed out of line, its
    // arguments passed in memory and dropped by their drop glue, 109 instructions per
    // decision (about 20 inlined).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn push_decision(
        &mut self,
        interner: &mut Interner,
        site: &'static Site,
        args: Asked,
        value: Value,
    ) -> NodeId {
        // Dropped only when kept whole: the inline forms take only arguments and values
        // that own no heap memory, whose drop glue (which a caller that does not know their
        // kind would run) can be skipped.
        let (args, value) = (ManuallyDrop::new(args), ManuallyDrop::new(value));
        // The cache gives the head of the leaf of the form `inline_parts` chose (the form
        // follows from the kind of key).
        if let Some((_, key_args, word1, word2)) = inline_parts(&args, &value)
            && let Some(head) = interner.cached_head(site, key_args)
        {
            return self.push_leaf(Node::decision_with_head(head, word1, word2));
        }
        self.push_uncached(
            interner,
            site,
            ManuallyDrop::into_inner(args),
            ManuallyDrop::into_inner(value),
        )
    }

    /// [`Store::push_decision`] past the interner's cache: finds or adds the key, or keeps
    /// the decision whole. Out of line and cold, so that the hot path keeps its arguments
    /// in registers and joins nothing.
    #[cold]
    #[inline(never)]
    fn push_uncached(
        &mut self,
        interner: &mut Interner,
        site: &'static Site,
        args: Asked,
        value: Value,
    ) -> NodeId {
        if let Some((form, key_args, word1, word2)) = inline_parts(&args, &value)
            && let Some(key) = interner.key(&mut self.keys, site, key_args)
        {
            return self.push_leaf(Node::decision(form, key, word1, word2));
        }
        self.push_whole(Decision { site, args, value })
    }

    /// Adds a decision leaf that keeps its decision whole ([`Form::Full`]).
    #[inline(never)]
    fn push_whole(&mut self, decision: Decision) -> NodeId {
        let index = self.push_full(decision);
        let index = u32::try_from(index)
            .expect("greduce: a trace holds at most 2^32 decisions stored whole");
        self.push_leaf(Node::decision(Form::Full, 0, 0, index))
    }

    /// Adds the decision leaf `leaf`; returns its id.
    #[allow(clippy::inline_always)] // Reason: part of `push_decision`'s hot path.
    #[inline(always)]
    fn push_leaf(&mut self, leaf: Node) -> NodeId {
        let id = self.nodes.len() as NodeId;
        self.nodes.push(leaf);
        self.decided += 1;
        id
    }

    /// The data of a new selection node deciding `decision` (see [`selection_data`]).
    #[inline]
    pub(crate) fn selection(&mut self, interner: &mut Interner, decision: Decision) -> u32 {
        self.decided += 1;
        if let (Asked::Bool { p }, Value::Bool(taken)) = (&decision.args, &decision.value)
            && let Some(key) = interner.key(
                &mut self.keys,
                decision.site,
                KeyArgs::Bool { p: p.to_bits() },
            )
        {
            return selection_data(key, *taken);
        }
        let index = self.push_full(decision);
        data_index(index * 2)
    }

    /// The data of a new selection node whose `random_bool` has `key` and answered `taken`
    /// (see [`Builder::open_selection`](crate::trace::builder::Builder::open_selection)).
    #[inline]
    pub(crate) fn cached_selection(&mut self, key: u32, taken: bool) -> u32 {
        self.decided += 1;
        selection_data(key, taken)
    }

    /// [`Store::selection`] of the decision at `site` with `args` that answered `taken`,
    /// out of line.
    #[cold]
    #[inline(never)]
    pub(crate) fn selection_uncached(
        &mut self,
        interner: &mut Interner,
        site: &'static Site,
        args: &Asked,
        taken: bool,
    ) -> u32 {
        let (args, value) = (args.clone(), Value::Bool(taken));
        self.selection(interner, Decision { site, args, value })
    }

    /// The data of a new switch node deciding `decision`.
    #[inline]
    pub(crate) fn switch(&mut self, decision: Decision) -> u32 {
        self.decided += 1;
        data_index(self.push_full(decision))
    }

    /// Adds a decision to the side table of whole decisions; returns its index.
    #[inline]
    fn push_full(&mut self, decision: Decision) -> usize {
        self.heap |= !(decision.args.is_inline() && decision.value.is_inline());
        self.full.push(ManuallyDrop::new(decision));
        self.full.len() - 1
    }

    /// Gives back the whole decisions' buffer beyond `capacity` (they must have been
    /// cleared).
    pub(crate) fn shrink_decisions(&mut self, capacity: usize) {
        debug_assert!(self.full.is_empty());
        self.full.shrink_to(capacity);
    }

    /// Removes every decision, dropping those that own heap memory.
    pub(crate) fn clear_decisions(&mut self) {
        if std::mem::take(&mut self.heap) {
            self.full
                .drain(..)
                .for_each(|d| drop(ManuallyDrop::into_inner(d)));
        } else {
            self.full.clear();
        }
        self.keys.clear();
        self.decided = 0;
        self.materialised = OnceLock::new();
    }

    /// The decision of a decision, selection or switch node (`None` for other nodes).
    #[inline]
    pub(crate) fn decision_of(&self, node: Node) -> Option<Cow<'_, Decision>> {
        match node.tag() {
            Tag::Decision => Some(self.leaf_decision(node)),
            Tag::Selection => {
                let data = node.data();
                Some(if data & 1 == 0 {
                    Cow::Borrowed(&*self.full[(data >> 1) as usize])
                } else {
                    let (site, args) = self.keys[(data >> 2) as usize];
                    Cow::Owned(inline_decision(site, args, 0, (data >> 1) & 1))
                })
            }
            Tag::Switch => Some(Cow::Borrowed(&*self.full[node.data() as usize])),
            _ => None,
        }
    }

    /// The decisions not stored in their node, in the order their nodes come.
    pub(crate) fn whole_decisions(&self) -> impl Iterator<Item = &Decision> {
        self.full.iter().map(|d| &**d)
    }

    /// The decision of node `id`, for a decision, selection or switch node (`None` for
    /// other nodes and ids past the trace).
    #[inline]
    pub(crate) fn decision_at(&self, id: NodeId) -> Option<Cow<'_, Decision>> {
        self.decision_of(*self.nodes.get(id as usize)?)
    }

    /// The decision of a decision leaf.
    #[inline]
    pub(crate) fn leaf_decision(&self, node: Node) -> Cow<'_, Decision> {
        debug_assert!(node.is_leaf());
        if node.form() == Form::Full {
            return Cow::Borrowed(&*self.full[node.word2() as usize]);
        }
        let (site, args) = self.keys[node.key() as usize];
        Cow::Owned(inline_decision(site, args, node.word1(), node.word2()))
    }

    /// The site of a decision leaf (without rebuilding its decision).
    #[inline]
    pub(crate) fn leaf_site(&self, node: Node) -> &'static Site {
        debug_assert!(node.is_leaf());
        if node.form() == Form::Full {
            self.full[node.word2() as usize].site
        } else {
            self.keys[node.key() as usize].0
        }
    }

    /// The site of a selection's decision (without rebuilding it).
    #[inline]
    pub(crate) fn selection_site(&self, node: Node) -> &'static Site {
        debug_assert!(node.is(Tag::Selection));
        let data = node.data();
        if data & 1 == 0 {
            self.full[(data >> 1) as usize].site
        } else {
            self.keys[(data >> 2) as usize].0
        }
    }

    /// All decisions (selections' and switches' included), in trace order, rebuilt one by
    /// one.
    pub(crate) fn decisions(&self) -> impl Iterator<Item = Cow<'_, Decision>> {
        self.nodes.iter().filter_map(|node| self.decision_of(*node))
    }

    /// How many decision, selection and switch nodes there are.
    pub(crate) fn decision_count(&self) -> usize {
        self.decided
    }

    /// One past the last node of the subtree of `id`.
    #[inline]
    pub(crate) fn end(&self, id: NodeId) -> NodeId {
        self.nodes[id as usize].end(id)
    }

    /// The parent of node `id` ([`NONE`] for the root). A decision leaf does not store
    /// its parent: it is the nearest node before it whose subtree does not end before it,
    /// found walking back over leaves and jumping over the subtrees that ended.
    pub(crate) fn parent(&self, id: NodeId) -> NodeId {
        let node = self.nodes[id as usize];
        if !node.is_leaf() {
            return node.parent();
        }
        let mut at = id - 1;
        loop {
            let before = self.nodes[at as usize];
            if before.is_leaf() {
                at -= 1;
            } else if before.end(at) > id {
                return at;
            } else {
                at = before.parent();
            }
        }
    }

    /// The loop a count decision is linked to (`links` is sorted when a trace is finished).
    pub(crate) fn link(&self, decision: NodeId) -> NodeId {
        if !self
            .nodes
            .get(decision as usize)
            .is_some_and(|n| n.linked())
        {
            return NONE;
        }
        match self.links.binary_search_by_key(&decision, |(d, _)| *d) {
            Ok(i) => self.links[i].1,
            Err(_) => NONE,
        }
    }

    /// Counts the decisions, `while` conditions included (once, when the trace is finished).
    pub(crate) fn count_decisions(&self) -> usize {
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
            let is_while = |lp: Node| {
                lp.is(Tag::Loop) && matches!(self.loops[lp.data() as usize].1, Count::While { .. })
            };
            count += self
                .nodes
                .iter()
                .filter(|n| n.is(Tag::Iteration) && is_while(self.nodes[n.parent() as usize]))
                .count();
        }
        count
    }
}
