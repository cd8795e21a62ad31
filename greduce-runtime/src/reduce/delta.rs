//! Delta debugging (Zeller and Hildebrandt) over the positions `0..n` of a list: the one
//! implementation of ddmin and dd that the reducer's structural pass and `greduce::dd` run.
//!
//! Sets of positions are intervals ([`Positions`]): a candidate that keeps an eighth of a
//! million parts costs a few intervals, not a million positions. The search splits what
//! separates the failing set from the passing one into `n` chunks and tries, chunk by
//! chunk, to narrow the sets to a chunk or to its complement, doubling `n` when nothing
//! narrows, until the chunks are single positions. Two variants, by their sources:
//!
//! - [`Variant::Paper`]: ddmin as the GReduce paper's reducer runs it over reducible parts.
//!   Chunk `i` of `n` over `len` positions is `i * len / n .. (i + 1) * len / n`; every
//!   chunk is tried alone, then (unless `n` is 2, when the complements are the chunks) every
//!   complement; after a chunk, `n` starts again at 2. Nothing is tested before the search
//!   (the whole set fails, as the reducer's current input does), and with one position left
//!   its complement, the empty set, is tried too. Minimising only.
//! - [`Variant::Book`]: dd as the Debugging Book's chapter "Reducing Failure-Inducing
//!   Inputs" writes it, with its refinements: the first `len % n` chunks are the longer
//!   ones; each chunk is tried before the next, alone ("reduce to subset", only when `n` is
//!   2) then as its complement; after a success the next round starts at the chunk that
//!   succeeded. It tests the passing start and the whole set first, and also maximises a
//!   passing set ([`Mode`]).

use crate::property::outcome::Outcome;
use std::ops::Range;

/// Which delta debugging: see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// The GReduce paper's ddmin (the reducer's structural pass).
    Paper,
    /// The Debugging Book's dd (`greduce::dd`).
    Book,
}

/// Which side [`dd`] narrows ([`Variant::Paper`] only minimises).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Minimise the failing set (ddmin).
    Min,
    /// Maximise the passing set (ddmax).
    Max,
    /// Both, to a 1-minimal difference.
    Both,
}

impl Mode {
    fn minimizes(self) -> bool {
        self != Mode::Max
    }

    fn maximizes(self) -> bool {
        self != Mode::Min
    }
}

/// The narrowed pair: a passing and a failing set of positions, the passing one inside the
/// failing one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Narrowed {
    /// The passing set (empty when minimising only).
    pub pass: Positions,
    /// The failing set.
    pub fail: Positions,
}

/// Why [`dd`] could not start ([`Variant::Book`] only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// The passing set to start from (the empty one, unless given) fails.
    PassFails,
    /// The passing set to start from is unresolved: maximising needs one that passes.
    PassUnresolved,
    /// The whole input, which must fail when minimising, passes.
    WholePasses,
}

/// Runs delta debugging on the positions `0..n` from the passing set `pass` (empty for
/// ddmin), testing sets of positions with `test`, which answers an [`Outcome`] (a timeout
/// counts as unresolved) or `None` to stop the search where it is (a budget ran out).
///
/// # Errors
///
/// [`Variant::Book`] only: when the ends it tests first do not fit the [`Mode`] ([`Start`]).
pub fn dd(
    n: usize,
    variant: Variant,
    mode: Mode,
    pass: Positions,
    test: &mut dyn FnMut(&Positions) -> Option<Outcome>,
) -> Result<Narrowed, Start> {
    debug_assert!(variant == Variant::Book || (mode == Mode::Min && pass.is_empty()));
    let mut pass = pass;
    let mut fail = Positions::all(n);
    if variant == Variant::Book {
        match test(&pass) {
            None => return Ok(Narrowed { pass, fail }),
            Some(Outcome::Fails) if mode.maximizes() => return Err(Start::PassFails),
            // Minimising only: the smallest failing input is the empty one.
            Some(Outcome::Fails) => {
                return Ok(Narrowed {
                    fail: pass.clone(),
                    pass,
                });
            }
            Some(Outcome::Unresolved | Outcome::Timeout) if mode.maximizes() => {
                return Err(Start::PassUnresolved);
            }
            // Minimising only, from an unresolved empty input, is the book's ddmin.
            Some(_) => {}
        }
        match test(&fail) {
            None => return Ok(Narrowed { pass, fail }),
            Some(Outcome::Passes) if mode.minimizes() => return Err(Start::WholePasses),
            Some(Outcome::Passes) => {
                return Ok(Narrowed {
                    pass: fail.clone(),
                    fail,
                });
            }
            Some(_) => {}
        }
    }
    let mut n = 2;
    let mut offset = 0;
    loop {
        let delta = fail.difference(&pass);
        let len = delta.len();
        match variant {
            Variant::Book if len < n => break,
            Variant::Paper if len == 0 => break,
            Variant::Paper => n = n.min(len),
            Variant::Book => {}
        }
        let chunk = |i: usize| match variant {
            Variant::Paper => i * len / n..(i + 1) * len / n,
            Variant::Book => split(len, n, i),
        };
        let mut success = None;
        for (i, step) in Step::order(variant, mode, n, offset) {
            let chunk = chunk(i);
            let chunk = delta.slice(chunk.start, chunk.end);
            let (candidate, wanted) = match step {
                Step::ReduceToSubset => (pass.union(&chunk), Outcome::Fails),
                Step::IncreaseToSubset => (fail.difference(&chunk), Outcome::Passes),
                Step::ReduceToComplement => (fail.difference(&chunk), Outcome::Fails),
                Step::IncreaseToComplement => (pass.union(&chunk), Outcome::Passes),
            };
            let Some(outcome) = test(&candidate) else {
                return Ok(Narrowed { pass, fail });
            };
            if outcome != wanted {
                continue;
            }
            let next_n = match step {
                Step::ReduceToSubset => {
                    fail = candidate;
                    2
                }
                Step::IncreaseToSubset => {
                    pass = candidate;
                    2
                }
                Step::ReduceToComplement => {
                    fail = candidate;
                    (n - 1).max(2)
                }
                Step::IncreaseToComplement => {
                    pass = candidate;
                    (n - 1).max(2)
                }
            };
            success = Some((next_n, i));
            break;
        }
        match success {
            Some((next_n, i)) => {
                n = next_n;
                if variant == Variant::Book {
                    offset = i;
                }
            }
            None if n >= len => break,
            None => n = (n * 2).min(len),
        }
    }
    Ok(Narrowed { pass, fail })
}

/// One try of a round: narrow to a chunk or to its complement, from the failing side or
/// the passing one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    ReduceToSubset,
    IncreaseToSubset,
    ReduceToComplement,
    IncreaseToComplement,
}

impl Step {
    /// The tries of a round of `n` chunks, in the order `variant` makes them: `(chunk,
    /// step)`.
    fn order(variant: Variant, mode: Mode, n: usize, offset: usize) -> Vec<(usize, Step)> {
        match variant {
            Variant::Paper => {
                let subsets = (0..n).filter(|_| n >= 2).map(|i| (i, Step::ReduceToSubset));
                let complements = (0..n)
                    .filter(|_| n != 2)
                    .map(|i| (i, Step::ReduceToComplement));
                subsets.chain(complements).collect()
            }
            Variant::Book => {
                let mut out = Vec::new();
                for j in 0..n {
                    let i = (j + offset) % n;
                    if mode.minimizes() && n == 2 {
                        out.push((i, Step::ReduceToSubset));
                    }
                    if mode.maximizes() && n == 2 {
                        out.push((i, Step::IncreaseToSubset));
                    }
                    if mode.minimizes() {
                        out.push((i, Step::ReduceToComplement));
                    }
                    if mode.maximizes() {
                        out.push((i, Step::IncreaseToComplement));
                    }
                }
                out
            }
        }
    }
}

/// The `i`-th of `n` near-equal consecutive chunks of `0..len`, the first `len % n` one
/// longer (the book's split).
pub fn split(len: usize, n: usize, i: usize) -> Range<usize> {
    let (k, m) = (len / n, len % n);
    i * k + i.min(m)..(i + 1) * k + (i + 1).min(m)
}

/// A set of positions in a list, as sorted, disjoint, non-adjacent, non-empty intervals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Positions {
    intervals: Vec<Range<usize>>,
    len: usize,
}

impl Positions {
    /// Positions `0..n`.
    pub fn all(n: usize) -> Positions {
        Positions {
            intervals: std::iter::once(0..n).filter(|r| !r.is_empty()).collect(),
            len: n,
        }
    }

    /// The positions of an ascending list.
    pub fn from_sorted(positions: &[usize]) -> Positions {
        let mut out = Positions::default();
        for &p in positions {
            out.push(p..p + 1);
        }
        out
    }

    /// Appends `range`, which starts at or after the last interval's end.
    fn push(&mut self, range: Range<usize>) {
        if range.is_empty() {
            return;
        }
        self.len += range.len();
        match self.intervals.last_mut() {
            Some(last) if last.end == range.start => last.end = range.end,
            _ => self.intervals.push(range),
        }
    }

    /// How many positions there are.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The positions as intervals: sorted, disjoint, not touching.
    pub fn intervals(&self) -> &[Range<usize>] {
        &self.intervals
    }

    /// The positions, one by one.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.intervals.iter().flat_map(Clone::clone)
    }

    /// The `a`-th to the `b`-th positions (counting in order from 0, `b` excluded).
    pub(crate) fn slice(&self, a: usize, b: usize) -> Positions {
        let mut out = Positions::default();
        let mut seen = 0;
        for r in &self.intervals {
            let (lo, hi) = (seen, seen + r.len());
            seen = hi;
            if hi <= a {
                continue;
            }
            if lo >= b {
                break;
            }
            out.push(r.start + a.saturating_sub(lo)..r.start + (b.min(hi) - lo));
        }
        out
    }

    /// The positions in `self` or in `other`.
    pub(crate) fn union(&self, other: &Positions) -> Positions {
        let mut all: Vec<&Range<usize>> = self.intervals.iter().chain(&other.intervals).collect();
        all.sort_by_key(|r| r.start);
        let mut out = Positions::default();
        let mut open: Option<Range<usize>> = None;
        for r in all {
            match &mut open {
                Some(o) if r.start <= o.end => o.end = o.end.max(r.end),
                _ => {
                    if let Some(o) = open.replace(r.clone()) {
                        out.push(o);
                    }
                }
            }
        }
        if let Some(o) = open {
            out.push(o);
        }
        out
    }

    /// The positions in `self` but not in `other`.
    pub(crate) fn difference(&self, other: &Positions) -> Positions {
        let mut out = Positions::default();
        let mut cut = other.intervals.iter().peekable();
        for r in &self.intervals {
            let mut start = r.start;
            while let Some(c) = cut.peek() {
                if c.end <= start {
                    cut.next();
                    continue;
                }
                if c.start >= r.end {
                    break;
                }
                out.push(start..c.start.max(start));
                start = c.end;
                if c.end > r.end {
                    break;
                }
                cut.next();
            }
            if start < r.end {
                out.push(start..r.end);
            }
        }
        out
    }

    /// The positions of `0..n` that are not in the set, as intervals.
    pub(crate) fn gaps(&self, n: usize) -> Vec<Range<usize>> {
        Positions::all(n).difference(self).intervals
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(positions: &[usize]) -> Positions {
        Positions::from_sorted(positions)
    }

    fn vec(p: &Positions) -> Vec<usize> {
        p.iter().collect()
    }

    #[test]
    fn splits_as_the_book_does() {
        let chunks = |len, n| (0..n).map(|i| split(len, n, i)).collect::<Vec<_>>();
        assert_eq!(chunks(7, 3), [0..3, 3..5, 5..7]);
        assert_eq!(chunks(7, 5), [0..2, 2..4, 4..5, 5..6, 6..7]);
        assert_eq!(chunks(26, 4), [0..7, 7..14, 14..20, 20..26]);
    }

    #[test]
    fn set_operations() {
        assert_eq!(
            vec(&set(&[1, 4, 6]).union(&set(&[2, 4, 7]))),
            [1, 2, 4, 6, 7]
        );
        assert_eq!(
            vec(&set(&[1, 2, 4, 6, 7]).difference(&set(&[2, 7, 9]))),
            [1, 4, 6]
        );
        assert_eq!(set(&[0, 1, 2, 5, 7, 8]).intervals(), [0..3, 5..6, 7..9]);
        let some = Positions::all(10).difference(&set(&[2, 3, 4])); // 0 1 5 6 7 8 9
        assert_eq!(vec(&some), [0, 1, 5, 6, 7, 8, 9]);
        assert_eq!(vec(&some.slice(1, 4)), [1, 5, 6]);
        assert_eq!(some.gaps(10), [Range { start: 2, end: 5 }]);
        assert_eq!(some.slice(1, 4).gaps(10), [0..1, 2..5, 7..10]);
        assert!(Positions::all(0).is_empty());
    }

    /// The book's outcome for "fails when every one of `needed` is in".
    fn needs(needed: &'static [usize]) -> impl FnMut(&Positions) -> Option<Outcome> {
        move |s| {
            Some(Outcome::from(
                !needed.iter().all(|x| s.iter().any(|y| y == *x)),
            ))
        }
    }

    #[test]
    fn paper_finds_the_needed_items_and_the_empty_set() {
        let run = |n, needed: &'static [usize]| {
            let mut calls = 0;
            let mut test = needs(needed);
            let out = dd(
                n,
                Variant::Paper,
                Mode::Min,
                Positions::default(),
                &mut |s| {
                    calls += 1;
                    test(s)
                },
            )
            .unwrap();
            (vec(&out.fail), calls)
        };
        assert_eq!(run(8, &[1, 6]).0, [1, 6]);
        assert_eq!(run(5, &[]).0, Vec::<usize>::new());
        assert_eq!(run(1, &[0]).0, [0]);
        assert_eq!(run(100, &[3, 50, 51, 99]).0, [3, 50, 51, 99]);
        // "abc" -> keep "a"? no; keep "bc"? yes; keep "b"? no; keep "c"? yes; keep ""? no.
        assert_eq!(run(3, &[2]), (vec![2], 5));
    }

    #[test]
    fn a_stop_ends_the_search_where_it_is() {
        let mut calls = 0;
        let out = dd(
            16,
            Variant::Paper,
            Mode::Min,
            Positions::default(),
            &mut |_| {
                calls += 1;
                (calls <= 3).then_some(Outcome::Passes)
            },
        )
        .unwrap();
        assert_eq!(out.fail.len(), 16);
        assert_eq!(calls, 4);
    }

    #[test]
    fn book_minimises_maximises_and_isolates() {
        let book = |mode| {
            dd(
                10,
                Variant::Book,
                mode,
                Positions::default(),
                &mut needs(&[3, 7]),
            )
        };
        let min = book(Mode::Min).unwrap();
        assert_eq!((vec(&min.pass), vec(&min.fail)), (vec![], vec![3, 7]));
        let max = book(Mode::Max).unwrap();
        assert_eq!(max.fail.len(), 10);
        assert_eq!(max.pass.len(), 9);
        let both = book(Mode::Both).unwrap();
        assert_eq!(both.fail.difference(&both.pass).len(), 1);
    }

    #[test]
    fn book_refuses_to_start_on_wrong_ends() {
        let start = |mode, pass: &[usize], test: &mut dyn FnMut(&Positions) -> Option<Outcome>| {
            dd(4, Variant::Book, mode, set(pass), test)
        };
        let mut always = |_: &Positions| Some(Outcome::Fails);
        assert_eq!(start(Mode::Both, &[], &mut always), Err(Start::PassFails));
        assert!(start(Mode::Min, &[], &mut always).unwrap().fail.is_empty());
        let mut never = |_: &Positions| Some(Outcome::Passes);
        assert_eq!(start(Mode::Min, &[], &mut never), Err(Start::WholePasses));
        assert_eq!(start(Mode::Max, &[], &mut never).unwrap().pass.len(), 4);
        let mut empty_unresolved = |s: &Positions| {
            Some(match s.len() {
                0 => Outcome::Unresolved,
                _ if s.iter().any(|x| x == 0) => Outcome::Fails,
                _ => Outcome::Passes,
            })
        };
        assert_eq!(
            start(Mode::Both, &[], &mut empty_unresolved),
            Err(Start::PassUnresolved)
        );
        let min = start(Mode::Min, &[], &mut empty_unresolved).unwrap();
        assert_eq!(vec(&min.fail), [0]);
        // A given passing start is grown, not found again.
        let grown = start(Mode::Max, &[1, 2], &mut empty_unresolved).unwrap();
        assert_eq!(vec(&grown.pass), [1, 2, 3]);
    }

    #[test]
    fn unresolved_neither_narrows() {
        let mut test = |s: &Positions| {
            Some(match s.len() {
                0 => Outcome::Passes,
                6 => Outcome::Fails,
                _ => Outcome::Unresolved,
            })
        };
        let out = dd(
            6,
            Variant::Book,
            Mode::Both,
            Positions::default(),
            &mut test,
        )
        .unwrap();
        assert_eq!((out.pass.len(), out.fail.len()), (0, 6));
    }
}
