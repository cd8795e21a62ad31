//! Nested generators: a list of lists, the inner lists from a second generator. The
//! property fails when some inner list holds a value above 90.

use greduce::{Pass, Reducer, Search, Strategy, Verdict, generator};
use rand::RngExt;

#[generator]
fn inner<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let n = rng.random_range(0..10);
    (0..n).map(|_| rng.random_range(0..100)).collect()
}

#[generator]
fn outer<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Vec<u32>> {
    let n = rng.random_range(0..10);
    (0..n).map(|_| inner(rng)).collect()
}

fn fails(lists: &[Vec<u32>]) -> bool {
    lists.iter().flatten().any(|v| *v > 90)
}

/// A large failing run: 9 inner lists, several values above 90.
fn failing_run() -> greduce::Run<Vec<Vec<u32>>> {
    (0..1000)
        .map(|seed| greduce::record(outer, seed))
        .find(|run| {
            run.output.len() == 9 && run.output.iter().flatten().filter(|v| **v > 90).count() >= 3
        })
        .expect("a seed")
}

#[test]
fn the_trace_nests_inner_loops_in_outer_iterations() {
    let run = failing_run();
    let parts = run.trace.parts_with_depth();
    let outer_iterations = parts.iter().filter(|(_, d)| *d == 0).count();
    let inner_iterations = parts.iter().filter(|(_, d)| *d == 1).count();
    assert_eq!(outer_iterations, 9);
    assert_eq!(
        inner_iterations,
        run.output.iter().map(Vec::len).sum::<usize>()
    );
}

#[test]
fn tree_reduction_removes_outer_then_inner_iterations() {
    let run = failing_run();
    let outer_site = run.trace.describe(run.trace.parts()[0]);
    let outer_site = outer_site.split("of the ").nth(1).unwrap().to_string();
    let reduced = Reducer::new(outer)
        .search(Search::Tree)
        .strategy(Strategy::Realign)
        .explain(true)
        .reduce(&run.trace, |l: &Vec<Vec<u32>>| !fails(l));
    assert_eq!(reduced.output.len(), 1);
    assert_eq!(reduced.output[0].len(), 1);
    assert!(reduced.output[0][0] > 90);
    // Accepted candidates of the first round: outer iterations first, then inner ones.
    let accepted: Vec<bool> = reduced
        .attempts
        .iter()
        .skip(1)
        .filter(|a| a.verdict == Verdict::Accepted && a.pass == Pass::Structure)
        .map(|a| a.change.iter().all(|r| r.ends_with(&outer_site)))
        .collect();
    let first_inner = accepted
        .iter()
        .position(|outer| !outer)
        .expect("inner iterations were removed");
    assert!(first_inner > 0, "outer iterations go first: {accepted:?}");
    assert!(accepted[..first_inner].iter().all(|outer| *outer));
}

#[test]
fn tree_reduction_needs_fewer_property_calls_than_sequence() {
    let run = failing_run();
    let tree = Reducer::new(outer)
        .search(Search::Tree)
        .reduce(&run.trace, |l: &Vec<Vec<u32>>| !fails(l));
    let sequence = Reducer::new(outer)
        .search(Search::Sequence)
        .reduce(&run.trace, |l: &Vec<Vec<u32>>| !fails(l));
    assert_eq!(tree.output.iter().flatten().count(), 1);
    assert_eq!(sequence.output.iter().flatten().count(), 1);
    println!("tree: {}\nsequence: {}", tree.stats, sequence.stats);
    assert!(
        tree.stats.property_calls < sequence.stats.property_calls,
        "tree {} vs sequence {}",
        tree.stats.property_calls,
        sequence.stats.property_calls
    );
}
