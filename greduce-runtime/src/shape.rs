//! A trace summed up by site, the way a person reads a generator: how many iterations each
//! loop ran, how often each `if` took its block, how often each `match` took an arm other
//! than the first. Comparing the shape of the original and the minimal trace tells what
//! shrinking removed ("loop at graph.rs:12: 3 iterations (was 47)").

use crate::site::Site;
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
            Some(line) => line.count += count,
            None => self.lines.push(SiteCount {
                construct,
                site,
                count,
            }),
        }
    }

    fn count(&self, construct: Construct, site: &Site) -> u64 {
        self.lines
            .iter()
            .find(|l| l.construct == construct && l.site == site)
            .map_or(0, |l| l.count)
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

/// One line of [`Shape::compare`].
struct Compared<'a> {
    line: &'a SiteCount,
    now: u64,
    was: u64,
}

impl fmt::Display for Compared<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Compared { line, now, was } = *self;
        let at = format!("{}:{}", line.site.file, line.site.line);
        let plural =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        match line.construct {
            Construct::Loop => write!(
                f,
                "loop at {at}: {}",
                plural(now, "iteration", "iterations")
            )?,
            Construct::If if now == 0 && was > 0 => write!(f, "if at {at}: removed")?,
            Construct::If => write!(f, "if at {at}: taken {}", plural(now, "time", "times"))?,
            Construct::Match => write!(
                f,
                "match at {at}: {}",
                plural(now, "arm other than the first", "arms other than the first")
            )?,
        }
        if now != was {
            write!(f, " (was {was})")?;
        }
        Ok(())
    }
}
