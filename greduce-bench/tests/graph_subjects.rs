//! The paper's graph subjects: rebuilt exactly, and reduced.

use greduce::{Reducer, Search, Strategy};
use greduce_bench::any_graph::AnyGraph;
use greduce_bench::graph_oracles::{g4_fails, triangle_counts};
use greduce_bench::graph_subjects::GraphSubject;

#[test]
fn all_ten_originals_rebuild_exactly() {
    // (vertices, edges) of the originals, from the artifact's files.
    let sizes = [
        (100, 500),
        (100, 150),
        (100, 150),
        (100, 500),
        (100, 500),
        (100, 150),
        (20, 380),
        (100, 500),
        (100, 500),
        (100, 500),
    ];
    for (subject, size) in GraphSubject::all().into_iter().zip(sizes) {
        let run = subject.rebuild();
        assert_eq!(run.output.size(), size, "G-{}", subject.id);
        assert_eq!(run.output.edges(), subject.edges, "G-{}", subject.id);
        assert!(run.output.is_valid());
    }
}

#[test]
fn g4_is_a_multigraph_of_260_edges_in_runs() {
    let subject = GraphSubject::new(4);
    assert_eq!(subject.model.edges, 260);
    let AnyGraph::Undirected(g) = subject.rebuild().output else {
        panic!("G-4 is undirected")
    };
    assert!(g4_fails(&g));
}

#[test]
fn g4_reduces_to_a_triangle_with_a_parallel_edge() {
    let subject = GraphSubject::new(4);
    let run = subject.rebuild();
    let reduction = Reducer::new(subject.generator())
        .search(Search::Tree)
        .strategy(Strategy::Realign)
        .size(AnyGraph::size)
        .reduce(&run.trace, |g: &AnyGraph| match g {
            AnyGraph::Undirected(g) => !g4_fails(g),
            AnyGraph::Directed(_) => true,
        });
    assert_eq!(reduction.output.size(), (3, 4), "{:?}", reduction.output);
    let AnyGraph::Undirected(g) = &reduction.output else {
        panic!("undirected")
    };
    assert_eq!(triangle_counts(g), (1, 2));
    // Paper (tree + re-align): (3, 5) in 54 property calls.
    assert!(reduction.stats.property_calls < 200, "{}", reduction.stats);
}

#[test]
fn every_oracle_holds_on_its_original() {
    for oracle in greduce_bench::graph_oracles::oracles() {
        let run = GraphSubject::new(oracle.subject).rebuild();
        assert!((oracle.fails)(&run.output), "G-{}", oracle.subject);
    }
}
