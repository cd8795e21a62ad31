//! The JavaScript table's subjects (`greduce_hunts::js_table`) reduced by greduce's default
//! (tree + re-align, every pass), then searched below with the exhaustive search's
//! neighbourhood (issue 33): `CHANGES` decisions at most (default 2), each among its first
//! `VALUES` values (default 6); no walk from the simplest program.
//!
//! ```text
//! cargo run --release -p greduce-hunts --example js_exhaust [CHANGES VALUES]
//! ```

use greduce::{Exhaust, PassSet, Reducer};
use greduce_hunts::hunt_js::{Program, js_program, non_blank};
use greduce_hunts::js_table::{fails, subjects};
use rand::rngs::StdRng;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>());
    let (changes, values) = match (args.next(), args.next()) {
        (None, None) => (2, 6),
        (Some(Ok(c)), Some(Ok(v))) if v > 0 => (c, v),
        _ => {
            eprintln!("usage: js_exhaust [CHANGES VALUES]");
            std::process::exit(2);
        }
    };
    let bounds = Exhaust {
        decisions: 0,
        values,
        inputs: 1_000_000,
        calls: 5000,
        changes: usize::try_from(changes).unwrap_or(usize::MAX),
    };
    let subjects = subjects(10);
    let (mut size, mut calls) = (0, 0);
    println!("| subject | size | calls | time (s) | program | certificate |");
    println!("|---|---:|---:|---:|---|---|");
    for s in &subjects {
        let started = Instant::now();
        let reduced = Reducer::new(|rng: &mut StdRng| js_program(rng))
            .passes(PassSet::ALL)
            .size(|p: &Program| (non_blank(&p.0), 0))
            .exhaust(bounds)
            .reduce(&s.run.trace, |p: &Program| !fails(&p.0));
        let program: Vec<&str> = reduced.output.0.split_whitespace().collect();
        println!(
            "| {:#x} | {} | {} | {:.1} | `{}` | {} |",
            s.seed,
            reduced.size.0,
            reduced.stats.property_calls,
            started.elapsed().as_secs_f64(),
            program.join(" "),
            reduced.certificate.map_or(String::new(), |c| c.to_string())
        );
        size += reduced.size.0;
        calls += reduced.stats.property_calls;
    }
    let n = subjects.len() as f64;
    println!(
        "mean size {:.1}, mean calls {:.1}",
        size as f64 / n,
        calls as f64 / n
    );
}
