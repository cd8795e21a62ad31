//! Derivation trees.

use std::fmt;
use std::sync::Arc;

/// A derivation tree: a nonterminal with the trees of its alternative's items, or a
/// terminal's text. A nonterminal derived by an empty alternative has no children.
///
/// `Display` writes the derived text; `Debug` writes the structure
/// (`<digit>("1")`).
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Tree {
    /// A terminal's text.
    Leaf(Arc<str>),
    /// A nonterminal and the trees of its items.
    Node(Arc<str>, Vec<Tree>),
}

impl Tree {
    /// A nonterminal node.
    pub fn node(name: &str, children: Vec<Tree>) -> Tree {
        Tree::Node(name.into(), children)
    }

    /// A terminal leaf.
    pub fn leaf(text: &str) -> Tree {
        Tree::Leaf(text.into())
    }

    /// The nonterminal's name, or the terminal's text.
    pub fn name(&self) -> &str {
        match self {
            Tree::Leaf(s) | Tree::Node(s, _) => s,
        }
    }

    /// The children (none for a leaf).
    pub fn children(&self) -> &[Tree] {
        match self {
            Tree::Leaf(_) => &[],
            Tree::Node(_, c) => c,
        }
    }

    /// Whether this is a nonterminal node.
    pub fn is_node(&self) -> bool {
        matches!(self, Tree::Node(..))
    }

    /// The derived text.
    pub fn text(&self) -> String {
        let mut out = String::new();
        self.write_text(&mut out);
        out
    }

    fn write_text(&self, out: &mut String) {
        match self {
            Tree::Leaf(s) => out.push_str(s),
            Tree::Node(_, children) => children.iter().for_each(|c| c.write_text(out)),
        }
    }

    /// The number of leaves, as Perses counts them: terminals, and nonterminals derived
    /// by an empty alternative.
    pub fn leaves(&self) -> usize {
        match self {
            Tree::Node(_, c) if !c.is_empty() => c.iter().map(Tree::leaves).sum(),
            _ => 1,
        }
    }

    /// The number of nonterminal nodes.
    pub fn nodes(&self) -> usize {
        match self {
            Tree::Leaf(_) => 0,
            Tree::Node(_, c) => 1 + c.iter().map(Tree::nodes).sum::<usize>(),
        }
    }

    /// The subtree at `path` (child indices from the root).
    pub fn get(&self, path: &[usize]) -> Option<&Tree> {
        path.iter().try_fold(self, |t, &i| t.children().get(i))
    }

    /// A copy with the subtree at `path` replaced by `with` (this tree itself when the
    /// path leads nowhere).
    #[must_use]
    pub fn replaced(&self, path: &[usize], with: Tree) -> Tree {
        match (self, path.split_first()) {
            (_, None) => with,
            (Tree::Node(name, children), Some((&i, rest))) if i < children.len() => {
                let mut children = children.clone();
                children[i] = children[i].replaced(rest, with);
                Tree::Node(name.clone(), children)
            }
            _ => self.clone(),
        }
    }

    /// Every node in pre-order, with its path.
    pub fn walk(&self) -> Vec<(Vec<usize>, &Tree)> {
        let mut out = Vec::new();
        let mut stack = vec![(Vec::new(), self)];
        while let Some((path, t)) = stack.pop() {
            for (i, c) in t.children().iter().enumerate().rev() {
                let mut p = path.clone();
                p.push(i);
                stack.push((p, c));
            }
            out.push((path, t));
        }
        out
    }
}

impl fmt::Display for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tree::Leaf(s) => f.write_str(s),
            Tree::Node(_, children) => children.iter().try_for_each(|c| fmt::Display::fmt(c, f)),
        }
    }
}

impl fmt::Debug for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tree::Leaf(s) => write!(f, "{s:?}"),
            Tree::Node(name, children) => {
                f.write_str(name)?;
                f.write_str("(")?;
                for (i, c) in children.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    fmt::Debug::fmt(c, f)?;
                }
                f.write_str(")")
            }
        }
    }
}
