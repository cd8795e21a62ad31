//! Random graphs: a port of JQF's `FastGnmRandomGraphGenerator`, as the GReduce paper used
//! it to test JGraphT.
//!
//! The generator makes `n` vertices, then draws `m` edges from the pool of possible edges
//! (each pair once, in a fixed order) by index, removing each drawn edge with swap-remove.
//! Reducible parts: the vertex positions (removing the last ones shrinks the pool), each
//! vertex's presence (removing a vertex leaves the pool as it is: its edges are left out),
//! the edges, and the extra copies of a multigraph's edges. Departures from JQF, both for
//! reduction: each vertex's presence is a decision ([`PRESENT`]), and the pool is ordered by
//! the larger endpoint ([`edge_pool`]).
//! Every graph it returns, reduced or not, is a graph whose edges join existing vertices.

use greduce::generator;
use petgraph::graph::{Graph, NodeIndex};
use petgraph::{Directed, EdgeType, Undirected};
use rand::RngExt;

/// What graph to generate.
///
/// The numbers of vertices and edges are decisions (`1..=nodes`, `0..=edges`), unlike
/// JQF's fixed `n` and `m`: a reducible loop needs a count that can shrink, and a property
/// test is better served by graphs of every size. The paper's subjects, rebuilt from their
/// draws, have exactly their original counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GnmModel {
    /// At most this many vertices (at least 1).
    pub nodes: usize,
    /// At most this many edge draws; in a multigraph, distinct edges, each added 1 to 3
    /// times.
    pub edges: usize,
    /// Each edge gets an integer weight in `0..=9`.
    pub weighted: bool,
    /// Each drawn edge is added 1, 2 or 3 times (parallel edges).
    pub multigraph: bool,
}

/// A generated graph: vertices carry their ids (1, 2, 3, ... as JGraphT numbers them), edges
/// their weight (0 when unweighted).
pub type GnmGraph<Ty> = Graph<u32, u8, Ty>;

/// How likely each vertex is to be present: in practice always (as in JQF, which makes
/// exactly `n`), but a decision, so that reduction can remove one vertex, any one, without
/// changing what the later draws mean.
pub const PRESENT: f64 = 1.0 - 1e-9;

/// FastGnm: `n` vertex positions (each vertex present, in practice always), then `m` edges
/// drawn from the pool of possible edges between positions with swap-remove (directed
/// graphs: every ordered pair; undirected: every pair once), stopping early if the pool runs
/// out. An edge to a vertex that reduction removed is left out. Draws: `n`, whether each
/// vertex is present, `m`, then per edge the pool index, the weight (weighted graphs) and
/// the number of copies (multigraphs).
#[generator]
pub fn fast_gnm<Ty: EdgeType, R: rand::Rng + ?Sized>(
    rng: &mut R,
    model: &GnmModel,
) -> GnmGraph<Ty> {
    let mut graph = GnmGraph::<Ty>::default();
    // The vertex at each position (its id is the position + 1), if present.
    let mut at: Vec<Option<NodeIndex>> = Vec::new();
    let vertices = rng.random_range(1..=model.nodes.max(1));
    for i in 0..vertices {
        if rng.random_bool(PRESENT) {
            at.push(Some(graph.add_node(i as u32 + 1)));
        } else {
            at.push(None);
        }
    }
    let mut pool = edge_pool(at.len(), Ty::is_directed());
    let edges = rng.random_range(0..=model.edges);
    for _ in 0..edges {
        if pool.is_empty() {
            break;
        }
        let index = rng.random_range(0..pool.len());
        let (from, to) = pool.swap_remove(index);
        let ends = (at[from], at[to]);
        let weight = if model.weighted {
            rng.random_range(0..10)
        } else {
            0
        };
        if let (Some(from), Some(to)) = ends {
            graph.add_edge(from, to, weight);
        }
        if model.multigraph {
            let copies = rng.random_range(1..=3);
            // Each copy after the first is a reducible part.
            for _ in 1..copies {
                if let (Some(from), Some(to)) = ends {
                    graph.add_edge(from, to, weight);
                }
            }
        }
    }
    graph
}

/// The possible edges between `n` vertex positions, ordered by their larger endpoint: the
/// edges of position `j` come after those of every position before it, so the index of an
/// edge does not depend on `n`, and a recorded index mostly keeps naming the same edge when
/// reduction removes the last positions (not always: swap-remove refills a slot with the
/// last edge of the pool, which does depend on `n`). JQF orders by the smaller endpoint,
/// which makes every index change meaning when one position goes; the paper's originals
/// rebuild exactly either way, from draws computed for this order.
pub fn edge_pool(n: usize, directed: bool) -> Vec<(usize, usize)> {
    let mut pool = Vec::new();
    for j in 1..n {
        for i in 0..j {
            pool.push((i, j));
            if directed {
                pool.push((j, i));
            }
        }
    }
    pool
}

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
