//! The paper's graph subjects are of both directions (G-1 to G-6 undirected, G-7 to G-10
//! directed): [`AnyGraph`] holds a FastGnm graph of either, as a petgraph graph, and
//! [`any_gnm`] generates one.

use greduce::generator;
use greduce_domains::graph::{GnmGraph, GnmModel, fast_gnm};
use petgraph::{Directed, EdgeType, Undirected};

/// A graph of either direction.
#[derive(Clone, Debug)]
pub enum AnyGraph {
    /// A directed graph.
    Directed(GnmGraph<Directed>),
    /// An undirected graph.
    Undirected(GnmGraph<Undirected>),
}

impl AnyGraph {
    /// `(vertices, edges)`: the size measure of the paper.
    pub fn size(&self) -> (usize, usize) {
        match self {
            AnyGraph::Directed(g) => (g.node_count(), g.edge_count()),
            AnyGraph::Undirected(g) => (g.node_count(), g.edge_count()),
        }
    }

    /// The edges as `(source id, target id, weight)`, in insertion order.
    pub fn edges(&self) -> Vec<(u32, u32, u8)> {
        fn list<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Vec<(u32, u32, u8)> {
            g.raw_edges()
                .iter()
                .map(|e| (g[e.source()], g[e.target()], e.weight))
                .collect()
        }
        match self {
            AnyGraph::Directed(g) => list(g),
            AnyGraph::Undirected(g) => list(g),
        }
    }

    /// The vertex ids.
    pub fn vertices(&self) -> Vec<u32> {
        match self {
            AnyGraph::Directed(g) => g.node_weights().copied().collect(),
            AnyGraph::Undirected(g) => g.node_weights().copied().collect(),
        }
    }

    /// Whether every edge joins two vertices of the graph and the vertex ids are distinct:
    /// the domain's validity check (a generated graph always passes it).
    pub fn is_valid(&self) -> bool {
        let vertices = self.vertices();
        let mut ids = vertices.clone();
        ids.sort_unstable();
        ids.dedup();
        ids.len() == vertices.len()
            && self
                .edges()
                .iter()
                .all(|(a, b, _)| ids.binary_search(a).is_ok() && ids.binary_search(b).is_ok())
    }
}

/// FastGnm for a graph of either direction.
#[generator]
pub fn any_gnm<R: rand::Rng + ?Sized>(rng: &mut R, model: &GnmModel, directed: bool) -> AnyGraph {
    if directed {
        AnyGraph::Directed(fast_gnm(rng, model))
    } else {
        AnyGraph::Undirected(fast_gnm(rng, model))
    }
}
