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
//!
//! [`fast_gnm`] builds any [`GraphBuilder`]: the crate's own [`EdgeList`] (vertex ids and
//! edges in the order they were added, no dependency), or with the feature `petgraph` a
//! `petgraph::Graph<u32, u8, Ty>` (`GnmGraph`). The graph type changes what is built, not
//! what is drawn: the draws, and so the traces and their reduction, are the same.
//!
//! ```
//! use greduce_domains::graph::{EdgeList, GnmModel, Undirected, fast_gnm};
//! use rand::SeedableRng;
//!
//! let model = GnmModel { nodes: 5, edges: 8, weighted: false, multigraph: false };
//! let mut rng = rand::rngs::StdRng::seed_from_u64(1);
//! let g: EdgeList<Undirected> = fast_gnm(&mut rng, &model);
//! assert!((1..=5).contains(&g.vertex_count()));
//! // Every edge joins two of the graph's vertices.
//! let is_vertex = |id| g.vertices().contains(id);
//! assert!(g.edges().iter().all(|e| is_vertex(&e.from) && is_vertex(&e.to)));
//! ```

use greduce::generator;
use rand::RngExt;
use std::fmt;
use std::marker::PhantomData;

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

/// What [`fast_gnm`] builds: a graph that starts empty ([`Default`]) and to which vertices
/// and edges are added.
///
/// Vertices carry their ids (1, 2, 3, ... as JGraphT numbers them), edges their weight (0
/// when unweighted). Implemented by [`EdgeList`], and with the feature `petgraph` by
/// `petgraph::Graph<u32, u8, Ty>` (`GnmGraph`).
pub trait GraphBuilder: Default {
    /// What [`add_vertex`](GraphBuilder::add_vertex) returns, for naming the vertex in
    /// [`add_edge`](GraphBuilder::add_edge).
    type Vertex: Copy;

    /// Whether the graph's edges are directed: the pool then holds both orders of each
    /// pair.
    fn is_directed() -> bool;

    /// Adds the vertex `id`.
    fn add_vertex(&mut self, id: u32) -> Self::Vertex;

    /// Adds an edge from `from` to `to` (joined both ways when undirected), with `weight`.
    fn add_edge(&mut self, from: Self::Vertex, to: Self::Vertex, weight: u8);
}

/// The direction of an [`EdgeList`]'s edges: [`Directed`] or [`Undirected`].
pub trait Direction {
    /// Whether an edge `(from, to)` goes from `from` to `to` only.
    fn is_directed() -> bool;
}

/// Edges go one way, from `from` to `to`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Directed;

/// Edges join their ends both ways.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Undirected;

impl Direction for Directed {
    fn is_directed() -> bool {
        true
    }
}

impl Direction for Undirected {
    fn is_directed() -> bool {
        false
    }
}

/// An edge of an [`EdgeList`]: its ends by vertex id, and its weight. `Debug` prints it as
/// `(from, to, weight)`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    /// The source's id (one end, when undirected).
    pub from: u32,
    /// The target's id (the other end, when undirected).
    pub to: u32,
    /// The weight (0 when unweighted).
    pub weight: u8,
}

impl fmt::Debug for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {}, {})", self.from, self.to, self.weight)
    }
}

/// A graph as two lists: its vertex ids and its edges, each in the order they were added
/// (parallel edges and self-loops allowed). The graph type of [`fast_gnm`] that needs no
/// graph library; `D` is [`Directed`] or [`Undirected`].
///
/// ```
/// use greduce_domains::graph::{EdgeList, Undirected};
///
/// let mut g = EdgeList::<Undirected>::new();
/// g.add_vertex(1);
/// g.add_vertex(2);
/// g.add_edge(1, 2, 0);
/// g.add_edge(1, 2, 0);
/// assert_eq!(g.size(), (2, 2));
/// assert_eq!(
///     format!("{g:?}"),
///     "EdgeList { directed: false, vertices: [1, 2], edges: [(1, 2, 0), (1, 2, 0)] }"
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct EdgeList<D> {
    vertices: Vec<u32>,
    edges: Vec<Edge>,
    direction: PhantomData<D>,
}

impl<D> Default for EdgeList<D> {
    fn default() -> EdgeList<D> {
        EdgeList {
            vertices: Vec::new(),
            edges: Vec::new(),
            direction: PhantomData,
        }
    }
}

impl<D: Direction> EdgeList<D> {
    /// An empty graph.
    pub fn new() -> EdgeList<D> {
        EdgeList::default()
    }

    /// Whether the edges are directed.
    pub fn is_directed() -> bool {
        D::is_directed()
    }

    /// Adds the vertex `id`, and returns it.
    pub fn add_vertex(&mut self, id: u32) -> u32 {
        self.vertices.push(id);
        id
    }

    /// Adds an edge from the vertex `from` to the vertex `to` (ids of vertices already
    /// added; not checked).
    pub fn add_edge(&mut self, from: u32, to: u32, weight: u8) {
        self.edges.push(Edge { from, to, weight });
    }

    /// The vertex ids, in the order they were added.
    pub fn vertices(&self) -> &[u32] {
        &self.vertices
    }

    /// The edges, in the order they were added.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.vertices.len()
    }

    /// The number of edges (each parallel edge counts).
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// `(vertices, edges)`: the size measure of the GReduce paper.
    pub fn size(&self) -> (usize, usize) {
        (self.vertex_count(), self.edge_count())
    }
}

impl<D: Direction> fmt::Debug for EdgeList<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EdgeList")
            .field("directed", &D::is_directed())
            .field("vertices", &self.vertices)
            .field("edges", &self.edges)
            .finish()
    }
}

impl<D: Direction> GraphBuilder for EdgeList<D> {
    type Vertex = u32;

    fn is_directed() -> bool {
        D::is_directed()
    }

    fn add_vertex(&mut self, id: u32) -> u32 {
        EdgeList::add_vertex(self, id)
    }

    fn add_edge(&mut self, from: u32, to: u32, weight: u8) {
        EdgeList::add_edge(self, from, to, weight);
    }
}

/// A generated graph as a petgraph graph (feature `petgraph`): vertices carry their ids (1,
/// 2, 3, ... as JGraphT numbers them), edges their weight (0 when unweighted).
#[cfg(feature = "petgraph")]
pub type GnmGraph<Ty> = petgraph::Graph<u32, u8, Ty>;

#[cfg(feature = "petgraph")]
impl<Ty: petgraph::EdgeType> GraphBuilder for petgraph::Graph<u32, u8, Ty> {
    type Vertex = petgraph::graph::NodeIndex;

    fn is_directed() -> bool {
        Ty::is_directed()
    }

    fn add_vertex(&mut self, id: u32) -> petgraph::graph::NodeIndex {
        self.add_node(id)
    }

    fn add_edge(
        &mut self,
        from: petgraph::graph::NodeIndex,
        to: petgraph::graph::NodeIndex,
        weight: u8,
    ) {
        petgraph::Graph::add_edge(self, from, to, weight);
    }
}

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
///
/// The graph type `G` is an [`EdgeList`] or (feature `petgraph`) a `GnmGraph`; its
/// direction decides the pool's.
#[generator]
pub fn fast_gnm<G: GraphBuilder, R: rand::Rng + ?Sized>(rng: &mut R, model: &GnmModel) -> G {
    let mut graph = G::default();
    // The vertex at each position (its id is the position + 1), if present.
    let mut at: Vec<Option<G::Vertex>> = Vec::new();
    let vertices = rng.random_range(1..=model.nodes.max(1));
    for i in 0..vertices {
        if rng.random_bool(PRESENT) {
            at.push(Some(graph.add_vertex(i as u32 + 1)));
        } else {
            at.push(None);
        }
    }
    let mut pool = edge_pool(at.len(), G::is_directed());
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

#[cfg(test)]
mod tests {
    use super::*;

    const MODEL: GnmModel = GnmModel {
        nodes: 12,
        edges: 30,
        weighted: true,
        multigraph: true,
    };

    #[test]
    fn an_edge_list_joins_its_own_vertices() {
        fn check<D: Direction>(seed: u64) {
            use rand::SeedableRng;
            let g: EdgeList<D> = fast_gnm(&mut rand::rngs::StdRng::seed_from_u64(seed), &MODEL);
            assert!(g.vertex_count() >= 1, "seed {seed}");
            assert!(
                g.edges()
                    .iter()
                    .all(|e| g.vertices().contains(&e.from) && g.vertices().contains(&e.to)),
                "seed {seed}"
            );
        }
        for seed in 0..50 {
            check::<Undirected>(seed);
            check::<Directed>(seed);
        }
    }

    /// The graph type changes what is built, not what is drawn: the same trace, and the same
    /// vertices and edges.
    #[cfg(feature = "petgraph")]
    #[test]
    fn an_edge_list_and_a_petgraph_graph_are_the_same_draws_and_graph() {
        fn same<D: Direction, Ty: petgraph::EdgeType>(seed: u64) {
            let list = greduce::record(|rng| fast_gnm::<EdgeList<D>, _>(rng, &MODEL), seed);
            let pet = greduce::record(|rng| fast_gnm::<GnmGraph<Ty>, _>(rng, &MODEL), seed);
            assert_eq!(list.trace.to_string(), pet.trace.to_string(), "seed {seed}");
            let g = &pet.output;
            let edges: Vec<Edge> = g
                .raw_edges()
                .iter()
                .map(|e| Edge {
                    from: g[e.source()],
                    to: g[e.target()],
                    weight: e.weight,
                })
                .collect();
            let vertices: Vec<u32> = g.node_weights().copied().collect();
            assert_eq!(list.output.vertices(), vertices, "seed {seed}");
            assert_eq!(list.output.edges(), edges, "seed {seed}");
        }
        for seed in 0..50 {
            same::<Undirected, petgraph::Undirected>(seed);
            same::<Directed, petgraph::Directed>(seed);
        }
    }
}
