//! The executors of `#[greduce::test] async fn`: each case runs the body's future to
//! completion on the test thread, where the run that records or replays its decisions
//! lives (in thread-locals), so the future's draws are the run's.
//!
//! - [`block_on`]: polls the future, parking the thread until its waker unparks it. Enough
//!   for futures that need no runtime (channels, locks, hand-written futures, most of
//!   `futures`); a future that needs tokio (`tokio::spawn`, timers, sockets) panics with
//!   tokio's "no reactor running".
//! - [`block_on_tokio`] (feature `tokio`): a current-thread tokio runtime with its drivers
//!   enabled, one per case. One per test would be cheaper, but a runtime carries state
//!   from one case to the next: tasks a case spawned and left running, and a clock a case
//!   paused (`tokio::time::pause` then panics with "time is already frozen" in the next
//!   case). Building one costs about 15 µs (measured, debug build, with the I/O and time
//!   drivers), little beside a property call.
//! - [`block_on_default`]: tokio's with the feature, else the plain one.
//!
//! A test that asks for tokio without the feature gets a compile error from
//! `__private::require_tokio!()`, which says so.

use std::future::Future;
use std::pin::pin;
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};
use std::thread::{self, Thread};

/// Wakes the thread that polls the future.
struct Unpark(Thread);

impl Wake for Unpark {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.0.unpark();
    }
}

/// Runs `future` to completion on this thread, parking between polls until its waker is
/// called (a wake before the park makes the park return at once, and a spurious return
/// polls once more).
pub fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let waker = Waker::from(Arc::new(Unpark(thread::current())));
    let mut cx = Context::from_waker(&waker);
    loop {
        if let Poll::Ready(output) = future.as_mut().poll(&mut cx) {
            return output;
        }
        thread::park();
    }
}

/// Runs `future` to completion on a new current-thread tokio runtime (`enable_all`): on
/// this thread, with tasks it spawns run on this thread while it waits.
///
/// # Panics
///
/// When tokio cannot build the runtime (the I/O driver needs a file descriptor), or when
/// called from inside a tokio runtime (tokio's "Cannot start a runtime from within a
/// runtime").
#[cfg(feature = "tokio")]
pub fn block_on_tokio<F: Future>(future: F) -> F::Output {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap_or_else(|e| panic!("greduce: cannot build a tokio runtime for the case: {e}"));
    runtime.block_on(future)
}

/// Without the feature `tokio`, no test can call this: a test that asks for
/// `executor = tokio` also writes `require_tokio!()`, a compile error then. It stands in for
/// the real one so that error is the only one (not also "cannot find `block_on_tokio`").
#[cfg(not(feature = "tokio"))]
pub fn block_on_tokio<F: Future>(_future: F) -> F::Output {
    unreachable!("`executor = tokio` without greduce's feature `tokio` does not compile")
}

/// The executor of an async test that names none: tokio's with the feature `tokio`, else
/// [`block_on`].
pub fn block_on_default<F: Future>(future: F) -> F::Output {
    #[cfg(feature = "tokio")]
    {
        block_on_tokio(future)
    }
    #[cfg(not(feature = "tokio"))]
    {
        block_on(future)
    }
}

#[cfg(test)]
mod tests {
    use super::block_on;
    use std::future::Future;
    use std::pin::Pin;
    use std::sync::mpsc;
    use std::task::{Context, Poll, Waker};
    use std::time::Duration;

    /// Pending until another thread has set the value and woken it.
    struct FromThread {
        value: Option<u32>,
        sender: Option<mpsc::Sender<Waker>>,
        receiver: mpsc::Receiver<u32>,
    }

    impl Future for FromThread {
        type Output = u32;

        fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<u32> {
            if let Ok(v) = self.receiver.try_recv() {
                self.value = Some(v);
            }
            if let Some(v) = self.value {
                return Poll::Ready(v);
            }
            if let Some(sender) = self.sender.take() {
                sender.send(cx.waker().clone()).unwrap();
            }
            Poll::Pending
        }
    }

    #[test]
    fn ready_futures_and_awaits_run_on_this_thread() {
        let here = std::thread::current().id();
        let out = block_on(async {
            let a = async { 2 }.await;
            assert_eq!(std::thread::current().id(), here);
            a + 3
        });
        assert_eq!(out, 5);
    }

    #[test]
    fn a_wake_from_another_thread_resumes_the_future() {
        let (waker_tx, waker_rx) = mpsc::channel::<Waker>();
        let (value_tx, value_rx) = mpsc::channel();
        let helper = std::thread::spawn(move || {
            let waker = waker_rx.recv().unwrap();
            std::thread::sleep(Duration::from_millis(20));
            value_tx.send(7).unwrap();
            waker.wake();
        });
        let out = block_on(FromThread {
            value: None,
            sender: Some(waker_tx),
            receiver: value_rx,
        });
        helper.join().unwrap();
        assert_eq!(out, 7);
    }
}
