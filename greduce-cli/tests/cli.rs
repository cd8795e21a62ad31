//! The `greduce` binary as a user runs it: help, version, usage errors, completions,
//! reductions, timeouts, an interrupted reduction, and a fuzz corpus seeded from saved
//! failures.

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
    let here = Path::new(".");
    let top = greduce(here, &["--help"]);
    assert!(top.status.success());
    let reduce = greduce(here, &["reduce", "--help"]);
    assert!(reduce.status.success());
    for help in [text(&top.stdout), text(&reduce.stdout)] {
        for says in [
            "Usage: greduce reduce [OPTIONS] FILE -- CMD [ARGS...]",
            // What it does, the options, the passes, the grammar, an example.
            "Reduces FILE in place to a smaller file for which CMD still exits 0",
            "FILE is saved first as FILE.orig",
            "-j, --jobs <N>",
            "-t, --timeout <TIME>",
            "[default: 60]",
            "--grammar <G>",
            "--passes <LIST>",
            "- brackets: bracketed constructs, outermost first",
            "-q, --quiet",
            "-h, --help",
            "-V, --version",
            "Passes:",
            "Grammar:",
            "<number>  ::= \"-\"? [0-9]+",
            "greduce reduce bug.c -- ./test.sh",
            "Exit status:",
            "2 on a usage error",
        ] {
            assert!(help.contains(says), "no {says:?} in\n{help}");
        }
    }
    assert!(text(&top.stdout).contains("greduce completions SHELL"));
    // `-h` is `--help` (the long help), and so is `help`.
    assert_eq!(greduce(here, &["-h"]).stdout, top.stdout);
    assert_eq!(greduce(here, &["help"]).stdout, top.stdout);
    assert_eq!(greduce(here, &["reduce", "-h"]).stdout, reduce.stdout);
    assert_eq!(greduce(here, &["help", "reduce"]).stdout, reduce.stdout);
    // Asked for in the middle of a command line too.
    assert_eq!(
        greduce(here, &["reduce", "-j", "2", "f", "--help"]).stdout,
        reduce.stdout
    );
}

#[test]
fn the_version_is_greduces() {
    let version = format!("greduce {}\n", env!("CARGO_PKG_VERSION"));
    for args in [&["-V"][..], &["--version"], &["reduce", "-V"]] {
        let out = greduce(Path::new("."), args);
        assert!(out.status.success());
        assert_eq!(text(&out.stdout), version, "{args:?}");
    }
}

/// Wrong command lines, and what greduce says about each (the wording is clap's).
const USAGE_ERRORS: &[(&[&str], &[&str])] = &[
    (
        &[],
        &[
            "'greduce' requires a subcommand",
            "reduce, corpus, completions",
        ],
    ),
    (
        &["shrink", "f", "--", "t"],
        &["unrecognized subcommand 'shrink'"],
    ),
    (
        &["reduce"],
        &["required arguments were not provided", "<FILE>", "<CMD>..."],
    ),
    (
        &["reduce", "--", "t"],
        &["required arguments were not provided", "<FILE>"],
    ),
    (
        &["reduce", "notes.txt"],
        &["required arguments were not provided", "<CMD>..."],
    ),
    (
        &["reduce", "notes.txt", "grep", "x"],
        &[
            "unexpected argument 'grep' found",
            "tip: the command to run and its arguments go after `--`",
        ],
    ),
    (
        &["reduce", "f", "g", "--", "t"],
        &["unexpected argument 'g' found"],
    ),
    (
        &["reduce", "--fast", "f", "--", "t"],
        &["unexpected argument '--fast' found"],
    ),
    (
        &["reduce", "--job", "2", "f", "--", "t"],
        &[
            "unexpected argument '--job' found",
            "a similar argument exists: '--jobs'",
        ],
    ),
    (
        &["reduce", "-j", "0", "f", "--", "t"],
        &["invalid value '0' for '--jobs <N>': expected a positive number"],
    ),
    (
        &["reduce", "--jobs", "many", "f", "--", "t"],
        &["invalid value 'many' for '--jobs <N>'"],
    ),
    (
        &["reduce", "f", "-j"],
        &["a value is required for '--jobs <N>' but none was supplied"],
    ),
    (
        &["reduce", "-t", "abc", "f", "--", "t"],
        &["invalid value 'abc' for '--timeout <TIME>': expected a duration such as `10s`"],
    ),
    (
        &["reduce", "-t", "-1", "f", "--", "t"],
        &["invalid value '-1' for '--timeout <TIME>': expected a duration such as `10s`"],
    ),
    (
        &["reduce", "--timeout", "1e30", "f", "--", "t"],
        &[
            "invalid value '1e30' for '--timeout <TIME>'",
            "or a number of seconds",
        ],
    ),
    (
        &["reduce", "f", "--timeout"],
        &["a value is required for '--timeout <TIME>'"],
    ),
    (
        &["reduce", "--passes", "lines,words", "f", "--", "t"],
        &[
            "invalid value 'words' for '--passes <LIST>'",
            "[possible values: grammar, brackets, lines, tokens, chars]",
        ],
    ),
    (
        &["reduce", "--passes", "grammar", "f", "--", "t"],
        &["the `grammar` pass needs a grammar: add `--grammar G`"],
    ),
    (
        &["reduce", "f", "--passes"],
        &["a value is required for '--passes <LIST>'"],
    ),
    (
        &["reduce", "f", "--grammar"],
        &["a value is required for '--grammar <G>'"],
    ),
    (
        &["reduce", "--quiet=yes", "f", "--", "t"],
        &["unexpected value 'yes' for '--quiet' found"],
    ),
    (
        &["completions", "tcsh"],
        &[
            "invalid value 'tcsh' for '<SHELL>'",
            "bash, elvish, fish, powershell, zsh",
        ],
    ),
];

#[test]
fn usage_errors_exit_2_and_say_what_is_wrong() {
    for (args, says) in USAGE_ERRORS {
        let out = greduce(Path::new("."), args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains("try '--help'"), "{args:?}: {err}");
        for said in *says {
            assert!(err.contains(said), "{args:?}: no {said:?} in {err}");
        }
    }
}

#[test]
fn completions_are_printed_for_each_shell() {
    for (shell, mark) in [
        ("bash", "_greduce()"),
        ("zsh", "#compdef greduce"),
        ("fish", "complete -c greduce"),
        ("elvish", "greduce"),
        ("powershell", "greduce"),
    ] {
        let out = greduce(Path::new("."), &["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = text(&out.stdout);
        assert!(
            script.contains(mark) && script.contains("passes") && script.contains("timeout"),
            "{shell}: {script}"
        );
    }
}

#[test]
fn the_commands_own_options_go_to_it_untouched() {
    let dir = workdir("untouched");
    let lines: Vec<String> = (0..50).map(|i| format!("line {i}")).collect();
    let mut file = lines.join("\n") + "\n";
    file = file.replace("line 31\n", "BUG\n");
    fs::write(dir.join("notes.txt"), &file).unwrap();
    // Interesting only when the command got `--help -j 0 -- -q` as its arguments.
    let check = r#"[ "$*" = "--help -j 0 -- -q" ] && grep -q BUG notes.txt"#;
    let out = greduce(
        &dir,
        &[
            "reduce",
            "-q",
            "notes.txt",
            "--",
            "sh",
            "-c",
            check,
            "sh",
            "--help",
            "-j",
            "0",
            "--",
            "-q",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(fs::read_to_string(dir.join("notes.txt")).unwrap(), "BUG");
    let _ = fs::remove_dir_all(&dir);
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
const JSON_GRAMMAR: &str = include_str!("../grammars/json.grammar");

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

#[test]
fn saved_failures_seed_a_fuzz_corpus() {
    let dir = workdir("corpus");
    // A saved failure: the number 5 drawn below 1000 (two bytes: 5, 0).
    fs::write(
        dir.join("saved.txt"),
        "# greduce regressions of `t`\n\n\
         failure 0x0000000000000007\n  \
         # input: 5\n  \
         scope n@t.rs:1:1\n    \
         decision random_range@t.rs:2:5 int:u32:0:999 = offset:5\n",
    )
    .unwrap();
    let out = greduce(&dir, &["corpus", "saved.txt", "corpus"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("wrote corpus/greduce-0000000000000007"));
    assert_eq!(
        fs::read(dir.join("corpus/greduce-0000000000000007")).unwrap(),
        [5, 0]
    );
    // A file that is not a regressions file: said, and nothing written.
    fs::write(dir.join("bad.txt"), "failure zzz\n").unwrap();
    let out = greduce(&dir, &["corpus", "bad.txt", "other"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("greduce: cannot seed other from bad.txt"));
    assert!(!dir.join("other").exists());
    fs::remove_dir_all(&dir).unwrap();
}
