//! `#[greduce::test] async fn`: each case runs the body's future to completion on the test
//! thread (here on the plain executor, the default without the feature `tokio`; tokio's is
//! tested in `greduce-bench/tests/async_tokio.rs`), and draws made inside the future are
//! recorded and shrink like any.

use greduce::{Reducer, Strategy, generator};
use rand::RngExt;
use std::future::Future;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};

/// A future that is pending once (waking itself) before it is ready: the executor parks
/// and is unparked in between.
fn yield_now() -> impl Future<Output = ()> {
    struct YieldNow(bool);
    impl Future for YieldNow {
        type Output = ();
        fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
            if self.0 {
                return Poll::Ready(());
            }
            self.0 = true;
            cx.waker().wake_by_ref();
            Poll::Pending
        }
    }
    YieldNow(false)
}

/// Hands back its value after a yield.
async fn echo<T>(value: T) -> T {
    yield_now().await;
    value
}

#[generator]
fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..30) {
        v.push(rng.random_range(0..1000));
    }
    v
}

/// Draws before, between and inside `.await`s, with parameters drawn from their types.
#[greduce::test(cases = 50)]
async fn passing(rng: &mut impl rand::Rng, #[generate(range = 1..=6)] dice: u8, word: String) {
    let before = rng.random_range(0..dice);
    yield_now().await;
    // A borrowing `async` block that draws, awaited in the body.
    let inside = async { rng.random_range(0..=dice) }.await;
    let n = echo(numbers(rng)).await;
    yield_now().await;
    assert!(before < dice && inside <= dice && n.len() < 30);
    assert!(word.chars().count() <= 16);
}

async fn send(bytes: Vec<u8>) -> Vec<u8> {
    echo(bytes).await
}

/// The crate docs' example ("Async tests").
#[greduce::test]
async fn echoes_what_it_is_sent(bytes: Vec<u8>, rng: &mut impl rand::Rng) {
    let received = send(bytes.clone()).await;
    let k = rng.random_range(0..=bytes.len());
    assert_eq!(received[..k], bytes[..k]);
}

/// The attribute's example.
#[greduce::test(executor = plain)]
async fn awaits_between_draws(rng: &mut impl rand::Rng) -> Result<(), String> {
    let n: u32 = rng.random_range(0..100);
    let doubled = async { n * 2 }.await;
    let m = rng.random_range(0..=doubled);
    if m > 2 * n {
        return Err(format!("{m} > 2 * {n}"));
    }
    Ok(())
}

/// No rng: only parameters drawn from their types, before the future starts.
#[greduce::test(cases = 20)]
async fn only_drawn_parameters(#[generate(range = 1..=6)] dice: u8, word: String) {
    let len = echo(word.len()).await;
    assert!((1..=6).contains(&dice) && len == word.len());
}

/// `executor = plain` asks for the executor the default is here.
#[greduce::test(cases = 10, executor = plain)]
async fn plain_executor(rng: &mut impl rand::Rng) {
    let n = echo(rng.random_range(0..10)).await;
    assert!(n < 10);
}

/// `?` and `return` in the body leave the future, as in any `async fn`.
#[greduce::test(cases = 50)]
async fn returning_result(rng: &mut impl rand::Rng) -> Result<(), String> {
    let v = numbers(rng);
    if v.is_empty() {
        return Ok(());
    }
    let limit: u32 = echo("1000").await.parse().map_err(|e| format!("{e}"))?;
    let total: u32 = echo(v.iter().max().copied().unwrap_or(0)).await;
    if total >= limit {
        return Err(format!("{total} is not below {limit}"));
    }
    Ok(())
}

/// Fails when `TEST_ASYNC_CHILD` is set: a byte over 100 and a `k` drawn after two
/// `.await`s of at least 3. Run in a child process by `a_failing_async_body_is_shrunk`.
#[greduce::test(seed = 7, max_shrink_calls = 2000, max_shrink_time = "30s")]
#[ignore = "a helper: run in a child process by another test"]
async fn failing(bytes: Vec<u8>, rng: &mut impl rand::Rng) {
    if std::env::var_os("TEST_ASYNC_CHILD").is_none() {
        return;
    }
    let echoed = echo(bytes.clone()).await;
    yield_now().await;
    let k = rng.random_range(0..10u8);
    assert!(echoed.iter().all(|&b| b <= 100) || k < 3, "a byte over 100");
}

/// Fails with `Err` when `TEST_ASYNC_CHILD` is set: numbers whose sum, computed after an
/// `.await`, is over 500. Run in a child process by `a_failing_async_result_is_shrunk`.
#[greduce::test(seed = 7, max_shrink_calls = 2000, max_shrink_time = "30s")]
#[ignore = "a helper: run in a child process by another test"]
async fn failing_result(rng: &mut impl rand::Rng) -> Result<(), String> {
    if std::env::var_os("TEST_ASYNC_CHILD").is_none() {
        return Ok(());
    }
    let n = numbers(rng);
    let total: u32 = echo(n.iter().sum()).await;
    if total > 500 {
        return Err(format!("total {total} over 500"));
    }
    Ok(())
}

/// The report of test `name` of this binary, run failing in a child process: the lines of
/// its minimal failing input, and its whole stderr.
fn child_report(name: &str) -> (Vec<String>, String) {
    let out = common::output(
        common::test_child(name)
            .env("TEST_ASYNC_CHILD", "1")
            .env("GREDUCE_REGRESSIONS", "off"),
    );
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{err}");
    let minimal = err
        .split("minimal failing input")
        .nth(1)
        .unwrap_or_else(|| panic!("no report:\n{err}"))
        .split("\n\n")
        .next()
        .unwrap();
    let lines = minimal.lines().skip(1).map(|l| l.trim().to_string());
    (lines.collect(), err)
}

#[test]
fn a_failing_async_body_is_shrunk() {
    let (minimal, err) = child_report("failing");
    // One byte, the least over 100, and the least `k` that fails: the parameter drawn
    // before the future started and the draw inside it both shrank.
    assert_eq!(minimal, ["let bytes = [101];", "let k = 3;"], "{err}");
    assert!(err.contains("a byte over 100"), "{err}");
    assert!(
        err.contains("failure: panicked at tests/test_async.rs:"),
        "{err}"
    );
}

#[test]
fn a_failing_async_result_is_shrunk() {
    let (minimal, err) = child_report("failing_result");
    assert_eq!(minimal, ["let n = [501];"], "{err}");
    assert!(err.contains("total 501 over 500"), "{err}");
}

/// Polls a future to completion on this thread (a generator may run async code with any
/// executor that polls on its own thread).
fn block_on<F: Future>(future: F) -> F::Output {
    struct Unpark(std::thread::Thread);
    impl Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let mut future = pin!(future);
    let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut cx = Context::from_waker(&waker);
    loop {
        if let Poll::Ready(v) = future.as_mut().poll(&mut cx) {
            return v;
        }
        std::thread::park();
    }
}

/// Draws in a borrowing `async` block and in an `async move` block with a reducible loop
/// across `.await`s.
#[generator]
fn drawn_in_futures<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let n = rng.random_range(0..6);
    let first = block_on(async { rng.random_range(0..100) });
    block_on(async move {
        let mut v = vec![first];
        for _ in 0..n {
            yield_now().await;
            v.push(rng.random_range(0..100));
        }
        v
    })
}

/// The same, without the attribute.
fn drawn_in_futures_plain<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let n = rng.random_range(0..6);
    let first = block_on(async { rng.random_range(0..100) });
    block_on(async move {
        let mut v = vec![first];
        for _ in 0..n {
            yield_now().await;
            v.push(rng.random_range(0..100));
        }
        v
    })
}

#[test]
fn draws_in_async_blocks_are_recorded_replayed_and_shrunk() {
    use rand::SeedableRng;
    for seed in 0..20 {
        let direct = drawn_in_futures(&mut rand::rngs::StdRng::seed_from_u64(seed));
        let plain = drawn_in_futures_plain(&mut rand::rngs::StdRng::seed_from_u64(seed));
        assert_eq!(direct, plain);
        let run = greduce::record(drawn_in_futures, seed);
        assert_eq!(run.output, direct);
        // The count, the first number, and one per iteration.
        assert_eq!(run.trace.decision_count(), 1 + direct.len());
        let replayed = greduce::replay(drawn_in_futures, &run.trace, &[], Strategy::Halt);
        assert_eq!(replayed.result.expect("replays").output, run.output);
    }
    // Fails on two numbers of at least 50 after the first: the loop inside the future loses
    // its other iterations, and the numbers their excess.
    let fails = |v: &Vec<u32>| v[1..].iter().filter(|&&x| x >= 50).count() >= 2;
    let run = common::first_run(drawn_in_futures, |v| v.len() > 4 && fails(v));
    let reduced = Reducer::new(drawn_in_futures).reduce(&run.trace, |v| !fails(v));
    assert_eq!(reduced.output, [0, 50, 50]);
}

mod common;
