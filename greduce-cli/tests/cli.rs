//! The `greduce` binary as a user runs it: help, usage errors, reductions, timeouts and an
//! interrupted reduction.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A fresh directory for one test.
fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("greduce-cli-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn greduce(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_greduce"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// 2000 lines of noise with `alpha` on line 700 and `omega` on line 1500.
fn notes() -> String {
    let mut lines: Vec<String> = (0..2000)
        .map(|i| format!("line {i} {}", "abc def gh ".repeat(1 + i % 3)))
        .collect();
    lines[700] = "int alpha = 1;".to_string();
    lines[1500] = "omega(alpha);".to_string();
    lines.join("\n") + "\n"
}

const BOTH_WORDS: &str = "grep -q alpha notes.txt && grep -q omega notes.txt";

#[test]
fn help_explains_usage_with_an_example() {
    let out = greduce(Path::new("."), &["--help"]);
    assert!(out.status.success());
    let help = text(&out.stdout);
    assert!(
        help.contains("greduce reduce [OPTIONS] FILE -- CMD [ARGS...]"),
        "{help}"
    );
    assert!(help.contains("greduce reduce bug.c -- ./test.sh"), "{help}");
    assert!(help.contains("--timeout"), "{help}");
    assert_eq!(
        text(&greduce(Path::new("."), &["reduce", "-h"]).stdout),
        help
    );
}

#[test]
fn usage_errors_exit_2_and_say_what_is_wrong() {
    let out = greduce(Path::new("."), &["reduce", "notes.txt"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("no command after `--`") && err.contains("greduce --help"),
        "{err}"
    );
}

#[test]
fn the_help_example_reduces_to_one_token_pair_whatever_the_jobs() {
    for jobs in ["1", "2", "4"] {
        let dir = workdir(&format!("example-{jobs}"));
        fs::write(dir.join("notes.txt"), notes()).unwrap();
        let out = greduce(
            &dir,
            &[
                "reduce",
                "-j",
                jobs,
                "notes.txt",
                "--",
                "sh",
                "-c",
                BOTH_WORDS,
            ],
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        // The tokens pass keeps `omega` and `alpha` of the last line; the characters pass
        // cannot remove more.
        assert_eq!(
            fs::read_to_string(dir.join("notes.txt")).unwrap(),
            "omegalpha"
        );
        assert_eq!(
            fs::read_to_string(dir.join("notes.txt.orig")).unwrap(),
            notes()
        );
        let err = text(&out.stderr);
        assert!(
            err.contains("notes.txt: ") && err.contains(" -> 9 bytes"),
            "{err}"
        );
        let _ = fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_relative_script_runs_from_where_greduce_started() {
    let dir = workdir("script");
    fs::write(dir.join("notes.txt"), notes()).unwrap();
    fs::write(dir.join("test.sh"), format!("#!/bin/sh\n{BOTH_WORDS}\n")).unwrap();
    let made_executable = Command::new("chmod")
        .args(["+x", "test.sh"])
        .current_dir(&dir)
        .status();
    assert!(made_executable.unwrap().success());
    let out = greduce(&dir, &["reduce", "-q", "notes.txt", "--", "./test.sh"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        out.stderr.is_empty(),
        "--quiet printed {}",
        text(&out.stderr)
    );
    assert_eq!(
        fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "omegalpha"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_uninteresting_original_is_refused_with_the_commands_output() {
    let dir = workdir("refused");
    fs::write(dir.join("notes.txt"), "nothing here\n").unwrap();
    let command = "echo looked for alpha >&2; grep -q alpha notes.txt";
    let out = greduce(&dir, &["reduce", "notes.txt", "--", "sh", "-c", command]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("is not interesting on the original notes.txt (exit status 1)"),
        "{err}"
    );
    assert!(err.contains("looked for alpha"), "{err}");
    // Nothing was touched.
    assert_eq!(
        fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "nothing here\n"
    );
    assert!(!dir.join("notes.txt.orig").exists());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_test_over_the_timeout_is_stopped_and_uninteresting() {
    let dir = workdir("timeout");
    fs::write(dir.join("notes.txt"), "keep\nslow\nkeep too\n").unwrap();
    // A candidate without `slow` hangs; one with it answers at once.
    let command = "grep -q slow notes.txt || sleep 30; grep -q keep notes.txt";
    let started = Instant::now();
    let out = greduce(
        &dir,
        &[
            "reduce",
            "-t",
            "0.3",
            "--passes",
            "lines",
            "notes.txt",
            "--",
            "sh",
            "-c",
            command,
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "slow\nkeep too\n"
    );
    assert!(
        text(&out.stderr).contains("timed out"),
        "{}",
        text(&out.stderr)
    );
    // Each hanging test was stopped (30 s each otherwise).
    assert!(started.elapsed() < Duration::from_secs(25));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_killed_reduction_leaves_the_best_file_so_far_and_the_backup() {
    let dir = workdir("killed");
    let original = notes();
    fs::write(dir.join("notes.txt"), &original).unwrap();
    // Slow tests, so the kill lands in the middle of the reduction.
    let command = format!("sleep 0.05; {BOTH_WORDS}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_greduce"))
        .args(["reduce", "-j", "2", "notes.txt", "--", "sh", "-c", &command])
        .current_dir(&dir)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait for the first improvements to land, then kill without warning.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let size = fs::metadata(dir.join("notes.txt")).map_or(original.len(), |m| m.len() as usize);
        if size < original.len() / 4 {
            break;
        }
        assert!(Instant::now() < deadline, "no improvement within 60 s");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let best = fs::read_to_string(dir.join("notes.txt")).unwrap();
    assert!(best.len() < original.len() / 4);
    assert!(
        best.contains("alpha") && best.contains("omega"),
        "not interesting: {best:?}"
    );
    assert!(
        best != "omegalpha",
        "the reduction finished before the kill"
    );
    assert_eq!(
        fs::read_to_string(dir.join("notes.txt.orig")).unwrap(),
        original
    );
    // Running again continues from the best file; the first backup stays, and the file
    // as it was at the start of this run is saved beside it.
    let out = greduce(&dir, &["reduce", "notes.txt", "--", "sh", "-c", BOTH_WORDS]);
    assert!(out.status.success());
    assert!(text(&out.stderr).contains("the original is in notes.txt.orig.1"));
    assert_eq!(
        fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "omegalpha"
    );
    assert_eq!(
        fs::read_to_string(dir.join("notes.txt.orig")).unwrap(),
        original
    );
    assert_eq!(
        fs::read_to_string(dir.join("notes.txt.orig.1")).unwrap(),
        best
    );
    // A run on a file its backup already holds writes no new one.
    fs::write(dir.join("notes.txt"), &original).unwrap();
    let out = greduce(&dir, &["reduce", "notes.txt", "--", "sh", "-c", BOTH_WORDS]);
    assert!(
        text(&out.stderr).contains("notes.txt.orig (saved by an earlier run)"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.join("notes.txt.orig.2").exists());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn each_test_starts_in_an_empty_directory_with_the_files_permissions() {
    let dir = workdir("fresh");
    fs::write(dir.join("notes.txt"), notes()).unwrap();
    // Interesting only where no earlier test left its mark.
    let command = "[ ! -e left ] && touch left && grep -q alpha notes.txt";
    let out = greduce(&dir, &["reduce", "notes.txt", "--", "sh", "-c", command]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(fs::read_to_string(dir.join("notes.txt")).unwrap(), "alpha");

    // An executable script stays executable in the scratch directory.
    fs::write(dir.join("run.sh"), "#!/bin/sh\necho noise\nexit 0\n").unwrap();
    let made_executable = Command::new("chmod")
        .args(["+x", "run.sh"])
        .current_dir(&dir)
        .status();
    assert!(made_executable.unwrap().success());
    let out = greduce(&dir, &["reduce", "run.sh", "--", "sh", "-c", "./run.sh"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let _ = fs::remove_dir_all(&dir);
}

/// A JSON grammar in greduce's text form (the one `--help` sketches).
const JSON_GRAMMAR: &str = include_str!("../../greduce-bench/data/json.grammar");

const JSON_DATA: &str = "{\"a\": [1, 2, {\"b\": -0.5, \"c\": [true, null]}],\n \"d\": \"x y\"}\n";

#[test]
fn a_grammar_reduces_by_the_parse_tree_and_every_candidate_parses() {
    let dir = workdir("grammar");
    let seen = dir.join("seen");
    fs::create_dir_all(&seen).unwrap();
    fs::write(dir.join("json.grammar"), JSON_GRAMMAR).unwrap();
    fs::write(dir.join("data.json"), JSON_DATA).unwrap();
    // Each candidate the command sees is kept, under the test's process id.
    let command = format!(
        "cp data.json '{}'/$$.json; grep -q -- -0.5 data.json",
        seen.display()
    );
    let out = greduce(
        &dir,
        &[
            "reduce",
            "--grammar",
            "json.grammar",
            "--passes",
            "grammar",
            "-j",
            "2",
            "data.json",
            "--",
            "sh",
            "-c",
            &command,
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(fs::read_to_string(dir.join("data.json")).unwrap(), "-0.5");
    let grammar: greduce::grammar::Grammar = JSON_GRAMMAR.parse().unwrap();
    let candidates: Vec<String> = fs::read_dir(&seen)
        .unwrap()
        .map(|e| fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    // The original, and at least the few replacements that lead to `-0.5`.
    assert!(candidates.len() >= 3, "{candidates:?}");
    for candidate in &candidates {
        assert!(
            grammar.parse(candidate).is_ok(),
            "{candidate:?} does not parse"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_grammar_is_refused_and_an_underived_file_turns_the_grammar_pass_off() {
    let dir = workdir("bad-grammar");
    fs::write(dir.join("data.json"), JSON_DATA).unwrap();
    fs::write(dir.join("json.grammar"), "<json> ::= <value\n").unwrap();
    let out = greduce(
        &dir,
        &[
            "reduce",
            "--grammar",
            "json.grammar",
            "data.json",
            "--",
            "true",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("the grammar json.grammar is not valid: line 1, column 12"),
        "{err}"
    );
    // Nothing was touched.
    assert_eq!(
        fs::read_to_string(dir.join("data.json")).unwrap(),
        JSON_DATA
    );
    assert!(!dir.join("data.json.orig").exists());
    // Without negative numbers the grammar does not derive the file: the reduction goes
    // on without the grammar pass, and says where (with --quiet too).
    fs::write(
        dir.join("json.grammar"),
        JSON_GRAMMAR.replace("\"-\"? ", ""),
    )
    .unwrap();
    let out = greduce(
        &dir,
        &[
            "reduce",
            "-q",
            "--grammar",
            "json.grammar",
            "--passes",
            "grammar,lines",
            "data.json",
            "--",
            "grep",
            "-q",
            "d",
            "data.json",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.starts_with(
            "greduce: the grammar pass is off: the file as reduced so far (59 bytes) does not \
             parse with the grammar: line 1, column 20: the grammar derives no input going on \
             like this (expected "
        ) && err.lines().count() == 1,
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(dir.join("data.json")).unwrap(),
        " \"d\": \"x y\"}\n"
    );
    let _ = fs::remove_dir_all(&dir);
}
