//! Properties that reproduce the graph subjects' bugs without JGraphT.
//!
//! - G-4 (JGraphT #981): triangles counted with parallel edges. The count that multiplies
//!   the multiplicities of a triangle's edges and the count of distinct vertex triples
//!   differ exactly when some triangle has a parallel edge: the bug's condition, so a
//!   minimal failing graph is a triangle with one doubled edge (3 vertices, 4 edges).

use crate::any_graph::AnyGraph;
use greduce_domains::graph::GnmGraph;
use petgraph::Undirected;
use std::collections::{BTreeMap, BTreeSet};

/// Multiplicity of each undirected vertex pair `(low id, high id)`.
fn multiplicities(g: &GnmGraph<Undirected>) -> BTreeMap<(u32, u32), u64> {
    let mut count = BTreeMap::new();
    for e in g.raw_edges() {
        let (a, b) = (g[e.source()], g[e.target()]);
        if a != b {
            *count.entry((a.min(b), a.max(b))).or_insert(0) += 1;
        }
    }
    count
}

/// Triangles counted two ways: `(distinct vertex triples, with edge multiplicities)`.
pub fn triangle_counts(g: &GnmGraph<Undirected>) -> (u64, u64) {
    let pairs = multiplicities(g);
    let mut neighbours: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
    for &(a, b) in pairs.keys() {
        neighbours.entry(a).or_default().insert(b);
    }
    let (mut distinct, mut weighted) = (0, 0);
    for (&(a, b), &ab) in &pairs {
        let (Some(from_a), Some(from_b)) = (neighbours.get(&a), neighbours.get(&b)) else {
            continue;
        };
        for c in from_a.intersection(from_b) {
            distinct += 1;
            weighted += ab * pairs[&(a, *c)] * pairs[&(b, *c)];
        }
    }
    (distinct, weighted)
}

/// G-4: the two triangle counts disagree (some triangle has a parallel edge).
pub fn g4_fails(g: &GnmGraph<Undirected>) -> bool {
    let (distinct, weighted) = triangle_counts(g);
    distinct != weighted
}

/// How faithfully an oracle reproduces its subject's bug.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fidelity {
    /// The bug's own condition (a port, or an exact equivalent).
    High,
    /// Close to the bug's condition, but not exactly it: a port compared on queries the
    /// original test may not have made, or a buggy rule reconstructed from the error.
    Medium,
    /// A guess at the condition from the error and the paper's reduced input; it may reduce
    /// further than the real bug would.
    Low,
    /// A stand-in predicate: the algorithm under test is unknown; the predicate holds on the
    /// original and has the paper's minimum shape.
    Synthetic,
}

/// The label of a fidelity, as the benchmark prints it.
pub fn fidelity_label(fidelity: Fidelity) -> &'static str {
    match fidelity {
        Fidelity::High => "high",
        Fidelity::Medium => "medium",
        Fidelity::Low => "low",
        Fidelity::Synthetic => "synthetic",
    }
}

/// A subject's oracle: whether a graph still shows the bug.
#[derive(Clone, Copy, Debug)]
pub struct Oracle {
    /// The subject (1 to 10).
    pub subject: usize,
    /// What the predicate checks.
    pub what: &'static str,
    /// How faithful it is.
    pub fidelity: Fidelity,
    /// The predicate: `true` when the graph shows the bug.
    pub fails: fn(&AnyGraph) -> bool,
}

/// The subjects with an oracle, in subject order. G-3, G-6 and G-7 have none yet (their
/// algorithms, `DeltaSteppingShortestPath`, unknown, and `HeldKarpTSP`, are not ported).
pub fn oracles() -> Vec<Oracle> {
    vec![
        Oracle {
            subject: 1,
            what: "some edge (the crash's algorithm is unknown)",
            fidelity: Fidelity::Synthetic,
            fails: |g| g.size().1 > 0,
        },
        Oracle {
            subject: 2,
            what: "`BiconnectivityInspector` blocks differ before and after the #798 fix",
            fidelity: Fidelity::High,
            fails: |g| matches!(g, AnyGraph::Undirected(g) if crate::biconnectivity::g2_fails(g)),
        },
        Oracle {
            subject: 4,
            what: "triangle counts with and without edge multiplicities differ",
            fidelity: Fidelity::High,
            fails: |g| matches!(g, AnyGraph::Undirected(g) if g4_fails(g)),
        },
        Oracle {
            subject: 5,
            what: "two vertices that are not adjacent (the crash's algorithm is unknown)",
            fidelity: Fidelity::Synthetic,
            fails: has_non_adjacent_pair,
        },
        Oracle {
            subject: 9,
            what: "`NaiveLCAFinder` LCA sets differ before and after the #953 fix, for some pair \
                   (cycles included, as in the paper's differential)",
            fidelity: Fidelity::Medium,
            fails: |g| matches!(g, AnyGraph::Directed(g) if crate::lca::g9_fails(g)),
        },
        Oracle {
            subject: 10,
            what: "`NaiveLCAFinder` answers differ before and after the #839 fix, for some pair \
                   (cycles included; a differential, not the crash the notes expected)",
            fidelity: Fidelity::Medium,
            fails: |g| matches!(g, AnyGraph::Directed(g) if crate::lca::g10_fails(g)),
        },
        Oracle {
            subject: 8,
            what: "a directed cycle of 5 or more vertices (the crash's algorithm is unknown)",
            fidelity: Fidelity::Synthetic,
            fails: |g| matches!(g, AnyGraph::Directed(g) if longest_cycle_at_least(g, 5)),
        },
    ]
}

/// Whether two distinct vertices are not joined by an edge.
fn has_non_adjacent_pair(g: &AnyGraph) -> bool {
    let (n, _) = g.size();
    let mut pairs = BTreeSet::new();
    for (a, b, _) in g.edges() {
        if a != b {
            pairs.insert((a.min(b), a.max(b)));
        }
    }
    n >= 2 && pairs.len() < n * (n - 1) / 2
}

/// Whether a directed graph has a simple cycle through at least `k` vertices (depth-first
/// search over simple paths, bounded: the graphs of the subjects are small once reduced,
/// and the original is checked once).
fn longest_cycle_at_least(g: &GnmGraph<petgraph::Directed>, k: usize) -> bool {
    use petgraph::graph::NodeIndex;
    fn search(
        g: &GnmGraph<petgraph::Directed>,
        start: NodeIndex,
        at: NodeIndex,
        depth: usize,
        k: usize,
        on_path: &mut Vec<bool>,
        budget: &mut u64,
    ) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        for next in g.neighbors(at) {
            if next == start && depth + 1 >= k {
                return true;
            }
            // Only cycles whose smallest vertex is `start`, so each is found once.
            if next > start && !on_path[next.index()] {
                on_path[next.index()] = true;
                let found = search(g, start, next, depth + 1, k, on_path, budget);
                on_path[next.index()] = false;
                if found {
                    return true;
                }
            }
        }
        false
    }
    let mut on_path = vec![false; g.node_count()];
    let mut budget = 2_000_000;
    g.node_indices().any(|start| {
        on_path[start.index()] = true;
        let found = search(g, start, start, 0, k, &mut on_path, &mut budget);
        on_path[start.index()] = false;
        found
    })
}
