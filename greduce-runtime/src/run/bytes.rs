//! The byte form of a run: how a fuzzer's bytes answer a generator's decisions, and how a
//! trace's decisions become bytes again (see [`crate::fuzz`]).
//!
//! Each decision reads its own fixed-width slice of the bytes, in the order the generator
//! makes its decisions, as a little-endian number; the width depends only on the
//! decision's arguments (an integer range of 200 values reads one byte, of 70 000 values
//! four), so changing one byte changes one decision and none before it. The number is
//! taken modulo the count of legal answers and counted from the simplest one: zero bytes
//! answer every decision with its simplest value (the value nearest zero, `false`, the
//! first index, the identity permutation), and a full-width range reads its value's own
//! bits, so the comparisons a fuzzer watches see the bytes it wrote. Past the end the
//! bytes read as zeros: every decision takes its simplest value and reducible loops end.
//!
//! A sampler greduce does not know (its raw rng output is the decision: see `tape.rs`)
//! reads the bytes as its raw output, as many as it consumes. A sample of a rand `Uniform`
//! reads 8 bytes, mapped into its range where its printed bounds allow (see
//! `uniform::from_bytes`). A choice from an iterator whose length was not known
//! when it was recorded has no byte form ([`encode`] fails for it).
//!
//! The mapping is greduce's own, not rand's sampling, so bytes stay valid when rand changes
//! how it samples.

use crate::run::legal;
use crate::run::uniform;
use crate::trace::value::{Asked, FloatTy, IntTy, Prim, UNKNOWN, Value};
use std::collections::HashMap;

/// Bytes being read, one decision at a time.
#[derive(Debug, Clone, Default)]
pub(crate) struct Reader {
    data: Vec<u8>,
    at: usize,
}

impl Reader {
    pub(crate) fn new(data: Vec<u8>) -> Reader {
        Reader { data, at: 0 }
    }

    /// The next unread bytes, at most [`RAW_WINDOW`], without reading them.
    pub(crate) fn window(&self) -> Vec<u8> {
        let start = self.at.min(self.data.len());
        let end = start.saturating_add(RAW_WINDOW).min(self.data.len());
        self.data[start..end].to_vec()
    }

    /// Reads `n` bytes that a sampler consumed from [`Reader::window`].
    pub(crate) fn skip(&mut self, n: usize) {
        self.at = self.at.saturating_add(n);
    }

    /// The next `width` bytes (at most 16), little-endian; zeros past the end.
    fn take(&mut self, width: usize) -> u128 {
        debug_assert!(width <= 16);
        let start = self.at.min(self.data.len());
        let end = self.at.saturating_add(width).min(self.data.len());
        self.at = self.at.saturating_add(width);
        // Byte by byte: a copy into a word costs a call to `memcpy` for these few bytes.
        let mut x = 0u64;
        for (i, &b) in self.data[start..end].iter().take(8).enumerate() {
            x |= u64::from(b) << (8 * i);
        }
        let mut high = 0u64;
        for (i, &b) in self.data[start..end].iter().skip(8).enumerate() {
            high |= u64::from(b) << (8 * i);
        }
        u128::from(high) << 64 | u128::from(x)
    }

    /// The next `n` bytes; zeros past the end.
    fn take_bytes(&mut self, n: usize) -> Vec<u8> {
        let start = self.at.min(self.data.len());
        let end = self.at.saturating_add(n).min(self.data.len());
        self.at = self.at.saturating_add(n);
        let mut out = self.data[start..end].to_vec();
        out.resize(n, 0);
        out
    }
}

/// At most how many bytes a sampler greduce does not know sees of the bytes (see
/// [`Reader::window`]): it reads as many as it consumes (a `u32` is 4, big-endian, as its
/// recorded raw output is stored), then bytes made up as when a recorded sample plays back.
pub(crate) const RAW_WINDOW: usize = 4096;

/// A sequence's length and how many of its elements a call moves or picks, as `usize`
/// (`None` for a length no sequence here can have; an amount past it is all of them).
fn lengths(len: u64, amount: u64) -> Option<(usize, usize)> {
    Some((
        usize::try_from(len).ok()?,
        usize::try_from(amount).unwrap_or(usize::MAX),
    ))
}

/// Appends `x` as `width` little-endian bytes.
fn put(out: &mut Vec<u8>, x: u128, width: usize) {
    out.extend_from_slice(&x.to_le_bytes()[..width]);
}

/// How many bytes a choice among `span + 1` values reads: 0, 1, 2, 4, 8 or 16.
fn width(span: u128) -> usize {
    match span {
        0 => 0,
        1..=0xff => 1,
        0x100..=0xffff => 2,
        0x1_0000..=0xffff_ffff => 4,
        0x1_0000_0000..=0xffff_ffff_ffff_ffff => 8,
        _ => 16,
    }
}

/// A choice among `span + 1` values counted from `first`: the number `x` read, modulo
/// the count, as an offset from the range's start (`first + x`, wrapping around).
fn rank_to_offset(x: u128, span: u128, first: u128) -> u128 {
    // The usual case in 64 bits: a 128-bit division is a call and ten times slower.
    if let (Ok(x), Ok(span), Ok(first)) =
        (u64::try_from(x), u64::try_from(span), u64::try_from(first))
        && let Some(n) = span.checked_add(1)
    {
        // Most bytes read a rank below the count: no division for them.
        let rank = if x < n { x } else { x % n };
        let to_end = n - first;
        return u128::from(if rank < to_end {
            first + rank
        } else {
            rank - to_end
        });
    }
    match span.checked_add(1) {
        None => first.wrapping_add(x),
        Some(n) => {
            let rank = x % n;
            let to_end = n - first;
            if rank < to_end {
                first + rank
            } else {
                rank - to_end
            }
        }
    }
}

/// The inverse of [`rank_to_offset`]: the number that answers `offset`.
fn offset_to_rank(offset: u128, span: u128, first: u128) -> u128 {
    match span.checked_add(1) {
        None => offset.wrapping_sub(first),
        Some(_) if offset >= first => offset - first,
        Some(n) => offset + (n - first),
    }
}

/// Whether `off` from `lo` names a value of the type (not a surrogate, for `char`).
fn legal_offset(lo: u128, off: u128, ty: IntTy) -> bool {
    ty != IntTy::Char || char::from_u32((lo + off) as u32).is_some()
}

/// How many bytes a value of this primitive reads.
fn prim_width(ty: Prim) -> usize {
    match ty {
        Prim::Int(ty) => (ty.bits() / 8) as usize,
        Prim::Bool => 1,
        Prim::Float(FloatTy::F32) => 4,
        Prim::Float(FloatTy::F64) => 8,
    }
}

/// Bits read as a value in `[0, 1)` of the float type: themselves when they are one,
/// else their high bits as a fraction.
fn unit_float(x: u128, ty: FloatTy) -> u128 {
    match ty {
        FloatTy::F32 => {
            let bits = x as u32;
            let v = f32::from_bits(bits);
            if (0.0..1.0).contains(&v) {
                u128::from(bits)
            } else {
                let f = (bits >> 8) as f32 * (1.0 / (1u32 << 24) as f32);
                u128::from(f.to_bits())
            }
        }
        FloatTy::F64 => {
            let bits = x as u64;
            let v = f64::from_bits(bits);
            if (0.0..1.0).contains(&v) {
                u128::from(bits)
            } else {
                let f = (bits >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
                u128::from(f.to_bits())
            }
        }
    }
}

/// A float range's answer to bits `x`: the simplest value for zero, the bits' own value
/// when it is in the range, else their high bits as a fraction of the range.
fn range_float(args: &Asked, x: u128, ty: FloatTy, lo: f64, hi: f64) -> Option<f64> {
    let simplest = args.simplest_float()?;
    if x == 0 {
        return Some(simplest);
    }
    let own = match ty {
        FloatTy::F32 => f64::from(f32::from_bits(x as u32)),
        FloatTy::F64 => f64::from_bits(x as u64),
    };
    if own.is_finite() && args.float_in(own) {
        return Some(own);
    }
    let fraction = match ty {
        FloatTy::F32 => f64::from((x as u32) >> 8) / f64::from(1u32 << 24),
        FloatTy::F64 => ((x as u64) >> 11) as f64 / (1u64 << 53) as f64,
    };
    let v = lo + fraction * (hi - lo);
    let v = if ty == FloatTy::F32 {
        f64::from(v as f32)
    } else {
        v
    };
    Some(if v.is_finite() && args.float_in(v) {
        v
    } else {
        simplest
    })
}

/// The steps of a (partial) Fisher–Yates shuffle of `len` elements that moves `amount`
/// of them, as rand runs them: step `i` (from `len - amount` up) swaps position `i` with
/// position `i - rank`.
fn shuffle_steps(len: usize, amount: usize) -> std::ops::Range<usize> {
    len.saturating_sub(amount)..len
}

/// [`decode`]'s offset for an integer range of an unsigned type (not `char`) spanning
/// `span + 1` values: its simplest is its start, so the rank read is the offset.
#[inline]
pub(crate) fn decode_unsigned(span: u64, r: &mut Reader) -> u64 {
    // At most 8 bytes for a span of `u64`.
    let x = r.take(width(u128::from(span))) as u64;
    match span.checked_add(1) {
        Some(n) if x >= n => x % n,
        _ => x,
    }
}

/// The answer the bytes give to a decision with these arguments; `None` for a decision
/// with no byte form (it reads nothing).
pub(crate) fn decode(args: &Asked, r: &mut Reader) -> Option<Value> {
    Some(match *args {
        Asked::Int { .. } | Asked::WideInt(..) => {
            let (lo, span, ty) = args.as_int()?;
            let first = args.simplest_offset()?;
            let off = rank_to_offset(r.take(width(span)), span, first);
            Value::offset(if legal_offset(lo, off, ty) {
                off
            } else {
                first
            })
        }
        Asked::Float { lo, hi, ty, .. } => {
            let w = if ty == FloatTy::F32 { 4 } else { 8 };
            Value::Float(range_float(args, r.take(w), ty, lo, hi)?)
        }
        Asked::Bool { p } => {
            let byte = r.take(1) as u8;
            // True from a threshold that keeps zero `false` (unless `p` is 1) and 255
            // `true` (unless `p` is 0).
            let threshold = ((1.0 - p) * 256.0).ceil().clamp(1.0, 255.0) as u8;
            Value::Bool(p >= 1.0 || (p > 0.0 && byte >= threshold))
        }
        Asked::Ratio {
            numerator,
            denominator,
        } => {
            let den = u128::from(denominator.max(1));
            let x = r.take(width(den - 1)) % den;
            Value::Bool(numerator >= denominator || x >= den - u128::from(numerator))
        }
        Asked::Index { len } => {
            if len == UNKNOWN || len == 0 {
                return None;
            }
            let span = u128::from(len - 1);
            Value::Index(rank_to_offset(r.take(width(span)), span, 0) as u64)
        }
        Asked::Standard { ty } => {
            let x = r.take(prim_width(ty));
            Value::bits(match ty {
                Prim::Int(IntTy::Char) => {
                    let c = char::from_u32(x as u32)
                        .or_else(|| char::from_u32((x as u32) % 0x11_0000))
                        .unwrap_or('\0');
                    u128::from(u32::from(c))
                }
                Prim::Int(_) => x,
                Prim::Bool => x & 1,
                Prim::Float(ty) => unit_float(x, ty),
            })
        }
        Asked::Fill { len, elem } => {
            let n = usize::try_from(len).ok()?.checked_mul(usize::from(elem))?;
            Value::Bytes(Box::new(r.take_bytes(n)))
        }
        Asked::Shuffle { len } => permutation(usize::try_from(len).ok()?, usize::MAX, r),
        Asked::PartialShuffle { len, amount } => {
            let (len, amount) = lengths(len, amount)?;
            permutation(len, amount, r)
        }
        Asked::Sample { len, amount } => {
            if len == UNKNOWN {
                return None;
            }
            let (len, amount) = lengths(len, amount)?;
            Value::indices(distinct(len, amount, r))
        }
        Asked::Distribution(ref debug) => {
            Value::bits(uniform::from_bytes(debug.as_str(), r.take(8) as u64))
        }
        // Read by the sampler itself (see `Reader::window`).
        Asked::Raw(_) => return None,
    })
}

/// The bytes that answer a decision with these arguments with its `rank`-th value in the
/// shrink order (`rank` 1: the one after the simplest, which zero bytes answer; see
/// [`nth_simplest`]), for the bounded exhaustive search (`reduce/exhaust.rs`); `None` when the
/// decision has no such value, or its values are not counted one by one here (floats,
/// full-width numbers, samples, permutations, raw samples: only their simplest value is
/// searched).
pub(crate) fn rank_bytes(args: &Asked, rank: u64) -> Option<Vec<u8>> {
    let rank = u128::from(rank);
    let mut out = Vec::new();
    match *args {
        Asked::Int { .. } | Asked::WideInt(..) => {
            let (_, span, _) = args.as_int()?;
            let first = args.simplest_offset()?;
            let offset = nth_simplest(first, span, rank)?;
            put(&mut out, offset_to_rank(offset, span, first), width(span));
        }
        // The other answer, where both are legal: a byte of 255 reads `true`.
        Asked::Bool { p } if rank == 1 && p > 0.0 && p < 1.0 => out.push(255),
        Asked::Ratio {
            numerator,
            denominator,
        } if rank == 1 && numerator > 0 && numerator < denominator => {
            let den = u128::from(denominator);
            put(&mut out, den - 1, width(den - 1));
        }
        Asked::Index { len } if len != UNKNOWN && rank > 0 && rank < u128::from(len) => {
            put(&mut out, rank, width(u128::from(len - 1)));
        }
        _ => return None,
    }
    Some(out)
}

/// The offset of the `rank`-th value of a range of `span + 1` values whose simplest is at
/// offset `first`, in the shrink order: by distance from the simplest, the value above it
/// before the value below (0, 1, -1, 2, -2, ... in a range around zero).
fn nth_simplest(first: u128, span: u128, rank: u128) -> Option<u128> {
    let above = span - first;
    let below = first;
    let both = above.min(below);
    // Distances 1 to `both` have two values each; past that, only one side has values.
    if rank <= 2 * both {
        let d = rank.div_ceil(2);
        return Some(if rank % 2 == 1 { first + d } else { first - d });
    }
    let d = rank - both;
    if above > both {
        (d <= above).then(|| first + d)
    } else {
        (d <= below).then(|| first - d)
    }
}

/// A permutation of `len` elements made by rand's (partial) shuffle steps, each step's
/// position read from the bytes (zero: the element stays).
fn permutation(len: usize, amount: usize, r: &mut Reader) -> Value {
    let mut perm: Vec<usize> = (0..len).collect();
    for i in shuffle_steps(len, amount) {
        let rank = rank_to_offset(r.take(width(i as u128)), i as u128, 0) as usize;
        perm.swap(i, i - rank);
    }
    Value::indices(perm)
}

/// The indices `sample(amount)` returns from `len` items: the first `amount` positions
/// of a partial Fisher–Yates shuffle, step `k` swapping position `k` with the one `rank`
/// after it (zero: the first `amount` indices in order). Any distinct indices can come
/// out, as a slice's `sample` returns; an iterator's (a reservoir) returns fewer orders,
/// and takes its simplest answer for the others.
fn distinct(len: usize, amount: usize, r: &mut Reader) -> Vec<usize> {
    let mut moved: HashMap<usize, usize> = HashMap::new();
    let mut out = Vec::with_capacity(amount.min(len));
    for k in 0..amount.min(len) {
        let span = (len - 1 - k) as u128;
        let j = k + rank_to_offset(r.take(width(span)), span, 0) as usize;
        let at_j = moved.get(&j).copied().unwrap_or(j);
        let at_k = moved.get(&k).copied().unwrap_or(k);
        moved.insert(j, at_k);
        out.push(at_j);
    }
    out
}

/// Appends the bytes that [`decode`] reads as `value` for a decision with these arguments;
/// `false` when there are none (a decision with no byte form, or a value the byte form
/// cannot name).
pub(crate) fn encode(args: &Asked, value: &Value, out: &mut Vec<u8>) -> bool {
    match (args, value) {
        (Asked::Int { .. } | Asked::WideInt(..), _) => {
            let (Some((lo, span, ty)), Some(first), Some(off)) =
                (args.as_int(), args.simplest_offset(), value.as_offset())
            else {
                return false;
            };
            if off > span || !legal_offset(lo, off, ty) {
                return false;
            }
            put(out, offset_to_rank(off, span, first), width(span));
        }
        (&Asked::Float { lo, hi, ty, .. }, &Value::Float(v)) => {
            let w = if ty == FloatTy::F32 { 4 } else { 8 };
            let bits = if args
                .simplest_float()
                .is_some_and(|s| s.to_bits() == v.to_bits())
            {
                0
            } else if ty == FloatTy::F32 {
                u128::from((v as f32).to_bits())
            } else {
                u128::from(v.to_bits())
            };
            if range_float(args, bits, ty, lo, hi).map(f64::to_bits) != Some(v.to_bits()) {
                return false;
            }
            put(out, bits, w);
        }
        (Asked::Bool { .. } | Asked::Ratio { .. }, &Value::Bool(b)) => {
            if !args.admits_bool(b) {
                return false;
            }
            let (byte, w) = match *args {
                Asked::Ratio { denominator, .. } => {
                    let den = u128::from(denominator.max(1));
                    (if b { den - 1 } else { 0 }, width(den - 1))
                }
                _ => (if b { 0xff } else { 0 }, 1),
            };
            put(out, byte, w);
        }
        (&Asked::Index { len }, &Value::Index(i)) if len != UNKNOWN && len > 0 => {
            if i >= len {
                return false;
            }
            put(out, u128::from(i), width(u128::from(len - 1)));
        }
        (&Asked::Standard { ty }, _) => {
            let Some(bits) = value.as_bits() else {
                return false;
            };
            let mut probe = Reader::new(bits.to_le_bytes()[..prim_width(ty)].to_vec());
            if decode(args, &mut probe).and_then(|v| v.as_bits()) != Some(bits) {
                return false;
            }
            put(out, bits, prim_width(ty));
        }
        (&Asked::Fill { len, elem }, Value::Bytes(bytes)) => {
            if usize::try_from(len)
                .ok()
                .and_then(|l| l.checked_mul(usize::from(elem)))
                != Some(bytes.len())
            {
                return false;
            }
            out.extend_from_slice(bytes);
        }
        (Asked::Distribution(debug), _) => {
            let Some(x) = value
                .as_bits()
                .and_then(|bits| uniform::to_bytes(debug.as_str(), bits))
            else {
                return false;
            };
            put(out, u128::from(x), 8);
        }
        // A sampler sees at most `RAW_WINDOW` of the bytes: what it read past them was
        // made up, and no bytes make it again.
        (Asked::Raw(_), Value::Bytes(raw)) if raw.len() <= RAW_WINDOW => out.extend_from_slice(raw),
        (&Asked::Shuffle { len }, Value::Indices(perm)) => {
            return encode_permutation(perm, len, u64::MAX, out);
        }
        (&Asked::PartialShuffle { len, amount }, Value::Indices(perm)) => {
            return encode_permutation(perm, len, amount, out);
        }
        (&Asked::Sample { len, amount }, Value::Indices(ix)) if len != UNKNOWN => {
            return encode_distinct(ix, len, amount, out);
        }
        _ => return false,
    }
    true
}

/// [`encode`] for `sample`: finds each step of [`distinct`] that brought the index to its
/// position.
fn encode_distinct(ix: &[usize], len: u64, amount: u64, out: &mut Vec<u8>) -> bool {
    let Some((len, amount)) = lengths(len, amount) else {
        return false;
    };
    if ix.len() != amount.min(len) || !legal::distinct_below(ix, len) {
        return false;
    }
    // Step `k` brought `ix[k]` to position `k` from where earlier steps left it.
    let mut position: HashMap<usize, usize> = HashMap::new();
    let mut at: HashMap<usize, usize> = HashMap::new();
    for (k, &i) in ix.iter().enumerate() {
        let j = position.get(&i).copied().unwrap_or(i);
        put(out, (j - k) as u128, width((len - 1 - k) as u128));
        let displaced = at.get(&k).copied().unwrap_or(k);
        at.insert(j, displaced);
        position.insert(displaced, j);
    }
    true
}

/// [`encode`] for a (partial) shuffle: undoes rand's steps from the last one, as
/// [`legal::partial_shuffle_returns`] does, and writes each step's position.
fn encode_permutation(perm: &[usize], len: u64, amount: u64, out: &mut Vec<u8>) -> bool {
    let Some((len, amount)) = lengths(len, amount) else {
        return false;
    };
    if perm.len() != len || !legal::partial_shuffle_returns(perm, amount.min(len)) {
        return false;
    }
    let mut at = perm.to_vec();
    let mut position = vec![0; len];
    for (k, &e) in at.iter().enumerate() {
        position[e] = k;
    }
    let steps = shuffle_steps(len, amount);
    let mut ranks = Vec::with_capacity(steps.len());
    for i in steps.clone().rev() {
        let j = position[i];
        ranks.push(i - j);
        at.swap(i, j);
        position[at[j]] = j;
        position[i] = i;
    }
    for (i, rank) in steps.zip(ranks.into_iter().rev()) {
        put(out, rank as u128, width(i as u128));
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// Arguments of every kind with a byte form, with random parameters.
    fn random_args(rng: &mut StdRng) -> Asked {
        let int_ty = [
            IntTy::U8,
            IntTy::I16,
            IntTy::U32,
            IntTy::I64,
            IntTy::Char,
            IntTy::I128,
        ];
        match rng.random_range(0..11) {
            0 => {
                let ty = int_ty[rng.random_range(0..int_ty.len())];
                let lo: u64 = if ty == IntTy::Char {
                    0xd700
                } else {
                    rng.random()
                };
                let span: u64 = match rng.random_range(0..4) {
                    0 => 0,
                    1 => rng.random_range(0..300),
                    2 => rng.random_range(0..100_000),
                    _ => rng.random(),
                };
                Asked::int(u128::from(lo), u128::from(span), ty)
            }
            1 => Asked::int(u128::MAX - 5, u128::MAX, IntTy::I128),
            2 => Asked::Float {
                lo: -2.5,
                hi: rng.random_range(-1.0..1e9),
                inclusive: rng.random(),
                ty: if rng.random() {
                    FloatTy::F32
                } else {
                    FloatTy::F64
                },
            },
            3 => Asked::Bool {
                p: [0.0, 1.0, 0.5, 1e-9, 0.999][rng.random_range(0..5)],
            },
            4 => {
                let denominator = rng.random_range(1..100_000);
                Asked::Ratio {
                    numerator: rng.random_range(0..=denominator),
                    denominator,
                }
            }
            5 => Asked::Index {
                len: rng.random_range(1..70_000),
            },
            6 => Asked::Standard {
                ty: [
                    Prim::Int(IntTy::U8),
                    Prim::Int(IntTy::I128),
                    Prim::Int(IntTy::Char),
                    Prim::Bool,
                    Prim::Float(FloatTy::F32),
                    Prim::Float(FloatTy::F64),
                ][rng.random_range(0..6)],
            },
            7 => Asked::Fill {
                len: rng.random_range(0..5),
                elem: [1, 2, 4, 8][rng.random_range(0..4)],
            },
            8 => Asked::Shuffle {
                len: rng.random_range(0..40),
            },
            9 => Asked::PartialShuffle {
                len: rng.random_range(0..40),
                amount: rng.random_range(0..45),
            },
            _ => Asked::Sample {
                len: rng.random_range(0..300),
                amount: rng.random_range(0..10),
            },
        }
    }

    #[test]
    fn every_value_bytes_give_comes_back_from_its_bytes() {
        let mut rng = StdRng::seed_from_u64(1);
        for _ in 0..20_000 {
            let args = random_args(&mut rng);
            let len = rng.random_range(0..40);
            let data: Vec<u8> = (0..len).map(|_| rng.random()).collect();
            let value = decode(&args, &mut Reader::new(data)).expect("a byte form");
            let mut bytes = Vec::new();
            assert!(encode(&args, &value, &mut bytes), "{args} = {value:?}");
            let again = decode(&args, &mut Reader::new(bytes)).unwrap();
            assert_eq!(again, value, "{args}");
        }
    }

    #[test]
    fn rank_bytes_count_distinct_values_from_the_simplest_upward() {
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..5000 {
            let args = random_args(&mut rng);
            let mut seen = vec![decode(&args, &mut Reader::new(Vec::new())).unwrap()];
            for rank in 1..6 {
                let Some(bytes) = rank_bytes(&args, rank) else {
                    break;
                };
                let mut reader = Reader::new(bytes.clone());
                let value = decode(&args, &mut reader).unwrap();
                assert_eq!(reader.at, bytes.len(), "{args}: reads its own bytes");
                assert!(
                    !seen.contains(&value),
                    "{args}: rank {rank} repeats {value:?}"
                );
                if let (Some(first), Some(off)) = (args.simplest_offset(), value.as_offset()) {
                    let d = u128::from(rank).div_ceil(2);
                    assert!(off.abs_diff(first) <= u128::from(rank), "{args}: {off}");
                    assert!(off.abs_diff(first) >= d.min(1), "{args}: {off}");
                }
                seen.push(value);
            }
        }
        // In a range around zero: 0, 1, -1, 2, -2, then the side that goes on.
        let around = Asked::int(u128::from((-2i32).cast_unsigned()), 5, IntTy::I32);
        let values: Vec<Value> = (1..7)
            .map_while(|rank| rank_bytes(&around, rank))
            .map(|b| decode(&around, &mut Reader::new(b)).unwrap())
            .collect();
        // -2..=3: 0 is at offset 2.
        assert_eq!(values, [3, 1, 4, 0, 5].map(Value::offset));
        assert_eq!(rank_bytes(&Asked::Index { len: 3 }, 2), Some(vec![2]));
        assert_eq!(rank_bytes(&Asked::Index { len: 3 }, 3), None);
        assert_eq!(rank_bytes(&Asked::Bool { p: 0.5 }, 1), Some(vec![255]));
        assert_eq!(rank_bytes(&Asked::Bool { p: 1.0 }, 1), None);
    }

    #[test]
    fn zero_bytes_give_the_simplest_value() {
        let mut rng = StdRng::seed_from_u64(2);
        for _ in 0..5000 {
            let args = random_args(&mut rng);
            let zero = decode(&args, &mut Reader::new(vec![0; 64])).unwrap();
            let none = decode(&args, &mut Reader::new(Vec::new())).unwrap();
            assert_eq!(zero, none, "{args}");
            match (&args, &zero) {
                (Asked::Int { .. } | Asked::WideInt(..), _) => {
                    assert_eq!(zero.as_offset(), args.simplest_offset(), "{args}");
                }
                (Asked::Float { .. }, Value::Float(v)) => {
                    assert_eq!(Some(*v), args.simplest_float(), "{args}");
                }
                (Asked::Bool { .. } | Asked::Ratio { .. }, Value::Bool(b)) => {
                    assert_eq!(*b, args.simplest_bool(), "{args}");
                }
                (Asked::Index { .. }, _) => assert_eq!(zero, Value::Index(0)),
                (Asked::Standard { .. }, _) => assert_eq!(zero.as_bits(), Some(0)),
                (Asked::Fill { .. }, Value::Bytes(b)) => assert!(b.iter().all(|&b| b == 0)),
                (
                    Asked::Shuffle { .. } | Asked::PartialShuffle { .. } | Asked::Sample { .. },
                    Value::Indices(ix),
                ) => {
                    assert!(
                        ix.iter().enumerate().all(|(k, &i)| k == i),
                        "{args}: {ix:?}"
                    );
                }
                _ => panic!("{args} answered {zero:?}"),
            }
        }
    }

    /// Decodes `args` in turn from `data`: the values and where each decision's slice starts.
    fn decode_all(args: &[Asked], data: &[u8]) -> (Vec<Value>, Vec<usize>) {
        let mut r = Reader::new(data.to_vec());
        let mut starts = Vec::new();
        let values = args
            .iter()
            .map(|a| {
                starts.push(r.at);
                decode(a, &mut r).unwrap()
            })
            .collect();
        (values, starts)
    }

    #[test]
    fn one_changed_byte_changes_the_one_decision_that_reads_it() {
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..2000 {
            let args: Vec<Asked> = (0..8).map(|_| random_args(&mut rng)).collect();
            let data: Vec<u8> = (0..rng.random_range(1..200))
                .map(|_| rng.random())
                .collect();
            let (before, starts) = decode_all(&args, &data);
            let mut changed = data.clone();
            let at = rng.random_range(0..data.len());
            changed[at] ^= rng.random_range(1..=255u8);
            let (after, _) = decode_all(&args, &changed);
            for k in 0..args.len() {
                let end = starts.get(k + 1).copied().unwrap_or(usize::MAX);
                if !(starts[k]..end).contains(&at) {
                    assert_eq!(
                        before[k], after[k],
                        "decision {k} ({}) read no changed byte",
                        args[k]
                    );
                }
            }
        }
    }

    #[test]
    fn a_full_width_range_reads_its_own_bits() {
        let args = Asked::int(
            u128::from(i32::MIN as u32),
            u128::from(u32::MAX),
            IntTy::I32,
        );
        let value = decode(
            &args,
            &mut Reader::new(0xdead_beef_u32.to_le_bytes().to_vec()),
        );
        let off = value.unwrap().as_offset().unwrap();
        assert_eq!((u128::from(i32::MIN as u32) + off) as u32, 0xdead_beef);
    }
}
