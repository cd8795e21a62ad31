//! Shrinking at scale: three workloads at N = 10^2 ... 10^6 (the graph up to 10^5 nodes),
//! each point in a child process of its own so that its peak memory is its own.
//!
//! - **list**: N numbers below 100, two of them 950 and 980 at random places; fails when
//!   two numbers are 900 or more. Minimal: `[900, 900]`.
//! - **nested**: about sqrt(N) lists of about sqrt(N) numbers (N in all); fails when there
//!   are more than 10 numbers in all. Minimal: one list of eleven zeros.
//! - **graph**: N nodes and 2N edges between random nodes (about ten triangles); fails when
//!   three nodes are joined pairwise. Minimal: 3 nodes, 3 edges.
//!
//! Each original is built from chosen draws (`replay_draws`), which records it; the
//! reduction then runs with every pass. Reported: property calls, generator runs, wall
//! time (the mean of as many reductions as fit in a quarter of a second, at least one: small
//! points take microseconds), the slope of wall time against N per decade, the share of wall
//! time spent outside the generator's replays and the property (the reducer's own work, over
//! the same reductions), the final size, and the peak resident memory (`VmHWM`) after
//! recording the original and after reducing it. `REPEAT=<n>` reduces each point n times
//! more before the measured runs (for sampling profilers); `GREDUCE_SCALE_STATS=1` prints
//! each point's counters (per pass) to stderr.

use greduce::{Outcome, Reducer, Run, generator};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::process::Command;
use std::time::Instant;

/// Up to `max` numbers below 1000.
#[generator]
fn list<R: rand::Rng + ?Sized>(rng: &mut R, max: usize) -> Vec<u32> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=max) {
        v.push(rng.random_range(0..1000));
    }
    v
}

/// Up to `outer` lists of up to `inner` numbers below 1000.
#[generator]
fn nested<R: rand::Rng + ?Sized>(rng: &mut R, outer: usize, inner: usize) -> Vec<Vec<u32>> {
    let mut xss = Vec::new();
    for _ in 0..rng.random_range(0..=outer) {
        let mut xs = Vec::new();
        for _ in 0..rng.random_range(0..=inner) {
            xs.push(rng.random_range(0..1000));
        }
        xss.push(xs);
    }
    xss
}

/// A graph: 1 to `nodes` nodes, then up to `edges` edges between random nodes.
#[generator]
fn graph<R: rand::Rng + ?Sized>(
    rng: &mut R,
    nodes: usize,
    edges: usize,
) -> (usize, Vec<(usize, usize)>) {
    let mut n = 0;
    for _ in 0..rng.random_range(1..=nodes) {
        n += 1;
    }
    let mut es = Vec::new();
    for _ in 0..rng.random_range(0..=edges) {
        es.push((rng.random_range(0..n), rng.random_range(0..n)));
    }
    (n, es)
}

/// Whether three distinct nodes are joined pairwise.
fn has_triangle((n, edges): &(usize, Vec<(usize, usize)>)) -> bool {
    let mut adjacent: Vec<HashSet<usize>> = vec![HashSet::new(); *n];
    for &(a, b) in edges {
        if a != b && a < *n && b < *n {
            adjacent[a].insert(b);
            adjacent[b].insert(a);
        }
    }
    edges.iter().any(|&(a, b)| {
        a != b
            && a < *n
            && b < *n
            && adjacent[a]
                .iter()
                .any(|c| *c != b && adjacent[b].contains(c))
    })
}

/// The points of the table: (workload, N).
const POINTS: [(&str, usize); 14] = [
    ("list", 100),
    ("list", 1_000),
    ("list", 10_000),
    ("list", 100_000),
    ("list", 1_000_000),
    ("nested", 100),
    ("nested", 1_000),
    ("nested", 10_000),
    ("nested", 100_000),
    ("nested", 1_000_000),
    ("graph", 100),
    ("graph", 1_000),
    ("graph", 10_000),
    ("graph", 100_000),
];

/// Runs every point in a child process and returns the Markdown table.
pub(crate) fn table() -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| workload | N | property calls | replays | wall time | slope | outside replay and property | final size | peak memory: recorded, reduced (ratio) |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|");
    let me = std::env::current_exe().expect("the benchmark's own path");
    let mut previous: Option<(&str, usize, f64)> = None;
    for (workload, n) in POINTS {
        let child = Command::new(&me)
            .args(["scale-point", workload, &n.to_string()])
            .output()
            .expect("the benchmark runs itself");
        let line = String::from_utf8_lossy(&child.stdout);
        if child.status.success() {
            // The child prints its row with the wall time in ms as its fifth cell and a
            // slope cell to fill in.
            let cells: Vec<&str> = line.trim_end().split(" | ").collect();
            let ms: f64 = cells
                .get(4)
                .and_then(|c| c.trim_end_matches(" ms").parse().ok())
                .unwrap_or(0.0);
            let slope = match previous {
                Some((w, m, t)) if w == workload && t > 0.0 => {
                    format!("{:.2}", (ms / t).log10() / (n as f64 / m as f64).log10())
                }
                _ => "-".to_string(),
            };
            previous = Some((workload, n, ms));
            let _ = writeln!(
                out,
                "{}",
                line.trim_end()
                    .replace("| SLOPE |", &format!("| {slope} |"))
            );
        } else {
            let _ = writeln!(
                out,
                "| {workload} | {n} | failed: {} |",
                String::from_utf8_lossy(&child.stderr).trim()
            );
        }
        eprint!("{line}");
    }
    out
}

/// One point, in this process: prints its table row.
pub(crate) fn point(workload: &str, n: usize) -> Result<(), String> {
    match workload {
        "list" => {
            let mut draws = vec![n as u64];
            let mut rng = StdRng::seed_from_u64(n as u64);
            draws.extend((0..n).map(|_| rng.random_range(0..100)));
            let first = rng.random_range(1..=n);
            draws[first] = 950;
            let second = (first + n / 2).max(1) % n + 1;
            draws[second] = 980;
            let run = greduce::replay_draws(|r: &mut StdRng| list(r, n), &draws)
                .map_err(|e| e.to_string())?;
            let fails = |v: &Vec<u32>| v.iter().filter(|x| **x >= 900).count() >= 2;
            measure(
                workload,
                n,
                &run,
                |r| list(r, n),
                fails,
                |v| format!("{v:?}"),
            );
        }
        "nested" => {
            let side = (n as f64).sqrt().round() as usize;
            let mut rng = StdRng::seed_from_u64(n as u64);
            let mut draws = vec![side as u64];
            for _ in 0..side {
                draws.push(side as u64);
                draws.extend((0..side).map(|_| rng.random_range(0..1000)));
            }
            let run = greduce::replay_draws(|r: &mut StdRng| nested(r, side, side), &draws)
                .map_err(|e| e.to_string())?;
            let fails = |v: &Vec<Vec<u32>>| v.iter().map(Vec::len).sum::<usize>() > 10;
            measure(
                workload,
                n,
                &run,
                |r| nested(r, side, side),
                fails,
                |v| {
                    format!(
                        "{} list(s), {} numbers",
                        v.len(),
                        v.iter().map(Vec::len).sum::<usize>()
                    )
                },
            );
        }
        "graph" => {
            let mut rng = StdRng::seed_from_u64(n as u64);
            let mut draws = vec![(n - 1) as u64, 2 * n as u64];
            draws.extend((0..4 * n).map(|_| rng.random_range(0..n as u64)));
            let run = greduce::replay_draws(|r: &mut StdRng| graph(r, n, 2 * n), &draws)
                .map_err(|e| e.to_string())?;
            measure(
                workload,
                n,
                &run,
                |r| graph(r, n, 2 * n),
                has_triangle,
                |(nodes, edges)| format!("({nodes} nodes, {} edges)", edges.len()),
            );
        }
        _ => return Err(format!("unknown workload `{workload}`")),
    }
    Ok(())
}

/// Reduces `run` and prints its row.
fn measure<T: std::fmt::Debug>(
    workload: &str,
    n: usize,
    run: &Run<T>,
    generator: impl FnMut(&mut StdRng) -> T,
    fails: impl Fn(&T) -> bool,
    shown: impl Fn(&T) -> String,
) {
    assert!(
        fails(&run.output),
        "the original of {workload} at {n} fails"
    );
    let recorded = peak_kib();
    // For sampling profilers: `REPEAT=<n>` reduces n extra times first.
    let repeat: usize = std::env::var("REPEAT")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(0);
    let mut generator = generator;
    for _ in 0..repeat {
        Reducer::new(&mut generator).reduce(&run.trace, |t: &T| Outcome::from(!fails(t)));
    }
    // As many reductions as fit in a quarter of a second (at least one), for a wall time
    // and a share that small points can be measured by.
    let (mut runs, mut wall, mut inside) = (0u32, 0.0, 0.0);
    let mut reduced = None;
    while runs == 0 || wall < 0.25 {
        let started = Instant::now();
        let r = Reducer::new(&mut generator).reduce(&run.trace, |t: &T| Outcome::from(!fails(t)));
        wall += started.elapsed().as_secs_f64();
        inside += (r.stats.generation_time + r.stats.property_time).as_secs_f64();
        runs += 1;
        reduced = Some(r);
    }
    let reduced = reduced.expect("one reduction at least");
    assert!(fails(&reduced.output));
    let reduced_peak = peak_kib();
    let stats = &reduced.stats;
    if std::env::var_os("GREDUCE_SCALE_STATS").is_some() {
        eprintln!("{stats}");
    }
    println!(
        "| {workload} | {n} | {} | {} | {:.3} ms | SLOPE | {:.1} % | {} | {:.0} MB, {:.0} MB ({:.2}x) |",
        stats.property_calls,
        stats.replays,
        1000.0 * wall / f64::from(runs),
        100.0 * (wall - inside).max(0.0) / wall,
        shown(&reduced.output),
        recorded as f64 / 1024.0,
        reduced_peak as f64 / 1024.0,
        reduced_peak as f64 / recorded.max(1) as f64,
    );
}

/// The peak resident memory of this process so far, in KiB (`VmHWM`; 0 where `/proc` is
/// not available).
pub(crate) fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse().ok()
        })
        .unwrap_or(0)
}
