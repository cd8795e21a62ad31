//! Standalone reproductions of the petgraph 0.8 bugs `hunt petgraph` found (see
//! `greduce-hunts/FINDINGS.md`). Each test asserts today's wrong behaviour: it passes today and
//! fails when upstream fixes the bug (then flip its assertion).

use petgraph::algo::{bidirectional_dijkstra, find_negative_cycle, floyd_warshall};
use petgraph::graph::{DiGraph, NodeIndex};

/// F1: `bidirectional_dijkstra` from a vertex to itself finds no path; the empty path
/// (cost 0) is the answer `dijkstra` gives. Fixed when this returns `Some(0)`.
#[test]
fn bidirectional_dijkstra_start_equals_goal() {
    let mut g = DiGraph::<(), u32>::new();
    let a = g.add_node(());
    assert_eq!(bidirectional_dijkstra(&g, a, a, |e| *e.weight()), None);
    // What it should be: dijkstra agrees on the empty path.
    assert_eq!(
        petgraph::algo::dijkstra(&g, a, None, |e| *e.weight())[&a],
        0
    );
}

/// F2: `find_negative_cycle` returns a vertex that is on no cycle. The graph's only
/// negative cycle is the self-loop `1 -> 1` (weight -3), reachable from 0; the answer is
/// `[0]`, and 0 has no self-loop. Fixed when it returns `Some([1])`.
#[test]
fn find_negative_cycle_returns_a_non_cycle() {
    let g = DiGraph::<(), f64>::from_edges([(0, 1, 3.0), (0, 2, -3.0), (1, 1, -3.0), (1, 2, -3.0)]);
    let got = find_negative_cycle(&g, NodeIndex::new(0));
    assert_eq!(got, Some(vec![NodeIndex::new(0)]));
    assert!(g.find_edge(NodeIndex::new(0), NodeIndex::new(0)).is_none());
}

/// F3: `floyd_warshall` misses a negative self-loop (a negative cycle of one edge): the
/// diagonal is set to 0 after the edges are read. Fixed when this is an `Err`.
#[test]
fn floyd_warshall_misses_a_negative_self_loop() {
    let g = DiGraph::<(), i64>::from_edges([(0, 0, -3)]);
    let got = floyd_warshall(&g, |e| *e.weight());
    assert!(got.is_ok());
}

/// F4: with a negative edge, `floyd_warshall` gives an unreachable pair a finite distance
/// (`i64::MAX - 3` for `0 -> 2` here) instead of `i64::MAX`. Fixed when it is `i64::MAX`.
#[test]
fn floyd_warshall_invents_a_distance_for_an_unreachable_pair() {
    let mut g = DiGraph::<(), i64>::from_edges([(0, 1, -3)]);
    g.add_node(());
    let got = floyd_warshall(&g, |e| *e.weight()).unwrap();
    assert_eq!(got[&(NodeIndex::new(0), NodeIndex::new(2))], i64::MAX - 3);
}

/// F5: on a multigraph, `steiner_tree` keeps every parallel edge between two vertices of the
/// tree, so its answer is not a tree (and weighs more than the optimum). Fixed when the
/// answer has one edge per pair (weight 2 here).
#[test]
fn steiner_tree_keeps_parallel_edges() {
    let g = petgraph::graph::UnGraph::<(), i64>::from_edges([(0, 1, 1), (1, 2, 1), (1, 2, 5)]);
    let tree =
        petgraph::algo::steiner_tree::steiner_tree(&g, &[NodeIndex::new(0), NodeIndex::new(2)]);
    assert_eq!(tree.edge_count(), 3);
    assert_eq!(tree.edge_weights().sum::<i64>(), 7);
    // With two vertices and two parallel edges, both terminals: both edges kept.
    let two = petgraph::graph::UnGraph::<(), i64>::from_edges([(0, 1, 1), (0, 1, 5)]);
    let tree =
        petgraph::algo::steiner_tree::steiner_tree(&two, &[NodeIndex::new(0), NodeIndex::new(1)]);
    assert_eq!(tree.edge_count(), 2);
}

/// F6: on a simple graph with ties, `steiner_tree` can return a graph with a cycle (7
/// vertices, 7 edges here; terminals 0, 2, 4, 6). Which spanning tree of the metric closure
/// it expands depends on a `HashMap`'s iteration order, so only some calls fail; this counts
/// them over 200 calls. Fixed when none does (upstream issue petgraph#922, PR #1036).
#[test]
fn steiner_tree_returns_a_cycle_on_ties() {
    let g = petgraph::graph::UnGraph::<(), i64>::from_edges([
        (0, 1, 0),
        (4, 5, 0),
        (5, 6, 0),
        (3, 6, 0),
        (2, 6, 1),
        (0, 5, 0),
        (0, 3, 0),
    ]);
    let terminals = [0, 2, 4, 6].map(NodeIndex::new);
    let cyclic = (0..200)
        .filter(|_| {
            let tree = petgraph::algo::steiner_tree::steiner_tree(&g, &terminals);
            tree.edge_count() >= tree.node_count()
        })
        .count();
    println!("{cyclic} of 200 calls returned a graph with a cycle");
    assert!(cyclic > 0);
}

/// F7: `page_rank` is not `PageRank`. A vertex `w` with an edge to `v` gives `v` its share
/// `d * r(w) / out(w)` but none of its random jump `(1 - d) * r(w) / n` (each iteration then
/// renormalises the ranks). On the one edge `0 -> 1` with damping 0.5 the ranks converge to
/// `sqrt(2) - 1` and `2 - sqrt(2)` (0.414, 0.586) where `PageRank`'s are 0.4 and 0.6
/// (`NetworkX` agrees). Fixed when they are 0.4 and 0.6 (upstream issue petgraph#960, PR
/// #961).
#[test]
fn page_rank_leaves_out_random_jumps_along_edges() {
    let g = DiGraph::<(), ()>::from_edges([(0, 1)]);
    let ranks = petgraph::algo::page_rank(&g, 0.5_f64, 100);
    assert!((ranks[0] - (2f64.sqrt() - 1.0)).abs() < 1e-12, "{ranks:?}");
    assert!((ranks[1] - (2.0 - 2f64.sqrt())).abs() < 1e-12, "{ranks:?}");
}

/// F7, its second part: parallel edges `w -> v` count once (the out-degree counts them
/// all). With two edges `0 -> 1` and one `0 -> 2`, vertices 1 and 2 rank the same where
/// `PageRank` gives 2/7, 8/21 and 1/3 (`NetworkX` agrees). A fix of the random jump alone
/// leaves this; fixed when vertex 1 ranks above vertex 2.
#[test]
fn page_rank_counts_parallel_edges_once() {
    let g = DiGraph::<(), ()>::from_edges([(0, 1), (0, 1), (0, 2)]);
    let ranks = petgraph::algo::page_rank(&g, 0.5_f64, 100);
    assert!((ranks[1] - ranks[2]).abs() < 1e-12, "{ranks:?}");
}

/// F8: on a DAG with parallel edges, `tred`'s transitive reduction and closure keep every
/// copy of an edge: the algorithm marks the vertices reached through a successor, not the
/// successor itself, so a second edge to it is taken again. Two edges `0 -> 1` give a
/// reduction and a closure of two edges each. Fixed when each has one.
#[test]
fn tred_keeps_parallel_edges() {
    use petgraph::algo::tred;
    let g = DiGraph::<(), ()>::from_edges([(0, 1), (0, 1)]);
    let order = petgraph::algo::toposort(&g, None).unwrap();
    let (list, _) = tred::dag_to_toposorted_adjacency_list::<_, u32>(&g, &order);
    let (reduction, closure) = tred::dag_transitive_reduction_closure(&list);
    assert_eq!(reduction.edge_count(), 2);
    assert_eq!(closure.edge_count(), 2);
}
