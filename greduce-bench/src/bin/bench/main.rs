//! Benchmarks:
//!
//! ```text
//! cargo run --release -p greduce-bench -- paper-table
//! cargo run --release -p greduce-bench -- paper-table-perses
//! cargo run --release -p greduce-bench -- challenges 100
//! cargo run --release -p greduce-bench -- hypothesis-quality 20
//! cargo run --release -p greduce-bench -- scale
//! cargo run --release -p greduce-bench -- stateful 100
//! cargo run --release -p greduce-bench -- dd-bench [INPUT] [--limit SECONDS] [--tools LIST]
//! cargo run --release -p greduce-bench -- grammars [N] [--passes LIST]
//! cargo run --release -p greduce-bench -- runaway
//! ```
//!
//! (What `#[generator]` costs, called directly, recorded and replayed, is the binary of its
//! own `overhead`: `cargo run --release -p greduce-bench --bin overhead`.)
//!
//! `runaway`: a replay that runs away past the recorded trace, against a steady generator
//! (see `runaway.rs`).
//!
//! `grammars N`: the grammar fuzzer's trace reduction against choice-sequence ddmin (plain
//! and with the default marker), Perses and character ddmin, on three grammars with three
//! failures each, `N` seeds (20 by default; see `grammars.rs`).
//!
//! `dd-bench`: the command-line reducer against picire and shrinkray on eleven generated
//! inputs of 10^3 to 10^5 lines (see `dd_bench.rs`; needs `pip install picire shrinkray`,
//! gcc, python3 and node).
//!
//! `stateful N`: the stateful example (an LRU cache against its model) from `N` seeds, by
//! greduce and by proptest-state-machine (see `stateful.rs`).
//!
//! `scale`: three workloads shrunk at sizes from 10^2 to 10^6 (see `scale.rs`).
//!
//! `hypothesis-quality N`: Hypothesis' shrink-quality tests, ported, from `N` seeds each (20
//! by default; see `greduce_bench::hypothesis_quality`).
//!
//! `challenges N`: the shrinking challenge's seven properties from `N` seeds each (see
//! `challenges.rs`).
//!
//! `paper-table-perses`: the paper-table's section on Perses alone.
//!
//! `paper-table`: the GReduce paper's Table 1, on the paper's own subjects.
//! For every subject with an oracle and every setting (sequence or tree search; halt,
//! bypass or re-align), reduces the original and reports the final size, property calls,
//! time and the share of candidates that passed the domain's validator; then the averages
//! next to the paper's. Prints Markdown (`BENCHMARKS.md` holds its output).

mod challenges;
mod dd_bench;
mod dl;
mod grammars;
mod hypothesis_quality;
mod rows;
mod runaway;
mod scale;
mod stateful;

use greduce_bench::any_graph::AnyGraph;
use greduce_bench::graph_oracles::{Fidelity, Oracle, fidelity_label, oracles};
use greduce_bench::graph_subjects::GraphSubject;
use greduce_bench::proptest_baseline;
use rows::{DEFAULT, Row, SETTINGS, Subject, mean, reduce_subject};
use std::cell::Cell;
use std::fmt::Write as _;

/// The paper's graph results (`size`, `tests`) per subject, in the order of the artifact's
/// `Results.xlsx` columns: tree + re-align, sequence + re-align, tree + bypass, sequence +
/// bypass, tree + halt, sequence + halt.
const PAPER_GRAPH: [[((usize, usize), u64); 6]; 10] = [
    [
        ((2, 1), 19),
        ((2, 1), 43),
        ((2, 1), 24),
        ((2, 1), 43),
        ((2, 1), 43),
        ((2, 1), 42),
    ],
    [
        ((3, 2), 39),
        ((3, 2), 72),
        ((3, 2), 43),
        ((3, 2), 75),
        ((3, 2), 55),
        ((3, 2), 54),
    ],
    [
        ((5, 4), 80),
        ((6, 5), 173),
        ((7, 6), 109),
        ((9, 8), 309),
        ((15, 14), 205),
        ((15, 14), 194),
    ],
    [
        ((3, 5), 54),
        ((3, 4), 121),
        ((3, 8), 61),
        ((3, 9), 129),
        ((3, 7), 211),
        ((3, 7), 209),
    ],
    [
        ((2, 0), 31),
        ((2, 0), 35),
        ((2, 0), 31),
        ((2, 0), 35),
        ((2, 0), 36),
        ((2, 0), 36),
    ],
    [
        ((14, 21), 309),
        ((24, 31), 899),
        ((23, 31), 448),
        ((26, 32), 982),
        ((41, 50), 936),
        ((41, 50), 889),
    ],
    [
        ((10, 11), 306),
        ((12, 13), 549),
        ((4, 5), 65),
        ((20, 21), 626),
        ((20, 22), 345),
        ((20, 22), 325),
    ],
    [
        ((5, 5), 107),
        ((21, 21), 1215),
        ((6, 6), 211),
        ((44, 47), 2427),
        ((52, 55), 1850),
        ((52, 55), 1797),
    ],
    [
        ((6, 6), 124),
        ((12, 12), 479),
        ((7, 7), 115),
        ((15, 15), 603),
        ((15, 15), 354),
        ((15, 15), 340),
    ],
    [
        ((5, 5), 147),
        ((9, 9), 489),
        ((5, 5), 118),
        ((15, 15), 753),
        ((17, 17), 384),
        ((17, 17), 368),
    ],
];

/// The paper's result for subject `subject` under setting `setting` (of [`SETTINGS`]).
fn paper(subject: usize, setting: usize) -> ((usize, usize), u64) {
    // SETTINGS order -> Results.xlsx column.
    const COLUMN: [usize; 6] = [0, 2, 4, 1, 3, 5];
    PAPER_GRAPH[subject - 1][COLUMN[setting]]
}

fn reduce(subject: &GraphSubject, oracle: &Oracle, setting: usize) -> Row {
    let subject = Subject {
        id: subject.id,
        run: subject.rebuild(),
        generator: subject.generator(),
        size: AnyGraph::size,
        valid: &AnyGraph::is_valid,
        fails: &oracle.fails,
    };
    reduce_subject(subject, setting)
}

const USAGE: &str = "usage: cargo run --release -p greduce-bench -- paper-table | paper-table-perses | challenges [SEEDS] | hypothesis-quality [SEEDS] | scale | runaway | stateful [SEEDS] | dd-bench [INPUT] [--limit SECONDS] [--tools greduce,picire,shrinkray] | grammars [N] [--passes LIST] | deep-bug [SECONDS] [RUNS] | deep-bug-shrink FILE... | deep-bug-decode FILE...";

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_default();
    if what == "challenges" || what == "hypothesis-quality" {
        let seeds = match args.next().map(|s| s.parse::<u64>()) {
            None if what == "challenges" => 100,
            None => 20,
            Some(Ok(n)) if n > 0 => n,
            Some(_) => {
                eprintln!("{USAGE}\nSEEDS must be a positive number");
                std::process::exit(2);
            }
        };
        if what == "challenges" {
            print!("{}", challenges::table(seeds));
            println!();
            print!("{}", challenges::derived_table(seeds));
        } else {
            print!("{}", hypothesis_quality::table(seeds));
        }
        return;
    }
    if what.starts_with("deep-bug") {
        deep_bug_main(&what, args);
        return;
    }
    if what == "grammars" {
        grammars::main(args);
        return;
    }
    if what == "dd-bench" {
        // `dd-bench [INPUT] [--limit SECONDS] [--tools LIST]`: one input by name, a time
        // limit per run, some of the tools.
        let mut only = None;
        let mut tools = Vec::new();
        let mut limit = std::time::Duration::from_secs(15 * 60);
        while let Some(arg) = args.next() {
            if arg == "--limit" {
                let secs = args.next().and_then(|s| s.parse().ok()).unwrap_or(900);
                limit = std::time::Duration::from_secs(secs);
            } else if arg == "--tools" {
                let list = args.next().unwrap_or_default();
                tools = list.split(',').map(str::to_string).collect();
            } else {
                only = Some(arg);
            }
        }
        print!("{}", dd_bench::table(limit, only.as_deref(), &tools));
        return;
    }
    if what == "runaway" {
        print!("{}", runaway::table());
        return;
    }
    if what == "runaway-point" {
        runaway::point(&args.next().unwrap_or_default());
        return;
    }
    if what == "stateful" {
        let seeds = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
        print!("{}", stateful::table(seeds));
        return;
    }
    if what == "scale" {
        print!("{}", scale::table());
        return;
    }
    if what == "scale-point" {
        let workload = args.next().unwrap_or_default();
        let n = args.next().and_then(|n| n.parse().ok()).unwrap_or(0);
        if let Err(e) = scale::point(&workload, n) {
            eprintln!("{e}");
            std::process::exit(2);
        }
        return;
    }
    if what == "paper-table-perses" {
        // The Perses section alone (with the default rows it compares with).
        let oracles = oracles();
        let rows: Vec<Row> = oracles
            .iter()
            .map(|oracle| reduce(&GraphSubject::new(oracle.subject), oracle, DEFAULT))
            .collect();
        print!("{}", perses_rows(&oracles, &rows));
        return;
    }
    if what != "paper-table" {
        eprintln!("{USAGE}");
        std::process::exit(2);
    }
    let oracles = oracles();
    let mut rows = Vec::new();
    for oracle in &oracles {
        let subject = GraphSubject::new(oracle.subject);
        for setting in 0..=DEFAULT {
            rows.push(reduce(&subject, oracle, setting));
        }
    }
    print!("{}", report(&oracles, &rows));
    print!("{}", baseline(&oracles, &rows));
    print!("{}", perses_rows(&oracles, &rows));
    let dl_rows = dl::rows();
    print!("{}", dl::table(&dl_rows));
    print!("{}", versus(&rows, &dl_rows));
}

/// Structure only (the paper's tree + re-align) against the full default, for all thirty
/// subjects.
fn versus(graph: &[Row], dl: &[Row]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n## Structure only (the paper's algorithm) and the full default\n\n\
         Both with tree search and re-align on the same original; the default adds the value \
         passes (`PassSet::ALL`). Sizes are the subject's measure, which the reduction also \
         uses as its order's first key; calls are property calls.\n"
    );
    let _ = writeln!(
        out,
        "| subject | original | structure only: size | calls | default: size | calls | default not larger |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|");
    let mut compared = Vec::new();
    for (prefix, rows, count) in [("G", graph, 10), ("DL", dl, 20)] {
        for id in 1..=count {
            let find = |setting| {
                rows.iter()
                    .find(|r| r.subject == id && r.setting == setting)
            };
            let (Some(paper), Some(full)) = (find(0), find(DEFAULT)) else {
                let _ = writeln!(out, "| {prefix}-{id} | no oracle | | | | | |");
                continue;
            };
            let _ = writeln!(
                out,
                "| {prefix}-{id} | {:?} | {:?} | {} | {:?} | {} | {} |",
                paper.original,
                paper.size,
                paper.calls,
                full.size,
                full.calls,
                if full.size <= paper.size {
                    "yes"
                } else {
                    "**no**"
                }
            );
            compared.push((prefix, paper, full));
        }
    }
    for prefix in ["G", "DL"] {
        let pairs: Vec<&(&str, &Row, &Row)> =
            compared.iter().filter(|(p, ..)| *p == prefix).collect();
        let _ = writeln!(
            out,
            "| {prefix} mean | | ({:.1}, {:.1}) | {:.1} | ({:.1}, {:.1}) | {:.1} | {}/{} |",
            mean(pairs.iter().map(|(_, p, _)| p.size.0 as f64)),
            mean(pairs.iter().map(|(_, p, _)| p.size.1 as f64)),
            mean(pairs.iter().map(|(_, p, _)| p.calls as f64)),
            mean(pairs.iter().map(|(_, _, f)| f.size.0 as f64)),
            mean(pairs.iter().map(|(_, _, f)| f.size.1 as f64)),
            mean(pairs.iter().map(|(_, _, f)| f.calls as f64)),
            pairs.iter().filter(|(_, p, f)| f.size <= p.size).count(),
            pairs.len(),
        );
    }
    out
}

/// proptest on the same generator and oracles, next to tree + re-align.
fn baseline(oracles: &[Oracle], rows: &[Row]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "\n### proptest on the same generator and oracles\n");
    let _ = writeln!(
        out,
        "proptest shrinks only inputs it generated: it generates with the subject's model \
         (seeded) until the oracle fails, then shrinks with its default limits (4000 shrink \
         iterations); a run stopped by that limit reports a bound, not its minimum. So the two \
         start from different inputs (proptest's are smaller: it generates small inputs \
         first). Ours: tree + re-align on the paper's original; our calls leave out the \
         candidates our trace and output caches answered.\n"
    );
    let _ = writeln!(
        out,
        "| subject | proptest: original | final | calls | ours: original | final | calls |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|");
    let (mut theirs, mut ours) = (Vec::new(), Vec::new());
    for oracle in oracles {
        let subject = GraphSubject::new(oracle.subject);
        let row = rows
            .iter()
            .find(|r| r.subject == oracle.subject && r.setting == 0)
            .expect("tree + re-align ran");
        let result = proptest_baseline::shrink(oracle, subject.model, subject.directed, 7);
        let cell = match result {
            Some(b) => {
                theirs.push(b);
                ours.push(row);
                let cap = if b.calls >= proptest_baseline::MAX_SHRINK_ITERS {
                    " (stopped by its limit)"
                } else {
                    ""
                };
                format!("{:?} | {:?} | {}{cap}", b.original, b.size, b.calls)
            }
            None => "no failure in 1000 cases | | ".to_string(),
        };
        let _ = writeln!(
            out,
            "| G-{} | {cell} | {:?} | {:?} | {} |",
            oracle.subject, row.original, row.size, row.calls
        );
    }
    let _ = writeln!(
        out,
        "| mean (where both failed) | | ({:.1}, {:.1}) | {:.1} | | ({:.1}, {:.1}) | {:.1} |",
        mean(theirs.iter().map(|b| b.size.0 as f64)),
        mean(theirs.iter().map(|b| b.size.1 as f64)),
        mean(theirs.iter().map(|b| b.calls as f64)),
        mean(ours.iter().map(|r| r.size.0 as f64)),
        mean(ours.iter().map(|r| r.size.1 as f64)),
        mean(ours.iter().map(|r| r.calls as f64)),
    );
    out
}

/// Perses (`greduce::grammar::perses`) on the subjects' text form, under the same oracles,
/// beside the full default's rows.
fn perses_rows(oracles: &[Oracle], rows: &[Row]) -> String {
    use greduce::dd::Outcome;
    use greduce_bench::graph_text;
    let mut out = String::new();
    let _ = writeln!(out, "\n### Perses on the same originals and oracles\n");
    let _ = writeln!(
        out,
        "Perses reduces the original's text (JGraphT's `toString` form, with `=w` after each \
         edge of a weighted graph; grammar in `greduce-bench/src/graph_text.rs`) through its \
         Earley parse, so every candidate is grammatical; a candidate that is no graph (an edge \
         naming a vertex the list lacks, a vertex listed twice) is unresolved, as the graph \
         library would refuse it. Valid is the share of its test calls on graphs. Ours: the \
         full default on the same original.\n"
    );
    let _ = writeln!(
        out,
        "| subject | original | Perses: size | calls | valid | ours: size | calls | valid |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|");
    let grammar: greduce::grammar::Grammar = graph_text::GRAMMAR
        .parse()
        .expect("the graph grammar parses");
    let (mut theirs, mut ours) = (Vec::new(), Vec::new());
    for oracle in oracles {
        let subject = GraphSubject::new(oracle.subject);
        let original = subject.rebuild().output;
        let text = graph_text::text(&original, subject.model.weighted);
        let tree = grammar.parse(&text).expect("the original's text parses");
        let (calls, valid) = (Cell::new(0_u64), Cell::new(0_u64));
        let reduced = greduce::grammar::perses(&grammar, &tree, |s: &str| {
            calls.set(calls.get() + 1);
            match graph_text::parse(s, subject.directed) {
                None => Outcome::Unresolved,
                Some(graph) => {
                    valid.set(valid.get() + 1);
                    if (oracle.fails)(&graph) {
                        Outcome::Fails
                    } else {
                        Outcome::Passes
                    }
                }
            }
        })
        .expect("the original fails its oracle");
        let size = graph_text::parse(&reduced.tree.text(), subject.directed)
            .expect("a failing candidate is a graph")
            .size();
        let row = rows
            .iter()
            .find(|r| r.subject == oracle.subject && r.setting == DEFAULT)
            .expect("the default ran");
        let share = |valid: u64, calls: u64| 100.0 * valid as f64 / calls.max(1) as f64;
        let _ = writeln!(
            out,
            "| G-{} | {:?} | {size:?} | {} | {:.1} % | {:?} | {} | {:.0} % |",
            oracle.subject,
            original.size(),
            calls.get(),
            share(valid.get(), calls.get()),
            row.size,
            row.calls,
            share(row.valid, row.seen),
        );
        theirs.push((size, calls.get(), valid.get()));
        ours.push(row);
    }
    let _ = writeln!(
        out,
        "| mean | | ({:.1}, {:.1}) | {:.1} | {:.1} % | ({:.1}, {:.1}) | {:.1} | {:.0} % |",
        mean(theirs.iter().map(|t| t.0.0 as f64)),
        mean(theirs.iter().map(|t| t.0.1 as f64)),
        mean(theirs.iter().map(|t| t.1 as f64)),
        100.0 * theirs.iter().map(|t| t.2).sum::<u64>() as f64
            / theirs.iter().map(|t| t.1).sum::<u64>().max(1) as f64,
        mean(ours.iter().map(|r| r.size.0 as f64)),
        mean(ours.iter().map(|r| r.size.1 as f64)),
        mean(ours.iter().map(|r| r.calls as f64)),
        100.0 * ours.iter().map(|r| r.valid).sum::<u64>() as f64
            / ours.iter().map(|r| r.seen).sum::<u64>().max(1) as f64,
    );
    out
}

fn report(oracles: &[Oracle], rows: &[Row]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "## Graphs (JGraphT subjects, FastGnm)\n");
    let _ = writeln!(out, "Oracles:\n");
    for oracle in oracles {
        let _ = writeln!(out, "- G-{}: {}.", oracle.subject, oracle.what);
    }
    let _ = writeln!(
        out,
        "- G-3, G-6, G-7: no oracle yet (`DeltaSteppingShortestPath`, an unknown algorithm, \
         `HeldKarpTSP`).\n"
    );
    let _ = writeln!(
        out,
        "Size is (vertices, edges); calls are property calls (the paper's \"tests\"); valid is \
         the share of the candidates the generator produced (each output the property was \
         asked about) that the domain validator accepted. For graphs the validator checks \
         distinct vertex ids and edges between existing vertices, which petgraph and the \
         generator guarantee: the column shows that no candidate broke them.\n"
    );
    let _ = writeln!(
        out,
        "| subject | oracle | setting | original | ours: size | calls | time | valid | paper: size | calls |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|---|");
    for row in rows.iter().filter(|r| r.setting < DEFAULT) {
        let oracle = oracles
            .iter()
            .find(|o| o.subject == row.subject)
            .expect("an oracle");
        let (paper_size, paper_calls) = paper(row.subject, row.setting);
        let fidelity = fidelity_label(oracle.fidelity);
        let _ = writeln!(
            out,
            "| G-{} | {fidelity} | {} | {:?} | {:?} | {} | {:.2} s | {:.1} % | {:?} | {} |",
            row.subject,
            SETTINGS[row.setting].2,
            row.original,
            row.size,
            row.calls,
            row.seconds,
            100.0 * row.valid as f64 / row.seen.max(1) as f64,
            paper_size,
            paper_calls,
        );
    }
    averages(&mut out, rows, "all the subjects above", |_| true);
    averages(
        &mut out,
        rows,
        "the subjects with high-fidelity oracles (G-2, G-4)",
        |r| {
            oracles
                .iter()
                .any(|o| o.subject == r.subject && o.fidelity == Fidelity::High)
        },
    );
    out
}

/// The averages per setting over the rows `keep` selects.
fn averages(out: &mut String, rows: &[Row], over: &str, keep: impl Fn(&Row) -> bool) {
    let _ = writeln!(out, "\n### Averages over {over}\n");
    let _ = writeln!(
        out,
        "| setting | ours: size | calls | valid | paper (same subjects): size | calls | paper \
         (Table 1, all 10): size | calls |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|");
    for (setting, (_, _, name)) in SETTINGS.iter().enumerate() {
        let all: Vec<((usize, usize), u64)> = (1..=10).map(|g| paper(g, setting)).collect();
        let paper_all = format!(
            "({:.1}, {:.1}) | {:.1}",
            mean(all.iter().map(|p| p.0.0 as f64)),
            mean(all.iter().map(|p| p.0.1 as f64)),
            mean(all.iter().map(|p| p.1 as f64)),
        );
        let ours: Vec<&Row> = rows
            .iter()
            .filter(|r| r.setting == setting && keep(r))
            .collect();
        let paper: Vec<((usize, usize), u64)> =
            ours.iter().map(|r| paper(r.subject, setting)).collect();
        let _ = writeln!(
            out,
            "| {name} | ({:.1}, {:.1}) | {:.1} | {:.1} % | ({:.1}, {:.1}) | {:.1} | {paper_all} |",
            mean(ours.iter().map(|r| r.size.0 as f64)),
            mean(ours.iter().map(|r| r.size.1 as f64)),
            mean(ours.iter().map(|r| r.calls as f64)),
            100.0 * ours.iter().map(|r| r.valid).sum::<u64>() as f64
                / ours.iter().map(|r| r.seen).sum::<u64>().max(1) as f64,
            mean(paper.iter().map(|p| p.0.0 as f64)),
            mean(paper.iter().map(|p| p.0.1 as f64)),
            mean(paper.iter().map(|p| p.1 as f64)),
        );
    }
}

/// `deep-bug [SECONDS] [RUNS]`, `deep-bug-shrink FILE...` and `deep-bug-decode FILE...`.
fn deep_bug_main(what: &str, mut args: impl Iterator<Item = String>) {
    match what {
        "deep-bug" => {
            let seconds = args.next().and_then(|n| n.parse().ok()).unwrap_or(600);
            let runs = args.next().and_then(|n| n.parse().ok()).unwrap_or(5);
            deep_bug(std::time::Duration::from_secs(seconds), runs);
        }
        "deep-bug-shrink" | "deep-bug-decode" => {
            for file in args {
                deep_bug_file(&file, what == "deep-bug-shrink");
            }
        }
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    }
}

/// BENCHMARKS.md, "Fuzzing", benchmark 2, the random side: `runs` runs of random cases of
/// `deep_bug::records` (seeds from a different base each run), each until a case fails
/// `no_magic` or `limit` passes; prints the cases each made and when it found the bug.
fn deep_bug(limit: std::time::Duration, runs: u64) {
    use greduce_bench::deep_bug::{no_magic, records};
    use rand::SeedableRng;
    println!("| run | cases | found after |");
    println!("|---|---|---|");
    for run in 0..runs {
        let start = std::time::Instant::now();
        let mut rng = rand::rngs::StdRng::seed_from_u64(0xdeeb_0000 + run);
        let mut cases: u64 = 0;
        let found = loop {
            // The clock is read every 4096 cases: a case takes well under a microsecond.
            if cases.is_multiple_of(4096) && start.elapsed() >= limit {
                break None;
            }
            cases += 1;
            if !no_magic(&records(&mut rng)) {
                break Some(start.elapsed());
            }
        };
        let found = found.map_or_else(
            || format!("not found in {} s", limit.as_secs()),
            |t| format!("{:.1} s", t.as_secs_f64()),
        );
        println!("| {} | {cases} | {found} |", run + 1);
    }
}

/// BENCHMARKS.md, "Fuzzing", benchmark 4: a fuzzer's file for `deep_bug`, decoded as the
/// fuzz target decodes it (its records and decisions), and with `shrink` reduced by its
/// trace (the records and decisions left, the property calls and the time).
fn deep_bug_file(file: &str, shrink: bool) {
    use greduce_bench::deep_bug::{no_magic, records};
    let data = std::fs::read(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let run = greduce::fuzz::from_bytes(&data, records).unwrap_or_else(|e| panic!("{file}: {e}"));
    let shown = |v: &Vec<(u32, u8)>| format!("{} records {v:x?}", v.len());
    print!(
        "{file}: {} bytes, {}, {} decisions",
        data.len(),
        shown(&run.output),
        run.trace.decision_count()
    );
    if shrink {
        let start = std::time::Instant::now();
        let reduced = greduce::Reducer::new(records).reduce(&run.trace, no_magic);
        print!(
            "; shrunk to {}, {} decisions, in {} property calls, {:.3} s",
            shown(&reduced.output),
            reduced.trace.decision_count(),
            reduced.stats.property_calls,
            start.elapsed().as_secs_f64()
        );
    }
    println!();
}
