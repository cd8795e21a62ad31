//! The shrinking challenge's seven properties, each from `seeds` seeds: how often greduce
//! ends in the class of minimal counterexamples and at the canonical one, and how many
//! property calls it makes, next to Hypothesis 6.170 (100 seeds) and to the paper's
//! algorithm alone (structure only).

use greduce::PassSet;
use greduce_bench::challenges::{Challenge, Ending, challenges};
use greduce_bench::challenges_derived::derived_challenges;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Generated inputs per seed before giving up on finding a failure.
const CASES: u64 = 1000;

/// The challenges' Markdown table (and, on stderr, the finals that were not canonical).
pub(crate) fn table(seeds: u64) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| property | found | minimal class | canonical | distinct finals | calls mean / median / max | Hypothesis: minimal class, calls mean | structure only: minimal class, calls mean |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|");
    for challenge in challenges() {
        let full = runs(&challenge, seeds, PassSet::ALL);
        let paper = runs(&challenge, seeds, PassSet::STRUCTURE);
        let found = full.len();
        let pct = |n: usize| 100.0 * n as f64 / found.max(1) as f64;
        let minimal = full.iter().filter(|e| e.minimal).count();
        let canonical = full
            .iter()
            .filter(|e| e.shown == challenge.canonical)
            .count();
        let mut finals: BTreeMap<&str, usize> = BTreeMap::new();
        for e in &full {
            *finals.entry(e.shown.as_str()).or_default() += 1;
        }
        let mut calls: Vec<u64> = full.iter().map(|e| e.calls).collect();
        calls.sort_unstable();
        let mean = |calls: &[u64]| calls.iter().sum::<u64>() as f64 / calls.len().max(1) as f64;
        let paper_minimal = paper.iter().filter(|e| e.minimal).count();
        let paper_calls: Vec<u64> = paper.iter().map(|e| e.calls).collect();
        let _ = writeln!(
            out,
            "| {} | {found}/{seeds} | {:.0} % | {:.0} % `{}` | {} | {:.1} / {} / {} | {:.0} %, {:.1} | {:.0} %, {:.1} |",
            challenge.name,
            pct(minimal),
            pct(canonical),
            challenge.canonical,
            finals.len(),
            mean(&calls),
            calls.get(calls.len() / 2).copied().unwrap_or(0),
            calls.last().copied().unwrap_or(0),
            challenge.hypothesis.0,
            challenge.hypothesis.1,
            100.0 * paper_minimal as f64 / paper.len().max(1) as f64,
            mean(&paper_calls),
        );
        for (shown, n) in finals {
            if shown != challenge.canonical {
                eprintln!("{}: {n} x {shown}", challenge.name);
            }
        }
    }
    out
}

/// The same challenges with input types written with `#[derive(Generate)]`, beside the
/// hand-written generators' shares (`challenges_derived.rs` says what differs).
pub(crate) fn derived_table(seeds: u64) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| property | found | minimal class: derived / hand-written | canonical: derived / hand-written | distinct finals | calls mean: derived / hand-written |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    let written = challenges();
    for derived in &derived_challenges() {
        let hand = derived.name.split(' ').next().unwrap_or_default();
        let written = written
            .iter()
            .find(|w| w.name == hand)
            .expect("each derived challenge has a hand-written one");
        let d = runs(derived, seeds, PassSet::ALL);
        let w = runs(written, seeds, PassSet::ALL);
        let pct = |endings: &[Ending], f: &dyn Fn(&Ending) -> bool| {
            100.0 * endings.iter().filter(|e| f(e)).count() as f64 / endings.len().max(1) as f64
        };
        let minimal = |e: &Ending| e.minimal;
        let canonical = |e: &Ending| e.shown == derived.canonical;
        let mean = |endings: &[Ending]| {
            endings.iter().map(|e| e.calls).sum::<u64>() as f64 / endings.len().max(1) as f64
        };
        let finals: std::collections::BTreeSet<&str> = d.iter().map(|e| e.shown.as_str()).collect();
        let _ = writeln!(
            out,
            "| {} | {}/{seeds} | {:.0} % / {:.0} % | {:.0} % / {:.0} % | {} | {:.1} / {:.1} |",
            derived.name,
            d.len(),
            pct(&d, &minimal),
            pct(&w, &minimal),
            pct(&d, &canonical),
            pct(&w, &canonical),
            finals.len(),
            mean(&d),
            mean(&w),
        );
        for shown in finals.iter().filter(|s| **s != derived.canonical) {
            let n = d.iter().filter(|e| e.shown == *shown).count();
            eprintln!("{} (derived): {n} x {shown}", derived.name);
        }
    }
    out
}

/// The endings of `challenge` from seeds `0..seeds` (those that found a failure).
fn runs(challenge: &Challenge, seeds: u64, passes: PassSet) -> Vec<Ending> {
    (0..seeds)
        .filter_map(|seed| (challenge.run)(seed, CASES, passes))
        .collect()
}
