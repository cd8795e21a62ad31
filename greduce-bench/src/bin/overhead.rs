//! Instrumentation overhead, in release mode:
//!
//! ```text
//! cargo run --release -p greduce-bench --bin overhead
//! cargo run --release -p greduce-bench --bin overhead -- --callgrind
//! ```
//!
//! A binary of its own: its allocator counts the heap in use (for the bytes a trace holds),
//! which the other benchmarks should not pay for.
//!
//! Times three generators that make about 10^6 decisions each, three ways: without
//! `#[generator]`, with it but called directly with an ordinary rng, and recorded by
//! greduce; then replays the recorded trace (nothing removed, under halt, the strictest
//! alignment) and reports decisions per second. Timings are the median of `RUNS`
//! interleaved rounds (default 21), and ratios the median of each round's ratios (the
//! machine's load drifts between rounds more than within one). Recording includes dropping
//! the run, as a user pays for both.
//!
//! Also the bytes of heap a recorded trace holds per decision (counted by the bench
//! binary's allocator, in a fresh process: `once <generator> bytes`).
//!
//! For counts that machine noise does not move, `overhead --callgrind` runs each variant
//! under `valgrind --tool=callgrind` (one `once` run each: `target/release/overhead once
//! <draws|graph|isra> <plain|direct|record|replay>`; a `replay` run records first, and
//! `once none none` is the process alone, subtracted from each). `REPEAT=<n>` runs a `once`
//! variant `n` times in one process, for a sampling profiler (`perf record -e cpu-clock`):
//! later runs reuse the buffers of earlier traces, as the timed runs do.
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
use std::fmt::Write as _;
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

/// The report's rows for one generator: timings (median of `runs` interleaved rounds) and
/// the bytes its trace holds per decision (measured in a child process, see [`bytes`]).
fn report<T: std::fmt::Debug>(
    name: &str,
    runs: usize,
    plain: Option<fn(&mut StdRng) -> T>,
    annotated: fn(&mut StdRng) -> T,
) -> String {
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
    let held = child_bytes(name);
    let plain_cell = if plain.is_some() {
        format!("{:.2}", ms(base))
    } else {
        "- (the base is the direct call)".to_string()
    };
    let direct_cell = if plain.is_some() {
        format!("{:.2} ({:+.1} %)", ms(direct), (direct_ratio - 1.0) * 100.0)
    } else {
        format!("{:.2}", ms(direct))
    };
    format!(
        "| {name} | {decisions} | {} | {} | {plain_cell} | {direct_cell} | {:.2} ({record_ratio:.2}x) | {:.2} ({:.1} M/s) |\n",
        run.trace.len(),
        held.map_or("-".to_string(), |b| format!(
            "{:.1}",
            b as f64 / decisions as f64
        )),
        ms(record),
        ms(replay),
        decisions as f64 / replay.as_secs_f64() / 1e6
    )
}

/// Records `generator` once, then replays the trace (a replay's instructions are the total
/// less a `record` run's).
fn replay_once<T>(generator: fn(&mut StdRng) -> T) {
    let run = greduce::record(generator, 1);
    let replayed = greduce::replay(generator, &run.trace, &[], Strategy::Halt);
    black_box(replayed.result.is_ok());
}

/// The bytes of heap the trace of one recording of `generator` holds: the process's heap
/// in use (counted by the bench binary's allocator, [`Counting`]) with the recorded run's
/// trace alive and its output dropped, less the heap in use before. Measured in a fresh
/// process (`once <generator> bytes`), where no earlier trace left buffers to reuse.
fn bytes<T>(generator: fn(&mut StdRng) -> T) -> usize {
    let before = Counting::in_use();
    let run = greduce::record(generator, 1);
    drop(run.output);
    let held = Counting::in_use().saturating_sub(before);
    drop(black_box(run.trace));
    held
}

/// [`bytes`] of `generator`, measured in a child process.
fn child_bytes(generator: &str) -> Option<usize> {
    let exe = std::env::current_exe().ok()?;
    let out = std::process::Command::new(exe)
        .args(["once", generator, "bytes"])
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stdout).trim().parse().ok()
}

/// `overhead once <none|draws|graph|isra> <none|plain|direct|record|replay|bytes>`: one run of
/// one variant, for an instruction count (`valgrind --tool=callgrind`) that machine noise
/// does not move (`none none`: the process alone, to subtract), or the bytes a trace holds.
fn once(generator: &str, variant: &str) {
    match (generator, variant) {
        ("none", "none") => {}
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
        ("draws", "bytes") => println!("{}", bytes(draws_annotated)),
        ("graph", "bytes") => println!("{}", bytes(graph_annotated)),
        ("isra", "bytes") => println!("{}", bytes(isra_models)),
        _ => eprintln!(
            "usage: overhead once <draws|graph|isra> <plain|direct|record|replay|bytes> \
             (isra: no plain), or once none none"
        ),
    }
}

/// Instructions of one `once` run under callgrind (its `Collected` total), or why not.
fn instructions(generator: &str, variant: &str) -> Result<u64, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out = std::process::Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(exe)
        .args(["once", generator, variant])
        .output()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    stderr
        .lines()
        .find_map(|l| l.split("Collected :").nth(1))
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| format!("no instruction count from valgrind: {stderr}"))
}

/// The callgrind table: each variant's instructions less the process's own (`once none
/// none`), in millions, with the ratios the targets are stated in.
fn callgrind_table() -> Result<String, String> {
    let start = instructions("none", "none")?;
    let count = |g: &str, v: &str| -> Result<f64, String> {
        Ok(instructions(g, v)?.saturating_sub(start) as f64 / 1e6)
    };
    let mut out = String::from(
        "| generator | plain | #[generator], direct | recorded | replayed (less its recording) |\n\
         |---|---|---|---|---|\n",
    );
    for generator in ["draws", "graph", "isra"] {
        let direct = count(generator, "direct")?;
        let plain = if generator == "isra" {
            None
        } else {
            Some(count(generator, "plain")?)
        };
        let base = plain.unwrap_or(direct);
        let record = count(generator, "record")?;
        let replay = count(generator, "replay")? - record;
        let plain_cell = plain.map_or("- (the base is the direct call)".to_string(), |p| {
            format!("{p:.2} M")
        });
        let direct_cell = if plain.is_some() {
            format!("{direct:.2} M ({:+.3} %)", (direct / base - 1.0) * 100.0)
        } else {
            format!("{direct:.2} M")
        };
        let _ = writeln!(
            out,
            "| {generator} | {plain_cell} | {direct_cell} | {record:.2} M ({:.2}x) | {replay:.2} M |",
            record / base
        );
    }
    Ok(out)
}

/// Counts the heap in use, for the bytes of trace per decision.
#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// `overhead`: the timing table; `overhead --callgrind`: the instruction counts;
/// `overhead once <generator> <variant>`: one run of one variant.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
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
    if args.first().is_some_and(|a| a == "--callgrind") {
        match callgrind_table() {
            Ok(table) => print!("{table}"),
            Err(e) => eprintln!("overhead --callgrind: {e}"),
        }
        return;
    }
    let runs: usize = std::env::var("RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(21);
    print!(
        "| generator | decisions | trace nodes | trace bytes per decision | plain (ms) | #[generator], direct (ms) | recorded (ms, x plain) | replayed (ms, decisions/s) |\n\
         |---|---|---|---|---|---|---|---|\n"
    );
    print!(
        "{}",
        report("draws", runs, Some(draws_plain), draws_annotated)
    );
    print!(
        "{}",
        report("graph", runs, Some(graph_plain), graph_annotated)
    );
    print!("{}", report("isra", runs, None, isra_models));
    println!("\n(median of {runs} interleaved rounds; ratios are the median of each round's)");
}

/// The bench binary's allocator: the system's, counting the bytes in use, so that
/// [`bytes`] can tell what a trace holds. One relaxed atomic add per allocation.
struct Counting;

static IN_USE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Counting {
    fn in_use() -> usize {
        IN_USE.load(std::sync::atomic::Ordering::Relaxed)
    }
}

// SAFETY: every call is passed to the system allocator unchanged; the counter is only
// arithmetic on the sizes it was given.
#[allow(unsafe_code)] // Reason: a `GlobalAlloc` is unsafe to implement; see the manifest.
unsafe impl std::alloc::GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let at = unsafe { std::alloc::System.alloc(layout) };
        if !at.is_null() {
            IN_USE.fetch_add(layout.size(), std::sync::atomic::Ordering::Relaxed);
        }
        at
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        IN_USE.fetch_sub(layout.size(), std::sync::atomic::Ordering::Relaxed);
        // SAFETY: the caller's contract, passed on.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let at = unsafe { std::alloc::System.alloc_zeroed(layout) };
        if !at.is_null() {
            IN_USE.fetch_add(layout.size(), std::sync::atomic::Ordering::Relaxed);
        }
        at
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let moved = unsafe { std::alloc::System.realloc(ptr, layout, new) };
        if !moved.is_null() {
            IN_USE.fetch_add(new, std::sync::atomic::Ordering::Relaxed);
            IN_USE.fetch_sub(layout.size(), std::sync::atomic::Ordering::Relaxed);
        }
        moved
    }
}
