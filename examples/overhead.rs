//! Instrumentation overhead, in release mode:
//!
//! ```text
//! cargo run --release --example overhead
//! ```
//!
//! Times a generator making 10^6 decisions (a random graph: a reducible loop of nodes, each
//! with a weight, and of edges, each choosing two existing nodes) three ways: without
//! `#[generator]`, with it but called directly with an ordinary rng, and recorded by
//! greduce; then replays the recorded trace and reports decisions per second.

use greduce::{Strategy, generator};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Nodes and edges of a graph; decisions: 1 + NODES + 1 + 2 * EDGES + EDGES.
const NODES: u32 = 250_000;
const EDGES: u32 = 250_000;

macro_rules! graph_generator {
    ($(#[$attr:meta])? $name:ident) => {
        $(#[$attr])?
        fn $name<R: rand::Rng + ?Sized>(rng: &mut R) -> (Vec<u32>, Vec<(u32, u32, u8)>) {
            let mut weights = Vec::new();
            for _ in 0..rng.random_range(NODES..=NODES) {
                weights.push(rng.random_range(0..100));
            }
            let n = weights.len() as u32;
            let mut edges = Vec::new();
            let m = rng.random_range(EDGES..=EDGES);
            for _ in 0..m {
                let a = rng.random_range(0..n);
                let b = rng.random_range(0..n);
                if a != b {
                    edges.push((a, b, rng.random_range(1..10)));
                } else {
                    edges.push((a, b, rng.random_range(0..1)));
                }
            }
            (weights, edges)
        }
    };
}

graph_generator!(plain);
graph_generator!(
    #[generator]
    annotated
);

/// The best of `runs` timings of `f`.
fn best(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let started = Instant::now();
            f();
            started.elapsed()
        })
        .min()
        .expect("at least one run")
}

fn main() {
    let runs = 15;
    let decisions = greduce::record(annotated, 1).trace.decision_count();
    let base = best(runs, || {
        black_box(plain(&mut StdRng::seed_from_u64(black_box(1))));
    });
    let direct = best(runs, || {
        black_box(annotated(&mut StdRng::seed_from_u64(black_box(1))));
    });
    let record = best(runs, || {
        black_box(greduce::record(annotated, black_box(1)));
    });
    let run = greduce::record(annotated, 1);
    let replay = best(runs, || {
        let replayed = greduce::replay(annotated, &run.trace, &[], Strategy::Realign);
        black_box(replayed.result.expect("replays"));
    });
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let ratio = |d: Duration| d.as_secs_f64() / base.as_secs_f64();
    println!("generator: random graph, {decisions} decisions (best of {runs} runs, release)");
    println!("  without #[generator]       {:8.2} ms", ms(base));
    println!(
        "  #[generator], called direct {:8.2} ms  ({:+.1}% vs plain; target within 2%)",
        ms(direct),
        (ratio(direct) - 1.0) * 100.0
    );
    println!(
        "  recorded by greduce         {:8.2} ms  ({:.2}x plain; target within 1.3x)",
        ms(record),
        ratio(record)
    );
    println!(
        "  replayed (trace-aligned)    {:8.2} ms  ({:.1} M decisions/s)",
        ms(replay),
        decisions as f64 / replay.as_secs_f64() / 1e6
    );
}
