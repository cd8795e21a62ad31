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
//! form of a run ([`crate::bytes`]: each decision reads its own slice, zero bytes answer
//! the simplest value), so executions that share a prefix share it as bytes: the walk runs
//! an execution, then its children, each the same bytes up to one decision after the
//! last one its parent changed, with that decision one value further and every later
//! decision at its simplest. Every execution within the bounds is walked once.
//!
//! The executions smaller than the current input in the shrink order are asked, smallest
//! first (by size, then fewer bytes); the first that fails becomes the input, shrinking
//! continues from it, and the search runs again. When none fails and the walk was
//! complete, the result carries a [`Certificate`].
//!
//! [`Reducer::exhaust`]: crate::Reducer::exhaust

use crate::bytes;
use crate::trace::Trace;
use std::fmt;

/// The bounds of the bounded exhaustive search ([`Reducer::exhaust`](crate::Reducer::exhaust)).
///
/// ```
/// use greduce::Exhaust;
///
/// let bounds = Exhaust { decisions: 6, ..Exhaust::default() };
/// assert_eq!((bounds.decisions, bounds.values), (6, 4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Exhaust {
    /// The most decisions an execution walked may make.
    pub decisions: usize,
    /// How many values each decision takes, the simplest first, in the shrink order (1:
    /// the simplest only; 3: 0, 1 and -1 in a range around zero). Decisions whose values are not counted one by one (floats,
    /// full-width numbers, samples, permutations) take only their simplest value.
    pub values: u64,
    /// The most executions the walk runs (those over [`Exhaust::decisions`] included).
    pub inputs: u64,
    /// The most property calls the search makes, over all its rounds.
    pub calls: u64,
}

impl Default for Exhaust {
    /// At most 10 decisions, 4 values each, 100 000 executions and 1000 property calls.
    fn default() -> Exhaust {
        Exhaust {
            decisions: 10,
            values: 4,
            inputs: 100_000,
            calls: 1000,
        }
    }
}

/// What the bounded exhaustive search showed: no execution within its bounds fails and is
/// smaller than the result.
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
/// assert!(certificate.complete);
/// assert_eq!(
///     certificate.to_string(),
///     "no smaller failing input among 9 inputs of at most 2 decisions, values up to 3 per decision"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The bounds walked.
    pub bounds: Exhaust,
    /// The executions walked within the bounds, by how many decisions they made
    /// (`inputs[k]`: of `k` decisions; entries up to the bound, or 64 when the bound is
    /// above it, then as far as some execution went).
    pub inputs: Vec<u64>,
    /// Of those, how many were smaller than the result, and judged by the property or by
    /// its cache of outcomes: none reproduced the failure (passing, or failing another
    /// way, or the property panicking, count alike).
    pub asked: u64,
    /// Whether the walk covered every execution within the bounds. It did not when a budget
    /// ([`Exhaust::inputs`], [`Exhaust::calls`], or the reducer's own) stopped it, when the
    /// generator ran over its budget on an execution (the executions that differ from it
    /// are not known), or when a decision had no byte form (a choice from an iterator of
    /// unknown length); the certificate then covers only the executions walked. (An
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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no smaller failing input among {} inputs of at most {} decisions, values up to {} \
             per decision",
            self.total(),
            self.bounds.decisions,
            self.bounds.values
        )?;
        if !self.complete {
            write!(
                f,
                " (incomplete: not every input within the bounds was walked and asked)"
            )?;
        }
        Ok(())
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
