//! Origin: neo4j-labs/graph, `crates/builder/benches/common/gen.rs`, `uniform_edge_list`
//! (commit 48c9bedc), rand 0.8: a benchmark's uniform random edge list, generic over the
//! node index type and taking the edge value as a closure.
//!
//! Port: the `StdRng::seed_from_u64(42)` made inside became an `rng` parameter,
//! `gen_range` became `random_range`. `graph_builder`'s `Idx` trait is declared here with the
//! one method used.

use greduce::generator;
use rand::RngExt;

/// `graph_builder`'s node index trait (the part used here).
pub(crate) trait Idx: Copy {
    fn new(idx: usize) -> Self;
}

impl Idx for u32 {
    fn new(idx: usize) -> Self {
        u32::try_from(idx).expect("an index that fits")
    }
}

/// `edge_count` edges between nodes below `node_count`, each with `edge_value`.
#[generator]
pub(crate) fn uniform_edge_list<R: rand::Rng + ?Sized, NI, EV, F>(
    rng: &mut R,
    node_count: usize,
    edge_count: usize,
    edge_value: F,
) -> Vec<(NI, NI, EV)>
where
    NI: Idx,
    F: Fn(NI, NI) -> EV,
{
    (0..edge_count)
        .map(|_| {
            let source = NI::new(rng.random_range(0..node_count));
            let target = NI::new(rng.random_range(0..node_count));

            (source, target, edge_value(source, target))
        })
        .collect::<Vec<_>>()
}

#[test]
fn an_edge_into_node_three_ends_as_the_last_edge() {
    // Property: node 3 has no incoming edge. Minimal: edges 0 -> 0 but the last, 0 -> 3.
    crate::assert_minimum(
        |rng| uniform_edge_list(rng, 5, 4, |s: u32, t: u32| s + t),
        |edges: &Vec<(u32, u32, u32)>| edges.iter().any(|(_, t, _)| *t == 3),
        Clone::clone,
        &vec![(0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 3, 3)],
    );
}
