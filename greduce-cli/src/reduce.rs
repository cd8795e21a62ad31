//! The reduction: sweeps deleting chunks of bracketed constructs, lines, tokens and
//! characters, and Perses on the parse tree when a grammar is given; the candidates of each
//! step are tested in parallel and the first interesting one in order is taken, so the
//! result does not depend on how many jobs run.

use crate::command::{Answer, Interestingness};
use crate::options::Granularity;
use crate::progress::Progress;
use greduce::dd::Text;
use greduce::grammar::{Grammar, perses_with};
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
    /// The grammar of `--grammar`.
    grammar: Option<&'a Grammar>,
    /// Verdicts by a 128-bit hash of the candidate: 17 bytes a test.
    cache: Mutex<HashMap<u128, Answer>>,
    progress: &'a Progress,
}

impl<'a> Reducer<'a> {
    pub(crate) fn new(
        command: &'a Interestingness,
        dirs: &'a [PathBuf],
        grammar: Option<&'a Grammar>,
        progress: &'a Progress,
    ) -> Reducer<'a> {
        Reducer {
            command,
            dirs,
            grammar,
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
        // The grammar the grammar pass reduces by; none once a text does not parse.
        let mut grammar = self.grammar;
        // The empty file first: when it is interesting, nothing else is needed (not when the
        // grammar pass runs and its grammar does not derive it: then a `--passes grammar`
        // run shows the command only texts that parse).
        let empty_derived = !passes.contains(&Granularity::Grammar)
            || self.grammar.is_none_or(|g| g.parse("").is_ok());
        if !text.is_empty() && empty_derived && self.interesting(1, &|_| String::new())?.is_some() {
            improved("")?;
            return Ok(String::new());
        }
        loop {
            let before = text.len();
            for &pass in passes {
                self.progress.pass(pass.name());
                text = match pass {
                    Granularity::Grammar => self.grammar_pass(&mut grammar, text, improved)?,
                    Granularity::Brackets => {
                        // Outermost constructs first: whole functions or members go in a
                        // few tests before anything inside them is tried.
                        let mut depth = 0;
                        while !constructs(&text, depth).is_empty() {
                            text = self.sweep(text, &|t| constructs(t, depth), improved)?;
                            depth += 1;
                        }
                        text
                    }
                    Granularity::Lines => {
                        self.sweep(text, &|t| spans(&Text::lines(t)), improved)?
                    }
                    Granularity::Tokens => {
                        self.sweep(text, &|t| spans(&Text::tokens(t)), improved)?
                    }
                    Granularity::Chars => {
                        self.sweep(text, &|t| spans(&Text::chars(t)), improved)?
                    }
                };
            }
            if text.len() == before {
                return Ok(text);
            }
        }
    }

    /// Perses on the parse tree of `text` (see `greduce::grammar::perses_with`) with
    /// `grammar`, if any. When `text` does not parse there is no tree to reduce by: the
    /// pass turns itself off (`grammar` becomes `None`) and says so.
    fn grammar_pass(
        &self,
        grammar: &mut Option<&Grammar>,
        text: String,
        improved: &mut dyn FnMut(&str) -> io::Result<()>,
    ) -> io::Result<String> {
        let Some(g) = *grammar else {
            return Ok(text);
        };
        let tree = match g.parse(&text) {
            Ok(tree) => tree,
            Err(e) => {
                *grammar = None;
                self.progress.note(&format!(
                    "the grammar pass is off: the file as reduced so far ({} bytes) does not \
                     parse with the grammar: {e}",
                    text.len()
                ));
                return Ok(text);
            }
        };
        let reduced = perses_with(g, &tree, |count, candidate| {
            let Some(j) = self.interesting(count, candidate)? else {
                return Ok::<_, io::Error>(None);
            };
            let better = candidate(j);
            improved(&better)?;
            self.progress.size(better.len());
            Ok(Some(j))
        })?;
        Ok(reduced.text())
    }

    /// Deletes runs of the parts `cut` finds in the text: chunks of half of them, then a
    /// quarter, down to single parts, each size swept from the start once (after a chunk
    /// goes, the next one is tried at the same place). Unlike ddmin, which re-cuts the
    /// whole input after each success, a chunk found necessary is not tested again at that
    /// size; the rounds of `reduce` repeat the sweep until nothing goes.
    fn sweep(
        &self,
        mut text: String,
        cut: &dyn Fn(&str) -> Vec<Range<usize>>,
        improved: &mut dyn FnMut(&str) -> io::Result<()>,
    ) -> io::Result<String> {
        let mut parts = cut(&text);
        let mut size = (parts.len() / 2).max(1).next_power_of_two();
        loop {
            let mut at = 0;
            while at < parts.len() {
                let without = |j: usize| {
                    let start = at + j * size;
                    delete(&text, &parts[start..(start + size).min(parts.len())])
                };
                let Some(j) = self.interesting((parts.len() - at).div_ceil(size), &without)? else {
                    break;
                };
                text = without(j);
                improved(&text)?;
                self.progress.size(text.len());
                parts = cut(&text);
                at += j * size;
            }
            if size == 1 {
                return Ok(text);
            }
            size /= 2;
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
                        match self.answer(dir, &candidate) {
                            Ok(Answer::Interesting) => {
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

    fn answer(&self, dir: &std::path::Path, candidate: &str) -> io::Result<Answer> {
        let key = key(candidate);
        let cached = self
            .cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&key)
            .copied();
        if let Some(answer) = cached {
            self.progress.cache_hit();
            return Ok(answer);
        }
        let answer = self.command.test(dir, candidate.as_bytes())?;
        self.progress.test(answer);
        self.cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(key, answer);
        Ok(answer)
    }
}

/// The byte range of each part of a cut text.
fn spans(text: &Text) -> Vec<Range<usize>> {
    text.spans().collect()
}

/// `text` without the byte ranges `gone` (ascending; they may touch or overlap). Where a
/// deletion leaves a comma right before a closing bracket (`[1, 2, 3]` without `3`), the
/// comma goes too, so JSON and argument lists stay well-formed.
fn delete(text: &str, gone: &[Range<usize>]) -> String {
    let mut merged: Vec<Range<usize>> = Vec::new();
    for range in gone {
        match merged.last_mut() {
            Some(last) if range.start <= last.end => last.end = last.end.max(range.end),
            _ => merged.push(range.clone()),
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for range in merged {
        out.push_str(&text[from..range.start]);
        from = range.end;
        let next = text[from..].trim_start().chars().next();
        if matches!(next, Some(']' | '}' | ')')) {
            let kept = out.trim_end().len();
            if out[..kept].ends_with(',') {
                out.replace_range(kept - 1..kept, "");
            }
        }
    }
    out.push_str(&text[from..]);
    out
}

/// The bracketed constructs (`{}`, `()`, `[]`) at nesting `depth`, in order: each from the
/// start of the line its bracket opens on (so `if (x) {` or `"key": [` goes with its
/// block) to the closing bracket, with a `;` or `,` and the line break after it. A
/// construct is at depth `d` when `d` others contain it.
fn constructs(text: &str, depth: usize) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut pairs = Vec::new();
    let mut open: Vec<(u8, usize)> = Vec::new();
    for (at, &b) in bytes.iter().enumerate() {
        let wanted = match b {
            b'{' | b'(' | b'[' => {
                open.push((b, at));
                continue;
            }
            b'}' => b'{',
            b')' => b'(',
            b']' => b'[',
            _ => continue,
        };
        // An unmatched closing bracket (in a string, say) is skipped.
        if let Some(i) = open.iter().rposition(|&(o, _)| o == wanted) {
            pairs.push((open[i].1, at));
            open.truncate(i);
        }
    }
    let mut regions: Vec<Range<usize>> = pairs
        .into_iter()
        .map(|(open, close)| {
            let line_start = text[..open].rfind('\n').map_or(0, |n| n + 1);
            let mut end = close + 1;
            if matches!(bytes.get(end), Some(b';' | b',')) {
                end += 1;
            }
            if bytes.get(end) == Some(&b'\n') {
                end += 1;
            }
            line_start..end
        })
        .collect();
    // Outer before inner: by start, the longer first.
    regions.sort_unstable_by_key(|r| (r.start, std::cmp::Reverse(r.end)));
    regions.dedup();
    let mut out = Vec::new();
    let mut enclosing: Vec<usize> = Vec::new();
    for r in regions {
        while enclosing.last().is_some_and(|&end| end <= r.start) {
            enclosing.pop();
        }
        // A region that overlaps its neighbour without nesting (two brackets on one line
        // share its start) counts as inside it.
        if enclosing.len() == depth
            && out
                .last()
                .is_none_or(|last: &Range<usize>| last.end <= r.start)
        {
            out.push(r.clone());
        }
        enclosing.push(r.end);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deletes_ranges_and_a_dangling_comma() {
        assert_eq!(delete("abcdef", &[1..2, 2..3, 4..5]), "adf");
        let one = |text, range: Range<usize>| delete(text, std::slice::from_ref(&range));
        assert_eq!(one("[1, 2, 3]", 7..8), "[1, 2 ]");
        assert_eq!(one("[1,\n 2\n]", 4..6), "[1\n\n]");
        assert_eq!(one("f(a, b)", 5..6), "f(a )");
        assert_eq!(one("a, b", 3..4), "a, ");
    }

    #[test]
    fn constructs_by_depth() {
        let c = "int g;\nint f(int a) {\n    if (a) {\n        a = 1;\n    }\n}\nint h() {}\n";
        let at = |depth| {
            constructs(c, depth)
                .into_iter()
                .map(|r| &c[r])
                .collect::<Vec<_>>()
        };
        assert_eq!(
            at(0),
            [
                "int f(int a) {\n    if (a) {\n        a = 1;\n    }\n}\n",
                "int h() {}\n"
            ]
        );
        assert_eq!(
            at(1),
            [
                "int f(int a)",
                "    if (a) {\n        a = 1;\n    }\n",
                "int h()"
            ]
        );
        assert_eq!(at(2), ["    if (a)"]);
        assert!(at(3).is_empty());
        let json = "[\n  {\"a\": [1, 2]},\n  {\"b\": 3}\n]\n";
        let members: Vec<&str> = constructs(json, 1).into_iter().map(|r| &json[r]).collect();
        assert_eq!(members, ["  {\"a\": [1, 2]},\n", "  {\"b\": 3}\n"]);
    }
}
