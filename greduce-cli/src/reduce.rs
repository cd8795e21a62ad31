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
                text = match pass {
                    Granularity::Lines => self.chunks(Text::lines(text), improved)?.into_string(),
                    Granularity::Brackets => self.brackets(text, improved)?,
                    Granularity::Tokens => self.chunks(Text::tokens(text), improved)?.into_string(),
                    Granularity::Chars => self.chunks(Text::chars(text), improved)?.into_string(),
                };
            }
            if text.len() == before {
                return Ok(text);
            }
        }
    }

    /// Deletes runs of parts: chunks of half the text, then a quarter, down to single
    /// parts, each size swept from the start once (a chunk that goes is followed by the
    /// next one at the same place). Unlike ddmin, which re-cuts the whole input after each
    /// success, a chunk found necessary is not tested again at that size; the rounds of
    /// `reduce` repeat the sweep until nothing goes.
    fn chunks(
        &self,
        mut text: Text,
        improved: &mut dyn FnMut(&str) -> io::Result<()>,
    ) -> io::Result<Text> {
        let mut size = (text.parts() / 2).max(1).next_power_of_two();
        loop {
            let mut at = 0;
            while at < text.parts() {
                let len = text.parts();
                let without = |j: usize| {
                    let start = at + j * size;
                    let end = (start + size).min(len);
                    [0..start, end..len]
                        .into_iter()
                        .filter(|r| !r.is_empty())
                        .collect::<Vec<_>>()
                };
                let build = |j: usize| text.keep(&without(j)).into_string();
                let Some(j) = self.interesting((len - at).div_ceil(size), &build)? else {
                    break;
                };
                text = text.keep(&without(j));
                improved(text.as_str())?;
                self.progress.size(text.len());
                at += j * size;
            }
            if size == 1 {
                return Ok(text);
            }
            size /= 2;
        }
    }

    /// Deletes bracketed regions (`{}`, `()`, `[]`): a whole construct from the start of
    /// the line its bracket opens on (`if (x) { ... }`, a function), the brackets with
    /// their contents, or the contents alone. Outer regions come before the ones inside
    /// them, so a block goes in one test.
    fn brackets(
        &self,
        mut text: String,
        improved: &mut dyn FnMut(&str) -> io::Result<()>,
    ) -> io::Result<String> {
        let mut from = 0;
        loop {
            let regions = regions(&text);
            if from >= regions.len() {
                return Ok(text);
            }
            let without = |j: usize| {
                let r = &regions[from + j];
                [&text[..r.start], &text[r.end..]].concat()
            };
            let Some(j) = self.interesting(regions.len() - from, &without)? else {
                return Ok(text);
            };
            text = without(j);
            improved(&text)?;
            self.progress.size(text.len());
            from += j;
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

/// The byte ranges the brackets pass tries to delete, in order of their opening bracket:
/// for each matched pair, from the start of its line to the closing bracket (with a `;`
/// and the line break after it), the pair with its contents, and the contents alone.
fn regions(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut pairs = Vec::new();
    let mut open: Vec<(u8, usize)> = Vec::new();
    for (at, &b) in bytes.iter().enumerate() {
        match b {
            b'{' | b'(' | b'[' => open.push((b, at)),
            b'}' | b')' | b']' => {
                let wanted = match b {
                    b'}' => b'{',
                    b')' => b'(',
                    _ => b'[',
                };
                // An unmatched closing bracket (in a string, say) is skipped.
                if let Some(i) = open.iter().rposition(|&(o, _)| o == wanted) {
                    let (_, start) = open[i];
                    open.truncate(i);
                    pairs.push((start, at));
                }
            }
            _ => {}
        }
    }
    pairs.sort_unstable();
    let mut out: Vec<Range<usize>> = Vec::new();
    for (open, close) in pairs {
        let line_start = text[..open].rfind('\n').map_or(0, |n| n + 1);
        let mut end = close + 1;
        if bytes.get(end) == Some(&b';') {
            end += 1;
        }
        if bytes.get(end) == Some(&b'\n') {
            end += 1;
        }
        for region in [line_start..end, open..close + 1, open + 1..close] {
            if !region.is_empty() && !out.contains(&region) {
                out.push(region);
            }
        }
    }
    out
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
