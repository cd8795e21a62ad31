//! The baseline: the same FastGnm generator written the idiomatic proptest way (the vertex
//! count, then edges drawn by `prop_flat_map`), shrunk by proptest on the same oracles.
//!
//! proptest cannot start from the paper's originals (it shrinks only inputs it generated),
//! so it generates with the subject's model until the oracle fails, then shrinks that.

use crate::any_graph::AnyGraph;
use crate::graph_oracles::Oracle;
use greduce_domains::graph::{GnmGraph, GnmModel, edge_pool};
use petgraph::graph::NodeIndex;
use petgraph::{EdgeType, Undirected};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngAlgorithm, TestError, TestRng, TestRunner};
use std::cell::Cell;

/// One edge draw: the pool index, the weight, the number of copies.
type Pick = (Index, u8, usize);

/// FastGnm as a proptest strategy.
pub fn strategy(model: GnmModel, directed: bool) -> impl Strategy<Value = AnyGraph> {
    (1..=model.nodes.max(1))
        .prop_flat_map(move |n| {
            let picks = (any::<Index>(), 0u8..10, 1usize..=3);
            (Just(n), proptest::collection::vec(picks, 0..=model.edges))
        })
        .prop_map(move |(n, picks)| {
            if directed {
                AnyGraph::Directed(build(n, &picks, model))
            } else {
                AnyGraph::Undirected(build::<Undirected>(n, &picks, model))
            }
        })
}

fn build<Ty: EdgeType>(n: usize, picks: &[Pick], model: GnmModel) -> GnmGraph<Ty> {
    let mut graph = GnmGraph::<Ty>::default();
    for id in 1..=n {
        graph.add_node(id as u32);
    }
    let mut pool = edge_pool(n, Ty::is_directed());
    for (index, weight, copies) in picks {
        if pool.is_empty() {
            break;
        }
        let (from, to) = pool.swap_remove(index.index(pool.len()));
        let (from, to) = (NodeIndex::new(from), NodeIndex::new(to));
        let weight = if model.weighted { *weight } else { 0 };
        let copies = if model.multigraph { *copies } else { 1 };
        for _ in 0..copies {
            graph.add_edge(from, to, weight);
        }
    }
    graph
}

/// What proptest did on one subject.
#[derive(Clone, Copy, Debug)]
pub struct Baseline {
    /// The size of the first failing input it generated.
    pub original: (usize, usize),
    /// The size it shrank that to.
    pub size: (usize, usize),
    /// Property calls while shrinking.
    pub calls: u64,
}

/// proptest's default limit on shrink iterations.
pub const MAX_SHRINK_ITERS: u64 = 4000;

/// Generates until `oracle` fails (at most 1000 cases, seeded), then shrinks with proptest's
/// default limits. `None` when no generated input failed.
pub fn shrink(oracle: &Oracle, model: GnmModel, directed: bool, seed: u8) -> Option<Baseline> {
    let config = Config {
        cases: 1000,
        failure_persistence: None,
        ..Config::default()
    };
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[seed; 32]);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let calls = Cell::new(0u64);
    let original = Cell::new(None);
    let result = runner.run(&strategy(model, directed), |g| {
        if original.get().is_some() {
            calls.set(calls.get() + 1);
        }
        if (oracle.fails)(&g) {
            if original.get().is_none() {
                original.set(Some(g.size()));
            }
            return Err(TestCaseError::fail("the oracle fails"));
        }
        Ok(())
    });
    match result {
        Err(TestError::Fail(_, minimal)) => Some(Baseline {
            original: original.get()?,
            size: minimal.size(),
            calls: calls.get(),
        }),
        _ => None,
    }
}
