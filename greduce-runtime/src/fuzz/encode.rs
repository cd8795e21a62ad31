//! [`to_bytes`]: a trace as the bytes that make it again.

use crate::run::bytes;
use crate::trace::site::Site;
use crate::trace::value::{Asked, Value};
use crate::trace::{Count, Kind, NodeId, Trace};
use std::fmt;

/// A decision the byte form cannot hold, so that [`to_bytes`] has no bytes for its trace:
/// a choice from an iterator whose length was not known when it was recorded, a sample of
/// a `Uniform` whose printed bounds the bytes cannot be mapped into (an `f32` one, one
/// below zero, or over all values of a narrower type), a sampler greduce does not know
/// that read more than 4096 bytes, or a value its decision could not have given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoByteForm {
    decision: String,
}

impl fmt::Display for NoByteForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the decision {} has no byte form: fuzz bytes cannot make this trace",
            self.decision
        )
    }
}

impl std::error::Error for NoByteForm {}

/// The bytes that [`fuzz::check`](super::run) and [`fuzz::from_bytes`](super::replay) read as
/// this trace's decisions: written to a fuzzer's corpus, they seed it with the input the
/// trace makes (a shrunk failure, a saved one, any recorded run).
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..10)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// let run = greduce::record(numbers, 7);
/// let bytes = greduce::fuzz::to_bytes(&run.trace).unwrap();
/// assert_eq!(greduce::fuzz::from_bytes(&bytes, numbers).unwrap().output, run.output);
/// ```
///
/// # Errors
///
/// [`NoByteForm`], naming the first decision that bytes cannot make.
pub fn to_bytes(trace: &Trace) -> Result<Vec<u8>, NoByteForm> {
    layout(trace).map(|layout| layout.bytes)
}

/// Where a node of a trace lies in the trace's byte form ([`layout`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Span {
    /// Where the node's bytes begin, with what belongs to it before its own: the condition
    /// a `while` loop checked before the iteration (`outer == start` for every other node).
    pub(crate) outer: usize,
    /// Where the bytes the node's own decisions read begin.
    pub(crate) start: usize,
    /// Where they end: the node's whole subtree reads `start..end`.
    pub(crate) end: usize,
}

/// A trace's byte form ([`to_bytes`]) and where each of its nodes lies in it, by node id:
/// what the structure-aware mutator cuts and splices.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub(crate) bytes: Vec<u8>,
    pub(crate) spans: Vec<Span>,
}

/// The open nodes of [`layout`]'s walk: each with the node past its subtree, and for a
/// `while` loop its condition's arguments and site, and whether it ended on `false`.
type Open<'t> = Vec<(NodeId, NodeId, Option<(Asked, &'t Site, bool)>)>;

/// [`to_bytes`], with where each node lies.
pub(crate) fn layout(trace: &Trace) -> Result<Layout, NoByteForm> {
    let mut out = Vec::new();
    let mut spans = vec![Span::default(); trace.len()];
    let mut open: Open<'_> = Vec::new();
    let condition = |args: &Asked, site: &Site, more: bool, out: &mut Vec<u8>| {
        if bytes::encode(args, &Value::Bool(more), out) {
            Ok(())
        } else {
            Err(NoByteForm {
                decision: format!("the `while` condition random_bool({args}) = {more} @ {site}"),
            })
        }
    };
    let close = |open: &mut Open<'_>,
                 spans: &mut Vec<Span>,
                 out: &mut Vec<u8>,
                 until: Option<NodeId>|
     -> Result<(), NoByteForm> {
        while let Some((_, end, _)) = open.last()
            && until.is_none_or(|id| id >= *end)
        {
            let (node, _, whiles) = open.pop().expect("an open node");
            if let Some((args, site, true)) = whiles {
                condition(&args, site, false, out)?;
            }
            spans[node as usize].end = out.len();
        }
        Ok(())
    };
    for id in 0..trace.len() as NodeId {
        close(&mut open, &mut spans, &mut out, Some(id))?;
        let outer = out.len();
        if matches!(trace.kind(id), Kind::Iteration)
            && let Some((lp, _, Some((args, site, _)))) = open.last()
            && trace.parent(id) == *lp
        {
            condition(args, site, true, &mut out)?;
        }
        let start = out.len();
        match trace.kind(id) {
            Kind::Decision { decision }
            | Kind::Selection { decision }
            | Kind::Switch { decision }
                if !bytes::encode(&decision.args, &decision.value, &mut out) =>
            {
                return Err(NoByteForm {
                    decision: decision.to_string(),
                });
            }
            Kind::Decision { .. } => {}
            Kind::Loop {
                site,
                count: Count::While { args, ended },
            } => open.push((id, trace.end(id), Some((args.clone(), site, *ended)))),
            _ => open.push((id, trace.end(id), None)),
        }
        spans[id as usize] = Span {
            outer,
            start,
            end: out.len(),
        };
    }
    close(&mut open, &mut spans, &mut out, None)?;
    Ok(Layout { bytes: out, spans })
}
