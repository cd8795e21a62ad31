//! The GReduce paper's Table 1, JavaScript rows (issue 32; BENCHMARKS.md "JavaScript
//! programs"): programs of the JavaScript generator that fail a finding of `hunt js`,
//! reduced by greduce under the paper's six settings and its full default, by Perses
//! through [`GRAMMAR`]'s parse, by `greduce reduce` on characters, and by JSDelta.
//!
//! ```text
//! cargo build --release -p greduce-cli -p greduce-hunts
//! cargo run --release -p greduce-hunts -- js-table [--subjects N] [--jsdelta PATH/delta.js]
//! ```
//!
//! A subject is a seed's program (`js_program(&mut StdRng::seed_from_u64(seed))`, seeds
//! from [`BASE`]) that fails the finding as the hunt sees it ([`fails_as`]): valid (oxc,
//! swc and boa parse it) and failing that finding's check with its signature. Every reducer
//! asks the same question of each candidate; a candidate that is not a valid program is
//! not a failure (and counts as invalid in the "valid" share). Sizes are non-blank
//! characters, as the paper counts them.
//!
//! The command-line reducers get the question as a command: `hunt js-oracle FILE` exits 0
//! when `FILE` fails the finding (`greduce reduce` keeps a candidate on exit 0) and 1
//! otherwise, `hunt js-oracle --invert FILE` the other way round (JSDelta keeps a candidate
//! whose command fails); each call appends a line to the file `GREDUCE_JS_LOG` names, so
//! the table counts their calls and valid candidates as it counts the others'.

use crate::hunt_js::{Program, fails_as, js_program, non_blank, valid};
use greduce::grammar::{Grammar, perses};
use greduce::{PassSet, Reducer, Run, Search, Strategy};
use greduce_domains::js::GRAMMAR;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::cell::Cell;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The finding the subjects fail.
pub const FINDING: &str = "J1: swc prints `new (++x)` as `new ++x`";

/// The first seed tried for a subject.
pub const BASE: u64 = 0x15_1000;

/// The sizes of a subject, in non-blank characters: the paper's subjects have 131 to 569.
/// A smaller program leaves little to reduce (the first failing program from [`BASE`] has
/// 14); a program of the generator can have hundreds of thousands, which Perses' Earley
/// parse and the character reducer would take hours over.
pub const SIZES: std::ops::RangeInclusive<usize> = 100..=1000;

/// The environment variable naming the file `hunt js-oracle` appends its verdicts to.
pub const LOG: &str = "GREDUCE_JS_LOG";

/// The settings: the paper's six (structure only), then the full default.
pub const SETTINGS: [(&str, Search, Strategy, PassSet); 7] = [
    (
        "tree + re-align",
        Search::Tree,
        Strategy::Realign,
        PassSet::STRUCTURE,
    ),
    (
        "tree + bypass",
        Search::Tree,
        Strategy::Bypass,
        PassSet::STRUCTURE,
    ),
    (
        "tree + halt",
        Search::Tree,
        Strategy::Halt,
        PassSet::STRUCTURE,
    ),
    (
        "sequence + re-align",
        Search::Sequence,
        Strategy::Realign,
        PassSet::STRUCTURE,
    ),
    (
        "sequence + bypass",
        Search::Sequence,
        Strategy::Bypass,
        PassSet::STRUCTURE,
    ),
    (
        "sequence + halt",
        Search::Sequence,
        Strategy::Halt,
        PassSet::STRUCTURE,
    ),
    (
        "default (tree + re-align, every pass)",
        Search::Tree,
        Strategy::Realign,
        PassSet::ALL,
    ),
];

/// Whether a program fails the subjects' finding.
#[must_use]
pub fn fails(text: &str) -> bool {
    fails_as(text, FINDING)
}

/// A subject: its seed and its recorded run.
pub struct Subject {
    /// The seed of its program.
    pub seed: u64,
    /// The program and its trace.
    pub run: Run<Program>,
}

/// A seeded `StdRng` that panics after `left` more draws: the generator's programs are
/// heavy-tailed (4096 seeds make 775 MB of text, 1 % of them 100 to 1000 non-blank
/// characters), so the search for subjects stops a program early once it is sure to be too
/// large. A program made within the budget is the seed's program, draw for draw.
struct Budgeted {
    rng: StdRng,
    left: u32,
}

impl Budgeted {
    fn draw(&mut self) {
        self.left = self
            .left
            .checked_sub(1)
            .unwrap_or_else(|| std::panic::panic_any(OverBudget));
    }
}

/// The panic of a [`Budgeted`] generator out of draws.
struct OverBudget;

impl rand::TryRng for Budgeted {
    type Error = std::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        use rand::Rng as _;
        self.draw();
        Ok(self.rng.next_u32())
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        use rand::Rng as _;
        self.draw();
        Ok(self.rng.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        use rand::Rng as _;
        self.draw();
        self.rng.fill_bytes(dst);
        Ok(())
    }
}

/// The draws a subject's program may take: twice the most a program of [`SIZES`] took
/// among the 194 of seeds 0 to 19 999 (0.95 draws per non-blank character). A program
/// over it is skipped: the subjects are the first failing seeds among those within it.
const DRAWS: u32 = 2000;

/// The first `n` subjects: seeds from [`BASE`] whose program has [`SIZES`] non-blank
/// characters, holds `new (++` or `new (--` (J1's signature needs a `new` of an update in
/// swc's output; this cheap test leaves out a program where the update is further inside,
/// such as `new ((++ x).y)`), and [`fails`]. The seeds are tried in blocks, on two
/// threads; the result is the same as trying them one by one.
#[must_use]
pub fn subjects(n: usize) -> Vec<Subject> {
    const BLOCK: u64 = 1 << 14;
    let mut seeds = Vec::new();
    let mut start = BASE;
    crate::hunt::silenced(|| {
        while seeds.len() < n {
            let found = std::sync::Mutex::new(Vec::new());
            std::thread::scope(|scope| {
                for thread in 0..2 {
                    let found = &found;
                    scope.spawn(move || {
                        for seed in (start + thread..start + BLOCK).step_by(2) {
                            let mut rng = Budgeted {
                                rng: StdRng::seed_from_u64(seed),
                                left: DRAWS,
                            };
                            let Ok(Program(text)) = crate::hunt::guarded(|| js_program(&mut rng))
                            else {
                                continue;
                            };
                            // J1 needs a `new` of a `++` or `--` (every expression is in
                            // parentheses): a cheap test before the parsers and boa.
                            let may = text.contains("new (++") || text.contains("new (--");
                            if may && SIZES.contains(&non_blank(&text)) && fails(&text) {
                                found
                                    .lock()
                                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                                    .push(seed);
                            }
                        }
                    });
                }
            });
            let mut found = found
                .into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            found.sort_unstable();
            eprintln!(
                "js-table: seeds {start:#x} to {:#x}: {} subjects {found:x?}",
                start + BLOCK - 1,
                found.len()
            );
            seeds.extend(found);
            start += BLOCK;
        }
    });
    seeds
        .into_iter()
        .take(n)
        .map(|seed| Subject {
            seed,
            run: crate::hunt::silenced(|| {
                greduce::record(|rng: &mut StdRng| js_program(rng), seed)
            }),
        })
        .collect()
}

/// One reduction's result.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reduced {
    /// The result's non-blank characters.
    pub size: usize,
    /// The oracle's calls.
    pub calls: u64,
    /// Of those, on valid programs ([`valid`]).
    pub valid: u64,
    /// Wall time, in seconds.
    pub seconds: f64,
}

/// Counts an oracle's calls and valid candidates.
#[derive(Default)]
struct Counter {
    calls: Cell<u64>,
    valid: Cell<u64>,
}

impl Counter {
    /// The oracle on `text`, counted: whether it fails the finding.
    fn fails(&self, text: &str) -> bool {
        self.calls.set(self.calls.get() + 1);
        // A failing program is valid (its check asked first): validity is asked apart only
        // of the others, not twice of every candidate.
        let failed = fails(text);
        if failed || valid(text) {
            self.valid.set(self.valid.get() + 1);
        }
        failed
    }

    fn reduced(&self, text: &str, started: Instant) -> Reduced {
        Reduced {
            size: non_blank(text),
            calls: self.calls.get(),
            valid: self.valid.get(),
            seconds: started.elapsed().as_secs_f64(),
        }
    }
}

/// `subject` reduced by greduce under setting `setting` of [`SETTINGS`].
#[must_use]
pub fn by_trace(subject: &Subject, setting: usize) -> Reduced {
    let (_, search, strategy, passes) = SETTINGS[setting];
    let counter = Counter::default();
    let started = Instant::now();
    let reduction = Reducer::new(|rng: &mut StdRng| js_program(rng))
        .search(search)
        .strategy(strategy)
        .passes(passes)
        .size(|p: &Program| (non_blank(&p.0), 0))
        .reduce(&subject.run.trace, |p: &Program| !counter.fails(&p.0));
    counter.reduced(&reduction.output.0, started)
}

/// `subject` reduced by Perses through [`GRAMMAR`]'s parse.
///
/// # Errors
///
/// The program does not parse by the grammar (it always should), or Perses finds the
/// original not failing.
pub fn by_perses(subject: &Subject) -> Result<Reduced, String> {
    use greduce::dd::Outcome;
    let grammar: Grammar = GRAMMAR.parse().map_err(|e| format!("the grammar: {e}"))?;
    let tree = grammar
        .parse(&subject.run.output.0)
        .map_err(|e| format!("seed {:#x} does not parse: {e}", subject.seed))?;
    let counter = Counter::default();
    let started = Instant::now();
    let reduced = perses(&grammar, &tree, |text: &str| {
        if counter.fails(text) {
            Outcome::Fails
        } else {
            Outcome::Passes
        }
    })
    .map_err(|e| format!("Perses on seed {:#x}: {e}", subject.seed))?;
    Ok(counter.reduced(&reduced.tree.text(), started))
}

/// A command-line reducer.
#[derive(Clone, Debug)]
pub enum Tool {
    /// `greduce reduce --passes chars --jobs 1 FILE CMD`, the binary at this path.
    GreduceChars(PathBuf),
    /// JSDelta (`node delta.js --cmd CMD FILE`), its `delta.js` at this path.
    JsDelta(PathBuf),
}

/// `subject` reduced by a command-line reducer, which calls `oracle` (this program's
/// path: `hunt js-oracle`) on each candidate in a scratch directory of its own.
///
/// # Errors
///
/// The scratch directory cannot be made, the tool does not start or fails, or its result
/// cannot be read.
pub fn by_command(subject: &Subject, tool: &Tool, oracle: &Path) -> Result<Reduced, String> {
    let dir = std::env::temp_dir().join(format!(
        "greduce-js-table-{}-{:x}",
        std::process::id(),
        subject.seed
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let reduced = run_command(subject, tool, oracle, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    reduced
}

/// [`by_command`] in the scratch directory `dir`, which the caller removes.
fn run_command(
    subject: &Subject,
    tool: &Tool,
    oracle: &Path,
    dir: &Path,
) -> Result<Reduced, String> {
    let shown = |e: std::io::Error, path: &Path| format!("{}: {e}", path.display());
    std::fs::create_dir_all(dir.join("work")).map_err(|e| shown(e, dir))?;
    let file = dir.join("work").join("program.js");
    let log = dir.join("log");
    std::fs::write(&file, &subject.run.output.0).map_err(|e| shown(e, &file))?;
    std::fs::write(&log, "").map_err(|e| shown(e, &log))?;
    let started = Instant::now();
    let (status, result) = match tool {
        Tool::GreduceChars(greduce) => {
            let status = std::process::Command::new(greduce)
                .args(["reduce", "--quiet", "--passes", "chars", "--jobs", "1"])
                .arg(&file)
                .arg("--")
                .arg(oracle)
                .arg("js-oracle")
                .arg("program.js")
                .env(LOG, &log)
                .output();
            (status, file.clone())
        }
        Tool::JsDelta(delta) => {
            // JSDelta runs its command through a shell: the path goes in single quotes.
            let quoted = oracle.display().to_string().replace('\'', "'\\''");
            let command = format!("'{quoted}' js-oracle --invert");
            let out = dir.join("out");
            let status = std::process::Command::new("node")
                .arg(delta)
                .arg("--cmd")
                .arg(&command)
                .arg("--out")
                .arg(&out)
                .arg(&file)
                .current_dir(dir)
                .env(LOG, &log)
                .output();
            (status, out)
        }
    };
    let status = status.map_err(|e| format!("{tool:?} does not start: {e}"))?;
    if !status.status.success() {
        return Err(format!(
            "{tool:?} failed ({}): {}",
            status.status,
            String::from_utf8_lossy(&status.stderr)
                .lines()
                .last()
                .unwrap_or("")
        ));
    }
    let text = std::fs::read_to_string(&result).map_err(|e| shown(e, &result))?;
    let verdicts = std::fs::read_to_string(&log).map_err(|e| shown(e, &log))?;
    Ok(Reduced {
        size: non_blank(&text),
        calls: verdicts.lines().count() as u64,
        valid: verdicts.lines().filter(|l| *l != "invalid").count() as u64,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// `hunt js-oracle [--invert] FILE`: whether `FILE` fails [`FINDING`] (exit status 0, or 1
/// with `invert`), its verdict (`invalid`, `passes` or `fails`) appended to the file `log`
/// (the one [`LOG`] names, for the command).
#[must_use]
pub fn oracle(file: &Path, invert: bool, log: Option<&Path>) -> i32 {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let verdict = crate::hunt::silenced(|| {
        if fails(&text) {
            "fails"
        } else if valid(&text) {
            "passes"
        } else {
            "invalid"
        }
    });
    if let Some(log) = log {
        use std::io::Write as _;
        if let Ok(mut f) = std::fs::OpenOptions::new().append(true).open(log) {
            let _ = writeln!(f, "{verdict}");
        }
    }
    i32::from((verdict == "fails") == invert)
}

/// Every reducer on every subject: per subject, [`SETTINGS`] in order, Perses, then
/// `tools`. Progress goes to standard error.
fn reduce_all(
    subjects: &[Subject],
    columns: &[String],
    tools: &[(&str, Tool)],
    oracle: &Path,
) -> Vec<Vec<Result<Reduced, String>>> {
    let mut results = Vec::new();
    crate::hunt::silenced(|| {
        for subject in subjects {
            let mut row = Vec::new();
            for s in 0..SETTINGS.len() {
                row.push(Ok(by_trace(subject, s)));
            }
            row.push(by_perses(subject));
            for (_, tool) in tools {
                row.push(by_command(subject, tool, oracle));
            }
            for (column, r) in columns.iter().zip(&row) {
                eprintln!("js-table: {:#x}: {column}: {r:?}", subject.seed);
            }
            results.push(row);
        }
    });
    results
}

/// One reducer's means over the subjects it reduced.
struct Means {
    size: f64,
    calls: f64,
    /// The share of all its calls that were on valid programs, in percent.
    valid: f64,
    seconds: f64,
    /// How many subjects it reduced (a command-line reducer may fail).
    done: usize,
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0.0), |(s, n), v| (s + v, n + 1.0));
    sum / f64::max(n, 1.0)
}

/// The means of column `c` of `results`, `None` when it failed on every subject.
fn means(results: &[Vec<Result<Reduced, String>>], c: usize) -> Option<Means> {
    let done: Vec<&Reduced> = results
        .iter()
        .filter_map(|row| row[c].as_ref().ok())
        .collect();
    let valid: u64 = done.iter().map(|r| r.valid).sum();
    let calls: u64 = done.iter().map(|r| r.calls).sum();
    (!done.is_empty()).then(|| Means {
        size: mean(done.iter().map(|r| r.size as f64)),
        calls: mean(done.iter().map(|r| r.calls as f64)),
        valid: 100.0 * valid as f64 / calls.max(1) as f64,
        seconds: mean(done.iter().map(|r| r.seconds)),
        done: done.len(),
    })
}

/// The whole table: per subject, each reducer's size and calls, then per reducer the means
/// of size, calls and time, its share of valid candidates, and its mean size against
/// Perses'. `tools` are the command-line reducers to run (with their names).
#[must_use]
pub fn table(subjects: &[Subject], tools: &[(&str, Tool)], oracle: &Path) -> String {
    let mut columns: Vec<String> = SETTINGS.iter().map(|s| s.0.to_string()).collect();
    columns.push("Perses".to_string());
    columns.extend(tools.iter().map(|(name, _)| (*name).to_string()));
    let results = reduce_all(subjects, &columns, tools, oracle);
    let mut out = String::from("| subject | original |");
    for column in &columns {
        let _ = write!(out, " {column} |");
    }
    out.push_str("\n|---|---:|");
    out.push_str(&"---|".repeat(columns.len()));
    out.push('\n');
    for (subject, row) in subjects.iter().zip(&results) {
        let _ = write!(
            out,
            "| {:#x} | {} |",
            subject.seed,
            non_blank(&subject.run.output.0)
        );
        for r in row {
            let _ = match r {
                Ok(r) => write!(out, " {} ({}) |", r.size, r.calls),
                Err(e) => write!(out, " failed: {} |", e.replace('|', "/")),
            };
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "\nMeans over the subjects (originals: {:.1} non-blank characters):\n\n\
         | reducer | size | calls | valid | time (s) | size against Perses' |\n\
         |---|---:|---:|---:|---:|---:|",
        mean(subjects.iter().map(|s| non_blank(&s.run.output.0) as f64))
    );
    // Against Perses' mean only when both reduced every subject (the same subjects).
    let perses = means(&results, SETTINGS.len()).filter(|m| m.done == subjects.len());
    for (c, column) in columns.iter().enumerate() {
        let _ = match means(&results, c) {
            Some(m) => writeln!(
                out,
                "| {column}{} | {:.1} | {:.1} | {:.0} % | {:.2} | {} |",
                if m.done < subjects.len() {
                    format!(" (over {} subjects)", m.done)
                } else {
                    String::new()
                },
                m.size,
                m.calls,
                m.valid,
                m.seconds,
                match &perses {
                    Some(p) if m.done == subjects.len() => format!("{:.2}x", m.size / p.size),
                    _ => "-".to_string(),
                }
            ),
            None => writeln!(out, "| {column} | failed on every subject | | | | |"),
        };
    }
    out
}
