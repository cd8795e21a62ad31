//! The progress line: size, tests and rate, redrawn in place on a terminal, and a line per
//! pass otherwise.

use crate::command::Verdict;
use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
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
    shown: Mutex<Instant>,
    quiet: bool,
    terminal: bool,
    drawn: AtomicBool,
}

impl Progress {
    pub(crate) fn new(original: usize, quiet: bool) -> Progress {
        Progress {
            started: Instant::now(),
            original,
            size: AtomicUsize::new(original),
            tests: AtomicU64::new(0),
            timeouts: AtomicU64::new(0),
            cache_hits: AtomicU64::new(0),
            pass: Mutex::new(""),
            shown: Mutex::new(Instant::now()),
            quiet,
            terminal: std::io::stderr().is_terminal(),
            drawn: AtomicBool::new(false),
        }
    }

    pub(crate) fn test(&self, verdict: Verdict) {
        self.tests.fetch_add(1, Ordering::Relaxed);
        if verdict == Verdict::TimedOut {
            self.timeouts.fetch_add(1, Ordering::Relaxed);
        }
        self.tick();
    }

    pub(crate) fn cache_hit(&self) {
        self.cache_hits.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn size(&self, size: usize) {
        self.size.store(size, Ordering::Relaxed);
        self.tick();
    }

    pub(crate) fn pass(&self, name: &'static str) {
        *self
            .pass
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = name;
        if !self.quiet && !self.terminal {
            eprintln!("greduce: {}", self.line());
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

    /// Redraws the line on a terminal, at most 5 times a second.
    fn tick(&self) {
        if self.quiet || !self.terminal {
            return;
        }
        let mut shown = self
            .shown
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if shown.elapsed() < Duration::from_millis(200) {
            return;
        }
        *shown = Instant::now();
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2Kgreduce: {}", self.line());
        let _ = err.flush();
        self.drawn.store(true, Ordering::Relaxed);
    }

    /// Prints a message on a line of its own, even with `--quiet` (it says that the
    /// reduction does less than asked).
    pub(crate) fn note(&self, message: &str) {
        let mut err = std::io::stderr().lock();
        if self.drawn.swap(false, Ordering::Relaxed) {
            let _ = write!(err, "\r\x1b[2K");
        }
        let _ = writeln!(err, "greduce: {message}");
    }

    /// Ends the redrawn line, so what follows starts on a line of its own.
    pub(crate) fn finish(&self) {
        if self.drawn.load(Ordering::Relaxed) {
            eprintln!();
        }
    }

    fn line(&self) -> String {
        let size = self.size.load(Ordering::Relaxed);
        let tests = self.tests();
        let seconds = self.elapsed().as_secs_f64();
        let pass = *self
            .pass
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        format!(
            "{size} bytes ({:.1} % of {}), {pass} pass, {tests} tests ({:.0}/s)",
            100.0 * size as f64 / self.original.max(1) as f64,
            self.original,
            tests as f64 / seconds.max(1e-9),
        )
    }
}
