//! `dd-bench`: the command-line reducer (`greduce reduce`) against picire and shrinkray on
//! the same inputs and the same interestingness scripts (issue 14).
//!
//! Eleven inputs of 10^3 to 10^5 lines are generated (seeded, so every run reduces the
//! same files): C programs with a crash-like grep predicate and with a compiler-checked
//! one (`gcc -fsyntax-only`), JSON documents that must still parse (Python's `json`),
//! JavaScript that must still parse (`node --check`), and a log with an ordered pattern.
//! Each tool runs with 2 parallel tests on a fresh copy, one after the other per input;
//! the script counts its own runs, so "tests" means the same for all three. picire runs
//! with its defaults (line atoms) in parallel mode; shrinkray 0.0.2 (the version `PyPI` has)
//! with its defaults, reading the candidate on stdin. `greduce-grammar` is `greduce reduce
//! --grammar` with a JSON grammar, on the JSON inputs.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// One input and its interestingness predicate (a shell snippet reading the file `$f`).
struct Input {
    name: &'static str,
    ext: &'static str,
    text: String,
    predicate: &'static str,
}

/// The tools, in the table's order (`run` has each one's command line). `greduce-grammar`
/// is `greduce reduce --grammar` with [`JSON_GRAMMAR`], on the JSON inputs only.
const TOOLS: [&str; 4] = ["greduce", "picire", "shrinkray", "greduce-grammar"];

/// The JSON the generated documents use, in `greduce::grammar`'s text form.
const JSON_GRAMMAR: &str = include_str!("../../../../greduce-cli/grammars/json.grammar");

/// A tool's run on one input.
struct Outcome {
    size: Option<usize>,
    tests: usize,
    seconds: f64,
    note: &'static str,
}

/// The table, as Markdown.
pub(crate) fn table(limit: Duration, only: Option<&str>, tools: &[String]) -> String {
    let greduce = build_greduce();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/dd-bench");
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| input | lines | bytes | greduce: bytes | tests | s | picire: bytes | tests | s | shrinkray: bytes | tests | s | greduce --grammar: bytes | tests | s |"
    );
    let _ = writeln!(
        out,
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    );
    let mut times: Vec<[f64; 4]> = Vec::new();
    let mut not_above_picire = 0;
    let mut picire_results = 0;
    let mut rows = 0;
    for input in inputs() {
        if only.is_some_and(|o| o != input.name) {
            continue;
        }
        let lines = input.text.lines().count();
        let _ = write!(out, "| {} | {lines} | {} |", input.name, input.text.len());
        let mut row = [0.0; 4];
        let mut sizes = [None; 4];
        for (t, tool) in TOOLS.iter().enumerate() {
            let skipped = *tool == "greduce-grammar" && input.ext != "json";
            if skipped || !tools.is_empty() && !tools.iter().any(|x| x == tool) {
                let _ = write!(out, " | | |");
                continue;
            }
            let run = run(&root, &input, tool, &greduce, limit);
            eprintln!(
                "dd-bench: {} {tool}: {:?} bytes, {} tests, {:.1} s {}",
                input.name, run.size, run.tests, run.seconds, run.note
            );
            let size = run
                .size
                .map_or_else(|| "failed".to_string(), |s| s.to_string());
            let _ = write!(
                out,
                " {size}{} | {} | {:.1} |",
                run.note, run.tests, run.seconds
            );
            row[t] = run.seconds;
            sizes[t] = run.size;
        }
        let _ = writeln!(out);
        times.push(row);
        rows += 1;
        if let (Some(g), Some(p)) = (sizes[0], sizes[1]) {
            picire_results += 1;
            not_above_picire += usize::from(g <= p);
        }
    }
    let median = |t: usize| {
        let mut v: Vec<f64> = times.iter().map(|r| r[t]).filter(|s| *s > 0.0).collect();
        v.sort_by(f64::total_cmp);
        if v.is_empty() {
            0.0
        } else if v.len() % 2 == 1 {
            v[v.len() / 2]
        } else {
            f64::midpoint(v[v.len() / 2 - 1], v[v.len() / 2])
        }
    };
    let _ = writeln!(
        out,
        "\ngreduce's result is at or below picire's on {not_above_picire} of the \
         {picire_results} inputs (of {rows}) where picire gave one. Median wall time: greduce \
         {:.1} s, picire {:.1} s, shrinkray {:.1} s (a run stopped at the limit counts its time \
         so far).",
        median(0),
        median(1),
        median(2)
    );
    out
}

/// Builds the command-line reducer (release) and returns its path.
fn build_greduce() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "-q", "-p", "greduce-cli"])
        .current_dir(&root)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "building greduce-cli failed");
    root.join("target/release/greduce")
}

/// Runs `tool` on a fresh copy of `input` in its own directory.
fn run(root: &Path, input: &Input, tool: &str, greduce: &Path, limit: Duration) -> Outcome {
    let dir = root.join(input.name).join(tool);
    // Only this run's directory is cleared: another run of the bench may be using others.
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("bench directory");
    let dir = dir.canonicalize().expect("bench directory");
    let file = format!("input.{}", input.ext);
    fs::write(dir.join(&file), &input.text).expect("input written");
    let count = dir.join("count");
    let script = dir.join("test.sh");
    fs::write(
        &script,
        format!(
            "#!/bin/sh\nprintf x >> '{}'\n\
             if [ -n \"$1\" ]; then f=\"$1\"; else f=$(mktemp); cat > \"$f\"; fi\n\
             {}\ns=$?\n[ -n \"$1\" ] || rm -f \"$f\"\nexit $s\n",
            count.display(),
            input.predicate
        ),
    )
    .expect("script written");
    let _ = Command::new("chmod").arg("+x").arg(&script).status();
    let script = script.to_string_lossy().into_owned();
    let (mut command, result) = command(tool, &dir, &file, &script, greduce);
    command
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    let started = Instant::now();
    let Ok(child) = command.spawn() else {
        return Outcome {
            size: None,
            tests: 0,
            seconds: 0.0,
            note: " (not installed)",
        };
    };
    let pid = child.id();
    let (send, receive) = mpsc::channel();
    let mut child = child;
    let waiter = std::thread::spawn(move || {
        let _ = send.send(child.wait());
    });
    let finished = receive.recv_timeout(limit);
    let note = if finished.is_err() {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{pid}")])
            .status();
        " (stopped at the limit)"
    } else if !finished
        .as_ref()
        .is_ok_and(|s| s.as_ref().is_ok_and(std::process::ExitStatus::success))
    {
        " (failed)"
    } else {
        ""
    };
    let _ = waiter.join();
    let seconds = started.elapsed().as_secs_f64();
    // Stopped at the limit: the best file so far, where the tool keeps one.
    let size = fs::read(&result).ok().map(|b| b.len());
    let tests = fs::read(&count).map_or(0, |b| b.len());
    Outcome {
        size,
        tests,
        seconds,
        note,
    }
}

/// `tool`'s command line for `file` in `dir` with the test `script`, and where its result
/// is written.
fn command(tool: &str, dir: &Path, file: &str, script: &str, greduce: &Path) -> (Command, PathBuf) {
    match tool {
        "greduce" => {
            let mut c = Command::new(greduce);
            c.args(["reduce", "-q", "-j", "2", file, "--", script, file]);
            (c, dir.join(file))
        }
        "greduce-grammar" => {
            fs::write(dir.join("json.grammar"), JSON_GRAMMAR).expect("grammar written");
            let mut c = Command::new(greduce);
            c.args(["reduce", "-q", "-j", "2", "--grammar", "json.grammar", file])
                .args(["--", script, file]);
            (c, dir.join(file))
        }
        "picire" => {
            let mut c = Command::new("picire");
            c.args([
                "-i",
                file,
                "--test",
                script,
                "--parallel",
                "-j",
                "2",
                "-o",
                "out",
                "-q",
            ]);
            (c, dir.join("out").join(file))
        }
        _ => {
            let mut c = Command::new("shrinkray");
            c.args(["--parallelism", "2", "--target", "result", script, file]);
            (c, dir.join("result"))
        }
    }
}

/// The eleven inputs.
fn inputs() -> Vec<Input> {
    const C_GREP: &str = "grep -q 'volatile int trigger' \"$f\" && grep -q 'trigger / 0' \"$f\"";
    const C_GCC: &str =
        "gcc -fsyntax-only -w -x c \"$f\" 2>/dev/null && grep -q 'trigger / 0' \"$f\"";
    const JSON: &str = "python3 -c 'import json,sys; json.load(open(sys.argv[1]))' \"$f\" 2>/dev/null \
                        && grep -q '\"crash\": true' \"$f\" && grep -q '\"mode\": \"strict\"' \"$f\"";
    const JS: &str = "cp \"$f\" \"$f.js\" && node --check \"$f.js\" 2>/dev/null; s=$?; rm -f \"$f.js\"; \
                      [ $s = 0 ] && grep -q 'debugger' \"$f\" && grep -q 'eval(' \"$f\"";
    const LOG: &str =
        "awk '/WARN quota/ {w = 1} /ERROR disk full/ {if (w) found = 1} END {exit !found}' \"$f\"";
    vec![
        Input {
            name: "c-grep-1k",
            ext: "c",
            text: c_program(1_000, 1),
            predicate: C_GREP,
        },
        Input {
            name: "c-grep-10k",
            ext: "c",
            text: c_program(10_000, 2),
            predicate: C_GREP,
        },
        Input {
            name: "c-grep-100k",
            ext: "c",
            text: c_program(100_000, 3),
            predicate: C_GREP,
        },
        Input {
            name: "c-gcc-1k",
            ext: "c",
            text: c_program(1_000, 4),
            predicate: C_GCC,
        },
        Input {
            name: "c-gcc-10k",
            ext: "c",
            text: c_program(10_000, 5),
            predicate: C_GCC,
        },
        Input {
            name: "json-1k",
            ext: "json",
            text: json_document(1_000, 6),
            predicate: JSON,
        },
        Input {
            name: "json-10k",
            ext: "json",
            text: json_document(10_000, 7),
            predicate: JSON,
        },
        Input {
            name: "json-100k",
            ext: "json",
            text: json_document(100_000, 8),
            predicate: JSON,
        },
        Input {
            name: "js-1k",
            ext: "js",
            text: js_program(1_000, 9),
            predicate: JS,
        },
        Input {
            name: "js-5k",
            ext: "js",
            text: js_program(5_000, 10),
            predicate: JS,
        },
        Input {
            name: "log-100k",
            ext: "log",
            text: log(100_000, 11),
            predicate: LOG,
        },
    ]
}

/// A C program of about `lines` lines: functions of arithmetic, branches and loops, each
/// calling an earlier one; a global `volatile int trigger` near the middle and a division
/// of it by zero in a later function.
fn c_program(lines: usize, seed: u64) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = String::from("int f_0(int a, int b) {\n    return a + b;\n}\n");
    let mut functions = 1;
    let mut declared_trigger = false;
    let mut used_trigger = false;
    while out.lines().count() < lines {
        let at = out.lines().count();
        if !declared_trigger && at > lines * 2 / 5 {
            out.push_str("volatile int trigger;\n");
            declared_trigger = true;
        }
        let _ = writeln!(out, "int f_{functions}(int a, int b) {{");
        let locals = rng.random_range(2..6);
        for l in 0..locals {
            let _ = writeln!(out, "    int x_{l} = a * {} + b;", rng.random_range(1..100));
        }
        for _ in 0..rng.random_range(2..8) {
            let x = rng.random_range(0..locals);
            let y = rng.random_range(0..locals);
            match rng.random_range(0..3) {
                0 => {
                    let _ = writeln!(out, "    x_{x} = x_{y} + {};", rng.random_range(0..50));
                }
                1 => {
                    let _ = writeln!(out, "    if (x_{x} > {}) {{", rng.random_range(0..50));
                    let _ = writeln!(out, "        x_{y} = x_{x} - 1;");
                    out.push_str("    }\n");
                }
                _ => {
                    let _ = writeln!(out, "    while (x_{x} < {}) {{", rng.random_range(0..50));
                    let _ = writeln!(out, "        x_{x} = x_{x} + 1 + x_{y};");
                    out.push_str("    }\n");
                }
            }
        }
        if declared_trigger && !used_trigger && at > lines * 3 / 5 {
            out.push_str("    x_0 = trigger / 0;\n");
            used_trigger = true;
        }
        let callee = rng.random_range(0..functions);
        let _ = writeln!(out, "    return x_0 + f_{callee}(x_1, a);\n}}");
        functions += 1;
    }
    out
}

/// A JSON document of about `lines` lines (pretty-printed, one member per line), with
/// `"mode": "strict"` early and `"crash": true` deep inside later.
fn json_document(lines: usize, seed: u64) -> String {
    fn value(
        rng: &mut StdRng,
        depth: usize,
        budget: &mut usize,
        out: &mut String,
        marks: &mut [bool; 2],
        total: usize,
    ) {
        let indent = "  ".repeat(depth);
        if depth < 6 && *budget > 0 && rng.random_bool(0.4) {
            let object = rng.random_bool(0.6);
            out.push_str(if object { "{\n" } else { "[\n" });
            let n = rng.random_range(1..8);
            for i in 0..n {
                *budget = budget.saturating_sub(1);
                let done = total - *budget;
                if object && !marks[0] && done > total / 5 {
                    let _ = writeln!(out, "{indent}  \"mode\": \"strict\",");
                    marks[0] = true;
                }
                if object && !marks[1] && depth >= 3 && done > total * 3 / 5 {
                    let _ = writeln!(out, "{indent}  \"c\": {{\"crash\": true}},");
                    marks[1] = true;
                }
                out.push_str(&indent);
                out.push_str("  ");
                if object {
                    let _ = write!(out, "\"k{}\": ", rng.random_range(0..1000));
                }
                value(rng, depth + 1, budget, out, marks, total);
                out.push_str(if i + 1 < n { ",\n" } else { "\n" });
            }
            out.push_str(&indent);
            out.push(if object { '}' } else { ']' });
        } else {
            match rng.random_range(0..4) {
                0 => {
                    let _ = write!(out, "{}", rng.random_range(-1000..1000));
                }
                1 => out.push_str(if rng.random_bool(0.5) {
                    "true"
                } else {
                    "false"
                }),
                2 => out.push_str("null"),
                _ => {
                    let _ = write!(out, "\"s{}\"", rng.random_range(0..10_000));
                }
            }
        }
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = String::from("[\n");
    let mut budget = lines;
    let mut marks = [false; 2];
    let mut first = true;
    while budget > 0 || !(marks[0] && marks[1]) {
        if !first {
            out.push_str(",\n");
        }
        first = false;
        out.push_str("  ");
        let before = budget;
        value(&mut rng, 1, &mut budget, &mut out, &mut marks, lines);
        if before == budget {
            budget = budget.saturating_sub(1);
        }
        // Not placed yet (the random shape stayed shallow): members that hold them.
        if budget == 0 && !marks[0] {
            out.push_str(",\n  {\"mode\": \"strict\"}");
            marks[0] = true;
        }
        if budget == 0 && !marks[1] {
            out.push_str(",\n  {\"a\": {\"b\": {\"c\": {\"crash\": true}}}}");
            marks[1] = true;
        }
    }
    out.push_str("\n]\n");
    out
}

/// A JavaScript program of about `lines` lines, with a `debugger` statement and an `eval(`
/// call far apart.
fn js_program(lines: usize, seed: u64) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = String::from("'use strict';\n");
    let mut functions = 0;
    let mut marks = [false; 2];
    while out.lines().count() < lines {
        let at = out.lines().count();
        let _ = writeln!(out, "function g{functions}(a, b) {{");
        let _ = writeln!(out, "  let s = a + {};", rng.random_range(0..100));
        for _ in 0..rng.random_range(1..6) {
            match rng.random_range(0..3) {
                0 => {
                    let _ = writeln!(out, "  s = s * b + {};", rng.random_range(0..9));
                }
                1 => {
                    let _ = writeln!(
                        out,
                        "  if (s > {}) {{\n    s = s - b;\n  }}",
                        rng.random_range(0..99)
                    );
                }
                _ => {
                    let _ = writeln!(
                        out,
                        "  for (let i = 0; i < {}; i++) {{\n    s += i;\n  }}",
                        rng.random_range(1..9)
                    );
                }
            }
        }
        if !marks[0] && at > lines / 3 {
            out.push_str("  debugger;\n");
            marks[0] = true;
        }
        if !marks[1] && at > lines * 2 / 3 {
            out.push_str("  s = eval('s + 1');\n");
            marks[1] = true;
        }
        out.push_str("  return s;\n}\n");
        functions += 1;
    }
    out
}

/// A service log of `lines` lines with a `WARN quota` line early and an `ERROR disk full`
/// line late (and decoys of each in the wrong order).
fn log(lines: usize, seed: u64) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = String::new();
    let words = [
        "started",
        "request",
        "cache miss",
        "retry",
        "flushed",
        "closed",
        "opened",
    ];
    for i in 0..lines {
        let level = ["INFO", "DEBUG", "INFO", "WARN"][rng.random_range(0..4)];
        let message = if i == lines / 10 {
            "ERROR disk full (decoy: before the warning)".to_string()
        } else if i == lines / 4 {
            "WARN quota at 95 %".to_string()
        } else if i == lines * 4 / 5 {
            "ERROR disk full".to_string()
        } else {
            format!(
                "{level} worker {}: {}",
                rng.random_range(0..64),
                words[rng.random_range(0..words.len())]
            )
        };
        let _ = writeln!(
            out,
            "2026-11-24T{:02}:{:02}:{:02} {message}",
            i / 3600 % 24,
            i / 60 % 60,
            i % 60
        );
    }
    out
}
