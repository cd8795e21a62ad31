//! Where the JavaScript table's calls go (issue 32): the table's subjects
//! (`greduce_hunts::js_table`) reduced by tree + re-align with the pass families `PASSES`
//! (default `all`, the default's; `PassSet::parse`'s names: `structure,hoist`, ...). For each
//! subject: the size reached, the property calls, how many of them came after the last call
//! that made the input smaller (the round that finds nothing more, and value changes of the
//! same size), and each pass's calls; then the calls a second reduction from the result
//! makes, by pass (every pass confirming that it finds nothing more: the programs it asks
//! about, the structural pass's aside, are ones any reduction that ends at that result has
//! asked about at some point, if not in its last round then earlier, its answer kept by the
//! output cache); then the means. Both totals count the replay of the input they start
//! from (one call), which no pass's count does.
//!
//! ```text
//! cargo run --release -p greduce-hunts --example js_calls [PASSES]
//! ```

use greduce::{PassSet, Reducer};
use greduce_hunts::hunt_js::{Program, js_program, non_blank};
use greduce_hunts::js_table::{fails, subjects};
use rand::rngs::StdRng;
use std::cell::Cell;
use std::fmt::Write as _;

fn main() {
    let names = std::env::args().nth(1).unwrap_or_else(|| "all".to_string());
    let passes = match PassSet::parse(&names) {
        Ok(passes) => passes,
        Err(e) => {
            eprintln!("js_calls: {e}");
            std::process::exit(2);
        }
    };
    let subjects = subjects(10);
    let (mut size, mut calls, mut after, mut confirm) = (0, 0, 0, 0);
    println!("passes: {names}");
    println!(
        "| subject | size | calls | calls after the last smaller | calls by pass | \
         calls to confirm | calls to confirm by pass |"
    );
    println!("|---|---:|---:|---:|---|---:|---|");
    for s in &subjects {
        // The calls so far, and the count when a failing candidate was last smaller.
        let (made, smaller_at) = (Cell::new(0u64), Cell::new(0u64));
        let best = Cell::new(non_blank(&s.run.output.0));
        let reduced = Reducer::new(|rng: &mut StdRng| js_program(rng))
            .passes(passes)
            .size(|p: &Program| (non_blank(&p.0), 0))
            .reduce(&s.run.trace, |p: &Program| {
                made.set(made.get() + 1);
                let failed = fails(&p.0);
                if failed && non_blank(&p.0) < best.get() {
                    best.set(non_blank(&p.0));
                    smaller_at.set(made.get());
                }
                !failed
            });
        // The same reduction from its own result: every pass runs over it and finds nothing
        // (or, if it accepts something, the table says so).
        let again = Reducer::new(|rng: &mut StdRng| js_program(rng))
            .passes(passes)
            .size(|p: &Program| (non_blank(&p.0), 0))
            .reduce(&reduced.trace, |p: &Program| !fails(&p.0));
        let total = reduced.stats.property_calls;
        let late = made.get() - smaller_at.get();
        let second = if again.stats.accepted > 0 {
            format!(
                " (accepted {}, size {})",
                again.stats.accepted, again.size.0
            )
        } else {
            String::new()
        };
        println!(
            "| {:#x} | {} | {} | {} | {} | {}{second} | {} |",
            s.seed,
            reduced.size.0,
            total,
            late,
            by_pass(&reduced.stats),
            again.stats.property_calls,
            by_pass(&again.stats),
        );
        size += reduced.size.0;
        calls += total;
        after += late;
        confirm += again.stats.property_calls;
    }
    let n = subjects.len() as f64;
    println!(
        "mean size {:.1}, mean calls {:.1}, of which after the last smaller {:.1}; \
         mean calls to confirm {:.1}",
        size as f64 / n,
        calls as f64 / n,
        after as f64 / n,
        confirm as f64 / n
    );
}

/// Each pass's property calls, those with any.
fn by_pass(stats: &greduce::ReductionStats) -> String {
    let mut out = String::new();
    for p in stats.passes.iter().filter(|p| p.property_calls > 0) {
        let _ = write!(out, "{} {}, ", p.pass, p.property_calls);
    }
    out.trim_end_matches(", ").to_string()
}
