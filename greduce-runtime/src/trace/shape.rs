//! A trace summed up by site, the way a person reads a generator: how many iterations each
//! loop ran, how often each `if` took its block, how often each `match` took an arm other
//! than the first. Comparing the shape of the original and the minimal trace tells what
//! shrinking removed ("loop at graph.rs:12: 3 iterations (was 47)").

use crate::trace::site::Site;
use crate::trace::{Kind, NodeId, Trace};
use std::fmt::{self, Write as _};

/// What a line of a shape counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Construct {
    /// Iterations of a loop.
    Loop,
    /// Taken `then` blocks of an `if`.
    If,
    /// Arms other than the first of a `match`.
    Match,
}

/// The counts of one construct at one site, summed over every time the trace reached it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SiteCount {
    construct: Construct,
    site: &'static Site,
    /// How many times the trace reached the site (loops run, `if`s and `match`es decided).
    reached: u64,
    /// Iterations, taken blocks, or arms other than the first, over all those times.
    count: u64,
}

/// A trace's reducible structure summed up by site, in order of first appearance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shape {
    lines: Vec<SiteCount>,
}

impl Shape {
    /// The shape of `trace`.
    pub(crate) fn of(trace: &Trace) -> Shape {
        let mut shape = Shape::default();
        for id in 0..trace.len() as NodeId {
            let (construct, site, count) = match trace.kind(id) {
                Kind::Loop { site, .. } => (Construct::Loop, site, trace.children(id).count()),
                Kind::Selection { decision } => {
                    let taken = trace
                        .children(id)
                        .any(|b| matches!(trace.kind(b), Kind::Branch { then: true }));
                    (Construct::If, decision.site, usize::from(taken))
                }
                Kind::Switch { decision } => {
                    let first = decision.value.as_offset() == Some(0);
                    (Construct::Match, decision.site, usize::from(!first))
                }
                _ => continue,
            };
            shape.add(construct, site, count as u64);
        }
        shape
    }

    fn add(&mut self, construct: Construct, site: &'static Site, count: u64) {
        let found = self
            .lines
            .iter_mut()
            .find(|l| l.construct == construct && l.site == site);
        match found {
            Some(line) => {
                line.count += count;
                line.reached += 1;
            }
            None => self.lines.push(SiteCount {
                construct,
                site,
                reached: 1,
                count,
            }),
        }
    }

    /// `(count, reached)` of a construct at a site; zeros where the trace never reached it.
    fn count(&self, construct: Construct, site: &Site) -> (u64, u64) {
        self.lines
            .iter()
            .find(|l| l.construct == construct && l.site == site)
            .map_or((0, 0), |l| (l.count, l.reached))
    }

    /// One line per site of `before` (and of `self` not in `before`): the count now, and
    /// what it was when it changed. Empty when the generator has no reducible structure.
    pub(crate) fn compare(&self, before: &Shape) -> String {
        let mut out = String::new();
        let sites = before.lines.iter().chain(self.lines.iter().filter(|l| {
            !before
                .lines
                .iter()
                .any(|b| b.construct == l.construct && b.site == l.site)
        }));
        for line in sites {
            let now = self.count(line.construct, line.site);
            let was = before.count(line.construct, line.site);
            let _ = writeln!(out, "{}", Compared { line, now, was });
        }
        out
    }
}

/// One line of [`Shape::compare`]: what the construct became, and what it was when that
/// changed ("loop at a.rs:3: 2 iterations (was 47)", "if at a.rs:5: not taken (was taken 3
/// of 8 times)").
struct Compared<'a> {
    line: &'a SiteCount,
    /// `(count, reached)` now.
    now: (u64, u64),
    /// `(count, reached)` in the original trace.
    was: (u64, u64),
}

impl fmt::Display for Compared<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Compared { line, now, was } = *self;
        let construct = match line.construct {
            Construct::Loop => "loop",
            Construct::If => "if",
            Construct::Match => "match",
        };
        write!(
            f,
            "{construct} at {}:{}: {}",
            line.site.file,
            line.site.line,
            phrase(line.construct, now)
        )?;
        if now != was {
            // The same words, but for a loop's number alone ("2 iterations (was 47)").
            let before = match (line.construct, now, was) {
                (Construct::Loop, (_, 1), (n, 1)) => n.to_string(),
                // "taken 1 of 4 times (was 15 of 23)".
                (Construct::If | Construct::Match, (k, r), (k0, r0))
                    if r > 1 && r0 > 1 && (k > 0) == (k0 > 0) =>
                {
                    format!("{k0} of {r0}")
                }
                _ => phrase(line.construct, was),
            };
            write!(f, " (was {before})")?;
        }
        Ok(())
    }
}

/// What a construct did, in words: `count` iterations, taken blocks or later arms over
/// `reached` times.
fn phrase(construct: Construct, (count, reached): (u64, u64)) -> String {
    let plural = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match (construct, reached) {
        (_, 0) => "removed".to_string(),
        (Construct::Loop, 1) => plural(count, "iteration", "iterations"),
        (Construct::Loop, _) => format!(
            "{} in {}",
            plural(count, "iteration", "iterations"),
            plural(reached, "run", "runs")
        ),
        (Construct::If, 1) if count == 0 => "not taken".to_string(),
        (Construct::If, 1) => "taken".to_string(),
        (Construct::If, _) => format!("taken {count} of {reached} times"),
        (Construct::Match, 1) if count == 0 => "the first arm".to_string(),
        (Construct::Match, 1) => "a later arm".to_string(),
        (Construct::Match, _) if count == 0 => format!("the first arm all {reached} times"),
        (Construct::Match, _) => format!("a later arm {count} of {reached} times"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static LOOP: Site = Site::new("loop", "a.rs", 3, 5);
    static IF: Site = Site::new("random_bool", "a.rs", 5, 9);
    static MATCH: Site = Site::new("match", "a.rs", 7, 9);

    fn compared(
        construct: Construct,
        site: &'static Site,
        now: (u64, u64),
        was: (u64, u64),
    ) -> String {
        let line = SiteCount {
            construct,
            site,
            count: now.0,
            reached: now.1,
        };
        Compared {
            line: &line,
            now,
            was,
        }
        .to_string()
    }

    #[test]
    fn lines_say_what_each_construct_became() {
        let cases = [
            (
                Construct::Loop,
                &LOOP,
                (2, 1),
                (47, 1),
                "loop at a.rs:3: 2 iterations (was 47)",
            ),
            (
                Construct::Loop,
                &LOOP,
                (1, 1),
                (1, 1),
                "loop at a.rs:3: 1 iteration",
            ),
            (
                Construct::Loop,
                &LOOP,
                (5, 3),
                (47, 12),
                "loop at a.rs:3: 5 iterations in 3 runs (was 47 iterations in 12 runs)",
            ),
            (
                Construct::Loop,
                &LOOP,
                (0, 0),
                (4, 2),
                "loop at a.rs:3: removed (was 4 iterations in 2 runs)",
            ),
            (
                Construct::If,
                &IF,
                (0, 1),
                (3, 8),
                "if at a.rs:5: not taken (was taken 3 of 8 times)",
            ),
            (Construct::If, &IF, (1, 1), (1, 1), "if at a.rs:5: taken"),
            (
                Construct::Match,
                &MATCH,
                (1, 1),
                (14, 23),
                "match at a.rs:7: a later arm (was a later arm 14 of 23 times)",
            ),
            (
                Construct::Match,
                &MATCH,
                (0, 4),
                (3, 4),
                "match at a.rs:7: the first arm all 4 times (was a later arm 3 of 4 times)",
            ),
            (
                Construct::Match,
                &MATCH,
                (0, 1),
                (1, 1),
                "match at a.rs:7: the first arm (was a later arm)",
            ),
        ];
        for (construct, site, now, was, expected) in cases {
            assert_eq!(compared(construct, site, now, was), expected);
        }
    }
}
