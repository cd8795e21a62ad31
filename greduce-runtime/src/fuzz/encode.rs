//! [`to_bytes`]: a trace as the bytes that make it again.

use crate::bytes;
use crate::site::Site;
use crate::trace::{Count, Kind, NodeId, Trace};
use crate::value::{Args, Value};
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

/// The bytes that [`fuzz::run`](super::run) and [`fuzz::replay`](super::replay) read as
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
/// assert_eq!(greduce::fuzz::replay(&bytes, numbers).unwrap().output, run.output);
/// ```
///
/// # Errors
///
/// [`NoByteForm`], naming the first decision that bytes cannot make.
pub fn to_bytes(trace: &Trace) -> Result<Vec<u8>, NoByteForm> {
    let mut out = Vec::new();
    // The `while` loops open at this node: the loop, the node past it, its condition's
    // arguments and site, and whether it ended on `false`.
    let mut whiles: Vec<(NodeId, NodeId, Args, &Site, bool)> = Vec::new();
    let condition = |args: &Args, site: &Site, more: bool, out: &mut Vec<u8>| {
        if bytes::encode(args, &Value::Bool(more), out) {
            Ok(())
        } else {
            Err(NoByteForm {
                decision: format!("the `while` condition random_bool({args}) = {more} @ {site}"),
            })
        }
    };
    for id in 0..trace.len() as NodeId {
        while let Some((_, end, args, site, ended)) = whiles.last()
            && id >= *end
        {
            if *ended {
                condition(args, site, false, &mut out)?;
            }
            whiles.pop();
        }
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
            Kind::Loop {
                site,
                count: Count::While { args, ended },
            } => whiles.push((id, trace.end(id), args.clone(), site, *ended)),
            Kind::Iteration => {
                if let Some((lp, _, args, site, _)) = whiles.last()
                    && trace.parent(id) == *lp
                {
                    condition(args, site, true, &mut out)?;
                }
            }
            _ => {}
        }
    }
    while let Some((_, _, args, site, ended)) = whiles.pop() {
        if ended {
            condition(&args, site, false, &mut out)?;
        }
    }
    Ok(out)
}
