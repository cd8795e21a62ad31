//! Origin: `nilsmartel/random_graphs`, `src/graph.rs`, `Graph::new_random`
//! (commit 6ecc47ec), rand 0.6: random vertices in an iterator chain, then one edge per
//! vertex to a random vertex, drawn in a `move` closure that owns the rng.
//!
//! Port: `thread_rng()` became an `rng` parameter, `gen` became `random`,
//! `gen_range(0, n)` became `random_range(0..n)`; `Graph` derives `Debug`.

use greduce::generator;
use rand::RngExt;

/// Edges between random points.
#[derive(Debug)]
pub(crate) struct Graph {
    pub(crate) edges: Vec<(Vertex, Vertex)>,
}

impl Graph {
    /// `count` random vertices, and from each an edge to a random vertex.
    #[generator]
    pub(crate) fn new_random<R: rand::Rng + ?Sized>(rng: &mut R, count: usize) -> Self {
        let verts = (0..count)
            .map(|_| Vertex(rng.random(), rng.random(), rng.random()))
            .collect::<Vec<Vertex>>();

        let edges = (0..count)
            .map(move |i| (verts[i], verts[rng.random_range(0..verts.len())]))
            .collect::<Vec<_>>();

        Graph { edges }
    }
}

/// A point in the unit cube.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Vertex(pub(crate) f32, pub(crate) f32, pub(crate) f32);

#[test]
fn a_vertex_right_of_the_middle_ends_last_at_one_half() {
    // Property: every vertex has x < 0.5. Minimal: the first three vertices at the origin,
    // the last at x = 0.5 (the simplest float of [0, 1) that is not below 0.5), every edge to
    // vertex 0.
    let o = Vertex(0.0, 0.0, 0.0);
    let half = Vertex(0.5, 0.0, 0.0);
    crate::assert_minimum(
        |rng| Graph::new_random(rng, 4),
        |g: &Graph| g.edges.iter().any(|(a, b)| a.0 >= 0.5 || b.0 >= 0.5),
        |g| g.edges.clone(),
        &vec![(o, o), (o, o), (o, o), (half, o)],
    );
}
