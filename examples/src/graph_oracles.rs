//! Properties that reproduce the graph subjects' bugs without JGraphT.
//!
//! - G-4 (JGraphT #981): triangles counted with parallel edges. The count that multiplies
//!   the multiplicities of a triangle's edges and the count of distinct vertex triples
//!   differ exactly when some triangle has a parallel edge: the bug's condition, so a
//!   minimal failing graph is a triangle with one doubled edge (3 vertices, 4 edges).

use crate::graph::GnmGraph;
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
