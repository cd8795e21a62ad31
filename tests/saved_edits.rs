//! Saved failures survive edits: a crate of its own (built by cargo, as a user's) saves two
//! failures, one of a `#[greduce::test]` and one of `greduce::check`; then its test file is
//! edited as people edit tests (a doc comment and a generator inserted above, a local
//! renamed, `rustfmt`), and later the generator moved to another file. With
//! `GREDUCE_CASES=0` only the saved failures run: each must fail again with the same minimal
//! input, and none be called stale.
//!
//! The crate builds in a target directory of its own under cargo's `CARGO_TARGET_TMPDIR`
//! (greduce and rand once, about a minute cold; each edit a few seconds), offline, with this
//! workspace's `Cargo.lock`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The test file as first written: compact, as `rustfmt` would not leave it.
const BEFORE: &str = r#"use greduce::generator;
use rand::RngExt;

#[generator]
fn words<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<String> {
    let mut out = Vec::new();
    for _ in 0..rng.random_range(0..6) { let mut w = String::new();
        for _ in 0..rng.random_range(0..6) { w.push(rng.random_range('a'..='z')); }
        out.push(w); }
    out
}

fn repeats(w: &str) -> bool { w.chars().enumerate().any(|(i, c)| w.chars().skip(i + 1).any(|d| d == c)) }

#[greduce::test]
fn body_words(rng: &mut impl rand::Rng) {
    let v = words(rng);
    for w in &v { assert!(!repeats(w), "{w} repeats a letter"); }
}

#[test]
fn checked_words() {
    greduce::check(words, |v: &Vec<String>| { for w in v { assert!(!repeats(w), "{w} repeats a letter"); } });
}
"#;

/// Inserted above everything: a doc comment and a generator the tests do not use.
const ABOVE: &str = r"//! Tests of words, with a doc comment
//! that takes two lines.

use greduce::generator;
use rand::RngExt;

/// Digits, not used yet.
#[allow(dead_code)]
#[generator]
fn digits<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
    (0..rng.random_range(0..4)).map(|_| rng.random_range(0..10)).collect()
}
";

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("saved-edits")
}

/// Writes the crate (its test file `tests/t.rs` holding `test`).
fn write_crate(dir: &Path, test: &str) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = format!(
        "[package]\nname = \"edits\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dev-dependencies]\ngreduce = {{ path = '{}' }}\n\
         rand = {{ version = \"0.10\", default-features = false, features = [\"std\", \"std_rng\"] }}\n\n\
         [workspace]\n",
        root.display()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    std::fs::write(dir.join("tests/t.rs"), test).unwrap();
}

/// `cargo test` in the crate with `vars`: its status and output (stdout then stderr).
fn cargo_test(dir: &Path, vars: &[(&str, &str)]) -> (bool, String) {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .args(["test", "--offline", "-q", "--test", "t"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", fixture().with_extension("target"));
    for (key, _) in std::env::vars_os() {
        if key.to_string_lossy().starts_with("GREDUCE_") {
            command.env_remove(key);
        }
    }
    command.envs(vars.iter().copied());
    let out = command.output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// The minimal input each report shows, by test (`body_words`: its `let v`).
fn minimal_inputs(output: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut test = None;
    let mut lines = output.lines();
    while let Some(line) = lines.next() {
        if let Some(rest) = line.strip_prefix("greduce: `")
            && let Some((name, _)) = rest.split_once('`')
            && rest.contains(" failed ")
        {
            test = Some(name.to_string());
        }
        if line.starts_with("minimal failing input")
            && let (Some(name), Some(input)) = (test.take(), lines.next())
        {
            found.push((name, input.trim().to_string()));
        }
    }
    found.sort();
    found
}

fn rustfmt(file: &Path) {
    let status = Command::new("rustfmt")
        .args(["--edition", "2024"])
        .arg(file)
        .status()
        .expect("rustfmt runs");
    assert!(status.success());
}

#[test]
fn saved_failures_replay_after_edits() {
    let dir = fixture();
    write_crate(&dir, BEFORE);

    // Found, shrunk and saved.
    let (passed, output) = cargo_test(&dir, &[("GREDUCE_SEED", "1")]);
    assert!(!passed, "{output}");
    let minimal = minimal_inputs(&output);
    assert_eq!(
        minimal,
        [
            ("body_words".to_string(), r#"let v = ["aa"];"#.to_string()),
            ("checked_words".to_string(), r#"["aa"]"#.to_string()),
        ],
        "{output}"
    );
    let saved = dir.join("greduce-regressions/t");
    let saved_text = std::fs::read_to_string(saved.join("checked_words.txt")).unwrap();
    assert!(
        saved_text.contains("@t::words#"),
        "sites are keyed:\n{saved_text}"
    );

    // The edits: a doc comment and a generator above, a local renamed, `rustfmt`.
    let edited = BEFORE
        .replacen("use greduce::generator;\nuse rand::RngExt;\n", ABOVE, 1)
        .replace(
            "let mut w = String::new();",
            "let mut word = String::new();",
        )
        .replace("w.push(", "word.push(")
        .replace("out.push(w);", "out.push(word);");
    assert_ne!(edited, BEFORE);
    let file = dir.join("tests/t.rs");
    std::fs::write(&file, &edited).unwrap();
    rustfmt(&file);
    let formatted = std::fs::read_to_string(&file).unwrap();
    assert!(
        formatted.lines().count() > edited.lines().count() + 5,
        "{formatted}"
    );

    let replay = |what: &str| {
        let (passed, output) = cargo_test(&dir, &[("GREDUCE_CASES", "0")]);
        assert!(!passed, "{what}: the saved failures fail again\n{output}");
        assert!(!output.contains("stale"), "{what}\n{output}");
        assert_eq!(minimal_inputs(&output), minimal, "{what}\n{output}");
        output
    };
    let output = replay("after the edits");
    assert!(output.contains("the saved failure at "), "{output}");
    assert!(
        !output.contains("replayed with"),
        "replayed by its sites\n{output}"
    );

    // The generator moved to another file: its sites' keys name another file, so the saved
    // failures replay with their decisions in order (and are saved again with the new sites).
    let start = formatted
        .find("#[generator]\nfn words")
        .expect("the generator");
    let end = start + formatted[start..].find("\n}\n").expect("its end") + 3;
    let words = &formatted[start..end];
    let moved = formatted.replacen(
        words,
        "#[path = \"t/generators.rs\"]\nmod generators;\nuse generators::words;\n",
        1,
    );
    std::fs::create_dir_all(dir.join("tests/t")).unwrap();
    std::fs::write(&file, moved).unwrap();
    std::fs::write(
        dir.join("tests/t/generators.rs"),
        format!(
            "use greduce::generator;\nuse rand::RngExt;\n\n{}",
            words.replacen("fn words", "pub(crate) fn words", 1)
        ),
    )
    .unwrap();
    let output = replay("after the move");
    assert!(
        output.contains("replayed with its decisions in order"),
        "{output}"
    );
    // Saved again with the sites of the new file: replayed by its sites from now on.
    let output = replay("once saved again");
    assert!(!output.contains("replayed with"), "{output}");
}
