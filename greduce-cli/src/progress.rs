//! The progress line: size, pass, tests, rate and time, drawn by indicatif in place on a
//! terminal (stderr), and a line per pass otherwise; the counters of the final summary.

use crate::command::Answer;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Counters shared by the parallel tests, and the line that shows them.
pub(crate) struct Progress {
    started: Instant,
    original: usize,
    size: AtomicUsize,
    tests: AtomicU64,
    timeouts: AtomicU64,
    cache_hits: AtomicU64,
    pass: Mutex<&'static str>,
    quiet: bool,
    /// Hidden with `--quiet` or when stderr is not a terminal: indicatif then draws nothing.
    bar: ProgressBar,
}

impl Progress {
    pub(crate) fn new(original: usize, quiet: bool) -> Progress {
        let target = if quiet {
            ProgressDrawTarget::hidden()
        } else {
            // Hidden by indicatif when stderr is not a terminal; at most 5 redraws a second.
            ProgressDrawTarget::stderr_with_hz(5)
        };
        let style = ProgressStyle::with_template(
            "greduce: {spinner} {msg}, {pos} tests ({rate}), {elapsed}",
        )
        .expect("a valid template")
        // indicatif's own `{per_sec}` shows four decimals.
        .with_key("rate", |state: &ProgressState, out: &mut dyn std::fmt::Write| {
            let _ = write!(out, "{:.0}/s", state.per_sec());
        });
        let bar = ProgressBar::with_draw_target(None, target).with_style(style);
        let progress = Progress {
            started: Instant::now(),
            original,
            size: AtomicUsize::new(original),
            tests: AtomicU64::new(0),
            timeouts: AtomicU64::new(0),
            cache_hits: AtomicU64::new(0),
            pass: Mutex::new(""),
            quiet,
            bar,
        };
        if !progress.bar.is_hidden() {
            // The spinner and the time move while a slow test runs.
            progress.bar.enable_steady_tick(Duration::from_millis(200));
        }
        progress
    }

    pub(crate) fn test(&self, answer: Answer) {
        self.tests.fetch_add(1, Ordering::Relaxed);
        if answer == Answer::TimedOut {
            self.timeouts.fetch_add(1, Ordering::Relaxed);
        }
        self.bar.inc(1);
    }

    pub(crate) fn cache_hit(&self) {
        self.cache_hits.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn size(&self, size: usize) {
        self.size.store(size, Ordering::Relaxed);
        self.bar.set_message(self.state());
    }

    pub(crate) fn pass(&self, name: &'static str) {
        *self
            .pass
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = name;
        if self.bar.is_hidden() {
            // Not a terminal (a log, a CI job): a line per pass.
            if !self.quiet {
                eprintln!(
                    "greduce: {}, {} tests ({:.0}/s)",
                    self.state(),
                    self.tests(),
                    self.tests() as f64 / self.elapsed().as_secs_f64().max(1e-9)
                );
            }
        } else {
            self.bar.set_message(self.state());
        }
    }

    pub(crate) fn tests(&self) -> u64 {
        self.tests.load(Ordering::Relaxed)
    }

    pub(crate) fn cache_hits(&self) -> u64 {
        self.cache_hits.load(Ordering::Relaxed)
    }

    pub(crate) fn timeouts(&self) -> u64 {
        self.timeouts.load(Ordering::Relaxed)
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Prints a message on a line of its own, even with `--quiet` (it says that the
    /// reduction does less than asked): the progress line is cleared first and drawn
    /// again below it.
    pub(crate) fn note(&self, message: &str) {
        self.bar.suspend(|| eprintln!("greduce: {message}"));
    }

    /// Clears the progress line, so what follows (the summary) starts on a clean line.
    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }

    /// Size and pass: `1234 bytes (12.3 % of 10000), lines pass`.
    fn state(&self) -> String {
        let size = self.size.load(Ordering::Relaxed);
        let pass = *self
            .pass
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        format!(
            "{size} bytes ({:.1} % of {}), {pass} pass",
            100.0 * size as f64 / self.original.max(1) as f64,
            self.original,
        )
    }
}
