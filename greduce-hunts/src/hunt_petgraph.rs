//! Hunting bugs in petgraph's algorithms (issue 12): one property per algorithm, each
//! against a brute-force reference or an invariant every correct answer satisfies, on small
//! graphs from the FastGnm port ([`greduce_domains::graph::fast_gnm`]) with optional self-loops.
//!
//! ```text
//! cargo run --release -p greduce-hunts -- petgraph [--cases N]
//! ```
//!
//! Each property respects the preconditions the algorithm's documentation states (for
//! example: non-negative weights for `dijkstra`, `astar` and `k_shortest_path`; no
//! multigraphs for the isomorphism checks). The references are written once and shared:
//! shortest distances by Bellman–Ford relaxation ([`reference_distances`]), reachability by
//! depth-first search ([`reachability`]), strongly connected components from mutual
//! reachability, the rest by exhaustive search over the (small) graph.

// Reason: every property's error is its failure message, which says what went wrong.
#![allow(clippy::missing_errors_doc)]

pub use crate::hunt::Row;
use crate::hunt::hunt;
use greduce::{Exhaust, generator};
use greduce_domains::graph::{GnmGraph, GnmModel, fast_gnm};
use petgraph::algo;
use petgraph::data::Element;
use petgraph::graph::{Graph, NodeIndex};
use petgraph::{Directed, EdgeType, Undirected};
use rand::RngExt;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{Debug, Write as _};

/// The bounds of the certified searches (and of `petgraph_shrinks`' rows): no walk from the
/// simplest execution (the findings' minimums make more decisions than a walk can cover),
/// and every neighbour that changes at most two decisions, each among its first 10 values
/// (a weight `0..=9` takes any).
pub const EXHAUST: Exhaust = Exhaust {
    decisions: 0,
    values: 10,
    inputs: 1_000_000,
    calls: 100_000,
    ..Exhaust::DEFAULT
};

/// What graphs a property runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// At most this many vertices.
    pub nodes: usize,
    /// At most this many edge draws.
    pub edges: usize,
    /// Parallel edges (each drawn edge added 1 to 3 times).
    pub multigraph: bool,
    /// Up to two self-loops.
    pub loops: bool,
}

impl Shape {
    const fn new(nodes: usize, edges: usize, multigraph: bool, loops: bool) -> Shape {
        Shape {
            nodes,
            edges,
            multigraph,
            loops,
        }
    }
}

/// A weighted FastGnm graph (weights `0..=9`), then up to two self-loops when the shape
/// allows them (never two on one vertex unless the shape is a multigraph).
#[generator]
pub fn hunt_graph<Ty: EdgeType, R: rand::Rng + ?Sized>(rng: &mut R, shape: &Shape) -> GnmGraph<Ty> {
    let model = GnmModel {
        nodes: shape.nodes,
        edges: shape.edges,
        weighted: true,
        multigraph: shape.multigraph,
    };
    let mut g = fast_gnm::<GnmGraph<Ty>, _>(rng, &model);
    if shape.loops {
        let loops = rng.random_range(0..=2usize);
        for _ in 0..loops {
            let v = rng.random_range(0..shape.nodes.max(1));
            let w = rng.random_range(0..10u8);
            if v < g.node_count() {
                let v = NodeIndex::new(v);
                if shape.multigraph || g.find_edge(v, v).is_none() {
                    g.add_edge(v, v, w);
                }
            }
        }
    }
    g
}

/// Two graphs: independent, or the second a relabelling of the first (vertex order and
/// edge order shuffled), so that both answers of an isomorphism test are exercised.
#[generator]
pub fn hunt_pair<Ty: EdgeType, R: rand::Rng + ?Sized>(
    rng: &mut R,
    shape: &Shape,
) -> (GnmGraph<Ty>, GnmGraph<Ty>) {
    let g = hunt_graph::<Ty, _>(rng, shape);
    let h = if rng.random_bool(0.5) {
        hunt_graph::<Ty, _>(rng, shape)
    } else {
        let mut keys: Vec<(u32, usize)> = (0..g.node_count())
            .map(|i| (rng.random_range(0..1000u32), i))
            .collect();
        keys.sort_unstable();
        // New position of old vertex i.
        let mut to = vec![0; g.node_count()];
        for (new, &(_, old)) in keys.iter().enumerate() {
            to[old] = new;
        }
        let mut h = GnmGraph::<Ty>::default();
        for &(_, old) in &keys {
            h.add_node(g[NodeIndex::new(old)]);
        }
        for e in g.raw_edges().iter().rev() {
            h.add_edge(
                NodeIndex::new(to[e.source().index()]),
                NodeIndex::new(to[e.target().index()]),
                e.weight,
            );
        }
        h
    };
    (g, h)
}

/// A graph and an induced subgraph of it (relabelled), or an independent small graph: the
/// inputs of `is_isomorphic_subgraph(pattern, graph)`.
#[generator]
pub fn hunt_sub<Ty: EdgeType, R: rand::Rng + ?Sized>(
    rng: &mut R,
    shape: &Shape,
) -> (GnmGraph<Ty>, GnmGraph<Ty>) {
    let g = hunt_graph::<Ty, _>(rng, shape);
    let pattern = if rng.random_bool(0.5) {
        let small = Shape {
            nodes: shape.nodes.saturating_sub(2).max(1),
            edges: shape.edges / 2,
            ..*shape
        };
        hunt_graph::<Ty, _>(rng, &small)
    } else {
        let keep: Vec<usize> = (0..g.node_count())
            .filter(|_| rng.random_bool(0.6))
            .collect();
        let mut keys: Vec<(u32, usize)> = keep
            .iter()
            .map(|&i| (rng.random_range(0..1000u32), i))
            .collect();
        keys.sort_unstable();
        let mut to = vec![None; g.node_count()];
        let mut p = GnmGraph::<Ty>::default();
        for &(_, old) in &keys {
            to[old] = Some(p.add_node(g[NodeIndex::new(old)]));
        }
        for e in g.raw_edges() {
            if let (Some(a), Some(b)) = (to[e.source().index()], to[e.target().index()]) {
                p.add_edge(a, b, e.weight);
            }
        }
        p
    };
    (pattern, g)
}

// ---------------------------------------------------------------------------------------
// Shared references.

/// The arcs of `g` as `(from, to, cost)` by vertex index: an undirected edge gives both
/// directions (a self-loop once).
pub fn arcs<Ty: EdgeType, E>(
    g: &Graph<u32, E, Ty>,
    cost: impl Fn(&E) -> i64,
) -> Vec<(usize, usize, i64)> {
    let mut out = Vec::new();
    for e in g.raw_edges() {
        let (a, b) = (e.source().index(), e.target().index());
        out.push((a, b, cost(&e.weight)));
        if !Ty::is_directed() && a != b {
            out.push((b, a, cost(&e.weight)));
        }
    }
    out
}

/// Shortest distances from `src` by Bellman–Ford relaxation over `arcs` (`None`:
/// unreachable), and whether a negative cycle is reachable from `src`.
pub fn reference_distances(
    n: usize,
    arcs: &[(usize, usize, i64)],
    src: usize,
) -> (Vec<Option<i64>>, bool) {
    let mut dist = vec![None; n];
    dist[src] = Some(0);
    for _ in 0..n {
        let mut changed = false;
        for &(a, b, c) in arcs {
            if let Some(da) = dist[a]
                && dist[b].is_none_or(|db| da + c < db)
            {
                dist[b] = Some(da + c);
                changed = true;
            }
        }
        if !changed {
            return (dist, false);
        }
    }
    // Still relaxing after n rounds: a negative cycle is reachable.
    (dist, true)
}

/// `reach[i][j]`: a path (possibly empty) leads from `i` to `j`.
pub fn reachability(n: usize, arcs: &[(usize, usize, i64)]) -> Vec<Vec<bool>> {
    let mut out = vec![vec![false; n]; n];
    for (s, row) in out.iter_mut().enumerate() {
        let mut stack = vec![s];
        row[s] = true;
        while let Some(v) = stack.pop() {
            for &(a, b, _) in arcs {
                if a == v && !row[b] {
                    row[b] = true;
                    stack.push(b);
                }
            }
        }
    }
    out
}

/// Whether some cycle (of at least one arc) passes through a vertex.
fn reference_cyclic(n: usize, arcs: &[(usize, usize, i64)]) -> bool {
    let reach = reachability(n, arcs);
    arcs.iter().any(|&(a, b, _)| reach[b][a])
}

/// The strongly connected components, each sorted, in sorted order.
fn reference_sccs(n: usize, arcs: &[(usize, usize, i64)]) -> Vec<Vec<usize>> {
    let reach = reachability(n, arcs);
    let comps: BTreeSet<Vec<usize>> = (0..n)
        .map(|i| (0..n).filter(|&j| reach[i][j] && reach[j][i]).collect())
        .collect();
    comps.into_iter().collect()
}

/// The root of `x` in a union–find forest.
fn find(p: &[usize], x: usize) -> usize {
    let mut x = x;
    while p[x] != x {
        x = p[x];
    }
    x
}

/// Weakly connected components (union–find labels) and their number.
fn components(n: usize, arcs: &[(usize, usize, i64)]) -> (Vec<usize>, usize) {
    let mut parent: Vec<usize> = (0..n).collect();
    for &(a, b, _) in arcs {
        let (ra, rb) = (find(&parent, a), find(&parent, b));
        parent[ra] = rb;
    }
    let labels: Vec<usize> = (0..n).map(|i| find(&parent, i)).collect();
    let count = (0..n).filter(|&i| labels[i] == i).count();
    (labels, count)
}

/// Sorted components of a list of node lists, for comparing partitions.
fn partition(comps: &[Vec<NodeIndex>]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = comps
        .iter()
        .map(|c| {
            let mut c: Vec<usize> = c.iter().map(|v| v.index()).collect();
            c.sort_unstable();
            c
        })
        .collect();
    out.sort();
    out
}

/// The cheapest arc from `a` to `b`.
fn cheapest(arcs: &[(usize, usize, i64)], a: usize, b: usize) -> Option<i64> {
    arcs.iter()
        .filter(|&&(x, y, _)| x == a && y == b)
        .map(|&(_, _, c)| c)
        .min()
}

/// The cost of walking `path` with the cheapest arc at each step (`None`: not a walk).
fn walk_cost(arcs: &[(usize, usize, i64)], path: &[NodeIndex]) -> Option<i64> {
    path.windows(2)
        .map(|w| cheapest(arcs, w[0].index(), w[1].index()))
        .sum()
}

/// Adjacency multiplicities (`m[i][j]`: arcs from `i` to `j`).
fn adjacency<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Vec<Vec<usize>> {
    let n = g.node_count();
    let mut m = vec![vec![0; n]; n];
    for (a, b, _) in arcs(g, |_| 0) {
        m[a][b] += 1;
    }
    m
}

/// All injective maps of `0..k` into `0..n`, visited until `f` returns true.
fn injections(k: usize, n: usize, f: &mut impl FnMut(&[usize]) -> bool) -> bool {
    fn go(
        k: usize,
        n: usize,
        map: &mut Vec<usize>,
        used: &mut [bool],
        f: &mut impl FnMut(&[usize]) -> bool,
    ) -> bool {
        if map.len() == k {
            return f(map);
        }
        for v in 0..n {
            if !used[v] {
                used[v] = true;
                map.push(v);
                let found = go(k, n, map, used, f);
                map.pop();
                used[v] = false;
                if found {
                    return true;
                }
            }
        }
        false
    }
    k <= n && go(k, n, &mut Vec::new(), &mut vec![false; n], f)
}

/// Fails with the message when `cond` does not hold.
macro_rules! ensure {
    ($cond:expr, $($msg:tt)*) => {
        if !$cond {
            return Err(format!($($msg)*));
        }
    };
}

type Outcome = Result<(), String>;

#[allow(clippy::trivially_copy_pass_by_ref)] // Reason: an edge-cost function, `Fn(&u8)`.
fn w64(w: &u8) -> i64 {
    i64::from(*w)
}

// ---------------------------------------------------------------------------------------
// Shortest paths.

/// `dijkstra` from vertex 0 (and with the last vertex as goal) gives the reference
/// distances of every reachable vertex, and no others.
pub fn dijkstra_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    let n = g.node_count();
    if n == 0 {
        return Ok(());
    }
    let arcs = arcs(g, w64);
    let (dist, _) = reference_distances(n, &arcs, 0);
    let got = algo::dijkstra(g, NodeIndex::new(0), None, |e| w64(e.weight()));
    for (v, d) in dist.iter().enumerate() {
        let got = got.get(&NodeIndex::new(v)).copied();
        ensure!(
            got == *d,
            "distance 0 -> {v}: dijkstra {got:?}, reference {d:?}"
        );
    }
    let goal = NodeIndex::new(n - 1);
    let got = algo::dijkstra(g, NodeIndex::new(0), Some(goal), |e| w64(e.weight()));
    let got = got.get(&goal).copied();
    ensure!(
        got == dist[n - 1],
        "with goal {}: dijkstra {got:?}, reference {:?}",
        n - 1,
        dist[n - 1]
    );
    Ok(())
}

/// `bidirectional_dijkstra` from vertex 0 to every other vertex gives the reference
/// distance.
pub fn bidirectional_dijkstra_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    let n = g.node_count();
    if n == 0 {
        return Ok(());
    }
    let arcs = arcs(g, w64);
    let (dist, _) = reference_distances(n, &arcs, 0);
    // Start = goal is a finding of its own (`bidirectional_dijkstra_same_prop`).
    for (v, d) in dist.iter().enumerate().skip(1) {
        let got = algo::bidirectional_dijkstra(g, NodeIndex::new(0), NodeIndex::new(v), |e| {
            w64(e.weight())
        });
        ensure!(
            got == *d,
            "0 -> {v}: bidirectional_dijkstra {got:?}, reference {d:?}"
        );
    }
    Ok(())
}

/// `bidirectional_dijkstra` from a vertex to itself: the empty path, cost 0.
pub fn bidirectional_dijkstra_same_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    if g.node_count() == 0 {
        return Ok(());
    }
    let v = NodeIndex::new(0);
    let got = algo::bidirectional_dijkstra(g, v, v, |e| w64(e.weight()));
    ensure!(
        got == Some(0),
        "0 -> 0: bidirectional_dijkstra {got:?}, reference Some(0)"
    );
    Ok(())
}

/// Weights shifted to `-3..=6`: negative edges and negative cycles.
#[allow(clippy::trivially_copy_pass_by_ref)] // Reason: an edge-cost function, `Fn(&u8)`.
fn shifted(w: &u8) -> i64 {
    i64::from(*w) - 3
}

/// The graph with float weights shifted to `-3..=6` (the float algorithms' input).
fn float_graph<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Graph<u32, f64, Ty> {
    g.map(|_, &id| id, |_, w| shifted(w) as f64)
}

// Reason: the distances are sums of small integers, exact in `f64`.
#[allow(clippy::float_cmp)]
/// Checks a `Paths` answer from vertex 0 against the reference: distances (`unreachable`
/// for unreachable vertices), and each predecessor is the start of an arc that is tight.
fn check_paths(
    arcs: &[(usize, usize, i64)],
    dist: &[Option<i64>],
    got_dist: &[f64],
    preds: &[Option<NodeIndex>],
    unreachable: f64,
) -> Outcome {
    for (v, d) in dist.iter().enumerate() {
        let want = d.map_or(unreachable, |d| d as f64);
        ensure!(
            got_dist[v] == want,
            "distance 0 -> {v}: {}, reference {want}",
            got_dist[v]
        );
        match (d, preds[v]) {
            (None, None) => {}
            (Some(_), None) => ensure!(v == 0, "reachable {v} has no predecessor"),
            (None, Some(p)) => return Err(format!("unreachable {v} has predecessor {p:?}")),
            (Some(d), Some(p)) => {
                let tight = arcs.iter().any(|&(a, b, c)| {
                    a == p.index() && b == v && dist[a].map(|da| da + c) == Some(*d)
                });
                ensure!(
                    tight,
                    "predecessor {} of {v} is not on a shortest path",
                    p.index()
                );
            }
        }
    }
    Ok(())
}

/// `bellman_ford` from vertex 0, weights `-3..=6`: an error exactly when a negative cycle is
/// reachable, and otherwise the reference distances and tight predecessors.
pub fn bellman_ford_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    let n = g.node_count();
    if n == 0 {
        return Ok(());
    }
    let arcs = arcs(g, shifted);
    let (dist, negative) = reference_distances(n, &arcs, 0);
    match algo::bellman_ford(&float_graph(g), NodeIndex::new(0)) {
        Err(_) => ensure!(negative, "bellman_ford: negative cycle, reference: none"),
        Ok(paths) => {
            ensure!(
                !negative,
                "bellman_ford: no negative cycle, reference: one reachable"
            );
            check_paths(
                &arcs,
                &dist,
                &paths.distances,
                &paths.predecessors,
                f64::INFINITY,
            )?;
        }
    }
    Ok(())
}

/// `spfa` from vertex 0 (weights `-3..=6`): as `bellman_ford`, except that unreachable
/// vertices are at `f64::MAX` (spfa's `BoundedMeasure::max`; its docs say nothing of
/// unreachable vertices, `bellman_ford`'s infinity is not a documented promise of spfa).
pub fn spfa_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    let n = g.node_count();
    if n == 0 {
        return Ok(());
    }
    let arcs = arcs(g, shifted);
    let (dist, negative) = reference_distances(n, &arcs, 0);
    match algo::spfa(g, NodeIndex::new(0), |e| shifted(e.weight()) as f64) {
        Err(_) => ensure!(negative, "spfa: negative cycle, reference: none"),
        Ok(paths) => {
            ensure!(
                !negative,
                "spfa: no negative cycle, reference: one reachable"
            );
            check_paths(
                &arcs,
                &dist,
                &paths.distances,
                &paths.predecessors,
                f64::MAX,
            )?;
        }
    }
    Ok(())
}

/// `find_negative_cycle` from vertex 0 (directed, weights `-3..=6`): a cycle exactly when
/// one is reachable, and what it returns is a cycle (distinct vertices, each joined to the
/// next and the last to the first) of negative weight.
pub fn find_negative_cycle_prop(g: &GnmGraph<Directed>) -> Outcome {
    let n = g.node_count();
    if n == 0 {
        return Ok(());
    }
    let arcs = arcs(g, shifted);
    let (_, negative) = reference_distances(n, &arcs, 0);
    let got = algo::find_negative_cycle(&float_graph(g), NodeIndex::new(0));
    match got {
        None => ensure!(
            !negative,
            "find_negative_cycle: none, reference: one reachable"
        ),
        Some(cycle) => {
            ensure!(negative, "find_negative_cycle: {cycle:?}, reference: none");
            // One message for every way of not being a negative cycle, so that shrinking
            // keeps to this failure.
            let distinct: BTreeSet<_> = cycle.iter().collect();
            let mut closed = cycle.clone();
            closed.extend(cycle.first());
            let weight = walk_cost(&arcs, &closed);
            ensure!(
                !cycle.is_empty() && distinct.len() == cycle.len() && weight.is_some_and(|w| w < 0),
                "find_negative_cycle: not a negative cycle: {cycle:?} (weight {weight:?})"
            );
        }
    }
    Ok(())
}

/// All-pairs reference: per source, distances and whether a negative cycle is reachable.
fn all_pairs(n: usize, arcs: &[(usize, usize, i64)]) -> (Vec<Vec<Option<i64>>>, bool) {
    let mut negative = false;
    let rows = (0..n)
        .map(|s| {
            let (d, neg) = reference_distances(n, arcs, s);
            negative |= neg;
            d
        })
        .collect();
    (rows, negative)
}

/// Compares an all-pairs answer with the reference (`max` for unreachable pairs).
fn check_all_pairs(
    n: usize,
    want: &[Vec<Option<i64>>],
    got: impl Fn(usize, usize) -> Option<i64>,
    unreachable: Option<i64>,
) -> Outcome {
    for (i, row) in want.iter().enumerate() {
        for (j, d) in row.iter().enumerate().take(n) {
            let g = got(i, j);
            let w = d.or(unreachable);
            ensure!(g == w, "{i} -> {j}: {g:?}, reference {w:?}");
        }
    }
    Ok(())
}

/// `floyd_warshall` (weights `-3..=6` on directed graphs, `0..=9` on undirected ones, where
/// any negative edge is a negative cycle): an error exactly when the graph has a negative
/// cycle.
pub fn floyd_warshall_cycle_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    let cost = if Ty::is_directed() { shifted } else { w64 };
    let (_, negative) = all_pairs(g.node_count(), &arcs(g, cost));
    let got = algo::floyd_warshall(g, |e| cost(e.weight())).is_err();
    ensure!(
        got == negative,
        "floyd_warshall: negative cycle {got}, reference {negative}"
    );
    Ok(())
}

/// `floyd_warshall` (weights as above) on graphs without a negative cycle: every pair's
/// reference distance, `i64::MAX` when unreachable (as its docs' example shows).
pub fn floyd_warshall_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    let n = g.node_count();
    let cost = if Ty::is_directed() { shifted } else { w64 };
    let arcs = arcs(g, cost);
    let (want, negative) = all_pairs(n, &arcs);
    match algo::floyd_warshall(g, |e| cost(e.weight())) {
        Err(_) => {}
        Ok(got) => {
            if negative {
                return Ok(());
            }
            check_all_pairs(
                n,
                &want,
                |i, j| got.get(&(NodeIndex::new(i), NodeIndex::new(j))).copied(),
                Some(i64::MAX),
            )?;
        }
    }
    Ok(())
}

/// `johnson`: as `floyd_warshall`, but unreachable pairs are absent.
pub fn johnson_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    let n = g.node_count();
    let cost = if Ty::is_directed() { shifted } else { w64 };
    let arcs = arcs(g, cost);
    let (want, negative) = all_pairs(n, &arcs);
    match algo::johnson(g, |e| cost(e.weight())) {
        Err(_) => ensure!(negative, "johnson: negative cycle, reference: none"),
        Ok(got) => {
            ensure!(!negative, "johnson: no negative cycle, reference: one");
            check_all_pairs(
                n,
                &want,
                |i, j| got.get(&(NodeIndex::new(i), NodeIndex::new(j))).copied(),
                None,
            )?;
        }
    }
    Ok(())
}

/// `astar` from vertex 0 to the last vertex with a consistent heuristic (half the true
/// remaining distance): the reference distance, and a path of that cost.
pub fn astar_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    let n = g.node_count();
    if n == 0 {
        return Ok(());
    }
    let arcs = arcs(g, w64);
    let (dist, _) = reference_distances(n, &arcs, 0);
    let reversed: Vec<_> = arcs.iter().map(|&(a, b, c)| (b, a, c)).collect();
    let (to_goal, _) = reference_distances(n, &reversed, n - 1);
    let goal = NodeIndex::new(n - 1);
    let got = algo::astar(
        g,
        NodeIndex::new(0),
        |v| v == goal,
        |e| w64(e.weight()),
        |v| to_goal[v.index()].unwrap_or(0) / 2,
    );
    let cost = got.as_ref().map(|(c, _)| *c);
    ensure!(
        cost == dist[n - 1],
        "astar cost {cost:?}, reference {:?}",
        dist[n - 1]
    );
    if let Some((c, path)) = got {
        ensure!(
            path.first() == Some(&NodeIndex::new(0)) && path.last() == Some(&goal),
            "path {path:?} does not join 0 to {}",
            n - 1
        );
        let walked = walk_cost(&arcs, &path);
        ensure!(walked == Some(c), "path {path:?} costs {walked:?}, not {c}");
    }
    Ok(())
}

/// `k_shortest_path` from vertex 0 (weights `1..=10`, k = 2 and 3): for every vertex, the
/// cost of its k-th cheapest walk (the empty walk counts at the start, parallel edges give
/// distinct walks), present exactly for the vertices with at least k walks, by counting
/// walks per cost.
pub fn k_shortest_path_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    let n = g.node_count();
    if n == 0 {
        return Ok(());
    }
    let arcs = arcs(g, |w| w64(w) + 1);
    for k in 2..=3usize {
        let bound = 25 * k * (n + 1);
        // count[c][v]: walks from 0 to v of cost c (saturated at k).
        let mut count = vec![vec![0usize; n]; bound + 1];
        count[0][0] = 1;
        let mut want: BTreeMap<usize, i64> = BTreeMap::new();
        let mut total = vec![0usize; n];
        for c in 0..=bound {
            for &(a, b, w) in &arcs {
                let w = w as usize;
                if c >= w {
                    count[c][b] = (count[c][b] + count[c - w][a]).min(k);
                }
            }
            for v in 0..n {
                let before = total[v];
                total[v] = (total[v] + count[c][v]).min(k);
                if before < k && total[v] >= k {
                    want.insert(v, c as i64);
                }
            }
        }
        let got = algo::k_shortest_path(g, NodeIndex::new(0), None, k, |e| w64(e.weight()) + 1);
        let got: BTreeMap<usize, i64> = got.iter().map(|(v, c)| (v.index(), *c)).collect();
        ensure!(
            got == want,
            "k = {k}: k_shortest_path {got:?}, reference {want:?}"
        );
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Connectivity and orderings.

/// Checks an SCC answer: the reference partition, in reverse topological order (the order
/// both SCC functions document).
fn check_sccs(name: &str, g: &GnmGraph<Directed>, got: &[Vec<NodeIndex>]) -> Outcome {
    let arcs = arcs(g, w64);
    let want = reference_sccs(g.node_count(), &arcs);
    let parts = partition(got);
    ensure!(parts == want, "{name}: {parts:?}, reference {want:?}");
    let mut position = vec![0; g.node_count()];
    for (i, c) in got.iter().enumerate() {
        for v in c {
            position[v.index()] = i;
        }
    }
    for &(a, b, _) in &arcs {
        ensure!(
            position[a] >= position[b],
            "{name}: the edge {a} -> {b} goes from component {} to the later {}",
            position[a],
            position[b]
        );
    }
    Ok(())
}

/// `tarjan_scc`: the strongly connected components, in reverse topological order.
pub fn tarjan_scc_prop(g: &GnmGraph<Directed>) -> Outcome {
    check_sccs("tarjan_scc", g, &algo::tarjan_scc(g))
}

/// `kosaraju_scc`: the strongly connected components, in reverse topological order.
pub fn kosaraju_scc_prop(g: &GnmGraph<Directed>) -> Outcome {
    check_sccs("kosaraju_scc", g, &algo::kosaraju_scc(g))
}

/// `connected_components`: the number of weak components (union–find).
pub fn connected_components_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    let (_, want) = components(g.node_count(), &arcs(g, w64));
    let got = algo::connected_components(g);
    ensure!(got == want, "connected_components {got}, reference {want}");
    Ok(())
}

/// `is_cyclic_undirected`: a cycle (self-loops and parallel edges count) exactly when
/// there are more edges than vertices minus components.
pub fn is_cyclic_undirected_prop(g: &GnmGraph<Undirected>) -> Outcome {
    let n = g.node_count();
    let (_, c) = components(n, &arcs(g, w64));
    let want = g.edge_count() + c > n;
    let got = algo::is_cyclic_undirected(g);
    ensure!(got == want, "is_cyclic_undirected {got}, reference {want}");
    Ok(())
}

/// `has_path_connecting`: for every pair, reachability by depth-first search.
pub fn has_path_connecting_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    let n = g.node_count();
    let reach = reachability(n, &arcs(g, w64));
    for (i, row) in reach.iter().enumerate() {
        for (j, &want) in row.iter().enumerate() {
            let got = algo::has_path_connecting(g, NodeIndex::new(i), NodeIndex::new(j), None);
            ensure!(
                got == want,
                "{i} -> {j}: has_path_connecting {got}, reference {want}"
            );
        }
    }
    Ok(())
}

/// `condensation`: with `make_acyclic`, one vertex per strongly connected component (its
/// ids) and one edge per pair of components an edge joins, no loops; without, every edge
/// kept, mapped to its components.
pub fn condensation_prop(g: &GnmGraph<Directed>) -> Outcome {
    let n = g.node_count();
    let arcs = arcs(g, w64);
    let want = reference_sccs(n, &arcs);
    let mut comp = vec![0; n];
    for (i, c) in want.iter().enumerate() {
        for &v in c {
            comp[v] = i;
        }
    }
    for acyclic in [true, false] {
        let c = algo::condensation(g.clone(), acyclic);
        let mut parts: Vec<Vec<usize>> = c
            .node_weights()
            .map(|ids| {
                let mut ids: Vec<usize> = ids.iter().map(|&id| id as usize - 1).collect();
                ids.sort_unstable();
                ids
            })
            .collect();
        // Component of each condensed vertex, in the reference numbering.
        let label: Vec<usize> = parts
            .iter()
            .map(|p| p.first().map_or(usize::MAX, |&v| comp[v]))
            .collect();
        parts.sort();
        ensure!(
            parts == want,
            "condensation({acyclic}) vertices {parts:?}, reference {want:?}"
        );
        let mut got: Vec<(usize, usize)> = c
            .raw_edges()
            .iter()
            .map(|e| (label[e.source().index()], label[e.target().index()]))
            .collect();
        got.sort_unstable();
        let mut expected: Vec<(usize, usize)> =
            arcs.iter().map(|&(a, b, _)| (comp[a], comp[b])).collect();
        if acyclic {
            expected.retain(|(a, b)| a != b);
            expected.sort_unstable();
            expected.dedup();
        } else {
            expected.sort_unstable();
        }
        ensure!(
            got == expected,
            "condensation({acyclic}) edges {got:?}, reference {expected:?}"
        );
    }
    Ok(())
}

/// `toposort`: an order exactly when the graph is acyclic, in which every edge goes
/// forward; otherwise a vertex that lies on a cycle.
pub fn toposort_prop(g: &GnmGraph<Directed>) -> Outcome {
    let n = g.node_count();
    let arcs = arcs(g, w64);
    let reach = reachability(n, &arcs);
    let cyclic = reference_cyclic(n, &arcs);
    match algo::toposort(g, None) {
        Ok(order) => {
            ensure!(!cyclic, "toposort {order:?} of a cyclic graph");
            let mut position = vec![usize::MAX; n];
            for (i, v) in order.iter().enumerate() {
                position[v.index()] = i;
            }
            ensure!(
                order.len() == n && position.iter().all(|&p| p != usize::MAX),
                "toposort {order:?} is not a permutation"
            );
            for &(a, b, _) in &arcs {
                ensure!(
                    position[a] < position[b],
                    "edge {a} -> {b} goes backward in {order:?}"
                );
            }
        }
        Err(cycle) => {
            ensure!(
                cyclic,
                "toposort: a cycle at {:?} in an acyclic graph",
                cycle.node_id()
            );
            let v = cycle.node_id().index();
            let on_cycle = arcs.iter().any(|&(a, b, _)| a == v && reach[b][v]);
            ensure!(on_cycle, "toposort: {v} is on no cycle");
        }
    }
    Ok(())
}

/// `is_cyclic_directed`: whether some cycle (self-loops count) exists.
pub fn is_cyclic_directed_prop(g: &GnmGraph<Directed>) -> Outcome {
    let want = reference_cyclic(g.node_count(), &arcs(g, w64));
    let got = algo::is_cyclic_directed(g);
    ensure!(got == want, "is_cyclic_directed {got}, reference {want}");
    Ok(())
}

/// `dominators::simple_fast` from vertex 0: `d` dominates a reachable `v` exactly when `v`
/// is `d` or cannot be reached from the root without `d`; unreachable vertices have no
/// dominators.
pub fn dominators_prop(g: &GnmGraph<Directed>) -> Outcome {
    let n = g.node_count();
    if n == 0 {
        return Ok(());
    }
    let arcs = arcs(g, w64);
    let reach = reachability(n, &arcs);
    let doms = algo::dominators::simple_fast(g, NodeIndex::new(0));
    for (v, reachable) in reach[0].iter().enumerate() {
        let got: Option<BTreeSet<usize>> = doms
            .dominators(NodeIndex::new(v))
            .map(|it| it.map(NodeIndex::index).collect());
        let want = reachable.then(|| {
            (0..n)
                .filter(|&d| d == v || !reachable_without(n, &arcs, d, v))
                .collect::<BTreeSet<usize>>()
        });
        ensure!(
            got == want,
            "dominators of {v}: {got:?}, reference {want:?}"
        );
    }
    Ok(())
}

/// Whether `v` is reachable from vertex 0 without passing through `avoid`.
fn reachable_without(n: usize, arcs: &[(usize, usize, i64)], avoid: usize, v: usize) -> bool {
    if avoid == 0 {
        return false;
    }
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut stack = vec![0];
    while let Some(x) = stack.pop() {
        for &(a, b, _) in arcs {
            if a == x && b != avoid && !seen[b] {
                seen[b] = true;
                stack.push(b);
            }
        }
    }
    seen[v]
}

// ---------------------------------------------------------------------------------------
// Spanning trees, matching, cliques, colouring.

/// Minimum spanning forest weight by Prim's algorithm from every unvisited vertex.
fn reference_msf_weight(n: usize, arcs: &[(usize, usize, i64)]) -> i64 {
    let mut in_tree = vec![false; n];
    let mut total = 0;
    for root in 0..n {
        if in_tree[root] {
            continue;
        }
        in_tree[root] = true;
        loop {
            let best = arcs
                .iter()
                .filter(|&&(a, b, _)| in_tree[a] != in_tree[b])
                .min_by_key(|&&(_, _, c)| c);
            match best {
                Some(&(a, b, c)) => {
                    in_tree[a] = true;
                    in_tree[b] = true;
                    total += c;
                }
                None => break,
            }
        }
    }
    total
}

/// Checks a spanning forest given as elements: every vertex, `n - c` edges of the graph
/// forming no cycle, of the reference's total weight.
fn check_forest<Ty: EdgeType>(
    name: &str,
    g: &GnmGraph<Ty>,
    elements: impl Iterator<Item = Element<u32, u8>>,
) -> Outcome {
    let n = g.node_count();
    // Treated as undirected.
    let mut arcs = arcs(g, w64);
    if Ty::is_directed() {
        let back: Vec<_> = arcs.iter().map(|&(a, b, c)| (b, a, c)).collect();
        arcs.extend(back);
    }
    let (_, c) = components(n, &arcs);
    let want = reference_msf_weight(n, &arcs);
    let mut nodes = 0;
    let mut edges = Vec::new();
    for e in elements {
        match e {
            Element::Node { .. } => nodes += 1,
            Element::Edge {
                source,
                target,
                weight,
            } => edges.push((source, target, i64::from(weight))),
        }
    }
    ensure!(nodes == n, "{name}: {nodes} vertices of {n}");
    ensure!(
        edges.len() == n - c,
        "{name}: {} edges, a spanning forest has {}",
        edges.len(),
        n - c
    );
    for &(a, b, w) in &edges {
        ensure!(
            a < n && b < n && arcs.contains(&(a, b, w)),
            "{name}: edge ({a}, {b}, {w}) is not in the graph"
        );
    }
    let (_, forest_components) = components(n, &edges);
    ensure!(
        forest_components == c,
        "{name}: the edges {edges:?} contain a cycle"
    );
    let total: i64 = edges.iter().map(|e| e.2).sum();
    ensure!(total == want, "{name}: weight {total}, reference {want}");
    Ok(())
}

/// `min_spanning_tree` (Kruskal): a minimum spanning forest.
pub fn min_spanning_tree_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    check_forest("min_spanning_tree", g, algo::min_spanning_tree(g))
}

/// `min_spanning_tree_prim` on connected graphs: a minimum spanning tree. (Its docs
/// promise a tree, and send forests to `min_spanning_tree`: on a disconnected graph it spans
/// one component only, which is not a bug.)
pub fn min_spanning_tree_prim_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    if components(g.node_count(), &arcs(g, w64)).1 > 1 {
        return Ok(());
    }
    check_forest("min_spanning_tree_prim", g, algo::min_spanning_tree_prim(g))
}

/// The size of a maximum matching, by exhaustive search (self-loops cannot be matched).
fn reference_matching(adj: &[Vec<usize>]) -> usize {
    fn go(adj: &[Vec<usize>], used: &mut [bool], from: usize) -> usize {
        let Some(u) = (from..adj.len()).find(|&u| !used[u]) else {
            return 0;
        };
        used[u] = true;
        let mut best = go(adj, used, u + 1);
        for v in u + 1..adj.len() {
            if !used[v] && adj[u][v] > 0 {
                used[v] = true;
                best = best.max(1 + go(adj, used, u + 1));
                used[v] = false;
            }
        }
        used[u] = false;
        best
    }
    go(adj, &mut vec![false; adj.len()], 0)
}

/// Checks a matching: pairs of distinct vertices joined by an edge, no vertex twice,
/// `mate` agreeing.
fn check_matching(
    name: &str,
    adj: &[Vec<usize>],
    m: &algo::Matching<&GnmGraph<Undirected>>,
) -> Result<Vec<bool>, String> {
    let mut used = vec![false; adj.len()];
    let mut pairs = 0;
    for (a, b) in m.edges() {
        let (a, b) = (a.index(), b.index());
        ensure!(a != b && adj[a][b] > 0, "{name}: ({a}, {b}) is not an edge");
        ensure!(
            !used[a] && !used[b],
            "{name}: a vertex of ({a}, {b}) is matched twice"
        );
        used[a] = true;
        used[b] = true;
        pairs += 1;
        ensure!(
            m.mate(NodeIndex::new(a)) == Some(NodeIndex::new(b)),
            "{name}: mate({a}) is not {b}"
        );
    }
    ensure!(
        pairs == m.len(),
        "{name}: len {} but {pairs} edges",
        m.len()
    );
    Ok(used)
}

/// `maximum_matching`: a matching of the size of a maximum one.
pub fn maximum_matching_prop(g: &GnmGraph<Undirected>) -> Outcome {
    let adj = adjacency(g);
    let m = algo::maximum_matching(g);
    check_matching("maximum_matching", &adj, &m)?;
    let want = reference_matching(&adj);
    ensure!(
        m.len() == want,
        "maximum_matching: {} pairs, reference {want}",
        m.len()
    );
    Ok(())
}

/// `greedy_matching`: a maximal matching (no edge has both ends free).
pub fn greedy_matching_prop(g: &GnmGraph<Undirected>) -> Outcome {
    let adj = adjacency(g);
    let m = algo::greedy_matching(g);
    let used = check_matching("greedy_matching", &adj, &m)?;
    for (a, row) in adj.iter().enumerate() {
        for (b, &k) in row.iter().enumerate() {
            ensure!(
                a == b || k == 0 || used[a] || used[b],
                "greedy_matching: edge ({a}, {b}) could be added"
            );
        }
    }
    Ok(())
}

/// `maximal_cliques` (no self-loops): exactly the maximal cliques, by exhaustive search.
pub fn maximal_cliques_prop(g: &GnmGraph<Undirected>) -> Outcome {
    let n = g.node_count();
    let adj = adjacency(g);
    let clique = |s: u32| {
        (0..n).all(|a| {
            (0..n).all(|b| a == b || s & (1 << a) == 0 || s & (1 << b) == 0 || adj[a][b] > 0)
        })
    };
    let mut want = BTreeSet::new();
    for s in 1..(1u32 << n) {
        if clique(s) && (0..n).all(|v| s & (1 << v) != 0 || !clique(s | (1 << v))) {
            want.insert(
                (0..n)
                    .filter(|&v| s & (1 << v) != 0)
                    .collect::<Vec<usize>>(),
            );
        }
    }
    let got: BTreeSet<Vec<usize>> = algo::maximal_cliques(g)
        .iter()
        .map(|c| {
            let mut c: Vec<usize> = c.iter().map(|v| v.index()).collect();
            c.sort_unstable();
            c
        })
        .collect();
    ensure!(got == want, "maximal_cliques {got:?}, reference {want:?}");
    Ok(())
}

/// `dsatur_coloring` (no self-loops): a proper colouring with the colours it counts.
pub fn dsatur_coloring_prop(g: &GnmGraph<Undirected>) -> Outcome {
    let n = g.node_count();
    let (colors, count) = algo::dsatur_coloring(g);
    ensure!(
        colors.len() == n,
        "dsatur_coloring colours {} of {n} vertices",
        colors.len()
    );
    let used: BTreeSet<usize> = colors.values().copied().collect();
    ensure!(
        used.iter().all(|&c| c < count) && used.len() == count,
        "dsatur_coloring: colours {used:?}, count {count}"
    );
    for e in g.raw_edges() {
        let (a, b) = (e.source(), e.target());
        ensure!(
            colors.get(&a) != colors.get(&b),
            "dsatur_coloring: edge ({}, {}) has one colour at both ends",
            a.index(),
            b.index()
        );
    }
    Ok(())
}

/// `bridges` (simple undirected graphs, as its docs require): exactly the edges whose removal
/// adds a component.
pub fn bridges_prop(g: &GnmGraph<Undirected>) -> Outcome {
    let n = g.node_count();
    let all = arcs(g, w64);
    let (_, base) = components(n, &all);
    let mut want = BTreeSet::new();
    for (i, e) in g.raw_edges().iter().enumerate() {
        let (from, to) = (e.source().index(), e.target().index());
        let rest: Vec<_> = all
            .iter()
            .copied()
            .filter(|&(x, y, _)| !((x, y) == (from, to) || (x, y) == (to, from)))
            .collect();
        if components(n, &rest).1 > base {
            want.insert(i);
        }
    }
    let got: BTreeSet<usize> = algo::bridges(g)
        .map(|e| petgraph::visit::EdgeRef::id(&e).index())
        .collect();
    ensure!(got == want, "bridges {got:?}, reference {want:?}");
    Ok(())
}

/// `articulation_points` (undirected): exactly the vertices whose removal adds a component
/// among the others.
pub fn articulation_points_prop(g: &GnmGraph<Undirected>) -> Outcome {
    let n = g.node_count();
    let all = arcs(g, w64);
    let (_, c) = components(n, &all);
    let mut want = BTreeSet::new();
    for v in 0..n {
        // Without v: v is left as a component of its own, so compare with c + 1.
        let rest: Vec<_> = all
            .iter()
            .copied()
            .filter(|&(x, y, _)| x != v && y != v)
            .collect();
        if components(n, &rest).1 > c + 1 {
            want.insert(v);
        }
    }
    let got: BTreeSet<usize> = algo::articulation_points::articulation_points(g)
        .iter()
        .map(|v| v.index())
        .collect();
    ensure!(
        got == want,
        "articulation_points {got:?}, reference {want:?}"
    );
    Ok(())
}

/// `steiner_tree` (Kou's approximation; connected undirected graphs, terminals the vertices of
/// even index): a tree of graph edges joining every terminal, of weight at most twice the
/// optimum (the minimum over sets of Steiner vertices of the spanning tree of the induced
/// subgraph, by exhaustive search). At least two terminals: with one, it returns an empty
/// graph, as the `NetworkX` implementation it follows does (its tree is edge-induced).
pub fn steiner_tree_prop(g: &GnmGraph<Undirected>) -> Outcome {
    let n = g.node_count();
    let all = arcs(g, w64);
    if n < 3 || components(n, &all).1 > 1 {
        return Ok(());
    }
    let terminals: Vec<NodeIndex> = (0..n).step_by(2).map(NodeIndex::new).collect();
    let others: Vec<usize> = (1..n).step_by(2).collect();
    let mut best = i64::MAX;
    for mask in 0..(1u32 << others.len()) {
        let keep: Vec<bool> = (0..n)
            .map(|v| v % 2 == 0 || mask & (1 << (v / 2)) != 0)
            .collect();
        let inside: Vec<_> = all
            .iter()
            .copied()
            .filter(|&(a, b, _)| keep[a] && keep[b])
            .collect();
        // Connected on the kept vertices: the dropped ones are isolated components.
        let dropped = keep.iter().filter(|&&k| !k).count();
        if components(n, &inside).1 == dropped + 1 {
            best = best.min(reference_msf_weight(n, &inside));
        }
    }
    let weighted: Graph<u32, i64, Undirected> = g.map(|_, &id| id, |_, w| w64(w));
    let tree = algo::steiner_tree(&weighted, &terminals);
    let mut edges = Vec::new();
    for e in tree.edge_indices() {
        let (a, b) = tree.edge_endpoints(e).ok_or("edge without endpoints")?;
        edges.push((a.index(), b.index(), tree[e]));
    }
    for &(a, b, w) in &edges {
        ensure!(
            all.contains(&(a, b, w)),
            "steiner_tree: ({a}, {b}, {w}) is not an edge of the graph"
        );
    }
    let nodes: Vec<usize> = tree.node_indices().map(NodeIndex::index).collect();
    for t in &terminals {
        ensure!(
            nodes.contains(&t.index()),
            "steiner_tree: terminal {} missing",
            t.index()
        );
    }
    let (_, c) = components(n, &edges);
    let isolated = n - nodes.len();
    ensure!(
        c == isolated + 1 && edges.len() + 1 == nodes.len(),
        "steiner_tree: {edges:?} on {nodes:?} is not a tree"
    );
    let total: i64 = edges.iter().map(|e| e.2).sum();
    ensure!(
        total <= 2 * best,
        "steiner_tree: weight {total}, more than twice the optimum {best}"
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Flows and feedback arc sets.

/// A maximum flow algorithm's signature, on the hunt's graphs with capacities as `u64`.
type MaxFlow = fn(&Graph<u32, u64, Directed>, NodeIndex, NodeIndex) -> (u64, Vec<u64>);

/// The minimum capacity of a cut separating vertex 0 from vertex `n - 1`, by trying every
/// vertex set that holds the first and not the last (the max-flow min-cut theorem makes it
/// the maximum flow).
fn reference_min_cut(n: usize, arcs: &[(usize, usize, i64)]) -> i64 {
    (0..1u32 << (n - 2))
        .map(|mask| {
            let side = |v: usize| v == 0 || (v + 1 < n && v > 0 && mask & (1 << (v - 1)) != 0);
            arcs.iter()
                .filter(|&&(a, b, _)| side(a) && !side(b))
                .map(|a| a.2)
                .sum()
        })
        .min()
        .unwrap_or(0)
}

/// A maximum flow from vertex 0 to the last vertex (capacities the weights `0..=9`,
/// parallel edges and self-loops allowed): its value is the minimum cut's capacity, and
/// the flow it returns per edge is within the edge's capacity, conserved at every other
/// vertex, and leaves the source with that value.
fn max_flow_prop(g: &GnmGraph<Directed>, name: &str, flow: MaxFlow) -> Outcome {
    let n = g.node_count();
    if n < 2 {
        return Ok(());
    }
    let network: Graph<u32, u64, Directed> = g.map(|_, &id| id, |_, &w| u64::from(w));
    let (source, sink) = (NodeIndex::new(0), NodeIndex::new(n - 1));
    let (value, flows) = flow(&network, source, sink);
    let want = reference_min_cut(n, &arcs(g, w64));
    ensure!(
        i64::try_from(value) == Ok(want),
        "{name}: maximum flow {value}, minimum cut {want}"
    );
    ensure!(
        flows.len() == g.edge_count(),
        "{name}: {} flows for {} edges",
        flows.len(),
        g.edge_count()
    );
    let mut net = vec![0i64; n];
    for (e, &f) in g.raw_edges().iter().zip(&flows) {
        ensure!(
            f <= u64::from(e.weight),
            "{name}: flow {f} over an edge of capacity {}",
            e.weight
        );
        let f = i64::try_from(f).map_err(|_| format!("{name}: flow {f} out of range"))?;
        net[e.source().index()] -= f;
        net[e.target().index()] += f;
    }
    for (v, &balance) in net.iter().enumerate().take(n - 1).skip(1) {
        ensure!(
            balance == 0,
            "{name}: {balance} more flow into vertex {v} than out"
        );
    }
    ensure!(
        -net[0] == want,
        "{name}: {} leaves the source, the maximum flow is {want}",
        -net[0]
    );
    Ok(())
}

/// `ford_fulkerson` (Edmonds–Karp) from vertex 0 to the last vertex (capacities the weights
/// `0..=9`, parallel edges and self-loops allowed): its value is the minimum cut's
/// capacity, and its flow per edge is within capacity, conserved at every other vertex,
/// and leaves the source with that value.
pub fn ford_fulkerson_prop(g: &GnmGraph<Directed>) -> Outcome {
    max_flow_prop(g, "ford_fulkerson", |g, s, t| algo::ford_fulkerson(g, s, t))
}

/// `dinics`: as [`ford_fulkerson_prop`].
pub fn dinics_prop(g: &GnmGraph<Directed>) -> Outcome {
    max_flow_prop(g, "dinics", |g, s, t| algo::dinics(g, s, t))
}

/// `greedy_feedback_arc_set`: distinct edges of the graph, every self-loop among them, and
/// the graph without them is acyclic.
pub fn greedy_feedback_arc_set_prop(g: &GnmGraph<Directed>) -> Outcome {
    use petgraph::visit::EdgeRef;
    let answer: Vec<usize> = algo::greedy_feedback_arc_set(g)
        .map(|e| e.id().index())
        .collect();
    let removed: BTreeSet<usize> = answer.iter().copied().collect();
    ensure!(
        removed.len() == answer.len() && answer.iter().all(|&i| i < g.edge_count()),
        "greedy_feedback_arc_set: {answer:?} are not distinct edges of the graph"
    );
    let mut rest = Vec::new();
    for (i, e) in g.raw_edges().iter().enumerate() {
        let (a, b) = (e.source().index(), e.target().index());
        if a == b {
            ensure!(
                removed.contains(&i),
                "greedy_feedback_arc_set: the self-loop {i} on {a} is kept"
            );
        }
        if !removed.contains(&i) {
            rest.push((a, b, 0));
        }
    }
    ensure!(
        !reference_cyclic(g.node_count(), &rest),
        "greedy_feedback_arc_set: {removed:?} removed leaves a cycle"
    );
    Ok(())
}

/// The simple paths from `from` to `to` (distinct vertices) over `arcs`, once per choice of
/// parallel arcs along them, with at least `min` and at most `max` vertices between the
/// ends, each as its vertices.
fn reference_simple_paths(
    n: usize,
    arcs: &[(usize, usize, i64)],
    (from, to): (usize, usize),
    (min, max): (usize, usize),
) -> Vec<Vec<usize>> {
    fn extend(
        out: &[Vec<usize>],
        path: &mut Vec<usize>,
        to: usize,
        (min, max): (usize, usize),
        found: &mut Vec<Vec<usize>>,
    ) {
        let last = path[path.len() - 1];
        for &next in &out[last] {
            if path.contains(&next) {
                continue;
            }
            // Vertices between the ends: the path's but its first.
            let between = path.len() - 1;
            if next == to {
                if (min..=max).contains(&between) {
                    found.push(path.iter().copied().chain([to]).collect());
                }
            } else if between < max {
                path.push(next);
                extend(out, path, to, (min, max), found);
                path.pop();
            }
        }
    }
    let mut out = vec![Vec::new(); n];
    for &(a, b, _) in arcs {
        out[a].push(b);
    }
    let mut found = Vec::new();
    extend(&out, &mut vec![from], to, (min, max), &mut found);
    found
}

/// `all_simple_paths` (every ordered pair of distinct vertices; at least 0, 1 or 2 and at
/// most 0, 1, 2 or any number of vertices between the ends): the paths of
/// `reference_simple_paths`, as many times each, in any order. Parallel edges make
/// several paths of the same vertices, as the function's docs show.
pub fn all_simple_paths_prop<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Outcome {
    use std::hash::RandomState;
    let n = g.node_count();
    let arcs = arcs(g, w64);
    for from in 0..n {
        for to in (0..n).filter(|&to| to != from) {
            for min in 0..=2 {
                for max in [Some(0), Some(1), Some(2), None] {
                    let (a, b) = (NodeIndex::new(from), NodeIndex::new(to));
                    let mut got: Vec<Vec<usize>> =
                        algo::all_simple_paths::<Vec<NodeIndex>, _, RandomState>(g, a, b, min, max)
                            .map(|p| p.iter().map(|v| v.index()).collect())
                            .collect();
                    let most = max.unwrap_or(n.saturating_sub(2));
                    let mut want = reference_simple_paths(n, &arcs, (from, to), (min, most));
                    got.sort();
                    want.sort();
                    ensure!(
                        got == want,
                        "all_simple_paths {from} -> {to}, {min} to {max:?} between: {got:?}, \
                         reference {want:?}"
                    );
                }
            }
        }
    }
    Ok(())
}

/// `tred` on a DAG (its precondition; other graphs pass): `dag_to_toposorted_adjacency_list`
/// numbers the vertices by the order given (`revmap`) and keeps every edge, neighbours in
/// that order; `dag_transitive_reduction_closure` gives the reduction (each edge `u -> v`
/// of the graph with no other path from `u` to `v`, once) and the closure (each pair
/// `u -> v`, `u != v`, with a path, once).
pub fn tred_prop(g: &GnmGraph<Directed>) -> Outcome {
    use petgraph::algo::tred;
    use petgraph::visit::{EdgeRef, IntoEdgeReferences, IntoNeighbors, NodeCount};
    let Ok(order) = algo::toposort(g, None) else {
        return Ok(());
    };
    let n = g.node_count();
    let arcs = arcs(g, w64);
    let (list, revmap) = tred::dag_to_toposorted_adjacency_list::<_, u32>(g, &order);
    let rank = |v: usize| revmap[v] as usize;
    let mut got: Vec<(usize, usize)> = list
        .edge_references()
        .map(|e| (e.source() as usize, e.target() as usize))
        .collect();
    let mut want: Vec<(usize, usize)> = arcs.iter().map(|&(a, b, _)| (rank(a), rank(b))).collect();
    got.sort_unstable();
    want.sort_unstable();
    ensure!(
        got == want,
        "dag_to_toposorted_adjacency_list: edges {got:?}, want {want:?}"
    );
    for v in 0..list.node_count() {
        let next: Vec<u32> = list.neighbors(v as u32).collect();
        ensure!(
            next.is_sorted(),
            "dag_to_toposorted_adjacency_list: neighbours of {v} out of order: {next:?}"
        );
    }
    let (reduction, closure) = tred::dag_transitive_reduction_closure(&list);
    let reach = reachability(n, &arcs);
    let edges = |l: &petgraph::adj::UnweightedList<u32>| {
        let mut e: Vec<(usize, usize)> = l
            .edge_references()
            .map(|e| (e.source() as usize, e.target() as usize))
            .collect();
        e.sort_unstable();
        e
    };
    let mut want_closure = Vec::new();
    let mut want_reduction = Vec::new();
    for u in 0..n {
        for v in (0..n).filter(|&v| v != u && reach[u][v]) {
            want_closure.push((rank(u), rank(v)));
            let direct = arcs.iter().any(|&(a, b, _)| (a, b) == (u, v));
            let longer = (0..n).any(|w| w != u && w != v && reach[u][w] && reach[w][v]);
            if direct && !longer {
                want_reduction.push((rank(u), rank(v)));
            }
        }
    }
    want_closure.sort_unstable();
    want_reduction.sort_unstable();
    let (got_reduction, got_closure) = (edges(&reduction), edges(&closure));
    ensure!(
        got_reduction == want_reduction,
        "transitive reduction: {got_reduction:?}, want {want_reduction:?}"
    );
    ensure!(
        got_closure == want_closure,
        "transitive closure: {got_closure:?}, want {want_closure:?}"
    );
    Ok(())
}

/// The damping factor of [`page_rank_prop`], the one the `PageRank` paper and `NetworkX` use.
const DAMPING: f64 = 0.85;

/// Iterations of [`page_rank_prop`]: both sides start from the uniform ranks and iterate
/// as many times, so they agree to rounding whether or not the ranks have converged.
const PAGE_RANK_ITERATIONS: usize = 20;

/// `PageRank` by its definition ([Wikipedia][pr], which `page_rank`'s docs cite; `NetworkX`
/// does the same): each iteration gives every vertex `(1 - d) / n` from random jumps,
/// `d * r(w) / out(w)` from each of its in-edges `w -> v` (parallel edges each count, a
/// self-loop counts), and `d * r(w) / n` from each vertex `w` with no out-edge. The ranks
/// keep summing to 1.
///
/// ```
/// use greduce_hunts::hunt_petgraph::reference_page_rank;
///
/// // One edge 0 -> 1 (weights play no part), damping 0.5: r0 = 1/4 + r1/4 and
/// // r1 = 1/4 + r1/4 + r0/2, so 0.4 and 0.6.
/// let ranks = reference_page_rank(2, &[(0, 1, 0)], 0.5, 100);
/// assert!((ranks[0] - 0.4).abs() < 1e-12 && (ranks[1] - 0.6).abs() < 1e-12);
/// ```
///
/// [pr]: https://en.wikipedia.org/wiki/PageRank
#[must_use]
pub fn reference_page_rank(
    n: usize,
    arcs: &[(usize, usize, i64)],
    damping: f64,
    iterations: usize,
) -> Vec<f64> {
    let nf = n as f64;
    let mut out = vec![0usize; n];
    for &(a, _, _) in arcs {
        out[a] += 1;
    }
    let mut ranks = vec![1.0 / nf; n];
    for _ in 0..iterations {
        let dangling: f64 = (0..n).filter(|&w| out[w] == 0).map(|w| ranks[w]).sum();
        let mut next = vec![(1.0 - damping) / nf + damping * dangling / nf; n];
        for &(a, b, _) in arcs {
            next[b] += damping * ranks[a] / out[a] as f64;
        }
        ranks = next;
    }
    ranks
}

/// `page_rank` (directed, as documented; damping 0.85): the ranks of
/// [`reference_page_rank`] after the same number of iterations, within `1e-9`.
pub fn page_rank_prop(g: &GnmGraph<Directed>) -> Outcome {
    let n = g.node_count();
    let got = algo::page_rank(g, DAMPING, PAGE_RANK_ITERATIONS);
    let want = reference_page_rank(n, &arcs(g, w64), DAMPING, PAGE_RANK_ITERATIONS);
    for (v, (got, want)) in got.iter().zip(&want).enumerate() {
        // A NaN is not close.
        let close = (got - want).abs() <= 1e-9;
        ensure!(close, "page_rank: vertex {v} ranks {got}, reference {want}");
    }
    ensure!(
        got.len() == n,
        "page_rank: {} ranks for {n} vertices",
        got.len()
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Isomorphism.

/// `is_isomorphic` (simple graphs, self-loops allowed): agrees with a search over all
/// bijections.
pub fn is_isomorphic_prop<Ty: EdgeType>(pair: &(GnmGraph<Ty>, GnmGraph<Ty>)) -> Outcome {
    let (first, second) = pair;
    let (a, b) = (adjacency(first), adjacency(second));
    let n = a.len();
    let want = n == b.len()
        && first.edge_count() == second.edge_count()
        && injections(n, n, &mut |f: &[usize]| {
            (0..n).all(|i| (0..n).all(|j| a[i][j] == b[f[i]][f[j]]))
        });
    let got = algo::is_isomorphic(first, second);
    ensure!(got == want, "is_isomorphic {got}, reference {want}");
    Ok(())
}

/// `is_isomorphic_subgraph(pattern, graph)` (simple graphs, self-loops allowed): agrees
/// with a search over all injections for a node-induced subgraph of `graph` isomorphic to
/// `pattern`.
pub fn is_isomorphic_subgraph_prop<Ty: EdgeType>(pair: &(GnmGraph<Ty>, GnmGraph<Ty>)) -> Outcome {
    let (p, g) = pair;
    let (a, b) = (adjacency(p), adjacency(g));
    let want = injections(a.len(), b.len(), &mut |f: &[usize]| {
        (0..a.len()).all(|i| (0..a.len()).all(|j| (a[i][j] > 0) == (b[f[i]][f[j]] > 0)))
    });
    let got = algo::is_isomorphic_subgraph(p, g);
    ensure!(
        got == want,
        "is_isomorphic_subgraph {got}, reference {want}"
    );
    Ok(())
}

/// Edge weights by vertex pair (`None`: no edge) of a simple graph.
fn weight_matrix<Ty: EdgeType>(g: &GnmGraph<Ty>) -> Vec<Vec<Option<i64>>> {
    let n = g.node_count();
    let mut m = vec![vec![None; n]; n];
    for (a, b, w) in arcs(g, w64) {
        m[a][b] = Some(w);
    }
    m
}

/// `is_isomorphic_matching` with edges matched by weight (simple graphs): agrees with a
/// search over all bijections that preserve edges and their weights.
pub fn is_isomorphic_matching_prop<Ty: EdgeType>(pair: &(GnmGraph<Ty>, GnmGraph<Ty>)) -> Outcome {
    let (first, second) = pair;
    let (a, b) = (weight_matrix(first), weight_matrix(second));
    let n = a.len();
    let want = n == b.len()
        && first.edge_count() == second.edge_count()
        && injections(n, n, &mut |f: &[usize]| {
            (0..n).all(|i| (0..n).all(|j| a[i][j] == b[f[i]][f[j]]))
        });
    let got = algo::is_isomorphic_matching(first, second, |_, _| true, |x, y| x == y);
    ensure!(
        got == want,
        "is_isomorphic_matching {got}, reference {want}"
    );
    Ok(())
}

/// `is_isomorphic_subgraph_matching(pattern, graph)` with edges matched by weight (simple
/// graphs): agrees with a search over all injections onto node-induced subgraphs.
pub fn is_isomorphic_subgraph_matching_prop<Ty: EdgeType>(
    pair: &(GnmGraph<Ty>, GnmGraph<Ty>),
) -> Outcome {
    let (p, g) = pair;
    let (a, b) = (weight_matrix(p), weight_matrix(g));
    let want = injections(a.len(), b.len(), &mut |f: &[usize]| {
        (0..a.len()).all(|i| (0..a.len()).all(|j| a[i][j] == b[f[i]][f[j]]))
    });
    let got = algo::is_isomorphic_subgraph_matching(p, g, |_, _| true, |x, y| x == y);
    ensure!(
        got == want,
        "is_isomorphic_subgraph_matching {got}, reference {want}"
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The hunt.

fn graph_size<Ty: EdgeType>(g: &GnmGraph<Ty>) -> (usize, usize) {
    (g.node_count(), g.edge_count())
}

fn pair_size<Ty: EdgeType>(p: &(GnmGraph<Ty>, GnmGraph<Ty>)) -> (usize, usize) {
    (
        p.0.node_count() + p.1.node_count(),
        p.0.edge_count() + p.1.edge_count(),
    )
}

/// Dense and sparse multigraphs with self-loops, up to 8 vertices.
const MULTI: Shape = Shape::new(8, 24, true, true);
/// Multigraphs without self-loops.
const MULTI_NO_LOOPS: Shape = Shape::new(8, 24, true, false);
/// Simple graphs with self-loops, for isomorphism (exhaustive references).
const SIMPLE_SMALL: Shape = Shape::new(5, 10, false, true);
/// Simple graphs for the subgraph search.
const SIMPLE_SUB: Shape = Shape::new(6, 12, false, true);

/// Runs every property on `cases` inputs each.
#[allow(clippy::too_many_lines)] // Reason: a table, one entry per property.
pub fn hunt_all(cases: u64) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut seed = 0x5eed_0000u64;
    let mut next = || {
        seed += 1;
        seed
    };
    macro_rules! on_graph {
        ($name:expr, $ty:ty, $shape:expr, $prop:expr) => {
            rows.push(hunt(
                $name,
                cases,
                next(),
                |rng| hunt_graph::<$ty, _>(rng, &$shape),
                graph_size::<$ty>,
                $prop,
                Some(EXHAUST),
            ))
        };
    }
    on_graph!(
        "dijkstra (directed)",
        Directed,
        MULTI,
        dijkstra_prop::<Directed>
    );
    on_graph!(
        "dijkstra (undirected)",
        Undirected,
        MULTI,
        dijkstra_prop::<Undirected>
    );
    on_graph!(
        "bidirectional_dijkstra (directed)",
        Directed,
        MULTI,
        bidirectional_dijkstra_prop::<Directed>
    );
    on_graph!(
        "bidirectional_dijkstra (undirected)",
        Undirected,
        MULTI,
        bidirectional_dijkstra_prop::<Undirected>
    );
    on_graph!(
        "bidirectional_dijkstra (start = goal)",
        Directed,
        MULTI,
        bidirectional_dijkstra_same_prop::<Directed>
    );
    on_graph!(
        "bellman_ford (directed)",
        Directed,
        MULTI,
        bellman_ford_prop::<Directed>
    );
    on_graph!(
        "bellman_ford (undirected)",
        Undirected,
        MULTI,
        bellman_ford_prop::<Undirected>
    );
    on_graph!("spfa (directed)", Directed, MULTI, spfa_prop::<Directed>);
    on_graph!(
        "find_negative_cycle (directed)",
        Directed,
        MULTI,
        find_negative_cycle_prop
    );
    on_graph!(
        "floyd_warshall negative cycles (directed)",
        Directed,
        MULTI,
        floyd_warshall_cycle_prop::<Directed>
    );
    on_graph!(
        "floyd_warshall (directed)",
        Directed,
        MULTI,
        floyd_warshall_prop::<Directed>
    );
    on_graph!(
        "floyd_warshall (undirected)",
        Undirected,
        MULTI,
        floyd_warshall_prop::<Undirected>
    );
    on_graph!(
        "johnson (directed)",
        Directed,
        MULTI,
        johnson_prop::<Directed>
    );
    on_graph!("astar (directed)", Directed, MULTI, astar_prop::<Directed>);
    on_graph!(
        "astar (undirected)",
        Undirected,
        MULTI,
        astar_prop::<Undirected>
    );
    on_graph!(
        "k_shortest_path (directed)",
        Directed,
        MULTI,
        k_shortest_path_prop::<Directed>
    );
    on_graph!(
        "k_shortest_path (undirected, no loops)",
        Undirected,
        MULTI_NO_LOOPS,
        k_shortest_path_prop::<Undirected>
    );
    on_graph!("tarjan_scc", Directed, MULTI, tarjan_scc_prop);
    on_graph!("kosaraju_scc", Directed, MULTI, kosaraju_scc_prop);
    on_graph!(
        "connected_components (directed)",
        Directed,
        MULTI,
        connected_components_prop::<Directed>
    );
    on_graph!(
        "connected_components (undirected)",
        Undirected,
        MULTI,
        connected_components_prop::<Undirected>
    );
    on_graph!(
        "is_cyclic_undirected",
        Undirected,
        MULTI,
        is_cyclic_undirected_prop
    );
    on_graph!(
        "has_path_connecting (directed)",
        Directed,
        MULTI,
        has_path_connecting_prop::<Directed>
    );
    on_graph!(
        "has_path_connecting (undirected)",
        Undirected,
        MULTI,
        has_path_connecting_prop::<Undirected>
    );
    on_graph!("condensation", Directed, MULTI, condensation_prop);
    on_graph!(
        "toposort",
        Directed,
        Shape::new(7, 12, true, true),
        toposort_prop
    );
    on_graph!(
        "is_cyclic_directed",
        Directed,
        Shape::new(7, 12, true, true),
        is_cyclic_directed_prop
    );
    on_graph!("dominators::simple_fast", Directed, MULTI, dominators_prop);
    on_graph!(
        "min_spanning_tree (undirected)",
        Undirected,
        MULTI,
        min_spanning_tree_prop::<Undirected>
    );
    on_graph!(
        "min_spanning_tree (directed)",
        Directed,
        MULTI,
        min_spanning_tree_prop::<Directed>
    );
    on_graph!(
        "min_spanning_tree_prim (undirected)",
        Undirected,
        MULTI,
        min_spanning_tree_prim_prop::<Undirected>
    );
    on_graph!("maximum_matching", Undirected, MULTI, maximum_matching_prop);
    on_graph!("greedy_matching", Undirected, MULTI, greedy_matching_prop);
    on_graph!(
        "maximal_cliques",
        Undirected,
        MULTI_NO_LOOPS,
        maximal_cliques_prop
    );
    on_graph!(
        "dsatur_coloring",
        Undirected,
        MULTI_NO_LOOPS,
        dsatur_coloring_prop
    );
    on_graph!(
        "bridges (simple)",
        Undirected,
        Shape::new(8, 16, false, false),
        bridges_prop
    );
    on_graph!(
        "articulation_points",
        Undirected,
        MULTI,
        articulation_points_prop
    );
    on_graph!(
        "steiner_tree (multigraph)",
        Undirected,
        MULTI,
        steiner_tree_prop
    );
    on_graph!(
        "steiner_tree (simple)",
        Undirected,
        Shape::new(8, 24, false, true),
        steiner_tree_prop
    );
    macro_rules! on_pair {
        ($name:expr, $ty:ty, $gen:ident, $shape:expr, $prop:expr) => {
            rows.push(hunt(
                $name,
                cases,
                next(),
                |rng| $gen::<$ty, _>(rng, &$shape),
                pair_size::<$ty>,
                $prop,
                Some(EXHAUST),
            ))
        };
    }
    on_pair!(
        "is_isomorphic (directed)",
        Directed,
        hunt_pair,
        SIMPLE_SMALL,
        is_isomorphic_prop::<Directed>
    );
    on_pair!(
        "is_isomorphic (undirected)",
        Undirected,
        hunt_pair,
        SIMPLE_SMALL,
        is_isomorphic_prop::<Undirected>
    );
    on_pair!(
        "is_isomorphic_subgraph (directed)",
        Directed,
        hunt_sub,
        SIMPLE_SUB,
        is_isomorphic_subgraph_prop::<Directed>
    );
    on_pair!(
        "is_isomorphic_subgraph (undirected)",
        Undirected,
        hunt_sub,
        SIMPLE_SUB,
        is_isomorphic_subgraph_prop::<Undirected>
    );
    on_pair!(
        "is_isomorphic_matching (directed, edge weights)",
        Directed,
        hunt_pair,
        SIMPLE_SMALL,
        is_isomorphic_matching_prop::<Directed>
    );
    on_pair!(
        "is_isomorphic_matching (undirected, edge weights)",
        Undirected,
        hunt_pair,
        SIMPLE_SMALL,
        is_isomorphic_matching_prop::<Undirected>
    );
    on_pair!(
        "is_isomorphic_subgraph_matching (directed, edge weights)",
        Directed,
        hunt_sub,
        SIMPLE_SUB,
        is_isomorphic_subgraph_matching_prop::<Directed>
    );
    on_pair!(
        "is_isomorphic_subgraph_matching (undirected, edge weights)",
        Undirected,
        hunt_sub,
        SIMPLE_SUB,
        is_isomorphic_subgraph_matching_prop::<Undirected>
    );
    // Added in November 2026, after the rows above: the seeds of those stay as they were.
    on_graph!("ford_fulkerson", Directed, MULTI, ford_fulkerson_prop);
    on_graph!("dinics", Directed, MULTI, dinics_prop);
    on_graph!(
        "greedy_feedback_arc_set",
        Directed,
        MULTI,
        greedy_feedback_arc_set_prop
    );
    on_graph!("page_rank", Directed, MULTI, page_rank_prop);
    on_graph!(
        "tred (DAGs)",
        Directed,
        Shape::new(7, 8, true, false),
        tred_prop
    );
    on_graph!(
        "all_simple_paths (directed)",
        Directed,
        Shape::new(5, 10, true, true),
        all_simple_paths_prop::<Directed>
    );
    on_graph!(
        "all_simple_paths (undirected)",
        Undirected,
        Shape::new(5, 10, true, true),
        all_simple_paths_prop::<Undirected>
    );
    rows
}

/// The smallest graph (fewest vertices, then fewest edges; at most `max_nodes` and
/// `max_edges`, edge weights `0..=9`, parallel edges and self-loops allowed), directed or
/// undirected as `Ty`, on which `property` fails, by exhaustive search: how a finding's
/// minimal input is known to be the true minimum. Exhaustive up to the order of the edges
/// (each multiset of edges is built once, in one order) and, undirected, the way each edge
/// is stored (smaller end first).
pub fn smallest_failure<Ty: EdgeType>(
    property: fn(&GnmGraph<Ty>) -> Outcome,
    max_nodes: usize,
    max_edges: usize,
) -> Option<GnmGraph<Ty>> {
    for n in 1..=max_nodes {
        // An undirected edge is one pair, its smaller end first.
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (0..n).map(move |b| (a, b)))
            .filter(|&(a, b)| Ty::is_directed() || a <= b)
            .collect();
        for e in 0..=max_edges {
            // Multisets of `e` pairs (non-decreasing indices), then every weighting.
            let mut chosen = vec![0usize; e];
            loop {
                let weightings = 10usize.pow(u32::try_from(e).unwrap_or(u32::MAX));
                for mut code in 0..weightings {
                    let mut g = GnmGraph::<Ty>::default();
                    for id in 0..n {
                        g.add_node(u32::try_from(id).unwrap_or(u32::MAX) + 1);
                    }
                    for &c in &chosen {
                        let (a, b) = pairs[c];
                        let w = u8::try_from(code % 10).unwrap_or(0);
                        code /= 10;
                        g.add_edge(NodeIndex::new(a), NodeIndex::new(b), w);
                    }
                    if property(&g).is_err() {
                        return Some(g);
                    }
                }
                // Next non-decreasing sequence.
                let Some(i) = (0..e).rev().find(|&i| chosen[i] + 1 < pairs.len()) else {
                    break;
                };
                let next = chosen[i] + 1;
                for c in &mut chosen[i..] {
                    *c = next;
                }
            }
        }
    }
    None
}

/// The smallest simple undirected graph (no parallel edges, no self-loops) on which
/// `property` fails in one of `tries` calls, for a property whose failure depends on chance
/// (F6: `steiner_tree` iterates a `HashMap`). `searches` lists `(vertices, largest weight,
/// tries)`, searched in that order; within one vertex count, by edge count, then every edge
/// set and weighting. The first failure found ends the search.
pub fn smallest_simple_failure(
    property: fn(&GnmGraph<Undirected>) -> Outcome,
    searches: &[(usize, u8, u32)],
) -> Option<GnmGraph<Undirected>> {
    for &(n, max_weight, tries) in searches {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        let base = u64::from(max_weight) + 1;
        for e in 0..=pairs.len() {
            for mask in (0u64..1 << pairs.len()).filter(|m| m.count_ones() as usize == e) {
                let chosen: Vec<(usize, usize)> = (0..pairs.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| pairs[i])
                    .collect();
                for weighting in 0..base.pow(u32::try_from(e).unwrap_or(u32::MAX)) {
                    let mut g = GnmGraph::<Undirected>::default();
                    for id in 0..n {
                        g.add_node(u32::try_from(id).unwrap_or(u32::MAX) + 1);
                    }
                    let mut code = weighting;
                    for &(a, b) in &chosen {
                        let w = u8::try_from(code % base).unwrap_or(0);
                        code /= base;
                        g.add_edge(NodeIndex::new(a), NodeIndex::new(b), w);
                    }
                    if (0..tries).any(|_| property(&g).is_err()) {
                        return Some(g);
                    }
                }
            }
        }
    }
    None
}

/// The summary table (Markdown), then each failure's report.
#[must_use]
pub fn table(rows: &[Row]) -> String {
    crate::hunt::table(rows, "algorithm", "vertices, edges")
}

// ---------------------------------------------------------------------------------------
// The proptest comparison (issue 12, item 4).

/// The hunt's graphs as an idiomatic proptest strategy: the vertex count, then edge draws
/// from the pool of possible edges (an index, a weight in `0..=9`, 1 to 3 copies in a
/// multigraph), then up to two self-loops where the shape allows them, as [`hunt_graph`].
pub fn proptest_graph<Ty: EdgeType>(
    shape: Shape,
) -> impl proptest::strategy::Strategy<Value = GnmGraph<Ty>> {
    use proptest::prelude::*;
    use proptest::sample::Index;
    (1..=shape.nodes.max(1))
        .prop_flat_map(move |n| {
            let edges =
                proptest::collection::vec((any::<Index>(), 0u8..10, 1usize..=3), 0..=shape.edges);
            let loops = proptest::collection::vec(
                (any::<Index>(), 0u8..10),
                0..=if shape.loops { 2 } else { 0 },
            );
            (Just(n), edges, loops)
        })
        .prop_map(move |(n, edges, loops)| {
            let mut g = GnmGraph::<Ty>::default();
            for id in 1..=n {
                g.add_node(id as u32);
            }
            let mut pool = greduce_domains::graph::edge_pool(n, Ty::is_directed());
            for (index, weight, copies) in edges {
                if pool.is_empty() {
                    break;
                }
                let (a, b) = pool.swap_remove(index.index(pool.len()));
                let copies = if shape.multigraph { copies } else { 1 };
                for _ in 0..copies {
                    g.add_edge(NodeIndex::new(a), NodeIndex::new(b), weight);
                }
            }
            for (index, weight) in loops {
                let v = NodeIndex::new(index.index(n));
                if shape.multigraph || g.find_edge(v, v).is_none() {
                    g.add_edge(v, v, weight);
                }
            }
            g
        })
}

/// What proptest reached on one finding's property.
#[derive(Clone, Copy, Debug)]
pub struct ProptestResult {
    /// Cases until the first failure.
    pub cases: u64,
    /// The first failing input's `(vertices, edges)`.
    pub original: (usize, usize),
    /// The size proptest shrank it to.
    pub size: (usize, usize),
    /// Property calls while shrinking.
    pub calls: u64,
}

/// Runs `property` under proptest (at most `cases` cases, seeded; default shrink limits) on
/// [`proptest_graph`]; `None` when no case failed.
pub fn proptest_minimal<Ty: EdgeType>(
    shape: Shape,
    property: fn(&GnmGraph<Ty>) -> Outcome,
    cases: u32,
    seed: u8,
) -> Option<ProptestResult> {
    use proptest::test_runner::{TestCaseError, TestError};
    let mut runner = crate::hunt::proptest_runner(cases, seed);
    let (tried, calls) = (std::cell::Cell::new(0u64), std::cell::Cell::new(0u64));
    let original = std::cell::Cell::new(None);
    let result = runner.run(&proptest_graph::<Ty>(shape), |g| {
        if original.get().is_some() {
            calls.set(calls.get() + 1);
        } else {
            tried.set(tried.get() + 1);
        }
        // A panic is a failure, as under greduce's check.
        let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| property(&g)))
            .unwrap_or_else(|_| Err("panicked".into()));
        if out.is_err() && original.get().is_none() {
            original.set(Some((g.node_count(), g.edge_count())));
        }
        out.map_err(TestCaseError::fail)
    });
    match result {
        Err(TestError::Fail(_, minimal)) => Some(ProptestResult {
            cases: tried.get(),
            original: original.get()?,
            size: (minimal.node_count(), minimal.edge_count()),
            calls: calls.get(),
        }),
        _ => None,
    }
}

/// The findings' properties under proptest, `seeds` runs each: one line per finding with
/// each run's shrunk size.
#[must_use]
pub fn proptest_findings(cases: u32, seeds: u8) -> String {
    let mut out = String::new();
    let mut line = |name: &str, results: Vec<Option<ProptestResult>>| {
        let shown: Vec<String> = results
            .iter()
            .map(|r| {
                r.map_or("not found".to_string(), |r| {
                    format!("{:?} from {:?} ({} calls)", r.size, r.original, r.calls)
                })
            })
            .collect();
        let _ = writeln!(out, "{name}: {}", shown.join("; "));
    };
    let runs = |f: &dyn Fn(u8) -> Option<ProptestResult>| (1..=seeds).map(f).collect::<Vec<_>>();
    line(
        "F1 bidirectional_dijkstra (start = goal)",
        runs(&|s| proptest_minimal::<Directed>(MULTI, bidirectional_dijkstra_same_prop, cases, s)),
    );
    line(
        "F2 find_negative_cycle",
        runs(&|s| proptest_minimal::<Directed>(MULTI, find_negative_cycle_prop, cases, s)),
    );
    line(
        "F3 floyd_warshall negative cycles",
        runs(&|s| proptest_minimal::<Directed>(MULTI, floyd_warshall_cycle_prop, cases, s)),
    );
    line(
        "F4 floyd_warshall",
        runs(&|s| proptest_minimal::<Directed>(MULTI, floyd_warshall_prop, cases, s)),
    );
    line(
        "F5 steiner_tree (multigraph)",
        runs(&|s| proptest_minimal::<Undirected>(MULTI, steiner_tree_prop, cases, s)),
    );
    line(
        "F6 steiner_tree (simple)",
        runs(&|s| {
            proptest_minimal::<Undirected>(
                Shape::new(8, 24, false, true),
                steiner_tree_prop,
                cases,
                s,
            )
        }),
    );
    line(
        "F7 page_rank",
        runs(&|s| proptest_minimal::<Directed>(MULTI, page_rank_prop, cases, s)),
    );
    line(
        "F8 tred",
        runs(&|s| proptest_minimal::<Directed>(Shape::new(7, 8, true, false), tred_prop, cases, s)),
    );
    out
}
