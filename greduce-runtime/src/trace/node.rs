//! The nodes of a trace, 12 bytes each: three 32-bit words.
//!
//! The first word, the head, holds the node's [`Tag`] (4 bits) and whether a count decision
//! is linked to its loop (1 bit); the other 27 bits depend on the kind of node.
//!
//! - A **non-leaf** node (root, scope, loop, iteration, selection, then/else, switch, arm)
//!   keeps in them an index into the side table of its tag (the scopes, the loops, the
//!   decisions of switches and selections; [`DATA_LIMIT`] entries at most), and stores its
//!   parent and where its subtree ends (one past its last node) in the other two words.
//! - A **decision** leaf stores neither: its subtree ends right after it, and its parent is
//!   computed when needed ([`crate::trace::Store::parent`]). Its head holds a [`Form`]
//!   (3 bits) and a key (24 bits) into the trace's table of (site, arguments without their
//!   length) pairs; its two words hold the rest of its arguments and its value (see
//!   [`Form`]), or for [`Form::Full`] the index of the decision in the side table of
//!   decisions that did not fit.
//!
//! A decision inside a loop costs its iteration's node and its own, 24 bytes.

/// Index of a node in a trace.
pub(crate) type NodeId = u32;

/// No node (an unlinked count decision, the root's parent, the end of an open node).
pub(crate) const NONE: NodeId = u32::MAX;

/// What a node is (4 bits of its head).
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

/// The tags by their number in a head (the six unused numbers never occur).
const TAGS: [Tag; 16] = [
    Tag::Root,
    Tag::Scope,
    Tag::Decision,
    Tag::Loop,
    Tag::Iteration,
    Tag::Selection,
    Tag::Then,
    Tag::Else,
    Tag::Switch,
    Tag::Arm,
    Tag::Root,
    Tag::Root,
    Tag::Root,
    Tag::Root,
    Tag::Root,
    Tag::Root,
];

const TAG_MASK: u32 = 0xf;
const LINKED: u32 = 1 << 4;
const DATA_SHIFT: u32 = 5;
const FORM_SHIFT: u32 = 5;
const FORM_MASK: u32 = 0x7;
const KEY_SHIFT: u32 = 8;

/// How many entries a side table that non-leaf nodes index may hold (the scopes, the
/// loops, the decisions of switches): the 27 bits of a head left by the tag and the link
/// bit. Recording past it panics, saying so.
pub(crate) const DATA_LIMIT: usize = 1 << 27;

/// How many (site, arguments) keys a trace may hold: the 24 bits of a decision's head left
/// by its tag, link bit and form. Decisions past it are stored whole ([`Form::Full`]).
pub(crate) const KEY_LIMIT: usize = 1 << 24;

/// How a decision leaf stores its decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// In the side table of whole decisions; the leaf's second word is its index.
    Full = 0,
    /// An integer range of at most 2^32 values answered by an offset below 2^32: the key
    /// names the site, the range's start and type; the words hold its span and the offset.
    Int = 1,
    /// `random_bool(p)` answered by a boolean: the key names the site and `p`; the second
    /// word holds the answer.
    Bool = 2,
    /// A choice from a list of known length below 2^32: the key names the site; the words
    /// hold the length and the index.
    Index = 3,
}

/// A node of the trace tree (see the module docs for its layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    head: u32,
    /// A non-leaf node's parent; a decision's first word.
    a: u32,
    /// A non-leaf node's end; a decision's second word.
    b: u32,
}

/// `index` as the data of a non-leaf node's head; panics past [`DATA_LIMIT`].
#[inline]
pub(crate) fn data_index(index: usize) -> u32 {
    assert!(
        index < DATA_LIMIT,
        "greduce: a trace holds at most 2^27 scopes, loops, and decisions of `if`s and \
         `match`es that are not stored in their node (this one needs more)"
    );
    index as u32
}

/// The head of a decision leaf of `form` with `key` (below [`KEY_LIMIT`]).
#[inline]
pub(crate) fn decision_head(form: Form, key: u32) -> u32 {
    debug_assert!((key as usize) < KEY_LIMIT);
    Tag::Decision as u32 | ((form as u32) << FORM_SHIFT) | (key << KEY_SHIFT)
}

/// The key in a decision leaf's head.
#[inline]
pub(crate) fn head_key(head: u32) -> u32 {
    head >> KEY_SHIFT
}

impl Node {
    /// A non-leaf node under `parent`, its subtree ending at `end` ([`NONE`] while open),
    /// with `data` (below [`DATA_LIMIT`], see [`data_index`]).
    #[inline]
    pub(crate) fn branch(tag: Tag, parent: NodeId, end: NodeId, data: u32) -> Node {
        debug_assert!(tag != Tag::Decision && (data as usize) < DATA_LIMIT);
        Node {
            head: tag as u32 | (data << DATA_SHIFT),
            a: parent,
            b: end,
        }
    }

    /// The node's three words as two 64-bit words (the head and the first word, then the
    /// second), for hashing a whole trace's nodes without reading them field by field.
    #[inline]
    pub(crate) fn hash_words(self) -> [u64; 2] {
        [
            u64::from(self.head) | (u64::from(self.a) << 32),
            u64::from(self.b),
        ]
    }

    /// A decision leaf of `form`, with `key` (below [`KEY_LIMIT`]) and its two words.
    #[inline]
    pub(crate) fn decision(form: Form, key: u32, word1: u32, word2: u32) -> Node {
        Node::decision_with_head(decision_head(form, key), word1, word2)
    }

    /// A decision leaf with `head` (from [`decision_head`]) and its two words.
    #[inline]
    pub(crate) fn decision_with_head(head: u32, word1: u32, word2: u32) -> Node {
        Node {
            head,
            a: word1,
            b: word2,
        }
    }

    /// What the node is.
    #[inline]
    pub(crate) fn tag(self) -> Tag {
        TAGS[(self.head & TAG_MASK) as usize]
    }

    /// Whether the node is a `tag` (cheaper than comparing [`Node::tag`]).
    #[inline]
    pub(crate) fn is(self, tag: Tag) -> bool {
        self.head & TAG_MASK == tag as u32
    }

    /// Whether the node is a decision leaf (which stores no parent and no end).
    #[inline]
    pub(crate) fn is_leaf(self) -> bool {
        self.is(Tag::Decision)
    }

    /// A count decision linked to its loop (in the trace's links): lets replay skip the
    /// search for the link on every other decision.
    #[inline]
    pub(crate) fn linked(self) -> bool {
        self.head & LINKED != 0
    }

    /// Marks a count decision linked to its loop.
    #[inline]
    pub(crate) fn set_linked(&mut self) {
        self.head |= LINKED;
    }

    /// A non-leaf node's index into the side table of its tag.
    #[inline]
    pub(crate) fn data(self) -> u32 {
        debug_assert!(!self.is_leaf());
        self.head >> DATA_SHIFT
    }

    /// A non-leaf node's parent ([`NONE`] for the root).
    #[inline]
    pub(crate) fn parent(self) -> NodeId {
        debug_assert!(!self.is_leaf());
        self.a
    }

    /// One past the last node of the subtree of this node, which is node `id`.
    #[inline]
    pub(crate) fn end(self, id: NodeId) -> NodeId {
        if self.is_leaf() { id + 1 } else { self.b }
    }

    /// Sets where a non-leaf node's subtree ends (closes it).
    #[inline]
    pub(crate) fn set_end(&mut self, end: NodeId) {
        debug_assert!(!self.is_leaf());
        self.b = end;
    }

    /// How a decision leaf stores its decision.
    #[inline]
    pub(crate) fn form(self) -> Form {
        match (self.head >> FORM_SHIFT) & FORM_MASK {
            1 => Form::Int,
            2 => Form::Bool,
            3 => Form::Index,
            _ => Form::Full,
        }
    }

    /// A decision leaf's key (its site and arguments without their length).
    #[inline]
    pub(crate) fn key(self) -> u32 {
        head_key(self.head)
    }

    /// A decision leaf's first word (the span of a range, the length of a list).
    #[inline]
    pub(crate) fn word1(self) -> u32 {
        self.a
    }

    /// A decision leaf's second word (the value, or the index of a whole decision).
    #[inline]
    pub(crate) fn word2(self) -> u32 {
        self.b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_keep_their_fields_apart() {
        let mut node = Node::branch(Tag::Switch, 7, NONE, (DATA_LIMIT - 1) as u32);
        assert_eq!(node.tag(), Tag::Switch);
        assert!(!node.linked() && !node.is_leaf());
        assert_eq!(node.data() as usize, DATA_LIMIT - 1);
        assert_eq!((node.parent(), node.end(3)), (7, NONE));
        node.set_end(9);
        assert_eq!(node.end(3), 9);
        let mut leaf = Node::decision(Form::Index, (KEY_LIMIT - 1) as u32, 5, u32::MAX);
        leaf.set_linked();
        assert!(leaf.is_leaf() && leaf.linked() && leaf.is(Tag::Decision));
        assert_eq!(
            (leaf.form(), leaf.key() as usize),
            (Form::Index, KEY_LIMIT - 1)
        );
        assert_eq!((leaf.word1(), leaf.word2(), leaf.end(3)), (5, u32::MAX, 4));
    }
}
