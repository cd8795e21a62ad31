//! A replay that runs away: peak memory while shrinking a generator whose `while` loop
//! makes progress only on a random draw, against the same generator that always makes
//! progress. Removing an iteration leaves work undone; replay past the recorded trace
//! answers the simplest value (`false`), so the loop would go on forever, stopped only by
//! the replay budget. Each workload runs in a child process of its own (peak memory is a
//! process's).
//!
//! ```text
//! cargo run --release -p greduce-bench -- runaway
//! ```

use greduce::{Outcome, Reducer, generator};
use rand::RngExt;
use rand::rngs::StdRng;
use std::fmt::Write as _;
use std::process::Command;

/// Up to `max` jobs, each a number and a draw of whether it is done: with `runaway`, a job
/// left undone comes again; without, every job is done once (the same decisions per job).
#[generator]
fn jobs<R: rand::Rng + ?Sized>(rng: &mut R, max: usize, runaway: bool) -> Vec<u32> {
    let mut left = rng.random_range(0..=max);
    let mut out = Vec::new();
    while left > 0 {
        out.push(rng.random_range(0..1000));
        let done = rng.random_bool(0.9);
        if done || !runaway {
            left -= 1;
        }
    }
    out
}

const JOBS: usize = 200_000;

/// Both workloads, each in a child process: the Markdown table.
pub(crate) fn table() -> String {
    let me = std::env::current_exe().expect("the benchmark's own path");
    let mut out = String::from(
        "| generator | decisions | property calls | over budget | peak memory: recorded, reduced |\n|---|---|---|---|---|\n",
    );
    for which in ["steady", "runaway"] {
        let child = Command::new(&me)
            .args(["runaway-point", which])
            .output()
            .expect("the benchmark runs itself");
        let _ = write!(out, "{}", String::from_utf8_lossy(&child.stdout));
        if !child.status.success() {
            let _ = writeln!(
                out,
                "| {which} | failed: {} |",
                String::from_utf8_lossy(&child.stderr).trim()
            );
        }
    }
    out
}

/// One workload, in this process: prints its row.
pub(crate) fn point(which: &str) {
    let runaway = which == "runaway";
    let run = greduce::record(|r: &mut StdRng| jobs(r, JOBS, runaway), 1);
    let recorded = super::scale::peak_kib();
    // Fails while more than ten jobs are left in the output.
    let reduced = Reducer::new(|r: &mut StdRng| jobs(r, JOBS, runaway))
        .reduce(&run.trace, |v: &Vec<u32>| Outcome::from(v.len() <= 10));
    let peak = super::scale::peak_kib();
    println!(
        "| {which} | {} | {} | {} | {:.0} MB, {:.0} MB ({:.2}x) |",
        run.trace.decision_count(),
        reduced.stats.property_calls,
        reduced.stats.over_budget,
        recorded as f64 / 1024.0,
        peak as f64 / 1024.0,
        peak as f64 / recorded.max(1) as f64,
    );
}
