//! Property checks: finding a failure, shrinking it, reporting it; budgets, flakiness,
//! rejections, explicit examples, same-failure, and the `GREDUCE_*` variables (in a child
//! process, since a test cannot set environment variables safely).

// Reason: `UPDATE_EXPECT=1` writes snapshots as `r#"..."#`.
#![allow(clippy::needless_raw_string_hashes)]

use expect_test::expect;
use greduce::{Check, Report, SameFailure, assume, generator, note};
use rand::RngExt;
use rand::rngs::StdRng;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

#[generator]
fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..30) {
        v.push(rng.random_range(0..1000));
    }
    v
}

/// The report with its timing replaced by `T`.
fn normalised(report: &Report) -> String {
    let text = report.to_string();
    let mut out = String::new();
    for line in text.lines() {
        match line.find(" property calls in ") {
            Some(i) => {
                out.push_str(&line[..i]);
                out.push_str(" property calls in T s");
            }
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

fn quiet_check<'g, T: std::fmt::Debug>(
    generator: impl FnMut(&mut StdRng) -> T + 'g,
) -> Check<'g, T> {
    Check::new(generator)
        .seed(1)
        .name("prop")
        .print_progress(false)
        .persist(false)
}

#[test]
fn a_failure_is_shrunk_and_reported() {
    let report = quiet_check(numbers)
        .try_check(|v: &Vec<u32>| {
            note(format_args!("{} numbers", v.len()));
            assert!(v.iter().sum::<u32>() < 3000, "sum too big");
        })
        .unwrap_err();
    // The minimal input: as few numbers as still sum to 3000 (four, each below 1000), the
    // first as small as it can be.
    expect![[r#"
        greduce: `prop` failed on case 1 (seed 0x1)

        minimal failing input (5 decisions, was 25):
            [3, 999, 999, 999]

        failure: panicked at tests/check.rs:56:13:
            sum too big

        generator trace:
            loop at tests/check.rs:18: 4 iterations (was 24)

        notes:
            4 numbers

        shrinking: 113 property calls in T s
        reproduce: GREDUCE_SEED=0x1 cargo test -- a_failure_is_shrunk_and_reported --exact
    "#]]
    .assert_eq(&normalised(&report));
    assert_eq!(report.seed(), Some(1));
    assert_eq!(report.input(), Some("[3, 999, 999, 999]"));
    assert!(!report.is_flaky());
}

#[test]
fn passing_property_passes() {
    let calls = AtomicU32::new(0);
    quiet_check(numbers).cases(50).check(|v: &Vec<u32>| {
        calls.fetch_add(1, Ordering::Relaxed);
        v.len() < 30
    });
    assert_eq!(calls.load(Ordering::Relaxed), 50);
}

#[test]
fn returned_errors_and_false_are_failures() {
    let report = quiet_check(numbers)
        .try_check(|v: &Vec<u32>| -> Result<(), String> {
            if v.len() > 3 {
                return Err(format!("{} is too long", v.len()));
            }
            Ok(())
        })
        .unwrap_err();
    assert_eq!(report.input(), Some("[0, 0, 0, 0]"));
    assert!(
        report
            .to_string()
            .contains("failure: returned a failure:\n    \"4 is too long\"")
    );
    let report = quiet_check(numbers)
        .try_check(|v: &Vec<u32>| v.len() <= 3)
        .unwrap_err();
    assert!(report.to_string().contains("the property returned false"));
}

#[test]
fn call_budget_stops_shrinking_and_keeps_the_best() {
    let report = quiet_check(numbers)
        .max_shrink_calls(5)
        .try_check(|v: &Vec<u32>| assert!(v.len() < 2))
        .unwrap_err();
    let text = normalised(&report);
    assert!(
        text.contains("shrinking: 5 property calls in T s"),
        "{text}"
    );
    assert!(
        text.contains(
            "shrinking stopped early: the budget of 5 property calls \
             (GREDUCE_MAX_SHRINK_CALLS) ran out; this is the smallest failing input found so far"
        ),
        "{text}"
    );
    // Better than the original (24 numbers), not yet minimal (2 numbers).
    let len = report.input().unwrap().matches(',').count() + 1;
    assert!((2..24).contains(&len), "{text}");
}

#[test]
fn time_budget_stops_shrinking_and_keeps_the_original() {
    let report = quiet_check(numbers)
        .max_shrink_time(Duration::ZERO)
        .try_check(|v: &Vec<u32>| assert!(v.len() < 2))
        .unwrap_err();
    let text = report.to_string();
    assert!(
        text.contains("minimal failing input (25 decisions, was 25)"),
        "{text}"
    );
    assert!(
        text.contains("shrinking stopped early: the time budget of 0ns (GREDUCE_MAX_SHRINK_TIME)"),
        "{text}"
    );
}

#[test]
fn shrinking_stays_within_the_first_failure() {
    let property = |v: &Vec<u32>| {
        assert!(v.len() < 3, "too long");
        assert!(v.iter().all(|&x| x < 900), "too big");
    };
    let same = quiet_check(numbers).try_check(property).unwrap_err();
    // The original fails with "too long"; one big number alone would be smaller, but it
    // fails differently.
    assert_eq!(same.input(), Some("[0, 0, 0]"));
    assert!(same.to_string().contains("too long"));
    let any = quiet_check(numbers)
        .same_failure(SameFailure::Any)
        .try_check(property)
        .unwrap_err();
    assert_eq!(any.input(), Some("[900]"));
}

#[test]
fn a_property_that_fails_once_is_flaky() {
    let calls = AtomicU32::new(0);
    let report = quiet_check(numbers)
        .try_check(|_: &Vec<u32>| {
            assert!(calls.fetch_add(1, Ordering::Relaxed) != 0, "first call");
        })
        .unwrap_err();
    assert!(report.is_flaky());
    assert!(
        report.to_string().contains("flaky: this input failed"),
        "{report}"
    );
}

#[test]
fn a_flaky_report_says_what_the_run_again_did() {
    // The first call fails one way, every later call another way: the input did not pass
    // when run again, and the report must not say it did.
    let calls = AtomicU32::new(0);
    let report = quiet_check(numbers)
        .try_check(|_: &Vec<u32>| {
            let first = calls.fetch_add(1, Ordering::Relaxed) == 0;
            assert!(!first, "first call");
            assert!(first, "a later call");
        })
        .unwrap_err();
    let text = report.to_string();
    assert!(report.is_flaky(), "{text}");
    assert!(
        text.contains(
            "flaky: this input failed while shrinking but failed another way (panicked at"
        ),
        "{text}"
    );
    assert!(text.contains("a later call"), "{text}");
    assert!(!text.contains("passed when run again"), "{text}");
}

#[test]
fn a_generator_that_is_not_deterministic_is_reported() {
    let runs = AtomicU32::new(0);
    let report = quiet_check(|_: &mut StdRng| runs.fetch_add(1, Ordering::Relaxed))
        .try_check(|x: &u32| assert!(*x == u32::MAX, "always"))
        .unwrap_err();
    assert!(
        report.to_string().starts_with(
            "greduce: `prop`: the generator is not deterministic: run again from the same \
             seed it produced a different input"
        ),
        "{report}"
    );
}

#[test]
fn too_many_rejections_fail_with_a_health_message() {
    let report = quiet_check(numbers)
        .cases(10)
        .max_rejects(20)
        .try_check(|_: &Vec<u32>| assume(false))
        .unwrap_err();
    let line = line!() - 2;
    assert_eq!(
        report.to_string(),
        format!(
            "greduce: `prop`: too many rejected cases: 21 rejected (limit 20) for 0 passing. \
             Most came from `assume` at tests/check.rs:{line}:35 (21). Generate valid inputs \
             directly instead of rejecting them, or raise the limit with `Check::max_rejects`.\n"
        )
    );
}

#[test]
fn some_rejections_are_fine() {
    let passed = AtomicU32::new(0);
    quiet_check(numbers).check(|v: &Vec<u32>| {
        assume(v.len().is_multiple_of(2));
        passed.fetch_add(1, Ordering::Relaxed);
    });
    assert_eq!(passed.load(Ordering::Relaxed), 100);
}

#[test]
fn explicit_examples_run_first() {
    let report = quiet_check(numbers)
        .example(vec![1, 2])
        .example(vec![5000])
        .try_check(|v: &Vec<u32>| assert!(v.iter().all(|&x| x < 1000), "out of range"))
        .unwrap_err();
    assert_eq!(report.input(), Some("[5000]"));
    assert_eq!(report.seed(), None);
    assert!(
        report
            .to_string()
            .starts_with("greduce: `prop` failed on explicit example 2\n"),
        "{report}"
    );
}

#[test]
#[should_panic(expected = "greduce: `prop` failed on case 1 (seed 0x1)")]
fn check_panics_with_the_report() {
    quiet_check(numbers).check(|v: &Vec<u32>| v.is_empty());
}

/// Runs test `name` of this binary in a child process with `vars` set; returns its stderr
/// and stdout. The child tests below run only when `CHECK_TEST_CHILD` is set.
fn child(name: &str, vars: &[(&str, &str)]) -> (String, String) {
    let (_, err, out) = common::run_child(common::test_child(name), "CHECK_TEST_CHILD", vars);
    (err, out)
}

fn in_child() -> bool {
    std::env::var_os("CHECK_TEST_CHILD").is_some()
}

#[test]
#[ignore = "a helper: run in a child process by another test"]
fn child_random_failure() {
    if in_child() {
        Check::new(numbers)
            .name("child")
            .check(|v: &Vec<u32>| assert!(v.len() < 20, "long"));
    }
}

#[test]
#[ignore = "a helper: run in a child process by another test"]
fn child_passing() {
    if in_child() {
        greduce::check(numbers, |v: &Vec<u32>| v.len() < 30);
    }
}

#[test]
#[ignore = "a helper: run in a child process by another test"]
fn child_slow_failure() {
    if in_child() {
        Check::new(numbers).name("slow").check(|v: &Vec<u32>| {
            std::thread::sleep(Duration::from_millis(60));
            assert!(v.len() < 5, "long");
        });
    }
}

/// The value after `key` up to the next `)` or whitespace.
fn after<'a>(text: &'a str, key: &str) -> &'a str {
    let start = text
        .find(key)
        .unwrap_or_else(|| panic!("no {key} in {text}"))
        + key.len();
    let rest = &text[start..];
    let end = rest
        .find(|c: char| c == ')' || c.is_whitespace())
        .unwrap_or(rest.len());
    &rest[..end]
}

#[test]
fn the_reported_seed_reproduces_the_failure() {
    let (first, _) = child("child_random_failure", &[]);
    let seed = after(&first, "(seed ");
    let minimal = |text: &str| {
        let start = text.find("minimal failing input").unwrap();
        text[start..].lines().nth(1).unwrap().trim().to_string()
    };
    assert!(first.contains(&format!(
        "reproduce: GREDUCE_SEED={seed} cargo test -- child_random_failure --exact"
    )));
    let (again, _) = child("child_random_failure", &[("GREDUCE_SEED", seed)]);
    assert!(again.contains("failed on case 1 (seed"), "{again}");
    assert_eq!(after(&again, "(seed "), seed);
    assert_eq!(minimal(&again), minimal(&first));
}

#[test]
fn bad_variables_are_named() {
    let (err, _) = child("child_passing", &[("GREDUCE_CASES", "many")]);
    assert!(
        err.contains(
            "greduce: `child_passing`: environment variable GREDUCE_CASES=\"many\" is not \
             valid: expected a number of cases (a non-negative integer)"
        ),
        "{err}"
    );
    let (err, _) = child("child_passing", &[("GREDUCE_MAX_SHRINK_TIME", "soon")]);
    assert!(
        err.contains("GREDUCE_MAX_SHRINK_TIME=\"soon\" is not valid"),
        "{err}"
    );
    // A misspelt variable fails the check instead of being ignored.
    let (err, _) = child("child_passing", &[("GREDUCE_CASE", "5")]);
    assert!(
        err.contains("greduce: `child_passing`: unknown environment variable GREDUCE_CASE;"),
        "{err}"
    );
    // A bare word that is no directory is a typo, not a directory to create.
    let (err, _) = child("child_passing", &[("GREDUCE_REGRESSIONS", "fast")]);
    assert!(
        err.contains("environment variable GREDUCE_REGRESSIONS=\"fast\" is not valid"),
        "{err}"
    );
    assert!(!std::path::Path::new("fast").exists());
    let (err, _) = child("child_passing", &[("GREDUCE_VERBOSE", "")]);
    assert!(
        err.contains("environment variable GREDUCE_VERBOSE=\"\" is not valid"),
        "{err}"
    );
}

#[test]
fn variables_configure_the_check() {
    // No shrinking: the original input is reported as it is.
    let (err, _) = child(
        "child_random_failure",
        &[("GREDUCE_NO_SHRINK", "1"), ("GREDUCE_SEED", "7")],
    );
    assert!(err.contains("failing input (not shrunk):"), "{err}");
    // Cases: a property that fails on a long list passes when no case is run.
    let (err, out) = child("child_random_failure", &[("GREDUCE_CASES", "0")]);
    assert!(out.contains("test result: ok. 1 passed"), "{err}{out}");
}

#[test]
fn a_passing_check_prints_nothing() {
    let (err, out) = child("child_passing", &[]);
    assert!(out.contains("test result: ok. 1 passed"), "{out}");
    assert_eq!(err, "", "{err}");
}

#[test]
fn shrinking_prints_only_progress() {
    let (err, _) = child("child_slow_failure", &[("GREDUCE_SEED", "3")]);
    // Found, progress, and the test's panic with the report: the failure shows once (the
    // final run of the minimal case does not print its panic).
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("greduce:") || l.starts_with("thread"))
        .collect();
    assert!(
        lines[0].starts_with("greduce: `slow` failed on case"),
        "{err}"
    );
    assert!(lines[1].starts_with("greduce: shrinking `slow`: "), "{err}");
    let panics = err.lines().filter(|l| l.starts_with("thread '")).count();
    assert_eq!(panics, 1, "{err}");
    assert_eq!(err.matches("long").count(), 1, "{err}");
    assert!(err.contains("minimal failing input"), "{err}");
}

#[generator]
fn even_lists<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let v = numbers(rng);
    assume(v.len().is_multiple_of(2));
    v
}

#[test]
fn assume_in_the_generator_rejects_while_shrinking_too() {
    let report = quiet_check(even_lists)
        .verbose(true)
        .try_check(|v: &Vec<u32>| assert!(v.len() < 4, "long"))
        .unwrap_err();
    // Odd lengths are rejected (never accepted), so the minimal list has 4 numbers.
    assert_eq!(report.input().unwrap().matches(',').count(), 3, "{report}");
    assert!(
        !report.to_string().contains("outside a greduce check"),
        "{report}"
    );
}

/// A long minimal input is shortened in the report (head and tail, with how much is left
/// out) and written whole to the file the report names.
#[test]
fn a_long_input_is_shortened_and_written_whole_to_a_file() {
    #[generator]
    fn long<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
        let _ = rng.random_range(0..2u8);
        "ab".repeat(25_000)
    }
    let report = quiet_check(long)
        .try_check(|s: &String| assert!(s.len() < 50_000, "long"))
        .unwrap_err();
    let text = report.to_string();
    assert!(text.len() < 6000, "{} characters", text.len());
    assert!(
        text.contains("characters left out; the whole input is in "),
        "{text}"
    );
    let path = text
        .split("the whole input is in ")
        .nth(1)
        .and_then(|rest| rest.split(") ...").next())
        .unwrap();
    let whole = std::fs::read_to_string(path).unwrap();
    assert_eq!(whole, format!("{:?}", "ab".repeat(25_000)));
    assert_eq!(report.input(), Some(whole.as_str()));
}

/// Operations, one drawn per iteration: a `Push` draws two values, a `Pop` none.
#[generator]
fn pushes_and_pops<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Option<(u8, u8)>> {
    (0..rng.random_range(0..30))
        .map(|_| match rng.random_range(0..2) {
            0 => Some((rng.random_range(0..10), rng.random_range(0..10))),
            _ => None,
        })
        .collect()
}

/// Lowering a `Pop` to a `Push` makes more decisions than the input: such a candidate
/// stops at the replay budget, but it did not run away, and the report does not say so.
#[test]
fn a_larger_candidate_is_not_a_runaway() {
    for seed in 0..5 {
        let report = quiet_check(pushes_and_pops)
            .seed(seed)
            .try_check(|v: &Vec<Option<(u8, u8)>>| {
                assert!(v.iter().filter(|op| op.is_none()).count() < 3, "pops");
            })
            .unwrap_err();
        assert_eq!(report.input(), Some("[None, None, None]"));
        assert!(!report.to_string().contains("ran away"), "{report}");
    }
}

/// Candidates that run away are not rejected silently: the report says so once, naming
/// the place.
#[test]
fn runaways_are_reported_once_naming_the_place() {
    let report = quiet_check(|rng: &mut rand::rngs::StdRng| common::jobs(rng, 40))
        .seed(5)
        .try_check(|v: &Vec<u32>| assert!(v.len() <= 10, "long"))
        .unwrap_err();
    let text = report.to_string();
    let said = text
        .matches("shrink candidates ran away, most of them at ")
        .count();
    assert_eq!(said, 1, "{text}");
    assert!(
        text.contains("most of them at random_range@tests/common/mod.rs:")
            || text.contains("most of them at random_bool@tests/common/mod.rs:"),
        "{text}"
    );
}

/// With `RUST_BACKTRACE=1`, nothing but the minimal case's panic message comes between the
/// first failing input and the report: no backtrace frames.
#[test]
fn no_backtrace_comes_between_the_failing_input_and_the_report() {
    let (err, _) = child("child_random_failure", &[("RUST_BACKTRACE", "1")]);
    let first = err.find("failed on case").expect("the progress line");
    let report = first
        + 1
        + err[first + 1..]
            .find("greduce: `child` failed on case")
            .unwrap_or_else(|| panic!("the report:\n{err}"));
    let between = &err[first..report];
    assert!(!between.contains("stack backtrace"), "{between}");
    assert!(between.contains("panicked at"), "{between}");
}

/// Draws for each entry of a `HashMap`, in its iteration order (which changes from run to
/// run): not deterministic.
#[generator]
fn drawing_over_a_map<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let map: std::collections::HashMap<u32, u32> = (0..20).map(|k| (k, k + 1)).collect();
    let mut out = Vec::new();
    for bound in map.values() {
        out.push(rng.random_range(0..*bound));
    }
    out
}

/// Deterministic, with a `HashMap` in its output (which prints in another order each time).
#[generator]
fn a_map<R: rand::Rng + ?Sized>(rng: &mut R) -> std::collections::HashMap<u32, u32> {
    let mut map = std::collections::HashMap::new();
    for _ in 0..rng.random_range(0..12) {
        map.insert(rng.random_range(0..1000), rng.random_range(0..10));
    }
    map
}

#[test]
fn a_generator_iterating_a_hash_map_is_named_not_deterministic() {
    let report = quiet_check(drawing_over_a_map)
        .try_check(|v: &Vec<u32>| assert!(v.len() > 100, "always"))
        .unwrap_err();
    let text = report.to_string();
    assert!(
        text.contains("the generator is not deterministic: run twice"),
        "{text}"
    );
    // The first decision that differs: usually the first, but the two runs' maps can start
    // with the same key by chance (about one run in twenty), and then it is a later one.
    assert!(
        text.contains("\n    decision ") && text.contains(": the first run drew offset:"),
        "{text}"
    );
    assert!(text.contains("at tests/check.rs:"), "{text}");
    assert!(text.contains("iterating a `HashMap`"), "{text}");
}

#[test]
fn a_hash_map_in_the_output_is_not_taken_for_non_determinism() {
    let report = quiet_check(a_map)
        .try_check(|m: &std::collections::HashMap<u32, u32>| assert!(m.len() < 3, "big"))
        .unwrap_err();
    let text = report.to_string();
    assert!(!text.contains("not deterministic"), "{text}");
    assert!(text.contains("minimal failing input"), "{text}");
}

mod common;

/// A helper that takes the rng without `#[generator]`: not recorded.
fn unannotated<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.random_range(0..10)
}

#[generator]
fn with_unannotated_helper<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    (0..rng.random_range(0..5))
        .map(|_| unannotated(rng))
        .collect()
}

/// `check` names a helper that takes the rng without `#[generator]`, as `record` does, with
/// what to do; not "the generator is not deterministic".
#[test]
fn an_unannotated_helper_is_named() {
    let report = Check::new(with_unannotated_helper)
        .seed(1)
        .persist(false)
        .try_check(|v: &Vec<u32>| v.len() < 2)
        .unwrap_err()
        .to_string();
    assert!(
        report.starts_with(
            "greduce: `an_unannotated_helper_is_named`: `unannotated` received the generator \
             rng at tests/check.rs:"
        ),
        "{report}"
    );
    assert!(report.contains("annotate it with #[generator], or pass `greduce::unrecorded(rng)`"));
    assert!(!report.contains("not deterministic"), "{report}");
}
