//! Instrumentation overhead, in release mode:
//!
//! ```text
//! cargo run --release -p greduce-bench -- overhead
//! ```
//!
//! Times three generators that make about 10^6 decisions each, three ways: without
//! `#[generator]`, with it but called directly with an ordinary rng, and recorded by
//! greduce; then replays the recorded trace (nothing removed, under halt, the strictest
//! alignment) and reports decisions per second. Timings are the median of `RUNS`
//! interleaved rounds (default 21), and ratios the median of each round's ratios (the
//! machine's load drifts between rounds more than within one). Recording includes dropping
//! the run, as a user pays for both.
//!
//! For counts that machine noise does not move, run one variant under callgrind:
//! `valgrind --tool=callgrind target/release/bench overhead once <draws|graph|isra>
//! <plain|direct|record|replay>` (a `replay` run records first). `REPEAT=<n>` runs it `n`
//! times in one process, for a sampling profiler (`perf record -e cpu-clock`): later runs
//! reuse the buffers of earlier traces, as the timed runs do.
//!
//! - `draws`: does nothing but draw (a reducible loop of `random_range` pushes). The worst
//!   case: every nanosecond of bookkeeping shows.
//! - `isra`: the GReduce paper's DL-model generator (`greduce-domains`' `dl::isra`), 300
//!   models in a row; ratios are to its direct call (it has no un-annotated twin).
//! - `graph`: a FastGnm-style random graph, like the ones greduce is meant for: named nodes,
//!   edges drawn from the pool of possible edges with swap-remove, weights, adjacency lists
//!   and a set of edges.

use greduce::{Strategy, generator};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;
use std::hint::black_box;
use std::time::{Duration, Instant};

macro_rules! draws {
    ($(#[$attr:meta])? $name:ident) => {
        $(#[$attr])?
        fn $name<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
            let mut v = Vec::new();
            for _ in 0..rng.random_range(1_000_000..=1_000_000) {
                v.push(rng.random_range(0..1000));
            }
            v
        }
    };
}

draws!(draws_plain);
draws!(
    #[generator]
    draws_annotated
);

/// A graph: node names, adjacency lists, weighted edges.
#[derive(Debug, Default)]
pub(crate) struct Graph {
    names: Vec<String>,
    adjacency: Vec<Vec<usize>>,
    edges: Vec<(usize, usize, u8)>,
}

macro_rules! graph {
    ($(#[$attr:meta])? $name:ident) => {
        $(#[$attr])?
        fn $name<R: rand::Rng + ?Sized>(rng: &mut R) -> Graph {
            let mut g = Graph::default();
            let n = rng.random_range(900..=900usize);
            for i in 0..n {
                g.names.push(format!("v{i}"));
                g.adjacency.push(Vec::new());
            }
            // The pool of possible edges (i < j), drawn from with swap-remove.
            let mut pool: Vec<(usize, usize)> = Vec::with_capacity(n * (n - 1) / 2);
            for i in 0..n {
                for j in i + 1..n {
                    pool.push((i, j));
                }
            }
            let mut seen = HashSet::new();
            let m = rng.random_range(333_000..=333_000usize);
            for _ in 0..m {
                let k = rng.random_range(0..pool.len());
                let (a, b) = pool.swap_remove(k);
                let (a, b) = if rng.random_bool(0.5) { (b, a) } else { (a, b) };
                let w = rng.random_range(0..10);
                if seen.insert((a.min(b), a.max(b))) {
                    g.adjacency[a].push(b);
                    g.adjacency[b].push(a);
                    g.edges.push((a, b, w));
                }
            }
            g
        }
    };
}

/// The Isra DL-model generator (the GReduce paper's own), 300 models in a row: its port is
/// annotated, so there is no un-annotated twin; called directly, it runs its original code.
#[generator]
fn isra_models<R: rand::Rng + ?Sized>(rng: &mut R) -> usize {
    let mut nodes = 0;
    for _ in 0..rng.random_range(300..=300) {
        nodes += greduce_domains::dl::isra(rng).nodes.len();
    }
    nodes
}

graph!(graph_plain);
graph!(
    #[generator]
    graph_annotated
);

/// Interleaved timings of the three ways to run a generator: the median time of each, and
/// the median of each round's ratios to the first (rounds run back to back, so a ratio
/// compares runs made under the same machine load; the load drifts between rounds).
fn measure<T>(
    runs: usize,
    plain: fn(&mut StdRng) -> T,
    annotated: fn(&mut StdRng) -> T,
) -> ([Duration; 3], [f64; 2]) {
    let time = |f: &mut dyn FnMut()| {
        let started = Instant::now();
        f();
        started.elapsed()
    };
    let mut samples: [Vec<Duration>; 3] = Default::default();
    for _ in 0..runs {
        samples[0].push(time(&mut || {
            black_box(plain(&mut StdRng::seed_from_u64(black_box(1))));
        }));
        samples[1].push(time(&mut || {
            black_box(annotated(&mut StdRng::seed_from_u64(black_box(1))));
        }));
        samples[2].push(time(&mut || {
            black_box(greduce::record(annotated, black_box(1)));
        }));
    }
    let ratios = [1, 2].map(|i| {
        let mut r: Vec<f64> = (0..runs)
            .map(|k| samples[i][k].as_secs_f64() / samples[0][k].as_secs_f64())
            .collect();
        r.sort_by(f64::total_cmp);
        r[r.len() / 2]
    });
    let times = samples.map(|mut s| {
        s.sort();
        s[s.len() / 2]
    });
    (times, ratios)
}

fn report<T: std::fmt::Debug>(
    name: &str,
    runs: usize,
    plain: Option<fn(&mut StdRng) -> T>,
    annotated: fn(&mut StdRng) -> T,
) {
    let run = greduce::record(annotated, 1);
    let decisions = run.trace.decision_count();
    // Without a twin, the direct call (which runs the original code) is the base.
    let ([base, direct, record], [direct_ratio, record_ratio]) =
        measure(runs, plain.unwrap_or(annotated), annotated);
    let mut replays: Vec<Duration> = (0..runs)
        .map(|_| {
            let started = Instant::now();
            let replayed = greduce::replay(annotated, &run.trace, &[], Strategy::Halt);
            black_box(replayed.result.expect("replays"));
            started.elapsed()
        })
        .collect();
    replays.sort();
    let replay = replays[runs / 2];
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{name}: {decisions} decisions, {} trace nodes (median of {runs} runs)",
        run.trace.len()
    );
    if plain.is_some() {
        println!("  without #[generator]          {:8.2} ms", ms(base));
    } else {
        println!("  without #[generator]               n/a  (ratios are to the direct call)");
    }
    if plain.is_some() {
        println!(
            "  #[generator], called directly {:8.2} ms  {:+6.1}%  (target: within 2%)",
            ms(direct),
            (direct_ratio - 1.0) * 100.0
        );
    } else {
        println!("  #[generator], called directly {:8.2} ms", ms(direct));
    }
    println!(
        "  recorded by greduce           {:8.2} ms  {:6.2}x  (target: within 1.3x)",
        ms(record),
        record_ratio
    );
    println!(
        "  replayed, trace-aligned       {:8.2} ms  {:6.1} M decisions/s",
        ms(replay),
        decisions as f64 / replay.as_secs_f64() / 1e6
    );
}

/// Records `generator` once, then replays the trace (a replay's instructions are the total
/// less a `record` run's).
fn replay_once<T>(generator: fn(&mut StdRng) -> T) {
    let run = greduce::record(generator, 1);
    let replayed = greduce::replay(generator, &run.trace, &[], Strategy::Halt);
    black_box(replayed.result.is_ok());
}

/// `overhead once <draws|graph|isra> <plain|direct|record|replay>`: one run of one variant, for an
/// instruction count (`valgrind --tool=callgrind`) that machine noise does not move.
fn once(generator: &str, variant: &str) {
    match (generator, variant) {
        ("draws", "plain") => drop(black_box(draws_plain(&mut StdRng::seed_from_u64(1)))),
        ("draws", "direct") => drop(black_box(draws_annotated(&mut StdRng::seed_from_u64(1)))),
        ("draws", "record") => drop(black_box(greduce::record(draws_annotated, 1))),
        ("graph", "plain") => drop(black_box(graph_plain(&mut StdRng::seed_from_u64(1)))),
        ("graph", "direct") => drop(black_box(graph_annotated(&mut StdRng::seed_from_u64(1)))),
        ("graph", "record") => drop(black_box(greduce::record(graph_annotated, 1))),
        ("isra", "direct") => drop(black_box(isra_models(&mut StdRng::seed_from_u64(1)))),
        ("isra", "record") => drop(black_box(greduce::record(isra_models, 1))),
        ("draws", "replay") => replay_once(draws_annotated),
        ("graph", "replay") => replay_once(graph_annotated),
        ("isra", "replay") => replay_once(isra_models),
        _ => eprintln!(
            "usage: bench overhead once <draws|graph|isra> <plain|direct|record|replay> (isra: no plain)"
        ),
    }
}

/// `overhead`: the report; `overhead once <generator> <variant>`: one run of one variant.
pub(crate) fn main(args: impl Iterator<Item = String>) {
    let args: Vec<String> = args.collect();
    if args.first().is_some_and(|a| a == "once") {
        let repeat: usize = std::env::var("REPEAT")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(1);
        for _ in 0..repeat {
            once(
                args.get(1).map_or("", String::as_str),
                args.get(2).map_or("", String::as_str),
            );
        }
        return;
    }
    let runs: usize = std::env::var("RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(21);
    report("draws", runs, Some(draws_plain), draws_annotated);
    report("graph", runs, Some(graph_plain), graph_annotated);
    report("isra", runs, None, isra_models);
}
