//! The reduction: ddmin passes at each granularity, each round's candidates tested in
//! parallel, the first interesting one (in ddmin's order) taken, so the result does not
//! depend on how many jobs run.

use crate::command::{Interestingness, Verdict};
use crate::options::Granularity;
use crate::progress::Progress;
use greduce::dd::{Reducible, Text};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// Reduces text by running the interestingness command on candidates.
pub(crate) struct Reducer<'a> {
    command: &'a Interestingness,
    dirs: &'a [PathBuf],
    /// Verdicts by a 128-bit hash of the candidate: 17 bytes a test.
    cache: Mutex<HashMap<u128, Verdict>>,
    progress: &'a Progress,
}

impl<'a> Reducer<'a> {
    pub(crate) fn new(
        command: &'a Interestingness,
        dirs: &'a [PathBuf],
        progress: &'a Progress,
    ) -> Reducer<'a> {
        Reducer {
            command,
            dirs,
            cache: Mutex::new(HashMap::new()),
            progress,
        }
    }

    /// Runs the passes in order, again and again until a whole round shrinks nothing.
    /// `improved` is called with each smaller interesting text, in order.
    pub(crate) fn reduce(
        &self,
        text: String,
        passes: &[Granularity],
        improved: &mut dyn FnMut(&str) -> io::Result<()>,
    ) -> io::Result<String> {
        let mut text = text;
        // The empty file first: when it is interesting, nothing else is needed.
        if !text.is_empty() && self.interesting(1, &|_| String::new())?.is_some() {
            improved("")?;
            return Ok(String::new());
        }
        loop {
            let before = text.len();
            for &pass in passes {
                self.progress.pass(pass.name());
                let cut = match pass {
                    Granularity::Lines => Text::lines(text),
                    Granularity::Tokens => Text::tokens(text),
                    Granularity::Chars => Text::chars(text),
                };
                text = self.ddmin(cut, improved)?.into_string();
            }
            if text.len() == before {
                return Ok(text);
            }
        }
    }

    /// ddmin on the parts of `text`, testing complements only (at granularity 2 the
    /// complement of one half is the other half, so subsets are covered).
    fn ddmin(
        &self,
        mut text: Text,
        improved: &mut dyn FnMut(&str) -> io::Result<()>,
    ) -> io::Result<Text> {
        let mut n = 2;
        let mut offset = 0;
        loop {
            let len = text.parts();
            if len < 2 {
                return Ok(text);
            }
            n = n.min(len);
            let complement = |i: usize| -> Vec<Range<usize>> {
                let chunk = split(len, n, i);
                [0..chunk.start, chunk.end..len]
                    .into_iter()
                    .filter(|r| !r.is_empty())
                    .collect()
            };
            let build = |j: usize| text.keep(&complement((j + offset) % n)).into_string();
            match self.interesting(n, &build)? {
                Some(j) => {
                    let i = (j + offset) % n;
                    text = text.keep(&complement(i));
                    improved(text.as_str())?;
                    self.progress.size(text.len());
                    n = (n - 1).max(2);
                    offset = i;
                }
                None if n >= len => return Ok(text),
                None => n = (n * 2).min(len),
            }
        }
    }

    /// The first of `count` candidates (`build(j)`, in order of `j`) the command finds
    /// interesting. Candidates are tested in parallel; every candidate before the answer is
    /// tested, and the answer is the same whatever the number of jobs.
    fn interesting(
        &self,
        count: usize,
        build: &(dyn Fn(usize) -> String + Sync),
    ) -> io::Result<Option<usize>> {
        let next = AtomicUsize::new(0);
        let best = AtomicUsize::new(usize::MAX);
        let error: Mutex<Option<io::Error>> = Mutex::new(None);
        thread::scope(|scope| {
            for dir in self.dirs.iter().take(count) {
                let (next, best, error) = (&next, &best, &error);
                scope.spawn(move || {
                    loop {
                        let j = next.fetch_add(1, Ordering::SeqCst);
                        if j >= count || j >= best.load(Ordering::SeqCst) {
                            return;
                        }
                        let candidate = build(j);
                        match self.verdict(dir, &candidate) {
                            Ok(Verdict::Interesting) => {
                                best.fetch_min(j, Ordering::SeqCst);
                            }
                            Ok(_) => {}
                            Err(e) => {
                                *error
                                    .lock()
                                    .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(e);
                                best.store(0, Ordering::SeqCst);
                                return;
                            }
                        }
                    }
                });
            }
        });
        if let Some(e) = error
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
        {
            return Err(e);
        }
        let best = best.into_inner();
        Ok((best < count).then_some(best))
    }

    fn verdict(&self, dir: &std::path::Path, candidate: &str) -> io::Result<Verdict> {
        let key = key(candidate);
        let cached = self
            .cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&key)
            .copied();
        if let Some(verdict) = cached {
            self.progress.cache_hit();
            return Ok(verdict);
        }
        let verdict = self.command.test(dir, candidate.as_bytes())?;
        self.progress.test(verdict);
        self.cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(key, verdict);
        Ok(verdict)
    }
}

/// The `i`-th of `n` near-equal consecutive chunks of `0..len`.
fn split(len: usize, n: usize, i: usize) -> Range<usize> {
    let (k, m) = (len / n, len % n);
    i * k + i.min(m)..(i + 1) * k + (i + 1).min(m)
}

/// A 128-bit hash of a candidate (two independent 64-bit hashes).
fn key(candidate: &str) -> u128 {
    let half = |salt: u8| {
        let mut h = DefaultHasher::new();
        salt.hash(&mut h);
        candidate.hash(&mut h);
        h.finish()
    };
    (u128::from(half(0)) << 64) | u128::from(half(1))
}
