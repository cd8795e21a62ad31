//! Origin: lazy-sock/dijkstra, `src/graph.rs`, `get_random_graph` (commit 1fcaee44),
//! rand 0.9: a random weighted adjacency matrix; the size drawn first, then nested `for`
//! loops over it.
//!
//! Port: `rand::random_range` (the thread rng) became `rng.random_range` on a parameter;
//! `Graph` derives `Debug` (greduce prints inputs).

use greduce::generator;
use rand::RngExt;

/// An adjacency matrix.
#[derive(Debug)]
pub(crate) struct Graph {
    pub(crate) matrix: Vec<Vec<i32>>,
}

/// Up to 9 nodes, a weight below 10 for each ordered pair of distinct nodes.
#[generator]
pub(crate) fn get_random_graph<R: rand::Rng + ?Sized>(rng: &mut R) -> Graph {
    let size = rng.random_range(0..10);
    let mut matrix = vec![];
    for i in 0..size {
        let mut row = vec![];
        for j in 0..size {
            if i == j {
                row.push(0);
            } else {
                row.push(rng.random_range(0..10));
            }
        }
        matrix.push(row);
    }
    Graph { matrix }
}

#[test]
fn an_asymmetric_matrix_ends_as_two_nodes() {
    // Property: the matrix is symmetric. Minimal: size 2, the weight 0 -> 1 is 0 and
    // 1 -> 0 is 1.
    crate::assert_minimum(
        get_random_graph,
        |g: &Graph| {
            let m = &g.matrix;
            (0..m.len()).any(|i| (0..m.len()).any(|j| m[i][j] != m[j][i]))
        },
        |g| g.matrix.clone(),
        &vec![vec![0, 0], vec![1, 0]],
    );
}
