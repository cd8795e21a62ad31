//! Fork mode: property calls in child processes, so crashes and hangs are failures that
//! shrink like panics.

use greduce::{Check, generator};
use rand::RngExt;
use std::time::Duration;

#[generator]
fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..30) {
        v.push(rng.random_range(0..1000));
    }
    v
}

fn forked() -> Check<'static, Vec<u32>> {
    Check::new(numbers)
        .seed(1)
        .name("forked")
        .print_progress(false)
        .persist(false)
        .fork(true)
}

/// The number of elements of the minimal input.
fn minimal_len(report: &greduce::Report) -> usize {
    let input = report.input().unwrap();
    if input == "[]" {
        0
    } else {
        input.matches(',').count() + 1
    }
}

#[test]
fn abort_is_a_failure_that_shrinks() {
    let report = forked()
        .try_check(|v: &Vec<u32>| {
            if v.len() >= 5 {
                std::process::abort();
            }
        })
        .unwrap_err();
    let text = report.to_string();
    assert_eq!(minimal_len(&report), 5, "{text}");
    assert!(
        text.contains(
            "failure: the test process failed:\n    the test process crashed: killed by signal 6"
        ),
        "{text}"
    );
}

#[test]
fn an_endless_loop_times_out_and_shrinks() {
    let report = forked()
        .timeout(Duration::from_secs(1))
        .max_shrink_calls(40)
        .try_check(|v: &Vec<u32>| {
            while v.len() >= 5 {
                std::hint::spin_loop();
            }
        })
        .unwrap_err();
    let text = report.to_string();
    assert_eq!(minimal_len(&report), 5, "{text}");
    assert!(
        text.contains("the test process timed out after 1s"),
        "{text}"
    );
}

fn depth(n: u64) -> u64 {
    if n == 0 {
        0
    } else {
        1 + depth(std::hint::black_box(n - 1))
    }
}

#[test]
fn a_stack_overflow_is_a_failure() {
    let report = forked()
        .try_check(|v: &Vec<u32>| {
            if v.len() >= 5 {
                let _ = depth(u64::MAX);
            }
        })
        .unwrap_err();
    assert_eq!(minimal_len(&report), 5, "{report}");
    assert!(report.to_string().contains("killed by signal"), "{report}");
}

#[test]
fn panics_report_the_same_way_in_a_child() {
    let property = |v: &Vec<u32>| assert!(v.len() < 5, "too long");
    let forked = forked().try_check(property).unwrap_err();
    let local = forked_off().try_check(property).unwrap_err();
    assert_eq!(forked.input(), local.input());
    assert!(
        forked
            .to_string()
            .contains("failure: panicked at tests/fork.rs:")
    );
    assert!(forked.to_string().contains("    too long\n"));
}

fn forked_off() -> Check<'static, Vec<u32>> {
    forked().fork(false)
}

#[test]
fn passing_properties_pass_in_children() {
    forked().cases(20).check(|v: &Vec<u32>| v.len() < 30);
}

#[test]
fn two_forked_checks_in_one_test_each_get_their_own_calls() {
    forked().cases(10).check(|v: &Vec<u32>| v.len() < 30);
    let report = forked()
        .try_check(|v: &Vec<u32>| assert!(v.len() < 3, "second"))
        .unwrap_err();
    assert_eq!(minimal_len(&report), 3, "{report}");
    assert!(report.to_string().contains("    second\n"), "{report}");
}

/// Runs test `name` of this binary in a child process, with `vars`; returns its status and
/// stderr. The developer's own `GREDUCE_*` settings are removed.
fn run_child(name: &str, vars: &[(&str, &std::ffi::OsStr)]) -> (std::process::ExitStatus, String) {
    let out = common::output(common::test_child(name).envs(vars.iter().copied()));
    (
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A child that does not run the test (here: a thread whose name is no test's, as a test
/// with another name in the child's harness would be) is named at once: not taken for a
/// failure of the property, whose shrinking would then record the generator here.
#[test]
fn a_child_that_does_not_run_the_test_is_named() {
    let report = std::thread::Builder::new()
        .name("no_test_of_this_name".to_string())
        .spawn(|| forked().try_check(|_: &Vec<u32>| ()).unwrap_err())
        .unwrap()
        .join()
        .unwrap();
    let text = report.to_string();
    assert!(
        text.contains(
            "case 1: the child process did not start the job: it exited with code 0 without \
             finishing the property (does the test binary run the test \
             `no_test_of_this_name` by that name?)"
        ),
        "{text}"
    );
}

/// Aborts on inputs of more than five numbers, without fork mode: run by
/// `a_property_that_aborts_without_fork_mode_is_shrunk_on_the_next_run`.
#[test]
#[ignore = "a helper: run in a child process by another test"]
fn child_aborts_unforked() {
    let Some(dir) = std::env::var_os("ABORTING_CHILD_DIR") else {
        return;
    };
    Check::new(numbers)
        .seed(5)
        .name("fork::aborting")
        .print_progress(false)
        .regressions(std::path::PathBuf::from(dir))
        .check(|v: &Vec<u32>| {
            if v.len() > 5 {
                std::process::abort();
            }
        });
}

/// Without fork mode, a case that kills the test process is not lost: the next run finds
/// it, runs it in a child process, and shrinks it there.
#[test]
fn a_property_that_aborts_without_fork_mode_is_shrunk_on_the_next_run() {
    let dir = std::env::temp_dir().join(format!("greduce-{}-aborting", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let vars = [("ABORTING_CHILD_DIR", dir.as_os_str())];
    let (status, first) = run_child("child_aborts_unforked", &vars);
    assert!(!status.success(), "the first run dies:\n{first}");
    let (status, second) = run_child("child_aborts_unforked", &vars);
    assert!(!status.success(), "{second}");
    assert!(
        second.contains(
            "greduce: `fork::aborting`: the previous run of this check ended in the middle of \
             the case with seed"
        ),
        "{second}"
    );
    assert!(
        second.contains("failed on the case the previous run died in"),
        "{second}"
    );
    assert!(
        second.contains("the test process crashed: killed by signal 6"),
        "{second}"
    );
    assert!(second.contains("minimal failing input"), "{second}");
    assert!(second.contains("[0, 0, 0, 0, 0, 0]"), "{second}");
    // The third run replays the saved failure first, in a child process: it crashed the
    // test process, so the check runs in fork mode; nothing dies.
    let (status, third) = run_child("child_aborts_unforked", &vars);
    assert_eq!(
        status.code(),
        Some(101),
        "a test failure, not a crash:\n{third}"
    );
    assert!(
        third.contains("this check runs its property calls in child processes"),
        "{third}"
    );
    assert!(third.contains("failed on the saved failure at"), "{third}");
    assert!(third.contains("[0, 0, 0, 0, 0, 0]"), "{third}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The timeout counts the child's job, not its start-up: a passing property passes with a
/// limit far below the time a test binary takes to start.
#[test]
fn a_timeout_does_not_count_the_child_start_up() {
    forked()
        .cases(5)
        .timeout(Duration::from_millis(5))
        .check(|v: &Vec<u32>| v.len() < 100);
}

/// Never returns.
fn spin() -> u32 {
    loop {
        std::hint::spin_loop();
    }
}

/// Recurses until the stack runs out.
fn deep(n: u64) -> u64 {
    if n == u64::MAX {
        return n;
    }
    std::hint::black_box(deep(n + 1)) + 1
}

/// Allocates until it is stopped.
fn hoard() -> u32 {
    let mut kept: Vec<Vec<u8>> = Vec::new();
    loop {
        kept.push(std::hint::black_box(vec![1u8; 1 << 20]));
        std::hint::black_box(&kept);
    }
}

/// Half its inputs hit a fault of `kind`, in the generator itself.
#[generator]
fn faulty<R: rand::Rng + ?Sized>(rng: &mut R, kind: u8) -> u32 {
    let x = rng.random_range(0..10u32);
    if x >= 5 {
        return match kind {
            0 => spin(),
            1 => deep(0) as u32,
            _ => hoard(),
        };
    }
    x
}

/// A check of [`faulty`] in fork mode with a timeout of 300 ms: its report.
fn faulty_check(kind: u8) -> String {
    let started = std::time::Instant::now();
    let report = Check::new(move |rng: &mut rand::rngs::StdRng| faulty(rng, kind))
        .seed(1)
        .name("fork::faulty")
        .print_progress(false)
        .persist(false)
        .fork(true)
        .timeout(Duration::from_millis(300))
        .try_check(|_: &u32| ())
        .unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(60));
    assert!(report.seed().is_some(), "{report}");
    let text = report.to_string();
    assert!(text.contains("before the property ran"), "{text}");
    text
}

// In fork mode the child generates the case too: a generator that spins, overflows its
// stack or allocates without bound is a named failure within the timeout, not a hung or
// dead test process. (One check per test: a fork-mode child runs its test up to the check
// it is for, so an earlier check in the same test would run again in the child.)

#[test]
fn a_spinning_generator_is_a_named_failure_in_fork_mode() {
    let text = faulty_check(0);
    assert!(
        text.contains("the generator timed out after 300ms in a child process"),
        "{text}"
    );
}

#[test]
fn a_generator_that_overflows_its_stack_is_a_named_failure_in_fork_mode() {
    let text = faulty_check(1);
    assert!(
        text.contains("the generator crashed: killed by signal"),
        "{text}"
    );
}

#[test]
fn a_generator_that_allocates_without_bound_is_a_named_failure_in_fork_mode() {
    let text = faulty_check(2);
    assert!(
        text.contains("the generator timed out after 300ms in a child process"),
        "{text}"
    );
}

/// Numbers, rejecting (`assume`) the lists of length 3.
#[generator]
fn not_three<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let v = numbers(rng);
    greduce::assume(v.len() != 3);
    v
}

/// In fork mode the child generates the case: an `assume` in the generator rejects the case
/// there, as in the test process, instead of failing the check.
#[test]
fn an_assume_in_the_generator_rejects_in_fork_mode() {
    Check::new(not_three)
        .seed(1)
        .cases(20)
        .name("fork::not_three")
        .print_progress(false)
        .persist(false)
        .fork(true)
        .check(|v: &Vec<u32>| assert_ne!(v.len(), 3));
}

/// A timeout of `Duration::MAX` is no timeout, not an overflow.
#[test]
fn the_longest_timeout_does_not_overflow() {
    forked()
        .cases(2)
        .timeout(Duration::MAX)
        .check(|v: &Vec<u32>| v.len() < 100);
}

/// Numbers, but a list of exactly three overflows the stack: a fault only shrinking meets
/// (the first case has more).
#[generator]
fn three_crashes<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let v = numbers(rng);
    if v.len() == 3 {
        let _ = deep(0);
    }
    v
}

/// In fork mode, every shrink candidate replays in a child first: one whose generator
/// crashes is rejected there and never replayed in the test process, which would die.
#[test]
fn a_generator_that_crashes_on_a_shrink_candidate_is_isolated() {
    let report = Check::new(three_crashes)
        .seed(7)
        .name("fork::three")
        .print_progress(false)
        .persist(false)
        .fork(true)
        .try_check(|v: &Vec<u32>| assert!(v.len() < 2, "two or more"))
        .unwrap_err();
    let text = report.to_string();
    assert_eq!(minimal_len(&report), 2, "{text}");
}

/// [`faulty`] checked with no fork setting of its own: run by
/// `generator_faults_are_named_failures_with_greduce_fork_set`, which sets `GREDUCE_FORK=1`
/// and `GREDUCE_TIMEOUT` for it.
#[test]
#[ignore = "a helper: run in a child process by another test"]
fn child_faulty_from_the_environment() {
    let Some(kind) = std::env::var_os("FAULT_KIND") else {
        return;
    };
    let kind: u8 = kind.to_str().unwrap().parse().unwrap();
    Check::new(move |rng: &mut rand::rngs::StdRng| faulty(rng, kind))
        .seed(1)
        .name("fork::faulty_env")
        .print_progress(false)
        .persist(false)
        .check(|_: &u32| ());
}

/// The same faults with fork mode and the timeout from the environment, as a CI job would
/// set them for a whole test run.
#[test]
fn generator_faults_are_named_failures_with_greduce_fork_set() {
    for (kind, expected) in [
        (
            "0",
            "the generator timed out after 300ms in a child process",
        ),
        ("1", "the generator crashed: killed by signal"),
        (
            "2",
            "the generator timed out after 300ms in a child process",
        ),
    ] {
        let timeout = std::ffi::OsStr::new("300ms");
        let vars = [
            ("GREDUCE_FORK", std::ffi::OsStr::new("1")),
            ("GREDUCE_TIMEOUT", timeout),
            ("FAULT_KIND", std::ffi::OsStr::new(kind)),
        ];
        let (status, err) = run_child("child_faulty_from_the_environment", &vars);
        assert_eq!(
            status.code(),
            Some(101),
            "a test failure, not a crash:\n{err}"
        );
        assert!(err.contains(expected), "kind {kind}:\n{err}");
    }
}

mod common;
