//! The bounded exhaustive search below a shrunk input ([`Reducer::exhaust`]).
//!
//! Shrinking ends at a local minimum: no single edit of the passes, each still failing,
//! leads further, though a smaller failing input may exist (one that uses another `match`
//! arm and other values at once). The search walks the generator's executions within
//! bounds instead of editing the input: each decision takes one of its first
//! [`Exhaust::values`] values in the shrink order (its simplest, then by distance from it,
//! the value above before the value below: 0, 1, -1, 2, ... in a range around zero;
//! `false` then `true`; the first index, the second, ...), and an execution makes at most
//! [`Exhaust::decisions`] decisions. An execution is named by its bytes in the byte
//! form of a run ([`crate::run::bytes`]: each decision reads its own slice, zero bytes answer
//! the simplest value), so executions that share a prefix share it as bytes: the walk runs
//! an execution, then its children, each the same bytes up to one decision after the
//! last one its parent changed, with that decision one value further and every later
//! decision at its simplest. Every execution within the bounds is walked once.
//!
//! Then the neighbourhood of the input: every execution whose bytes differ from the
//! input's in at most [`Exhaust::changes`] decisions, each changed decision taking one of
//! its first [`Exhaust::values`] values, the decisions after it reading the input's bytes
//! where they were (so a change that removes a vertex, with a pick moved to keep naming the
//! same edge, is one neighbour). The walk from the simplest execution cannot reach a large
//! input's neighbours (they make too many decisions), and shrinking's edits cannot reach
//! them when each change alone passes.
//!
//! The executions smaller than the current input in the shrink order are asked, smallest
//! first (by size, then fewer bytes; neighbours of one size by their changes, the earliest
//! decisions first); the first that fails becomes the input, shrinking
//! continues from it, and the search runs again. When none fails and both searches were
//! complete, the result carries a [`Certificate`].
//!
//! [`Reducer::exhaust`]: crate::Reducer::exhaust

use crate::config::Exhaust;
use crate::run::bytes;
use crate::trace::Trace;
use std::fmt;

/// What the bounded exhaustive search showed: no execution within its bounds, and no
/// neighbour of the result, fails and is smaller than the result.
///
/// ```
/// use greduce::{Exhaust, Reducer, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u32) {
///     (rng.random_range(0..100), rng.random_range(0..100))
/// }
///
/// let run = greduce::record(pair, 1);
/// let bounds = Exhaust { decisions: 2, values: 3, ..Exhaust::default() };
/// let reduced = Reducer::new(pair).exhaust(bounds).reduce(&run.trace, |p| p.0 + p.1 < 3);
/// assert_eq!(reduced.output, (0, 3));
/// let certificate = reduced.certificate.unwrap();
/// // The 9 executions of 2 decisions with values 0, 1, 2: none of them fails.
/// assert_eq!(certificate.inputs, [0, 0, 9]);
/// // Its neighbours the walk did not run: (1, 3) and (2, 3) (the others have values
/// // below 3, and were walked).
/// assert_eq!(certificate.neighbours, 2);
/// assert!(certificate.complete);
/// assert_eq!(
///     certificate.to_string(),
///     "no smaller failing input among 9 inputs of at most 2 decisions, values up to 3 per \
///      decision, nor among its 2 neighbours that change at most 2 of its decisions"
/// );
/// ```
///
/// Only greduce makes certificates: the type is `#[non_exhaustive]`, so that a later bound's
/// count can be added to it without breaking code that reads its fields.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Certificate {
    /// The bounds walked.
    pub bounds: Exhaust,
    /// The executions walked within the bounds, by how many decisions they made
    /// (`inputs[k]`: of `k` decisions; entries up to the bound, or 64 when the bound is
    /// above it, then as far as some execution went).
    pub inputs: Vec<u64>,
    /// The neighbours of the result run: executions that change at most
    /// [`Exhaust::changes`] of its decisions, less those the walk ran within its bounds, the
    /// result itself, repeats, and executions that made no input (a panic, or over the
    /// replay budget); none when the walk found a failing input.
    pub neighbours: u64,
    /// Of the executions walked and the neighbours, how many were smaller than the result,
    /// and judged by the property or by its cache of outcomes: none reproduced the failure
    /// (passing, or failing another way, or the property panicking, count alike).
    pub asked: u64,
    /// Whether the walk covered every execution within the bounds. It did not when a budget
    /// ([`Exhaust::inputs`], [`Exhaust::calls`], or the reducer's own) stopped it, when the
    /// generator ran over its budget on an execution (the executions that differ from it
    /// are not known), or when a decision had no byte form (a choice from an iterator of
    /// unknown length), or when the neighbours ran past [`Exhaust::inputs`]; the
    /// certificate then covers only the executions walked and run. (An
    /// execution on which the generator panics, an `assume` included, is no input, and is
    /// not counted; the executions that differ from it before the panic are walked.)
    pub complete: bool,
}

impl Certificate {
    /// The executions walked within the bounds.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.inputs.iter().sum()
    }
}

impl fmt::Display for Certificate {
    /// What was searched, and that no smaller failing input was found there; a search that
    /// walked no input within its bounds says so, and names the bound that stopped it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (decisions, values, changes) = (
            self.bounds.decisions,
            self.bounds.values,
            self.bounds.changes,
        );
        let raise = "raise `decisions` (`GREDUCE_EXHAUST=decisions=N`) to search more";
        match (self.total(), self.neighbours) {
            (0, 0) => {
                write!(
                    f,
                    "nothing searched, so nothing certified: every execution the walk ran made \
                     more than {decisions} decisions (the `decisions` bound)"
                )?;
                if changes == 0 {
                    f.write_str(", and the neighbourhood search is off (`changes` is 0)")?;
                } else {
                    write!(
                        f,
                        ", and no execution that changes at most {changes} of the input's \
                         decisions made another input"
                    )?;
                }
                return write!(f, "; {raise}");
            }
            (0, neighbours) => write!(
                f,
                "no smaller failing input among the input's {neighbours} neighbours that change \
                 at most {changes} of its decisions, values up to {values} per decision (the walk \
                 searched no input: every execution it ran made more than {decisions} \
                 decisions; {raise})"
            )?,
            (total, neighbours) => {
                write!(
                    f,
                    "no smaller failing input among {total} inputs of at most {decisions} \
                     decisions, values up to {values} per decision"
                )?;
                if changes > 0 {
                    write!(
                        f,
                        ", nor among its {neighbours} neighbours that change at most {changes} of \
                         its decisions"
                    )?;
                }
            }
        }
        if !self.complete {
            write!(
                f,
                " (incomplete: not every input within the bounds was walked and asked)"
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod certificate_text {
    use super::*;

    fn certificate(inputs: Vec<u64>, neighbours: u64, changes: usize) -> String {
        Certificate {
            bounds: Exhaust {
                changes,
                ..Exhaust::DEFAULT
            },
            inputs,
            neighbours,
            asked: 0,
            complete: true,
        }
        .to_string()
    }

    #[test]
    fn a_search_of_nothing_says_so_and_names_its_bound() {
        assert_eq!(
            certificate(vec![0; 11], 0, 2),
            "nothing searched, so nothing certified: every execution the walk ran made more \
             than 10 decisions (the `decisions` bound), and no execution that changes at most 2 \
             of the input's decisions made another input; raise `decisions` \
             (`GREDUCE_EXHAUST=decisions=N`) to search more"
        );
        assert!(certificate(vec![], 0, 0).contains("the neighbourhood search is off"));
        assert!(certificate(vec![0; 3], 12, 2).starts_with(
            "no smaller failing input among the input's 12 neighbours that change at most 2"
        ));
        assert_eq!(
            certificate(vec![1, 2, 3], 0, 2),
            "no smaller failing input among 6 inputs of at most 10 decisions, values up to 4 per \
             decision, nor among its 0 neighbours that change at most 2 of its decisions"
        );
    }
}

/// An execution to walk: its bytes, and the first decision its children may change (the
/// one after the last its bytes set).
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub(crate) bytes: Vec<u8>,
    pub(crate) from: usize,
}

/// The children of the execution `node` whose run made `trace`: for each decision from
/// `node.from` on (below the bound), each value after the simplest within the bound, the
/// bytes of the decisions before it as the run made them. In the order the walk takes
/// them from a stack (the first child last). `false` with them when a decision without a
/// byte form (a choice from an iterator of unknown length) left the decisions after it
/// unnamed: their children are missing, and the walk is not complete.
///
/// At most `room` children (the walk's budget of inputs left): past it, `false` too.
pub(crate) fn children(
    node: &Node,
    trace: &Trace,
    bounds: Exhaust,
    room: u64,
) -> (Vec<Node>, bool) {
    let mut prefix = Vec::new();
    let mut out = Vec::new();
    let within = trace.decision_count().min(bounds.decisions);
    let mut named = true;
    'decisions: for (i, decision) in trace.each_decision().enumerate().take(bounds.decisions) {
        if i >= node.from {
            for rank in 1..bounds.values {
                let Some(own) = bytes::rank_bytes(&decision.args, rank) else {
                    break;
                };
                if out.len() as u64 >= room {
                    named = false;
                    break 'decisions;
                }
                let mut child = prefix.clone();
                child.extend_from_slice(&own);
                out.push(Node {
                    bytes: child,
                    from: i + 1,
                });
            }
        }
        if !bytes::encode(&decision.args, &decision.value, &mut prefix) {
            // No byte form: the decisions after it cannot be named.
            named = i + 1 >= within;
            break;
        }
    }
    out.reverse();
    (out, named)
}

/// A change of a neighbour: which decision of the input (its place in
/// [`Neighbourhood`]), and which of its other values.
pub(crate) type Change = (u32, u32);

/// The neighbours of an input: its bytes with at most [`Exhaust::changes`] decisions'
/// slices replaced, each by one of the first [`Exhaust::values`] values of that decision
/// other than its own.
pub(crate) struct Neighbourhood {
    /// The input's bytes.
    base: Vec<u8>,
    /// Each decision that has other values: its place in `base`, and those values' bytes.
    places: Vec<(usize, Vec<Vec<u8>>)>,
    /// False when some decision had no byte form, or when the single changes alone would
    /// pass [`Exhaust::inputs`] (the decisions after it, or past that, are left out: the
    /// neighbourhood is not complete).
    pub(crate) named: bool,
}

impl Neighbourhood {
    /// The neighbourhood of the run that made `trace`. Its work and memory are bounded by
    /// `bounds.inputs` and the input's own bytes, whatever the input's size.
    pub(crate) fn new(trace: &Trace, bounds: Exhaust) -> Neighbourhood {
        let mut base = Vec::new();
        let mut places: Vec<(usize, Vec<Vec<u8>>)> = Vec::new();
        let mut named = true;
        let mut singles = 0u64;
        for decision in trace.each_decision() {
            let start = base.len();
            if !bytes::encode(&decision.args, &decision.value, &mut base) {
                named = false;
                break;
            }
            if singles >= bounds.inputs {
                // Past what the budget can reach; the input's own bytes still follow.
                named = false;
                continue;
            }
            let own = &base[start..];
            let room = usize::try_from(bounds.inputs - singles).unwrap_or(usize::MAX);
            let mut others: Vec<Vec<u8>> = (0..bounds.values)
                .map_while(|rank| match rank {
                    // Zero bytes answer the simplest value.
                    0 => Some(vec![0; own.len()]),
                    _ => bytes::rank_bytes(&decision.args, rank),
                })
                .filter(|other| other.len() == own.len() && other.as_slice() != own)
                .take(room.saturating_add(1))
                .collect();
            if others.len() > room {
                // The budget cuts this decision's values short.
                others.truncate(room);
                named = false;
            }
            if !others.is_empty() {
                singles += others.len() as u64;
                places.push((start, others));
            }
        }
        Neighbourhood {
            base,
            places,
            named,
        }
    }

    /// Calls `each` with the bytes and the changes of every neighbour that changes at most
    /// `changes` decisions: single changes first, then pairs, ... (within each, by the
    /// places changed, then the values). Stops when `each` returns false.
    pub(crate) fn each(&self, changes: usize, mut each: impl FnMut(&[u8], &[Change]) -> bool) {
        let mut bytes = self.base.clone();
        let mut made = Vec::new();
        for k in 1..=changes.min(self.places.len()) {
            if !self.change(&mut bytes, &mut made, k, 0, &mut each) {
                return;
            }
        }
    }

    /// The neighbours that make `k` more changes, from place `from` on, to `bytes` (the
    /// changes `made` so far on the input); false when `each` asked to stop.
    fn change(
        &self,
        bytes: &mut Vec<u8>,
        made: &mut Vec<Change>,
        k: usize,
        from: usize,
        each: &mut impl FnMut(&[u8], &[Change]) -> bool,
    ) -> bool {
        for (i, (start, others)) in self.places.iter().enumerate().skip(from) {
            if self.places.len() - i < k {
                break;
            }
            let len = others[0].len();
            for (j, other) in others.iter().enumerate() {
                bytes[*start..*start + len].copy_from_slice(other);
                made.push((i as u32, j as u32));
                let go_on = if k == 1 {
                    each(bytes, made)
                } else {
                    self.change(bytes, made, k - 1, i + 1, each)
                };
                made.pop();
                if !go_on {
                    return false;
                }
            }
            bytes[*start..*start + len].copy_from_slice(&self.base[*start..*start + len]);
        }
        true
    }

    /// The bytes of the neighbour that makes `changes`.
    pub(crate) fn bytes(&self, changes: &[Change]) -> Vec<u8> {
        let mut bytes = self.base.clone();
        for &(place, value) in changes {
            let (start, others) = &self.places[place as usize];
            let other = &others[value as usize];
            bytes[*start..*start + other.len()].copy_from_slice(other);
        }
        bytes
    }
}

/// A name of the execution that made `trace`: a 128-bit hash of its decisions' bytes, less
/// the zero bytes at the end (which answer the simplest values, as missing bytes do); kept
/// instead of the bytes, so that remembering a million executions of a large input takes
/// 16 MB. (Two executions of a search share a name by chance with a probability below
/// 2^-80 for a million.) `None` when a decision has no byte form.
pub(crate) fn name(trace: &Trace) -> Option<u128> {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut out = Vec::new();
    for decision in trace.each_decision() {
        if !bytes::encode(&decision.args, &decision.value, &mut out) {
            return None;
        }
    }
    let len = out.iter().rposition(|b| *b != 0).map_or(0, |i| i + 1);
    let half = |salt: u8| {
        let mut h = DefaultHasher::new();
        salt.hash(&mut h);
        out[..len].hash(&mut h);
        h.finish()
    };
    Some(u128::from(half(0)) << 64 | u128::from(half(1)))
}
