//! The structure-aware mutation behind [`Mutator`](super::Mutator): an input decoded to
//! its trace and laid out as the trace's byte form ([`layout`]: where each node's bytes
//! lie), then cut and spliced at node boundaries: one decision's value, a loop's iterations
//! deleted, duplicated, swapped or inserted fresh (the loop's count re-encoded to match),
//! one generator call or iteration made again at random, a subtree replaced by another of
//! the same generator or loop. Every result is bytes, so every result decodes, to an input
//! the generator made.
//!
//! A part made "fresh" is the generator's own: the input's bytes up to the part, followed
//! by random bytes, are decoded, and the part's bytes in that decoding are spliced in, so
//! the part reads exactly its own bytes and what follows it keeps its meaning.

use super::encode::{Layout, Span, layout};
use crate::property::case;
use crate::run::bytes;
use crate::run::record::record;
use crate::run::replay::{BYTES_SEED, OnBytes, replay_bytes};
use crate::trace::site::Site;
use crate::trace::value::{Asked, Value};
use crate::trace::{Count, Kind, NodeId, Trace};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// libFuzzer's own mutation of a byte buffer (`libfuzzer_sys::fuzzer_mutate`): the
/// buffer, the size of the input in it, the largest size the result may have; returns the
/// result's size.
pub type ByteMutation = fn(&mut [u8], usize, usize) -> usize;

/// Where the mutator gets runs of the generator: the trace it makes on bytes, and the
/// trace of a fresh random run.
pub(crate) trait Source {
    /// The trace the generator makes on `data`; `None` when it does not return on them.
    fn trace(&mut self, data: &[u8]) -> Option<Trace>;
    /// The trace of a run recorded with `seed`; `None` when it does not return.
    fn record(&mut self, seed: u64) -> Option<Trace>;
}

/// A generator as a [`Source`]: its runs on bytes (as [`from_bytes`](super::replay) makes
/// them), and runs recorded with a seed (as a check makes its cases).
pub(crate) struct Runs<'g, T>(pub(crate) &'g mut dyn FnMut(&mut StdRng) -> T);

impl<T> Source for Runs<'_, T> {
    fn trace(&mut self, data: &[u8]) -> Option<Trace> {
        let mut rng = StdRng::seed_from_u64(BYTES_SEED);
        let generator = &mut self.0;
        let (ran, _) = case::guard(true, || {
            replay_bytes(|rng| generator(rng), &mut rng, data, true)
        });
        match ran {
            Ok(OnBytes::Ran(run)) => Some(run.trace),
            _ => None,
        }
    }

    fn record(&mut self, seed: u64) -> Option<Trace> {
        let generator = &mut self.0;
        let (recorded, _) = case::guard(true, || record(|rng| generator(rng), seed));
        recorded.ok().map(|run| run.trace)
    }
}

/// The mutation engine: a [`Source`] of runs, and libFuzzer's byte mutation if it has one.
pub(crate) struct Engine<'s> {
    pub(crate) source: &'s mut dyn Source,
    pub(crate) byte_mutation: Option<ByteMutation>,
}

/// An input decoded: its trace and the trace's byte form.
struct Decoded {
    trace: Trace,
    layout: Layout,
}

impl Decoded {
    fn bytes(&self) -> &[u8] {
        &self.layout.bytes
    }

    fn span(&self, node: NodeId) -> Span {
        self.layout.spans[node as usize]
    }

    /// The bytes of a decision's own value (a selection's or switch's without its branch).
    fn own(&self, node: NodeId) -> std::ops::Range<usize> {
        let span = self.span(node);
        let end = match self.trace.kind(node) {
            Kind::Decision { .. } => span.end,
            _ => self
                .layout
                .spans
                .get(node as usize + 1)
                .map_or(span.end, |c| c.outer),
        };
        span.start..end
    }

    /// The nodes a part can be made again or replaced at: generator calls and iterations.
    fn parts(&self) -> Vec<NodeId> {
        (1..self.trace.len() as NodeId)
            .filter(|&id| matches!(self.trace.kind(id), Kind::Scope { .. } | Kind::Iteration))
            .collect()
    }

    /// Where a copied iteration of `lp` goes: before one of its iterations, or at its end.
    fn boundary(&self, lp: NodeId, its: &[NodeId], rng: &mut StdRng) -> usize {
        let j = rng.random_range(0..=its.len());
        if j < its.len() {
            self.span(its[j]).outer
        } else {
            self.end_of(lp, its)
        }
    }

    /// Where a new last iteration of `lp` goes: after its last iteration (before the
    /// condition that ended a `while`), or where the loop's bytes begin.
    fn end_of(&self, lp: NodeId, its: &[NodeId]) -> usize {
        its.last()
            .map_or(self.span(lp).start, |&last| self.span(last).end)
    }

    /// What a part is a part of: the generator called, or the loop iterated.
    fn part_site(&self, node: NodeId) -> Option<&'static Site> {
        match self.trace.kind(node) {
            Kind::Scope { site, .. } => Some(site),
            Kind::Iteration => match self.trace.kind(self.trace.parent(node)) {
                Kind::Loop { site, .. } => Some(site),
                _ => None,
            },
            _ => None,
        }
    }
}

/// One of `items`, at random; `None` when there are none (a draw is made either way).
fn pick<T: Copy>(items: &[T], rng: &mut StdRng) -> Option<T> {
    items.get(rng.random_range(0..items.len().max(1))).copied()
}

/// `mutate` (libFuzzer's byte mutation) applied to `bytes`, the result at most `max_size`.
fn mutated_bytes(mutate: ByteMutation, bytes: &[u8], max_size: usize) -> Vec<u8> {
    let mut buf = bytes.to_vec();
    buf.resize(max_size.max(bytes.len()), 0);
    let n = mutate(&mut buf, bytes.len(), max_size);
    buf.truncate(n);
    buf
}

/// `bytes` with `range` replaced by `with`.
fn splice(bytes: &[u8], range: std::ops::Range<usize>, with: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() - range.len() + with.len());
    out.extend_from_slice(&bytes[..range.start]);
    out.extend_from_slice(with);
    out.extend_from_slice(&bytes[range.end..]);
    out
}

/// `x` as `width` little-endian bytes.
fn le(x: u128, width: usize) -> Vec<u8> {
    x.to_le_bytes()[..width.min(16)]
        .iter()
        .copied()
        .chain(std::iter::repeat(0))
        .take(width)
        .collect()
}

/// The little-endian number in `bytes` (their first 16).
fn number(bytes: &[u8]) -> u128 {
    bytes
        .iter()
        .take(16)
        .rev()
        .fold(0, |x, &b| x << 8 | u128::from(b))
}

impl Engine<'_> {
    /// A mutation of `input` (at most `max_size` bytes, but not truncated here) and which
    /// kind it is: 1 time in 8 a fresh input, else a structural one (or libFuzzer's bytes,
    /// when the engine has its mutation), a fresh input when none changes the input.
    pub(crate) fn mutation(
        &mut self,
        input: &[u8],
        max_size: usize,
        rng: &mut StdRng,
    ) -> (Vec<u8>, &'static str) {
        if rng.random_ratio(1, 8) {
            return (self.fresh(rng, max_size), "fresh input");
        }
        let Some(decoded) = self.decode(input) else {
            return self.bytes_or_fresh(input, max_size, rng);
        };
        for _ in 0..8 {
            let tried = match rng.random_range(0..20) {
                0..8 => self.value(&decoded, rng).map(|b| (b, "value")),
                8..13 => self.loop_edit(&decoded, rng, max_size),
                13..17 => self
                    .fresh_part(&decoded, rng, max_size)
                    .map(|b| (b, "fresh part")),
                17..19 => same_site(&decoded, &decoded, rng).map(|b| (b, "part from another")),
                _ => self
                    .byte_mutation
                    .map(|_| self.bytes_or_fresh(input, max_size, rng)),
            };
            if let Some((bytes, how)) = tried
                && bytes != input
            {
                return (bytes, how);
            }
        }
        (self.fresh(rng, max_size), "fresh input")
    }

    /// A part of `a` replaced by a part of `b` of the same generator or loop (`None` when
    /// no part of `b` matches one of `a`, or either input does not decode).
    pub(crate) fn cross(&mut self, a: &[u8], b: &[u8], rng: &mut StdRng) -> Option<Vec<u8>> {
        let (a, b) = (self.decode(a)?, self.decode(b)?);
        (0..8).find_map(|_| same_site(&a, &b, rng).filter(|bytes| bytes != a.bytes()))
    }

    /// The input decoded: its trace and byte form; `None` when the generator does not
    /// return on it, or its trace has no byte form.
    fn decode(&mut self, data: &[u8]) -> Option<Decoded> {
        let trace = self.source.trace(data)?;
        let layout = layout(&trace).ok()?;
        Some(Decoded { trace, layout })
    }

    /// A whole new random input: the generator recorded with a random seed, as a check
    /// makes its cases, in byte form; random bytes if it has none.
    pub(crate) fn fresh(&mut self, rng: &mut StdRng, max_size: usize) -> Vec<u8> {
        if let Some(trace) = self.source.record(rng.random())
            && let Ok(layout) = layout(&trace)
        {
            return layout.bytes;
        }
        let len = rng.random_range(0..=max_size.min(4096));
        (0..len).map(|_| rng.random()).collect()
    }

    /// libFuzzer's mutation of the whole input when the mutator has it; else a fresh input.
    pub(crate) fn bytes_or_fresh(
        &mut self,
        input: &[u8],
        max_size: usize,
        rng: &mut StdRng,
    ) -> (Vec<u8>, &'static str) {
        match self.byte_mutation {
            Some(mutate) => (mutated_bytes(mutate, input, max_size), "bytes"),
            None => (self.fresh(rng, max_size), "fresh input"),
        }
    }

    /// One decision's value changed: its simplest, a small one, its last, a neighbour, a
    /// random one, or libFuzzer's mutation of its bytes.
    fn value(&mut self, d: &Decoded, rng: &mut StdRng) -> Option<Vec<u8>> {
        let decisions: Vec<NodeId> = (0..d.trace.len() as NodeId)
            .filter(|&id| {
                matches!(
                    d.trace.kind(id),
                    Kind::Decision { .. } | Kind::Selection { .. } | Kind::Switch { .. }
                ) && !d.own(id).is_empty()
            })
            .collect();
        let node = pick(&decisions, rng)?;
        let own = d.own(node);
        let width = own.len();
        let was = &d.bytes()[own.clone()];
        let span = match d.trace.kind(node) {
            Kind::Decision { decision }
            | Kind::Selection { decision }
            | Kind::Switch { decision } => decision.args.as_int().map(|(_, span, _)| span),
            _ => None,
        };
        let new = match (rng.random_range(0..6), self.byte_mutation) {
            (0, _) => vec![0; width],
            (1, _) => le(rng.random_range(1..=4), width),
            (2, _) => span.map_or_else(|| vec![0xff; width], |s| le(s, width)),
            (3, _) => {
                let x = number(was);
                le(
                    if rng.random() {
                        x.wrapping_add(1)
                    } else {
                        x.wrapping_sub(1)
                    },
                    width,
                )
            }
            (4, Some(mutate)) => {
                let mut mutated = mutated_bytes(mutate, was, width);
                mutated.resize(width, 0);
                mutated
            }
            _ => (0..width).map(|_| rng.random()).collect(),
        };
        Some(splice(d.bytes(), own, &new))
    }

    /// A loop's iterations deleted, duplicated, swapped, or one inserted fresh.
    fn loop_edit(
        &mut self,
        d: &Decoded,
        rng: &mut StdRng,
        max_size: usize,
    ) -> Option<(Vec<u8>, &'static str)> {
        let loops: Vec<NodeId> = (0..d.trace.len() as NodeId)
            .filter(|&id| matches!(d.trace.kind(id), Kind::Loop { .. }))
            .collect();
        let lp = pick(&loops, rng)?;
        let Kind::Loop { count, .. } = d.trace.kind(lp) else {
            unreachable!("a loop")
        };
        let count = count.clone();
        let its: Vec<NodeId> = d.trace.children(lp).collect();
        let bytes = d.bytes();
        let n = its.len();
        let whole = |i: usize| d.span(its[i]).outer..d.span(its[i]).end;
        match rng.random_range(0..4) {
            0 if n > 0 => {
                let i = rng.random_range(0..n);
                let k = rng.random_range(1..=(n - i).min(4));
                let range = d.span(its[i]).outer..d.span(its[i + k - 1]).end;
                let cut = splice(bytes, range, &[]);
                recount(d, &count, -(k as i64), cut).map(|b| (b, "delete iterations"))
            }
            1 if n > 0 => {
                let i = rng.random_range(0..n);
                let copy = bytes[whole(i)].to_vec();
                let at = d.boundary(lp, &its, rng);
                let grown = splice(bytes, at..at, &copy);
                recount(d, &count, 1, grown).map(|b| (b, "duplicate iteration"))
            }
            2 if n > 1 => {
                let i = rng.random_range(0..n - 1);
                let j = rng.random_range(i + 1..n);
                let (first, second) = (whole(i), whole(j));
                let swapped = [
                    &bytes[..first.start],
                    &bytes[second.clone()],
                    &bytes[first.end..second.start],
                    &bytes[first.clone()],
                    &bytes[second.end..],
                ]
                .concat();
                Some((swapped, "swap iterations"))
            }
            _ => {
                // A fresh iteration, before iteration `j` or at the end.
                let j = rng.random_range(0..=n);
                let at = if j < n {
                    d.span(its[j]).outer
                } else {
                    d.end_of(lp, &its)
                };
                let id = if j < n { its[j] } else { d.trace.end(lp) };
                let counted = recount(d, &count, 1, bytes.to_vec())?;
                let mut prefix = counted[..at].to_vec();
                if let Count::While { args, .. } = &count
                    && !bytes::encode(args, &Value::Bool(true), &mut prefix)
                {
                    return None;
                }
                let part = self.made_fresh(&prefix, id, None, rng, max_size)?;
                let mut out = prefix;
                out.extend_from_slice(&part);
                out.extend_from_slice(&counted[at..]);
                Some((out, "fresh iteration"))
            }
        }
    }

    /// A generator call or iteration made again at random.
    fn fresh_part(&mut self, d: &Decoded, rng: &mut StdRng, max_size: usize) -> Option<Vec<u8>> {
        let parts = d.parts();
        let node = pick(&parts, rng)?;
        let span = d.span(node);
        let prefix = &d.bytes()[..span.start];
        let part = self.made_fresh(prefix, node, d.part_site(node), rng, max_size)?;
        Some(splice(d.bytes(), span.start..span.end, &part))
    }

    /// The bytes of node `id` made fresh after `prefix` (the input's bytes up to where the
    /// node's own begin): `prefix` and random bytes decoded, the node's bytes in that run;
    /// `None` unless that node is an iteration, or a call of the generator at `site`.
    fn made_fresh(
        &mut self,
        prefix: &[u8],
        id: NodeId,
        site: Option<&'static Site>,
        rng: &mut StdRng,
        max_size: usize,
    ) -> Option<Vec<u8>> {
        let room = max_size.saturating_sub(prefix.len()).clamp(1, 4096);
        let len = rng.random_range(1..=room);
        let mut trial = prefix.to_vec();
        trial.extend((0..len).map(|_| rng.random::<u8>()));
        let fresh = self.decode(&trial)?;
        let span = *fresh.layout.spans.get(id as usize)?;
        // The same part: an iteration, or a call of the same generator, where it began.
        let same = match fresh.trace.kind(id) {
            Kind::Iteration => true,
            Kind::Scope { .. } => fresh
                .part_site(id)
                .is_some_and(|s| site.is_some_and(|t| std::ptr::eq(s, t))),
            _ => false,
        };
        (same && span.start == prefix.len()).then(|| fresh.bytes()[span.start..span.end].to_vec())
    }
}

/// The loop's count moved by `by` in `bytes` (the input's bytes with the loop's bytes
/// changed after its count): a count decision re-encoded; nothing for a `while` loop,
/// whose conditions move with its iterations; `None` for a count that is not a decision,
/// or cannot move so far.
fn recount(d: &Decoded, count: &Count, by: i64, mut bytes: Vec<u8>) -> Option<Vec<u8>> {
    match count {
        Count::While { .. } => Some(bytes),
        Count::Fixed => None,
        Count::Linked { decision } => {
            let Kind::Decision { decision: made } = d.trace.kind(*decision) else {
                return None;
            };
            let off = made.value.as_offset()?;
            let moved = if by < 0 {
                off.checked_sub(u128::from(by.unsigned_abs()))?
            } else {
                off.checked_add(u128::from(by.unsigned_abs()))?
            };
            let mut with = Vec::new();
            if !encode_checked(&made.args, moved, &mut with) {
                return None;
            }
            let own = d.own(*decision);
            if with.len() != own.len() {
                return None;
            }
            bytes[own].copy_from_slice(&with);
            Some(bytes)
        }
    }
}

/// Encodes the offset `off` for a decision with `args`, when it is one of its values.
fn encode_checked(args: &Asked, off: u128, out: &mut Vec<u8>) -> bool {
    args.as_int().is_some_and(|(_, span, _)| off <= span)
        && bytes::encode(args, &Value::offset(off), out)
}

/// A part of `a` replaced by a part of `b` of the same generator or loop.
fn same_site(a: &Decoded, b: &Decoded, rng: &mut StdRng) -> Option<Vec<u8>> {
    let parts = a.parts();
    let node = pick(&parts, rng)?;
    let site = a.part_site(node)?;
    let theirs: Vec<NodeId> = b
        .parts()
        .into_iter()
        .filter(|&m| b.part_site(m).is_some_and(|s| std::ptr::eq(s, site)))
        .collect();
    let other = pick(&theirs, rng)?;
    let (mine, from) = (a.span(node), b.span(other));
    Some(splice(
        a.bytes(),
        mine.start..mine.end,
        &b.bytes()[from.start..from.end],
    ))
}
