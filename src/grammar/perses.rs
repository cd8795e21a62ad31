//! Perses (Sun et al., ICSE 2018), as seed 001 of this project describes it: reduce an
//! existing input through its derivation tree, replacing a node by a compatible node (an
//! empty expansion of its nonterminal, or a descendant of the same nonterminal), so every
//! candidate is derived by the grammar.

use super::effort::{Effort, Tester};
use super::rules::Grammar;
use super::tree::Tree;
use crate::dd::Outcome;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::rc::Rc;

/// The result of [`perses`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduced {
    /// The smallest failing tree found (fewest leaves; the first found among equals).
    pub tree: Tree,
    /// What it took.
    pub effort: Effort,
}

/// An entry of the queue: the tree, the node's path, and the queue's priority (the tree's
/// leaves, the node's leaves, the insertion order reversed).
struct Entry {
    key: (usize, usize, Reverse<usize>),
    tree: Rc<Tree>,
    path: Vec<usize>,
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

/// Reduces the derivation `tree` of `grammar` while `test` keeps failing (a property:
/// `false`, `Err` or [`Outcome::Fails`] reproduce the failure; [`Outcome::Unresolved`]
/// marks an invalid candidate).
///
/// The queue holds (tree, node) pairs, the smallest tree first, then the smallest node,
/// then the latest added. For the node taken, each compatible node is tried in its place:
/// the empty expansion when the nonterminal has one, then every node of the same
/// nonterminal inside it, in pre-order; each that still fails goes back into the queue.
/// When none does, the node's children are queued instead. Texts already tested are not
/// tested again. (Seed 001 also skips the children of "token" nonterminals, named with a
/// capital as in ANTLR; grammars here have no tokens, so every nonterminal is reduced.)
///
/// ```
/// use greduce::grammar::{Grammar, perses};
///
/// let g: Grammar = r#"
///     <start>   ::= <expr>
///     <expr>    ::= <term> "+" <expr> | <term> "-" <expr> | <term>
///     <term>    ::= <factor> "*" <term> | <factor> "/" <term> | <factor>
///     <factor>  ::= "+" <factor> | "-" <factor> | "(" <expr> ")"
///                 | <integer> "." <integer> | <integer>
///     <integer> ::= <digit> <integer> | <digit>
///     <digit>   ::= [0-9]
/// "#.parse().unwrap();
/// let tree = g.parse("1+((2*3/4))").unwrap();
/// // Seed 001's predicate: `((` comes somewhere before `))`.
/// let double = |s: &str| !s.find("((").is_some_and(|i| s[i..].contains("))"));
/// let reduced = perses(&g, &tree, double).unwrap();
/// assert_eq!(reduced.tree.text(), "((4))");
/// ```
///
/// # Errors
///
/// [`crate::dd::Error::NotFailing`] (or `Unresolved`) when the original does not fail.
pub fn perses<O: Into<Outcome>>(
    grammar: &Grammar,
    tree: &Tree,
    test: impl FnMut(&str) -> O,
) -> Result<Reduced, crate::dd::Error> {
    let mut tester = Tester::new(test);
    let original = tree.text();
    let call = || format!("{original:?}");
    tester.original(original.clone(), &call)?;
    let mut queue = BinaryHeap::new();
    let mut count = 0;
    let mut push = |queue: &mut BinaryHeap<Reverse<Entry>>, tree: Rc<Tree>, path: Vec<usize>| {
        let node = tree.get(&path).map_or(0, Tree::leaves);
        queue.push(Reverse(Entry {
            key: (tree.leaves(), node, Reverse(count)),
            tree,
            path,
        }));
        count += 1;
    };
    let mut best = Rc::new(tree.clone());
    let mut best_leaves = best.leaves();
    push(&mut queue, best.clone(), Vec::new());
    while let Some(Reverse(Entry { tree, path, .. })) = queue.pop() {
        let Some(node) = tree.get(&path) else {
            continue;
        };
        let mut found = false;
        for replacement in compatible(grammar, node) {
            let candidate = Rc::new(tree.replaced(&path, replacement));
            let (outcome, ran) = tester.run(candidate.text());
            if ran && outcome == Outcome::Fails {
                found = true;
                if candidate.leaves() < best_leaves {
                    best_leaves = candidate.leaves();
                    best = candidate.clone();
                }
                push(&mut queue, candidate, path.clone());
            }
        }
        if found {
            continue;
        }
        for (i, child) in node.children().iter().enumerate() {
            if child.is_node() {
                let mut p = path.clone();
                p.push(i);
                push(&mut queue, tree.clone(), p);
            }
        }
    }
    Ok(Reduced {
        tree: Rc::unwrap_or_clone(best),
        effort: tester.effort,
    })
}

/// The nodes that may replace `node`: its nonterminal's empty expansion when it has one,
/// then each node of the same nonterminal in its subtree, in pre-order (itself first).
fn compatible(grammar: &Grammar, node: &Tree) -> Vec<Tree> {
    let Tree::Node(name, _) = node else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if grammar.has_empty(name) {
        out.push(Tree::Node(name.clone(), Vec::new()));
    }
    for (_, t) in node.walk() {
        if matches!(t, Tree::Node(n, _) if n == name) {
            out.push(t.clone());
        }
    }
    out
}
