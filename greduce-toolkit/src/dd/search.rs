//! The general delta debugging algorithm `dd` of Zeller and Hildebrandt (2002), on sets of
//! part indices, as the Debugging Book's chapter on reducing inputs words it: it narrows a
//! passing set up and a failing set down until their difference is 1-minimal. Minimising
//! only is `ddmin`; maximising only is `ddmax`.
//!
//! Two refinements of the book are kept: "reduce to subset" and "increase to subset" are
//! tried only at granularity 2, and after a success the next round starts at the subset that
//! succeeded rather than at the first (which spreads removals over the input).

use super::outcome::Outcome;
use std::ops::Range;

/// Which side `dd` narrows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Minimise the failing input (`ddmin`).
    Min,
    /// Maximise the passing input (`ddmax`).
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

/// The narrowed pair: a passing and a failing set of part indices (ascending), the passing
/// one inside the failing one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Narrowed {
    pub(crate) pass: Vec<usize>,
    pub(crate) fail: Vec<usize>,
}

/// Why `dd` could not start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Start {
    /// The passing set to start from (the empty one, unless given) fails.
    PassFails,
    /// The passing set to start from is unresolved: maximising needs one that passes.
    PassUnresolved,
    /// The whole input, which must fail when minimising, passes.
    WholePasses,
}

/// Runs `dd` on the parts `0..len`, testing sets of part indices with `test`, from the
/// passing set `pass` (ascending; empty for the book's `dd`).
pub(crate) fn dd(
    len: usize,
    mode: Mode,
    pass: Vec<usize>,
    test: &mut dyn FnMut(&[usize]) -> Outcome,
) -> Result<Narrowed, Start> {
    let mut pass = pass;
    let mut fail: Vec<usize> = (0..len).collect();
    match test(&pass) {
        Outcome::Fails if mode.maximizes() => return Err(Start::PassFails),
        // Minimising only: the smallest failing input is the empty one.
        Outcome::Fails => {
            return Ok(Narrowed {
                fail: pass.clone(),
                pass,
            });
        }
        Outcome::Unresolved | Outcome::Timeout if mode.maximizes() => {
            return Err(Start::PassUnresolved);
        }
        // Minimising only, from an unresolved empty input, is the book's ddmin.
        Outcome::Unresolved | Outcome::Timeout | Outcome::Passes => {}
    }
    if test(&fail) == Outcome::Passes {
        if mode.minimizes() {
            return Err(Start::WholePasses);
        }
        return Ok(Narrowed {
            pass: fail.clone(),
            fail,
        });
    }
    let mut n = 2;
    let mut offset = 0;
    loop {
        let delta = difference(&fail, &pass);
        if delta.len() < n {
            return Ok(Narrowed { pass, fail });
        }
        let mut success = None;
        for j in 0..n {
            let i = (j + offset) % n;
            let chunk = &delta[split(delta.len(), n, i)];
            let next_pass = union(&pass, chunk);
            let next_fail = difference(&fail, chunk);
            let next_n = if mode.minimizes() && n == 2 && test(&next_pass) == Outcome::Fails {
                // Reduce to subset.
                fail = next_pass;
                n
            } else if mode.maximizes() && n == 2 && test(&next_fail) == Outcome::Passes {
                // Increase to subset.
                pass = next_fail;
                n
            } else if mode.minimizes() && test(&next_fail) == Outcome::Fails {
                // Reduce to complement.
                fail = next_fail;
                (n - 1).max(2)
            } else if mode.maximizes() && test(&next_pass) == Outcome::Passes {
                // Increase to complement.
                pass = next_pass;
                (n - 1).max(2)
            } else {
                continue;
            };
            success = Some((next_n, i));
            break;
        }
        match success {
            Some((next_n, i)) => {
                n = next_n;
                offset = i;
            }
            None if n >= delta.len() => return Ok(Narrowed { pass, fail }),
            None => n = (n * 2).min(delta.len()),
        }
    }
}

/// The `i`-th of `n` near-equal consecutive chunks of `0..len` (the first `len % n` one
/// longer).
pub(crate) fn split(len: usize, n: usize, i: usize) -> Range<usize> {
    let (k, m) = (len / n, len % n);
    i * k + i.min(m)..(i + 1) * k + (i + 1).min(m)
}

/// `a ∪ b`, both ascending.
fn union(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

/// `a \ b`, both ascending.
fn difference(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut out = Vec::with_capacity(a.len());
    let mut j = 0;
    for &x in a {
        while j < b.len() && b[j] < x {
            j += 1;
        }
        if j == b.len() || b[j] != x {
            out.push(x);
        }
    }
    out
}

/// Ascending indices as runs of consecutive indices.
pub(crate) fn runs(set: &[usize]) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    for &x in set {
        match out.last_mut() {
            Some(last) if last.end == x => last.end = x + 1,
            _ => out.push(x..x + 1),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_as_the_book_does() {
        let chunks = |len, n| (0..n).map(|i| split(len, n, i)).collect::<Vec<_>>();
        assert_eq!(chunks(7, 3), [0..3, 3..5, 5..7]);
        assert_eq!(chunks(7, 5), [0..2, 2..4, 4..5, 5..6, 6..7]);
        assert_eq!(chunks(26, 4), [0..7, 7..14, 14..20, 20..26]);
    }

    #[test]
    fn set_operations() {
        assert_eq!(union(&[1, 4, 6], &[2, 4, 7]), [1, 2, 4, 6, 7]);
        assert_eq!(difference(&[1, 2, 4, 6, 7], &[2, 7, 9]), [1, 4, 6]);
        assert_eq!(runs(&[0, 1, 2, 5, 7, 8]), [0..3, 5..6, 7..9]);
        assert!(runs(&[]).is_empty());
    }

    /// Fails when both 3 and 7 are in; passes otherwise.
    fn needs_3_and_7(set: &[usize]) -> Outcome {
        if set.contains(&3) && set.contains(&7) {
            Outcome::Fails
        } else {
            Outcome::Passes
        }
    }

    #[test]
    fn minimises_maximises_and_isolates() {
        let min = dd(10, Mode::Min, vec![], &mut needs_3_and_7).unwrap();
        assert_eq!((min.pass, min.fail), (vec![], vec![3, 7]));
        let max = dd(10, Mode::Max, vec![], &mut needs_3_and_7).unwrap();
        assert_eq!(max.fail, (0..10).collect::<Vec<_>>());
        assert_eq!(max.pass.len(), 9);
        let both = dd(10, Mode::Both, vec![], &mut needs_3_and_7).unwrap();
        assert_eq!(difference(&both.fail, &both.pass).len(), 1);
        assert_eq!(needs_3_and_7(&both.pass), Outcome::Passes);
        assert_eq!(needs_3_and_7(&both.fail), Outcome::Fails);
    }

    #[test]
    fn refuses_to_start_on_wrong_ends() {
        let mut always = |_: &[usize]| Outcome::Fails;
        assert_eq!(
            dd(4, Mode::Both, vec![], &mut always),
            Err(Start::PassFails)
        );
        assert_eq!(
            dd(4, Mode::Min, vec![], &mut always).unwrap().fail,
            Vec::<usize>::new()
        );
        let mut never = |_: &[usize]| Outcome::Passes;
        assert_eq!(
            dd(4, Mode::Min, vec![], &mut never),
            Err(Start::WholePasses)
        );
        assert_eq!(
            dd(4, Mode::Max, vec![], &mut never).unwrap().pass,
            [0, 1, 2, 3]
        );
        // Maximising from an unresolved start is refused; minimising goes on.
        let mut empty_unresolved = |set: &[usize]| match set.len() {
            0 => Outcome::Unresolved,
            _ if set.contains(&0) => Outcome::Fails,
            _ => Outcome::Passes,
        };
        assert_eq!(
            dd(4, Mode::Both, vec![], &mut empty_unresolved),
            Err(Start::PassUnresolved)
        );
        assert_eq!(
            dd(4, Mode::Min, vec![], &mut empty_unresolved)
                .unwrap()
                .fail,
            [0]
        );
        // A given passing start is grown, not found again.
        let grown = dd(4, Mode::Max, vec![1, 2], &mut empty_unresolved).unwrap();
        assert_eq!(grown.pass, [1, 2, 3]);
    }

    #[test]
    fn unresolved_neither_narrows() {
        // Everything but the whole input and the empty one is unresolved: nothing narrows.
        let mut test = |set: &[usize]| match set.len() {
            0 => Outcome::Passes,
            6 => Outcome::Fails,
            _ => Outcome::Unresolved,
        };
        let out = dd(6, Mode::Both, vec![], &mut test).unwrap();
        assert_eq!((out.pass.len(), out.fail.len()), (0, 6));
    }
}
