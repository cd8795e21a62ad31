//! Shrinking a failing graph with its own generator.
//!
//! ```text
//! cargo run --example shrink
//! ```
//!
//! `topological_order` below has a bug: on a graph with a cycle it returns a partial order
//! instead of reporting the cycle. A property ("every node gets a place") finds it on a
//! random graph of dozens of nodes; greduce then shrinks that graph by removing iterations of
//! the generator's loops and re-running it, so every candidate is a valid graph (edges only
//! name nodes that exist) and the result is the smallest cycle there is.

use greduce::{Reducer, generator};
use rand::RngExt;
use rand::seq::IndexedRandom;

/// A directed graph with weighted edges.
#[derive(Clone, Debug, PartialEq)]
struct Graph {
    nodes: Vec<String>,
    edges: Vec<(usize, usize, u32)>,
}

/// Named nodes, then edges between existing, distinct nodes, some of them weighted.
#[generator]
fn graph<R: rand::Rng + ?Sized>(rng: &mut R) -> Graph {
    let mut nodes = Vec::new();
    let n = rng.random_range(1..40);
    for i in 0..n {
        nodes.push(format!("n{i}"));
    }
    let ids: Vec<usize> = (0..nodes.len()).collect();
    let mut edges = Vec::new();
    for _ in 0..rng.random_range(0..120) {
        let from = *ids.choose(rng).expect("at least one node");
        let to = *ids.choose(rng).expect("at least one node");
        if from != to {
            let weight = if rng.random_bool(0.3) {
                rng.random_range(1..100)
            } else {
                1
            };
            edges.push((from, to, weight));
        }
    }
    Graph { nodes, edges }
}

/// Kahn's algorithm. The bug: nodes on a cycle never reach in-degree 0 and are silently
/// left out.
fn topological_order(g: &Graph) -> Vec<usize> {
    let mut indegree = vec![0; g.nodes.len()];
    for &(_, to, _) in &g.edges {
        indegree[to] += 1;
    }
    let mut ready: Vec<usize> = (0..g.nodes.len()).filter(|n| indegree[*n] == 0).collect();
    let mut order = Vec::new();
    while let Some(n) = ready.pop() {
        order.push(n);
        for &(from, to, _) in &g.edges {
            if from == n {
                indegree[to] -= 1;
                if indegree[to] == 0 {
                    ready.push(to);
                }
            }
        }
    }
    order
}

/// The property: every node gets a place in the order.
fn orders_every_node(g: &Graph) -> bool {
    topological_order(g).len() == g.nodes.len()
}

fn main() {
    let run = (0..10_000)
        .map(|seed| (seed, greduce::record(graph, seed)))
        .find(|(_, run)| !orders_every_node(&run.output) && run.output.nodes.len() > 20)
        .map(|(seed, run)| {
            println!(
                "seed {seed}: the property fails on a graph of {} nodes and {} edges",
                run.output.nodes.len(),
                run.output.edges.len()
            );
            run
        })
        .expect("a failing seed");

    let reduced = Reducer::new(graph)
        .size(|g: &Graph| (g.nodes.len(), g.edges.len()))
        .reduce(&run.trace, |g: &Graph| orders_every_node(g));

    let g = &reduced.output;
    println!(
        "shrunk to {} nodes and {} edges in {} property calls ({} candidates, {:.1?})",
        g.nodes.len(),
        g.edges.len(),
        reduced.stats.property_calls,
        reduced.stats.candidates,
        reduced.stats.total_time
    );
    for &(from, to, weight) in &g.edges {
        println!("  {} -> {} (weight {weight})", g.nodes[from], g.nodes[to]);
    }
    println!(
        "topological_order returned {:?}: the cycle is missing",
        topological_order(g)
    );
    println!("\nthe reduced run of the generator:\n{}", reduced.trace);
    println!(
        "size before and after: {:?} -> {:?}",
        reduced.original_size, reduced.size
    );
    println!("{}", reduced.stats);
}
