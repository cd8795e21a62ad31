//! A property test on random graphs: a triangle counter that forgets parallel edges (the
//! JGraphT bug behind the GReduce paper's subject G-4), found on a random multigraph and
//! shrunk to the smallest graph that shows it.
//!
//! ```text
//! cargo run --example graph
//! ```

use greduce::Check;
use greduce_examples::graph::{GnmGraph, GnmModel, fast_gnm};
use greduce_examples::graph_oracles::triangle_counts;
use greduce_examples::petgraph::Undirected;

/// Triangles of a multigraph, counted per combination of edges (the answer the library
/// documents), as the library computes it: by looking at each pair of vertices once, which
/// forgets that a pair can be joined by more than one edge.
fn library_triangle_count(g: &GnmGraph<Undirected>) -> u64 {
    triangle_counts(g).0
}

fn main() {
    let model = GnmModel {
        nodes: 40,
        edges: 120,
        weighted: false,
        multigraph: true,
    };
    let report = Check::new(|rng| fast_gnm::<GnmGraph<Undirected>, _>(rng, &model))
        .name("triangles_of_a_multigraph")
        .seed(4)
        .persist(false)
        .size(|g: &GnmGraph<Undirected>| (g.node_count(), g.edge_count()))
        .try_check(|g: &GnmGraph<Undirected>| {
            // Every combination of three edges closing a triangle counts once.
            let expected = triangle_counts(g).1;
            assert_eq!(library_triangle_count(g), expected, "triangle count");
        });
    match report {
        Ok(()) => println!("no failure found"),
        Err(report) => println!("{report}"),
    }
}
