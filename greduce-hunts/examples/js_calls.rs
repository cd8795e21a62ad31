//! Where the JavaScript table's calls go (issue 32): the table's subjects
//! (`greduce_hunts::js_table`) reduced by tree + re-align with the pass families `PASSES`
//! (default `all`, the default's; `Passes::parse`'s names: `structure,hoist`, ...). For each
//! subject: the size reached, the property calls, how many of them came after the last call
//! that made the input smaller (the round that finds nothing more, and value changes of the
//! same size), and each family's calls; then the means.
//!
//! ```text
//! cargo run --release -p greduce-hunts --example js_calls [PASSES]
//! ```

use greduce::{Passes, Reducer};
use greduce_hunts::hunt_js::{Program, js_program, non_blank};
use greduce_hunts::js_table::{fails, subjects};
use rand::rngs::StdRng;
use std::cell::Cell;
use std::fmt::Write as _;

fn main() {
    let names = std::env::args().nth(1).unwrap_or_else(|| "all".to_string());
    let passes = match Passes::parse(&names) {
        Ok(passes) => passes,
        Err(e) => {
            eprintln!("js_calls: {e}");
            std::process::exit(2);
        }
    };
    let subjects = subjects(10);
    let (mut size, mut calls, mut after) = (0, 0, 0);
    println!("passes: {names}");
    println!("| subject | size | calls | calls after the last smaller | calls by pass |");
    println!("|---|---:|---:|---:|---|");
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
        let mut by_pass = String::new();
        for p in reduced.stats.passes.iter().filter(|p| p.property_calls > 0) {
            let _ = write!(by_pass, "{} {}, ", p.pass, p.property_calls);
        }
        let total = reduced.stats.property_calls;
        let late = made.get() - smaller_at.get();
        println!(
            "| {:#x} | {} | {} | {} | {} |",
            s.seed,
            reduced.size.0,
            total,
            late,
            by_pass.trim_end_matches(", ")
        );
        size += reduced.size.0;
        calls += total;
        after += late;
    }
    let n = subjects.len() as f64;
    println!(
        "mean size {:.1}, mean calls {:.1}, of which after the last smaller {:.1}",
        size as f64 / n,
        calls as f64 / n,
        after as f64 / n
    );
}
