//! Hypothesis' shrink-quality tests ported to greduce (see `greduce_bench::hypothesis_quality`),
//! each from `seeds` seeds: in how many seeds every `minimal` call of the test ends where
//! the test expects, and the property calls that took.

use greduce_bench::hypothesis_quality::{NOT_CARRIED, tests};
use std::fmt::Write as _;

/// The Markdown table, a summary line, and the tests that do not carry over; the finals of
/// the seeds that missed go to stderr.
pub(crate) fn table(seeds: u64) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| file | test | expected | seeds at the expected minimum | calls per seed, mean / max | port |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    let (mut all, mut total) = (0, 0);
    for test in tests() {
        let mut exact = 0;
        let mut calls = Vec::new();
        for seed in 0..seeds {
            let endings = (test.run)(seed);
            if endings.iter().all(|e| e.found && e.exact) {
                exact += 1;
            } else {
                for e in endings.iter().filter(|e| !(e.found && e.exact)) {
                    eprintln!("{} seed {seed}: {}", test.name, e.shown);
                }
            }
            calls.push(endings.iter().map(|e| e.calls).sum::<u64>());
        }
        total += 1;
        if exact == seeds {
            all += 1;
        }
        let mean = calls.iter().sum::<u64>() as f64 / calls.len().max(1) as f64;
        let _ = writeln!(
            out,
            "| {} | `{}` | {} | {exact}/{seeds} | {mean:.1} / {} | {} |",
            test.file,
            test.name,
            test.minimum.replace('|', "\\|"),
            calls.iter().max().copied().unwrap_or(0),
            test.note,
        );
    }
    let _ = writeln!(
        out,
        "\n{all} of {total} ported tests ({:.0} %) end at the expected minimum in {seeds} of {seeds} seeds.\n",
        100.0 * f64::from(all) / f64::from(total.max(1)),
    );
    let _ = writeln!(out, "Not carried over:\n");
    for (file, test, why) in NOT_CARRIED {
        let _ = writeln!(out, "- {file}: `{test}`: {why}");
    }
    out
}
