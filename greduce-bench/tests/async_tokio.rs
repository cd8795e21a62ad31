//! greduce with tokio. `#[greduce::test] async fn` with greduce's feature `tokio` (this
//! package's dev-dependency enables it): each case runs on a current-thread runtime of its
//! own, so tokio's tasks and timers work in the body, and the body's draws shrink as in
//! any test. Then what works inside a `#[tokio::test]`, and what does not.

use greduce::{Check, generator};
use rand::RngExt;
use std::time::Duration;
use tokio::runtime::{Builder, Handle};

/// Tokio by default: a spawned task, a timer, a yield. Each case pauses the clock, which
/// panics ("time is already frozen") on a runtime an earlier case paused: each case gets a
/// runtime of its own.
#[greduce::test(cases = 30)]
async fn default_executor_is_tokio(rng: &mut impl rand::Rng, #[generate(len = 0..5)] xs: Vec<u8>) {
    tokio::time::pause();
    let expected: Vec<u16> = xs.iter().map(|&x| u16::from(x) * 2).collect();
    let doubled =
        tokio::spawn(async move { xs.iter().map(|&x| u16::from(x) * 2).collect::<Vec<u16>>() })
            .await
            .unwrap();
    // An hour on a paused clock passes at once.
    tokio::time::sleep(Duration::from_secs(3600)).await;
    let k = rng.random_range(0..10);
    tokio::task::yield_now().await;
    let again = async { rng.random_range(0..=k) }.await;
    assert_eq!(doubled, expected);
    assert!(again <= k);
}

/// The crate docs' example ("Async tests").
#[greduce::test]
async fn spawned_sums(#[generate(len = 0..10)] xs: Vec<u16>, rng: &mut impl rand::Rng) {
    let k = rng.random_range(0..=xs.len());
    let (head, tail) = (xs[..k].to_vec(), xs[k..].to_vec());
    let head = tokio::spawn(async move { head.into_iter().map(u32::from).sum::<u32>() });
    let tail = tokio::spawn(async move { tail.into_iter().map(u32::from).sum::<u32>() });
    let total = head.await.unwrap() + tail.await.unwrap();
    assert_eq!(total, xs.into_iter().map(u32::from).sum::<u32>());
}

#[greduce::test(cases = 10, executor = tokio)]
async fn tokio_asked_for(rng: &mut impl rand::Rng) {
    let n = rng.random_range(0..100u32);
    let m = tokio::spawn(async move { n + 1 }).await.unwrap();
    assert_eq!(m, n + 1);
}

/// The plain executor, asked for with the feature on: no runtime, so no tokio in the body.
#[greduce::test(cases = 10, executor = plain)]
async fn plain_asked_for(rng: &mut impl rand::Rng) {
    let n = async { rng.random_range(0..100u32) }.await;
    assert!(n < 100);
    assert!(
        Handle::try_current().is_err(),
        "no tokio runtime on the plain executor"
    );
}

/// Fails when `ASYNC_TOKIO_CHILD` is set: a byte over 100 (seen through a spawned task) and
/// a `k` drawn after a timer of at least 3. Run in a child process by
/// `a_failing_tokio_test_is_shrunk`.
#[greduce::test(seed = 7, max_shrink_calls = 2000, max_shrink_time = "30s")]
#[ignore = "a helper: run in a child process by `a_failing_tokio_test_is_shrunk`"]
async fn failing(bytes: Vec<u8>, rng: &mut impl rand::Rng) {
    if std::env::var_os("ASYNC_TOKIO_CHILD").is_none() {
        return;
    }
    let largest = tokio::spawn(async move { bytes.iter().copied().max() })
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(1)).await;
    let k = rng.random_range(0..10u8);
    assert!(largest.is_none_or(|b| b <= 100) || k < 3, "a byte over 100");
}

#[test]
fn a_failing_tokio_test_is_shrunk() {
    let mut child = std::process::Command::new(std::env::current_exe().unwrap());
    child.args([
        "failing",
        "--exact",
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ]);
    for (var, _) in std::env::vars_os() {
        if var.to_string_lossy().starts_with("GREDUCE_") {
            child.env_remove(var);
        }
    }
    let out = child
        .env("ASYNC_TOKIO_CHILD", "1")
        .env("GREDUCE_REGRESSIONS", "off")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("running 1 test"), "{stdout}\n{err}");
    assert!(!out.status.success(), "{err}");
    let minimal: Vec<&str> = err
        .split("minimal failing input")
        .nth(1)
        .unwrap_or_else(|| panic!("no report:\n{err}"))
        .split("\n\n")
        .next()
        .unwrap()
        .lines()
        .skip(1)
        .map(str::trim)
        .collect();
    assert_eq!(minimal, ["let bytes = [101];", "let k = 3;"], "{err}");
    assert!(err.contains("a byte over 100"), "{err}");
}

#[generator]
fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..10) {
        v.push(rng.random_range(0..1000));
    }
    v
}

/// Inside a `#[tokio::test]`, a check whose property is synchronous runs as anywhere.
#[tokio::test]
async fn a_synchronous_check_inside_tokio_test() {
    greduce::check(numbers, |v: &Vec<u32>| v.len() < 10);
}

/// A property that blocks on a future inside a `#[tokio::test]` panics in tokio ("Cannot
/// start a runtime from within a runtime"), on every input: greduce reports that panic as
/// the failure of the simplest input.
#[tokio::test]
async fn blocking_in_a_property_inside_tokio_test_fails() {
    let report = Check::new(numbers)
        .seed(1)
        .persist(false)
        .try_check(|v: &Vec<u32>| Handle::current().block_on(async { v.len() < 10 }))
        .unwrap_err();
    assert_eq!(report.input(), Some("[]"));
    let text = report.to_string();
    assert!(
        text.contains("Cannot start a runtime from within a runtime"),
        "{text}"
    );
}

/// In a `#[tokio::test(flavor = "multi_thread")]`, `block_in_place` around the check lets
/// its property block on tokio futures (through the runtime's handle).
#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn block_in_place_inside_a_multi_thread_tokio_test() {
    let handle = Handle::current();
    tokio::task::block_in_place(|| {
        greduce::check(numbers, |v: &Vec<u32>| {
            handle.block_on(async {
                let total = tokio::spawn({
                    let v = v.clone();
                    async move { v.iter().sum::<u32>() }
                })
                .await
                .unwrap();
                total < 10 * 1000
            })
        });
    });
}

/// In a plain `#[test]`, a runtime built once runs an async property in each call, and a
/// failure shrinks as any.
#[test]
fn a_runtime_of_the_test_runs_async_properties() {
    let runtime = Builder::new_current_thread().enable_all().build().unwrap();
    greduce::check(numbers, |v: &Vec<u32>| {
        runtime.block_on(async {
            tokio::task::yield_now().await;
            v.len() < 10
        })
    });
    let report = Check::new(numbers)
        .seed(1)
        .persist(false)
        .try_check(|v: &Vec<u32>| {
            runtime.block_on(async {
                let total = tokio::spawn({
                    let v = v.clone();
                    async move { v.iter().sum::<u32>() }
                })
                .await
                .unwrap();
                total <= 1000
            })
        })
        .unwrap_err();
    // Two numbers (each is below 1000), the first as small as the second allows.
    assert_eq!(report.input(), Some("[2, 999]"), "{report}");
}
