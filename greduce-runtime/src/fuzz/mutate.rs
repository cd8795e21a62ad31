//! Structure-aware mutation: [`mutate`], [`crossover`] and the [`Mutator`] behind them.
//!
//! A fuzzer's input is decoded to the trace the generator makes from it, and laid out as
//! that trace's byte form ([`layout`]: where each node's bytes lie). A mutation changes
//! the input as the generator sees it, by cutting and splicing those bytes at node
//! boundaries: one decision's value, a loop's iterations deleted, duplicated, swapped or
//! inserted fresh (the loop's count re-encoded to match), one generator call or iteration
//! made again at random, a subtree replaced by another of the same generator or loop. Every
//! result is bytes, so every result decodes, to an input the generator made.
//!
//! A part made "fresh" is the generator's own: the input's bytes up to the part, followed
//! by random bytes, are decoded, and the part's bytes in that decoding are spliced in, so
//! the part reads exactly its own bytes and what follows it keeps its meaning.

use super::encode::{Layout, Span, layout};
use crate::bytes;
use crate::check::case;
use crate::replay::{BYTES_SEED, OnBytes, replay_bytes};
use crate::run::{self, Session};
use crate::site::Site;
use crate::trace::{Count, Kind, NodeId, Trace};
use crate::value::{Args, Value};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// libFuzzer's own mutation of a byte buffer (`libfuzzer_sys::fuzzer_mutate`): the
/// buffer, the size of the input in it, the largest size the result may have; returns the
/// result's size.
pub type ByteMutation = fn(&mut [u8], usize, usize) -> usize;

/// A structure-aware mutator for a `#[generator]` (see [`mutate`]), with its options.
///
/// ```
/// use greduce::fuzz::Mutator;
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..10)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// let mutator = Mutator::new(numbers);
/// let (bytes, how) = mutator.mutated(&[3, 1, 0, 2, 0, 3, 0], 64, 7);
/// assert!(bytes.len() <= 64);
/// // Whatever the mutation, the bytes decode to a list the generator made.
/// let list = greduce::fuzz::replay(&bytes, numbers).unwrap().output;
/// assert!(list.len() < 10 && list.iter().all(|&x| x < 1000), "{how}: {list:?}");
/// ```
pub struct Mutator<G> {
    generator: G,
    byte_mutation: Option<ByteMutation>,
    random_only: bool,
    bytes_only: bool,
}

impl<G> std::fmt::Debug for Mutator<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mutator")
            .field("byte_mutation", &self.byte_mutation.is_some())
            .field("random_only", &self.random_only)
            .field("bytes_only", &self.bytes_only)
            .finish_non_exhaustive()
    }
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

impl<G> Mutator<G> {
    /// A mutator for `generator` (any generator [`replay`](super::replay) takes).
    pub fn new(generator: G) -> Mutator<G> {
        Mutator {
            generator,
            byte_mutation: None,
            random_only: false,
            bytes_only: false,
        }
    }

    /// Mutates a decision's bytes now and then with `mutation` (`libfuzzer_sys::fuzzer_mutate`
    /// in a libFuzzer target, so that the constants its comparison tracing found reach the
    /// decisions; `greduce::fuzz_target!` passes it).
    #[must_use]
    pub fn byte_mutation(mut self, mutation: ByteMutation) -> Mutator<G> {
        self.byte_mutation = Some(mutation);
        self
    }

    /// Makes every mutation a whole fresh random input: random cases under the fuzzer's
    /// instrumentation, the baseline a campaign is compared with.
    #[must_use]
    pub fn random_only(mut self) -> Mutator<G> {
        self.random_only = true;
        self
    }

    /// Leaves every mutation to the [`byte_mutation`](Mutator::byte_mutation) (libFuzzer's
    /// own, as without a custom mutator) and crossover to a cut of the bytes: the other
    /// baseline of a campaign.
    #[must_use]
    pub fn bytes_only(mut self) -> Mutator<G> {
        self.bytes_only = true;
        self
    }

    /// The mutation the environment variable `GREDUCE_FUZZ_MUTATION` names, for comparing
    /// campaigns of one target binary: `structure` (or unset: this mutator), `bytes`
    /// ([`Mutator::bytes_only`]) or `random` ([`Mutator::random_only`]).
    ///
    /// # Panics
    ///
    /// On any other value, naming the three.
    #[must_use]
    pub fn from_env(self) -> Mutator<G> {
        static MODE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        let mode = MODE.get_or_init(|| std::env::var("GREDUCE_FUZZ_MUTATION").unwrap_or_default());
        match mode.as_str() {
            "" | "structure" => self,
            "bytes" => self.bytes_only(),
            "random" => self.random_only(),
            other => panic!(
                "GREDUCE_FUZZ_MUTATION is `{other}`: it is `structure` (the default), `bytes` \
                 or `random`"
            ),
        }
    }
}

impl<G: Fn(&mut StdRng) -> T, T> Mutator<G> {
    /// A mutation of `input` for a fuzzer: writes it into `data` (which holds the input in
    /// its first `size` bytes) and returns its size, at most `max_size` and `data`'s length.
    /// The same arguments always give the same result. libFuzzer's custom mutator.
    pub fn mutate(&self, data: &mut [u8], size: usize, max_size: usize, seed: u32) -> usize {
        let max = max_size.min(data.len());
        let (bytes, _) = self.mutated(&data[..size.min(data.len())], max, seed);
        data[..bytes.len()].copy_from_slice(&bytes);
        bytes.len()
    }

    /// A crossover of two inputs for a fuzzer: a part of `data1` (a generator call or a
    /// loop iteration) replaced by a part of `data2` from the same generator or loop,
    /// written into `out`; returns its size (at most `out`'s length). The same arguments
    /// always give the same result. libFuzzer's custom crossover.
    pub fn crossover(&self, data1: &[u8], data2: &[u8], out: &mut [u8], seed: u32) -> usize {
        let mut rng = StdRng::seed_from_u64(u64::from(seed) ^ 0x0063_726f_7373);
        let bytes = if self.random_only {
            Some(self.fresh(&mut rng, out.len()))
        } else if self.bytes_only {
            None
        } else {
            match (self.decode(data1), self.decode(data2)) {
                (Some(a), Some(b)) => cross(&a, &b, &mut rng),
                _ => None,
            }
        }
        .unwrap_or_else(|| {
            // One point: the first input's bytes up to a point, then the second's.
            let cut = rng.random_range(0..=data1.len().min(data2.len()));
            [&data1[..cut], &data2[cut..]].concat()
        });
        let n = bytes.len().min(out.len());
        out[..n].copy_from_slice(&bytes[..n]);
        n
    }

    /// [`Mutator::mutate`] as a value: the mutated bytes (at most `max_size`) and which
    /// mutation made them (`"value"`, `"delete iterations"`, `"fresh part"`, ...).
    pub fn mutated(&self, input: &[u8], max_size: usize, seed: u32) -> (Vec<u8>, &'static str) {
        let mut rng = StdRng::seed_from_u64(u64::from(seed) ^ 0x6d75_7461_7465);
        let (mut bytes, how) = self.mutation(input, max_size, &mut rng);
        bytes.truncate(max_size);
        (bytes, how)
    }

    fn mutation(&self, input: &[u8], max_size: usize, rng: &mut StdRng) -> (Vec<u8>, &'static str) {
        if self.bytes_only {
            return self.bytes_or_fresh(input, max_size, rng);
        }
        if self.random_only || rng.random_ratio(1, 32) {
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

    /// The input decoded: its trace and byte form; `None` when the generator does not
    /// return on it, or its trace has no byte form.
    fn decode(&self, data: &[u8]) -> Option<Decoded> {
        let mut rng = StdRng::seed_from_u64(BYTES_SEED);
        let generator = &self.generator;
        let (ran, _) = case::run(true, || replay_bytes(generator, &mut rng, data, true));
        let Ok(OnBytes::Ran(run)) = ran else {
            return None;
        };
        let layout = layout(&run.trace).ok()?;
        Some(Decoded {
            trace: run.trace,
            layout,
        })
    }

    /// A whole new random input: the generator recorded with a random seed, as a check
    /// makes its cases, in byte form; random bytes if it has none.
    fn fresh(&self, rng: &mut StdRng, max_size: usize) -> Vec<u8> {
        let mut seeded = StdRng::seed_from_u64(rng.random());
        let generator = &self.generator;
        let (ran, _) = case::run(true, || {
            run::execute(Session::record(), true, || generator(&mut seeded))
        });
        if let Ok((Ok(_), session)) = ran
            && let Ok(layout) = layout(&session.into_trace())
        {
            return layout.bytes;
        }
        let len = rng.random_range(0..=max_size.min(4096));
        (0..len).map(|_| rng.random()).collect()
    }

    /// libFuzzer's mutation of the whole input when the mutator has it; else a fresh input.
    fn bytes_or_fresh(
        &self,
        input: &[u8],
        max_size: usize,
        rng: &mut StdRng,
    ) -> (Vec<u8>, &'static str) {
        match self.byte_mutation {
            Some(mutate) => {
                let mut buf = input.to_vec();
                buf.resize(max_size.max(input.len()), 0);
                let n = mutate(&mut buf, input.len(), max_size);
                buf.truncate(n);
                (buf, "bytes")
            }
            None => (self.fresh(rng, max_size), "fresh input"),
        }
    }

    /// One decision's value changed: its simplest, a small one, its last, a neighbour, a
    /// random one, or libFuzzer's mutation of its bytes.
    fn value(&self, d: &Decoded, rng: &mut StdRng) -> Option<Vec<u8>> {
        let decisions: Vec<NodeId> = (0..d.trace.len() as NodeId)
            .filter(|&id| {
                matches!(
                    d.trace.kind(id),
                    Kind::Decision { .. } | Kind::Selection { .. } | Kind::Switch { .. }
                ) && !d.own(id).is_empty()
            })
            .collect();
        let node = *decisions.get(rng.random_range(0..decisions.len().max(1)))?;
        let own = d.own(node);
        let width = own.len();
        let was = &d.bytes()[own.clone()];
        let span = match d.trace.kind(node) {
            Kind::Decision { decision }
            | Kind::Selection { decision }
            | Kind::Switch { decision } => decision.args.as_int().map(|(_, span, _)| span),
            _ => None,
        };
        let new = match rng.random_range(0..6) {
            0 => vec![0; width],
            1 => le(rng.random_range(1..=4), width),
            2 => span.map_or_else(|| vec![0xff; width], |s| le(s, width)),
            3 => {
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
            4 if self.byte_mutation.is_some() => {
                let mutate = self.byte_mutation.expect("checked");
                let mut buf = was.to_vec();
                let n = mutate(&mut buf, width, width);
                buf.truncate(n);
                buf.resize(width, 0);
                buf
            }
            _ => (0..width).map(|_| rng.random()).collect(),
        };
        Some(splice(d.bytes(), own, &new))
    }

    /// A loop's iterations deleted, duplicated, swapped, or one inserted fresh.
    fn loop_edit(
        &self,
        d: &Decoded,
        rng: &mut StdRng,
        max_size: usize,
    ) -> Option<(Vec<u8>, &'static str)> {
        let loops: Vec<NodeId> = (0..d.trace.len() as NodeId)
            .filter(|&id| matches!(d.trace.kind(id), Kind::Loop { .. }))
            .collect();
        let lp = *loops.get(rng.random_range(0..loops.len().max(1)))?;
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
                let part = self.made_fresh(&prefix, id, rng, max_size)?;
                let mut out = prefix;
                out.extend_from_slice(&part);
                out.extend_from_slice(&counted[at..]);
                Some((out, "fresh iteration"))
            }
        }
    }

    /// A generator call or iteration made again at random.
    fn fresh_part(&self, d: &Decoded, rng: &mut StdRng, max_size: usize) -> Option<Vec<u8>> {
        let parts = d.parts();
        let node = *parts.get(rng.random_range(0..parts.len().max(1)))?;
        let span = d.span(node);
        let prefix = &d.bytes()[..span.start];
        let part = self.made_fresh(prefix, node, rng, max_size)?;
        Some(splice(d.bytes(), span.start..span.end, &part))
    }

    /// The bytes of node `id` made fresh after `prefix` (the input's bytes up to where the
    /// node's own begin): `prefix` and random bytes decoded, the node's bytes in that run.
    fn made_fresh(
        &self,
        prefix: &[u8],
        id: NodeId,
        rng: &mut StdRng,
        max_size: usize,
    ) -> Option<Vec<u8>> {
        let room = max_size.saturating_sub(prefix.len()).clamp(1, 4096);
        let len = rng.random_range(1..=room);
        let mut trial = prefix.to_vec();
        trial.extend((0..len).map(|_| rng.random::<u8>()));
        let fresh = self.decode(&trial)?;
        let span = *fresh.layout.spans.get(id as usize)?;
        (span.start == prefix.len()).then(|| fresh.bytes()[span.start..span.end].to_vec())
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
fn encode_checked(args: &Args, off: u128, out: &mut Vec<u8>) -> bool {
    args.as_int().is_some_and(|(_, span, _)| off <= span)
        && bytes::encode(args, &Value::offset(off), out)
}

/// A part of `a` replaced by a part of `b` of the same generator or loop.
fn same_site(a: &Decoded, b: &Decoded, rng: &mut StdRng) -> Option<Vec<u8>> {
    let parts = a.parts();
    let node = *parts.get(rng.random_range(0..parts.len().max(1)))?;
    let site = a.part_site(node)?;
    let theirs: Vec<NodeId> = b
        .parts()
        .into_iter()
        .filter(|&m| b.part_site(m).is_some_and(|s| std::ptr::eq(s, site)))
        .collect();
    let other = *theirs.get(rng.random_range(0..theirs.len().max(1)))?;
    let (mine, from) = (a.span(node), b.span(other));
    Some(splice(
        a.bytes(),
        mine.start..mine.end,
        &b.bytes()[from.start..from.end],
    ))
}

/// [`Mutator::crossover`] on two decoded inputs.
fn cross(a: &Decoded, b: &Decoded, rng: &mut StdRng) -> Option<Vec<u8>> {
    (0..8).find_map(|_| same_site(a, b, rng).filter(|bytes| bytes != a.bytes()))
}

/// The body of libFuzzer's custom mutator for a `#[generator]`: decodes the input (the
/// first `size` bytes of `data`) to its trace and changes it as the generator sees it (see
/// [`Mutator`]), writing the result into `data`; returns its size, at most `max_size`.
/// Deterministic: the same arguments give the same result.
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
/// let mut data = [0u8; 32];
/// data[..3].copy_from_slice(&[2, 7, 7]);
/// let size = greduce::fuzz::mutate(&mut data, 3, 32, 1, numbers);
/// let again = greduce::fuzz::replay(&data[..size], numbers).unwrap();
/// assert!(again.output.len() < 10);
/// ```
pub fn mutate<T>(
    data: &mut [u8],
    size: usize,
    max_size: usize,
    seed: u32,
    generator: impl Fn(&mut StdRng) -> T,
) -> usize {
    Mutator::new(generator).mutate(data, size, max_size, seed)
}

/// The body of libFuzzer's custom crossover for a `#[generator]`: a generator call or
/// loop iteration of `data1` replaced by one of `data2` from the same generator or loop
/// (see [`Mutator::crossover`]), written into `out`; returns its size. Deterministic.
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
/// let mut out = [0u8; 64];
/// let n = greduce::fuzz::crossover(&[2, 1, 0, 1, 0], &[3, 9, 0, 8, 0, 7, 0], &mut out, 5, numbers);
/// let mixed = greduce::fuzz::replay(&out[..n], numbers).unwrap().output;
/// assert!(mixed.len() < 10);
/// ```
pub fn crossover<T>(
    data1: &[u8],
    data2: &[u8],
    out: &mut [u8],
    seed: u32,
    generator: impl Fn(&mut StdRng) -> T,
) -> usize {
    Mutator::new(generator).crossover(data1, data2, out, seed)
}
