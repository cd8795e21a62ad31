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
use std::convert::Infallible;

/// The result of [`perses`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReducedTree {
    /// The smallest failing tree found (fewest leaves; the first found among equals).
    pub tree: Tree,
    /// What it took.
    pub effort: Effort,
}

/// Reduces the derivation `tree` of `grammar` while `test` keeps failing (a property:
/// `false`, `Err` or [`Outcome::Fails`] reproduce the failure; [`Outcome::Unresolved`]
/// marks an invalid candidate).
///
/// A priority queue holds nodes of the current tree, the one with the most leaves first
/// (the earliest queued among equals). For the node taken, the compatible nodes are tried
/// in its place, the smallest first: the empty expansion when the nonterminal has one, then
/// the nodes of the same nonterminal inside it by their number of leaves (pre-order among
/// equals). The first that still fails replaces the node, and the node goes back into the
/// queue; when none does, its children are queued instead. Texts already tested are not
/// tested again.
///
/// Seed 001 keeps every replacement that fails in its queue, each with its own copy of the
/// tree, and takes the smallest tree first; on an input of a few thousand characters that
/// queue grows by the square of the input, so this keeps one tree and takes the smallest
/// replacement, as Perses does. On the seed's example both give the same result. (Seed 001
/// also skips the children of "token" nonterminals, named with a capital as in ANTLR;
/// grammars here have no tokens, so every nonterminal is reduced.)
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
/// [`crate::dd::StartError::NotFailing`] (or `Unresolved`) when the original does not fail.
pub fn perses<O: Into<Outcome>>(
    grammar: &Grammar,
    tree: &Tree,
    test: impl FnMut(&str) -> O,
) -> Result<ReducedTree, crate::dd::StartError> {
    let mut tester = Tester::new(test);
    let original = tree.text();
    let call = || format!("{original:?}");
    tester.original(original.clone(), &call)?;
    let mut first_failing = |count: usize, candidate: &(dyn Fn(usize) -> String + Sync)| {
        // A text tested before does not count: it is the current one or a larger one.
        let found = (0..count).find(|&j| tester.run(candidate(j)) == (Outcome::Fails, true));
        Ok::<_, Infallible>(found)
    };
    let Ok(tree) = perses_with(grammar, tree, &mut first_failing);
    Ok(ReducedTree {
        tree,
        effort: tester.effort,
    })
}

/// [`perses`] with the caller testing the candidates, for example in parallel, as
/// `greduce reduce --grammar` does.
///
/// For each node taken from the queue, `first_failing(count, candidate)` gets the number
/// of its candidates and a function that builds the text of the `j`-th (`0..count`, the
/// smallest first); it answers the index of the first in that order that still fails, or
/// `None`. It may test them in any order and at once, as long as the answer is the first
/// failing one; an error stops the reduction and is returned. Only candidates whose text is
/// shorter than the current text are offered, so the reduction ends whatever the answers.
/// The original is not tested: check it first. Returns the reduced tree.
///
/// ```
/// use greduce::grammar::{Grammar, perses_with};
///
/// let g: Grammar = r#"
///     <list> ::= <item> | <item> "," <list>
///     <item> ::= [a-z]
/// "#.parse().unwrap();
/// let tree = g.parse("a,b,x,c").unwrap();
/// let mut tests = 0;
/// let reduced = perses_with(&g, &tree, |count, candidate| {
///     // Sequentially here; a caller may build and test them on several threads.
///     let first = (0..count).find(|&j| {
///         tests += 1;
///         candidate(j).contains('x')
///     });
///     Ok::<_, std::convert::Infallible>(first)
/// })
/// .unwrap();
/// // The first list of the same rule inside the original that still holds `x` is `x,c`;
/// // inside that, `c` is the only list, and an item has no smaller item inside it.
/// assert_eq!(reduced.text(), "x,c");
/// // `c`, then `x,c` for the whole list; `c` again for `x,c` (this caller keeps no cache).
/// assert_eq!(tests, 3);
/// ```
///
/// # Errors
///
/// The first error `first_failing` returns.
pub fn perses_with<E>(
    grammar: &Grammar,
    tree: &Tree,
    mut first_failing: impl FnMut(usize, &(dyn Fn(usize) -> String + Sync)) -> Result<Option<usize>, E>,
) -> Result<Tree, E> {
    let mut current = tree.clone();
    // (leaves, earliest first, path)
    let mut queue: BinaryHeap<(usize, Reverse<usize>, Vec<usize>)> = BinaryHeap::new();
    let mut count = 0;
    queue.push((current.leaves(), Reverse(count), Vec::new()));
    while let Some((_, _, path)) = queue.pop() {
        let Some(node) = current.get(&path) else {
            continue;
        };
        let length = node.text().len();
        let replacements: Vec<Tree> = compatible(grammar, node)
            .into_iter()
            .filter(|r| r.text().len() < length)
            .collect();
        let children: Vec<(usize, usize)> = node
            .children()
            .iter()
            .enumerate()
            .filter(|(_, child)| child.is_node())
            .map(|(i, child)| (i, child.leaves()))
            .collect();
        let build = |j: usize| current.replaced(&path, replacements[j].clone());
        let found = if replacements.is_empty() {
            None
        } else {
            first_failing(replacements.len(), &|j| build(j).text())?
        };
        count += 1;
        if let Some(j) = found.filter(|&j| j < replacements.len()) {
            current = build(j);
            let leaves = current.get(&path).map_or(0, Tree::leaves);
            queue.push((leaves, Reverse(count), path));
            continue;
        }
        for (i, leaves) in children {
            let mut p = path.clone();
            p.push(i);
            queue.push((leaves, Reverse(count), p));
        }
    }
    Ok(current)
}

/// The nodes that may replace `node`, smallest first: its nonterminal's empty expansion
/// when it has one, then each node of the same nonterminal in its subtree (itself left
/// out), by number of leaves, in pre-order among equals.
fn compatible(grammar: &Grammar, node: &Tree) -> Vec<Tree> {
    let Tree::Node(name, _) = node else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if grammar.has_empty(name) {
        out.push(Tree::Node(name.clone(), Vec::new()));
    }
    let mut same: Vec<&Tree> = Vec::new();
    let mut stack: Vec<&Tree> = node.children().iter().rev().collect();
    while let Some(t) = stack.pop() {
        if matches!(t, Tree::Node(n, _) if n == name) {
            same.push(t);
        }
        stack.extend(t.children().iter().rev());
    }
    same.sort_by_key(|t| t.leaves());
    out.extend(same.into_iter().cloned());
    out
}
