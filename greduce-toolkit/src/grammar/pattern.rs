//! Patterns: derivation trees with holes, and generalising a failing tree into one (the
//! abstraction step of `DDSet`, which seed 002 builds on).

use super::effort::{Effort, Tester};
use super::fuzz::{Context, Fuzzer};
use super::tree::Tree;
use crate::dd::Outcome;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::fmt;
use std::sync::Arc;

/// A derivation tree in which some nonterminals are holes: any derivation of that
/// nonterminal fits there. `Display` writes the text with each hole as its nonterminal
/// (`((<expr>))`); `Debug` writes the structure.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// Any derivation of this nonterminal.
    Hole(Arc<str>),
    /// A terminal's text.
    Leaf(Arc<str>),
    /// A nonterminal derived by the alternative its children spell.
    Node(Arc<str>, Vec<Pattern>),
}

impl From<&Tree> for Pattern {
    /// The tree itself, without holes.
    fn from(tree: &Tree) -> Pattern {
        match tree {
            Tree::Leaf(s) => Pattern::Leaf(s.clone()),
            Tree::Node(n, c) => Pattern::Node(n.clone(), c.iter().map(Pattern::from).collect()),
        }
    }
}

impl Pattern {
    /// The nonterminal's name, or the terminal's text.
    pub fn name(&self) -> &str {
        match self {
            Pattern::Hole(s) | Pattern::Leaf(s) | Pattern::Node(s, _) => s,
        }
    }

    /// The number of holes.
    pub fn holes(&self) -> usize {
        match self {
            Pattern::Hole(_) => 1,
            Pattern::Leaf(_) => 0,
            Pattern::Node(_, c) => c.iter().map(Pattern::holes).sum(),
        }
    }

    /// The part that characterises the failure: from the root down, as long as a node has
    /// one child that is not a hole and that child is a nonterminal, that child. What is
    /// left above it was all holes, so it says nothing about the failure.
    pub fn characterizing(&self) -> &Pattern {
        let mut p = self;
        while let Pattern::Node(_, children) = p {
            let mut concrete = children.iter().filter(|c| !matches!(c, Pattern::Hole(_)));
            match (concrete.next(), concrete.next()) {
                (Some(only @ Pattern::Node(..)), None) => p = only,
                _ => break,
            }
        }
        p
    }

    /// Whether `tree` (at its root) is an instance of the pattern.
    pub fn matches(&self, tree: &Tree) -> bool {
        match (self, tree) {
            (Pattern::Hole(n), Tree::Node(m, _)) => n == m,
            (Pattern::Leaf(a), Tree::Leaf(b)) => a == b,
            (Pattern::Node(n, pc), Tree::Node(m, tc)) => {
                n == m && pc.len() == tc.len() && pc.iter().zip(tc).all(|(p, t)| p.matches(t))
            }
            _ => false,
        }
    }

    /// Whether some subtree of `tree` is an instance of the pattern.
    pub fn found_in(&self, tree: &Tree) -> bool {
        self.matches(tree) || tree.children().iter().any(|c| self.found_in(c))
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pattern::Hole(n) => f.write_str(n),
            Pattern::Leaf(s) => f.write_str(s),
            Pattern::Node(_, c) => c.iter().try_for_each(|c| fmt::Display::fmt(c, f)),
        }
    }
}

impl fmt::Debug for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pattern::Hole(n) => write!(f, "{n}?"),
            Pattern::Leaf(s) => write!(f, "{s:?}"),
            Pattern::Node(n, children) => {
                write!(f, "{n}(")?;
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

/// The result of [`generalise`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generalised {
    /// The tree with every node that could be anything made a hole.
    pub pattern: Pattern,
    /// What it took.
    pub effort: Effort,
}

/// Generalises a failing derivation into a pattern, as `DDSet` does: for each nonterminal
/// node in pre-order (below no hole yet), `samples` times, the node and the holes found so
/// far are derived afresh by the fuzzer; when every such input still fails (unresolved
/// ones do not count, but one at least must fail), the node becomes a hole.
///
/// ```
/// use greduce::grammar::{Fuzzer, Grammar, generalise};
///
/// let g: Grammar = r#"<expr> ::= <expr> "+" <expr> | "(" <expr> ")" | [0-9]"#.parse().unwrap();
/// let tree = g.parse("((4))").unwrap();
/// let fails = |s: &str| !s.contains("((");
/// let general = generalise(&Fuzzer::new(&g), &tree, 10, 0, fails);
/// assert_eq!(general.pattern.to_string(), "((<expr>))");
/// ```
pub fn generalise<C: Context, O: Into<Outcome>>(
    fuzzer: &Fuzzer<C>,
    tree: &Tree,
    samples: usize,
    seed: u64,
    test: impl FnMut(&str) -> O,
) -> Generalised {
    let mut tester = Tester::new(test);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut holes: Vec<Vec<usize>> = Vec::new();
    for (path, node) in tree.walk() {
        if !node.is_node() || holes.iter().any(|h| path.starts_with(h)) {
            continue;
        }
        let (mut failing, mut passing) = (0, false);
        for _ in 0..samples {
            let mut sample = tree.clone();
            for p in holes.iter().chain(std::iter::once(&path)) {
                let name = tree.get(p).expect("a path of the tree").name();
                let fresh = fuzzer
                    .generate_from(&mut rng, name)
                    .expect("a nonterminal of the grammar");
                sample = sample.replaced(p, fresh);
            }
            match tester.run(sample.text()).0 {
                Outcome::Fails => failing += 1,
                Outcome::Passes => {
                    passing = true;
                    break;
                }
                Outcome::Unresolved | Outcome::Timeout => {}
            }
        }
        if !passing && failing > 0 {
            holes.push(path);
        }
    }
    Generalised {
        pattern: with_holes(tree, &holes, &mut Vec::new()),
        effort: tester.effort,
    }
}

/// The tree as a pattern with holes at `holes`.
fn with_holes(tree: &Tree, holes: &[Vec<usize>], at: &mut Vec<usize>) -> Pattern {
    if holes.contains(at) {
        return Pattern::Hole(tree.name().into());
    }
    match tree {
        Tree::Leaf(s) => Pattern::Leaf(s.clone()),
        Tree::Node(n, children) => Pattern::Node(
            n.clone(),
            children
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    at.push(i);
                    let p = with_holes(c, holes, at);
                    at.pop();
                    p
                })
                .collect(),
        ),
    }
}
