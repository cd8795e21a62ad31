//! A property test on random graphs: a triangle counter that forgets parallel edges (the
//! JGraphT bug behind the GReduce paper's subject G-4), found on a random multigraph and
//! shrunk to the smallest graph that shows it.
//!
//! ```text
//! cargo run --example graph
//! ```

use greduce::Check;
use greduce_domains::graph::{EdgeList, GnmModel, Undirected, fast_gnm};
use std::collections::{BTreeMap, BTreeSet};

/// Triangles counted two ways: `(distinct vertex triples, with edge multiplicities)`.
fn triangle_counts(g: &EdgeList<Undirected>) -> (u64, u64) {
    // The multiplicity of each pair of distinct vertices `(low id, high id)`.
    let mut pairs = BTreeMap::new();
    for e in g.edges() {
        if e.from != e.to {
            *pairs
                .entry((e.from.min(e.to), e.from.max(e.to)))
                .or_insert(0) += 1;
        }
    }
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

/// Triangles of a multigraph, counted per combination of edges (the answer the library
/// documents), as the library computes it: by looking at each pair of vertices once, which
/// forgets that a pair can be joined by more than one edge.
fn library_triangle_count(g: &EdgeList<Undirected>) -> u64 {
    triangle_counts(g).0
}

fn main() {
    let model = GnmModel {
        nodes: 40,
        edges: 120,
        weighted: false,
        multigraph: true,
    };
    let report = Check::new(|rng| fast_gnm::<EdgeList<Undirected>, _>(rng, &model))
        .name("triangles_of_a_multigraph")
        .seed(4)
        .persist(false)
        .size(EdgeList::size)
        .try_check(|g: &EdgeList<Undirected>| {
            // Every combination of three edges closing a triangle counts once.
            let expected = triangle_counts(g).1;
            assert_eq!(library_triangle_count(g), expected, "triangle count");
        });
    match report {
        Ok(()) => println!("no failure found"),
        Err(report) => println!("{report}"),
    }
}
