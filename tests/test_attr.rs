//! `#[greduce::test]`: the imperative style, where the test body draws its inputs.

use greduce::{assume, generator, note};
use rand::RngExt;

#[generator]
fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..30) {
        v.push(rng.random_range(0..1000));
    }
    v
}

#[greduce::test(cases = 50)]
fn passing(rng: &mut impl rand::Rng) {
    let v = numbers(rng);
    let k = rng.random_range(0..10usize);
    assume(k != 3);
    assert!(v.len() < 30 && k < 10);
}

#[greduce::test]
fn returning_ok(rng: &mut impl rand::Rng) -> Result<(), String> {
    let v = numbers(rng);
    if v.len() >= 30 {
        return Err("too long".to_string());
    }
    Ok(())
}

/// Fails: run in a child process by `a_failing_body_is_shrunk_and_reported_by_binding`.
#[greduce::test(seed = 7, max_shrink_calls = 500, max_shrink_time = "30s")]
#[ignore = "a helper: run in a child process by another test"]
fn failing(rng: &mut impl rand::Rng) {
    if std::env::var_os("TEST_ATTR_CHILD").is_none() {
        return;
    }
    let v = numbers(rng);
    let (a, b) = (rng.random_range(0..100), rng.random_bool(0.5));
    let unrelated = v.len() * 2;
    note(format_args!("unrelated = {unrelated}"));
    assert!(v.len() < 4 || a < 50 || b, "bad combination");
}

#[test]
fn a_failing_body_is_shrunk_and_reported_by_binding() {
    let (passed, err, _) = common::run_child(common::test_child("failing"), "TEST_ATTR_CHILD", &[]);
    assert!(!passed);
    let report = &err[err.find("greduce: `failing` failed on case").unwrap()..];
    let report = &report[report.find("\n\n").unwrap()..];
    let normalised: String = report
        .lines()
        .map(|l| match l.find(" property calls in ") {
            Some(i) => format!("{} property calls in T s\n", &l[..i]),
            None => format!("{l}\n"),
        })
        .collect();
    let minimal = normalised
        .split("minimal failing input")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap();
    // Four numbers (the loop cannot lose more), `a` >= 50 and `b` false.
    let lines: Vec<&str> = minimal.lines().skip(1).map(str::trim).collect();
    assert_eq!(lines.len(), 2, "{normalised}");
    assert!(lines[0].starts_with("let v = ["), "{normalised}");
    assert_eq!(lines[0].matches(',').count(), 3, "{normalised}");
    assert!(lines[1].starts_with("let (a, b) = ("), "{normalised}");
    assert!(lines[1].ends_with(", false);"), "{normalised}");
    assert!(
        normalised.contains("notes:\n    unrelated = 8\n"),
        "{normalised}"
    );
    assert!(
        normalised.contains("failure: panicked at tests/test_attr.rs:"),
        "{normalised}"
    );
    assert!(normalised.contains("    bad combination\n"), "{normalised}");
    assert!(
        normalised.contains("reproduce: GREDUCE_SEED=0x"),
        "{normalised}"
    );
    // The failure shows once, in the report (the final run of the minimal case does not
    // print its panic).
    assert_eq!(err.matches("bad combination").count(), 1, "{err}");
}

/// `GREDUCE_FORK=1` or `GREDUCE_TIMEOUT` for a whole test run does not fail the passing
/// `#[greduce::test]`s: bodies run in the test process, with a note.
#[test]
fn fork_mode_from_the_environment_passes_passing_bodies() {
    for (var, value) in [("GREDUCE_FORK", "1"), ("GREDUCE_TIMEOUT", "5s")] {
        let out = common::output(common::test_again("passing").env(var, value));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{var}={value}:\n{err}");
        assert!(
            err.contains("does not run `#[greduce::test]` bodies in child processes yet"),
            "{err}"
        );
    }
}

/// Aborts when `KILL_BODY` is set: run by `a_killed_body_is_named_on_the_next_run`.
#[greduce::test(seed = 3)]
#[ignore = "a helper: run in a child process by another test"]
fn child_killed_body(rng: &mut impl rand::Rng) {
    let v = numbers(rng);
    if std::env::var_os("KILL_BODY").is_some() {
        std::process::abort();
    }
    assert!(v.len() < 1000);
}

/// A `#[greduce::test]` body that killed the test process cannot run in a child yet: the
/// next run names the case's seed (a warning), and goes on.
#[cfg(target_os = "linux")]
#[test]
fn a_killed_body_is_named_on_the_next_run() {
    let dir = std::env::temp_dir().join(format!("greduce-{}-killed-body", std::process::id()));
    let run = |kill: bool| {
        let mut child = common::test_child("child_killed_body");
        child.env("GREDUCE_REGRESSIONS", &dir);
        if kill {
            child.env("KILL_BODY", "1");
        }
        common::output(&mut child)
    };
    let first = run(true);
    assert!(!first.status.success());
    let second = run(false);
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(second.status.success(), "{err}");
    assert!(
        err.contains(
            "warning: the previous run of this check ended in the middle of the case with seed 0x3"
        ),
        "{err}"
    );
    assert!(err.contains("`GREDUCE_SEED=0x3` runs it first"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

mod common;

/// A helper that takes the rng without `#[generator]`: not recorded.
fn unannotated<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.random_range(0..10)
}

/// Fails: run in a child process by `an_unannotated_helper_is_named_in_a_test_body`.
#[greduce::test(seed = 1)]
#[ignore = "a helper: run in a child process by another test"]
fn body_with_unannotated_helper(rng: &mut impl rand::Rng) {
    if std::env::var_os("TEST_ATTR_CHILD").is_none() {
        return;
    }
    let v: Vec<u32> = (0..rng.random_range(0..5))
        .map(|_| unannotated(rng))
        .collect();
    assert!(v.len() < 2);
}

/// A body whose helper takes the rng without `#[generator]` is reported as that mistake,
/// with what to do, not as a generator that is not deterministic.
#[test]
fn an_unannotated_helper_is_named_in_a_test_body() {
    let child = common::test_child("body_with_unannotated_helper");
    let (passed, err, _) = common::run_child(child, "TEST_ATTR_CHILD", &[]);
    assert!(!passed);
    assert!(
        err.contains(
            "greduce: `body_with_unannotated_helper`: `unannotated` received the generator rng \
             at tests/test_attr.rs:"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "but is not a #[generator] function, so its decisions cannot be recorded; \
             annotate it with #[generator], or pass `greduce::unrecorded(rng)` to opt out"
        ),
        "{err}"
    );
    assert!(!err.contains("not deterministic"), "{err}");
}

thread_local! {
    /// Calls of `configured`'s body on this thread.
    static CONFIGURED_CALLS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn few_cases() -> greduce::Config {
    greduce::Config {
        cases: 3,
        seed: Some(5),
        regressions: greduce::Regressions::Off,
        ..greduce::Config::default()
    }
}

/// Counts its calls: run by `a_config_is_applied_before_the_settings_beside_it`.
#[greduce::test(cases = 9, config = few_cases())]
#[ignore = "a helper: run by another test, which counts its calls"]
fn configured(rng: &mut impl rand::Rng) {
    let _ = rng.random_range(0..10u8);
    CONFIGURED_CALLS.with(|calls| calls.set(calls.get() + 1));
}

/// `config = ..` sets every setting, and `cases = 9` written before it still wins (the
/// config goes first): 9 calls, not the config's 3.
#[test]
fn a_config_is_applied_before_the_settings_beside_it() {
    configured();
    assert_eq!(CONFIGURED_CALLS.with(std::cell::Cell::get), 9);
}
