//! How close greduce's shrink of each petgraph finding comes to the finding's minimum, over
//! many failures (issue 33; `FINDINGS.md`, "Minimality"):
//!
//! ```text
//! cargo run --release -p greduce-hunts -- petgraph-shrinks [--cases N]
//! ```
//!
//! For each finding whose property fails the same way every time (F1 to F5, F7, F8; F6
//! fails by chance), the first `N` seeds (from 1, 20 by default) whose graph of the hunt's
//! generator fails are shrunk three ways: by shrinking alone, and with the exhaustive
//! search ([`EXHAUST`]: the neighbourhood of two changes; then of three). A row per
//! finding and way counts the shrinks that end at the minimum `hunt petgraph-minimal`
//! found, and shows the sizes reached, the mean property calls and the slowest shrink.

use crate::hunt_petgraph::{
    EXHAUST, Shape, bidirectional_dijkstra_same_prop, find_negative_cycle_prop,
    floyd_warshall_cycle_prop, floyd_warshall_prop, hunt_graph, page_rank_prop, steiner_tree_prop,
    tred_prop,
};
use greduce::{Exhaust, Reducer};
use greduce_domains::graph::GnmGraph;
use petgraph::{Directed, EdgeType, Undirected};
use rand::rngs::StdRng;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Instant;

/// The hunt's shape for most properties: up to 8 vertices and 24 edge draws, parallel
/// edges and self-loops.
const MULTI: Shape = Shape {
    nodes: 8,
    edges: 24,
    multigraph: true,
    loops: true,
};

/// The ways each failure is shrunk: shrinking alone, then with the search's neighbourhood
/// of two changes ([`EXHAUST`]), then of three.
const WAYS: [(&str, Option<Exhaust>); 3] = [
    ("shrinking", None),
    ("+ 2 changes", Some(EXHAUST)),
    (
        "+ 3 changes",
        Some(Exhaust {
            changes: 3,
            ..EXHAUST
        }),
    ),
];

/// What the shrinks of one finding reached, one way.
#[derive(Default)]
struct Tally {
    at_minimum: usize,
    sizes: BTreeMap<(usize, usize), usize>,
    calls: u64,
    slowest: f64,
}

impl Tally {
    fn cells(&self, runs: usize) -> String {
        let sizes: Vec<String> = self
            .sizes
            .iter()
            .map(|(size, n)| format!("{size:?} x{n}"))
            .collect();
        format!(
            "{}/{runs} | {} | {:.1} | {:.2}",
            self.at_minimum,
            sizes.join(", "),
            self.calls as f64 / runs as f64,
            self.slowest
        )
    }
}

/// Shrinks the first `runs` failures of `property` on the hunt's graphs of `shape` each of
/// the [`WAYS`].
fn finding<Ty: EdgeType>(
    shape: Shape,
    property: fn(&GnmGraph<Ty>) -> Result<(), String>,
    minimum: (usize, usize),
    runs: usize,
) -> Vec<Tally> {
    let generator = |rng: &mut StdRng| hunt_graph::<Ty, _>(rng, &shape);
    let size = |g: &GnmGraph<Ty>| (g.node_count(), g.edge_count());
    let mut tallies: Vec<Tally> = WAYS.iter().map(|_| Tally::default()).collect();
    let mut found = 0;
    for seed in 1.. {
        if found == runs {
            break;
        }
        let run = greduce::record(generator, seed);
        if property(&run.output).is_ok() {
            continue;
        }
        found += 1;
        for (tally, (_, exhaust)) in tallies.iter_mut().zip(WAYS) {
            let started = Instant::now();
            let mut reducer = Reducer::new(generator).size(size);
            if let Some(bounds) = exhaust {
                reducer = reducer.exhaust(bounds);
            }
            let shrunk = reducer.reduce(&run.trace, |g| property(g).is_ok());
            tally.at_minimum += usize::from(shrunk.size == minimum);
            *tally.sizes.entry(shrunk.size).or_default() += 1;
            tally.calls += shrunk.stats.property_calls;
            tally.slowest = tally.slowest.max(started.elapsed().as_secs_f64());
        }
    }
    tallies
}

/// A finding's name, its minimum, and its shrinks' tallies, one per way.
type Row = (&'static str, (usize, usize), Vec<Tally>);

/// The table: one row per finding and way (see the module docs).
#[must_use]
pub fn table(runs: usize) -> String {
    let tred = Shape {
        nodes: 7,
        edges: 8,
        multigraph: true,
        loops: false,
    };
    let rows: Vec<Row> = vec![
        (
            "F1 bidirectional_dijkstra",
            (1, 0),
            finding::<Directed>(MULTI, bidirectional_dijkstra_same_prop, (1, 0), runs),
        ),
        (
            "F2 find_negative_cycle",
            (3, 4),
            finding::<Directed>(MULTI, find_negative_cycle_prop, (3, 4), runs),
        ),
        (
            "F3 floyd_warshall negative cycles",
            (1, 1),
            finding::<Directed>(MULTI, floyd_warshall_cycle_prop, (1, 1), runs),
        ),
        (
            "F4 floyd_warshall",
            (3, 1),
            finding::<Directed>(MULTI, floyd_warshall_prop, (3, 1), runs),
        ),
        (
            "F5 steiner_tree (multigraph)",
            (3, 3),
            finding::<Undirected>(MULTI, steiner_tree_prop, (3, 3), runs),
        ),
        (
            "F7 page_rank",
            (2, 1),
            finding::<Directed>(MULTI, page_rank_prop, (2, 1), runs),
        ),
        (
            "F8 tred",
            (2, 2),
            finding::<Directed>(tred, tred_prop, (2, 2), runs),
        ),
    ];
    let mut out = String::from(
        "| finding | minimum | way | at minimum | sizes | mean calls | slowest (s) |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for (name, minimum, tallies) in &rows {
        for ((way, _), tally) in WAYS.iter().zip(tallies) {
            let _ = writeln!(
                out,
                "| {name} | {minimum:?} | {way} | {} |",
                tally.cells(runs)
            );
        }
    }
    out
}
