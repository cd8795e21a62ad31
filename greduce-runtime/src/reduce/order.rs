//! What "simpler" means: the total order in which the reducer accepts candidates.
//!
//! A candidate is accepted only when it reproduces the failure and is strictly simpler than
//! the current input:
//!
//! 1. a smaller size measure (by default the number of decisions; a user measure such as
//!    `(nodes, edges)` when one is given), then
//! 2. fewer decisions, then
//! 3. shortlex over the decisions in trace order, each value mapped to its *rank* (0 is the
//!    simplest value its arguments allow):
//!    - integers: by distance from the in-range value nearest zero, zig-zagging around it
//!      (`0, 1, -1, 2, -2, ...`; when a bound cuts one side off, the other continues);
//!    - `bool`: `false` before `true`;
//!    - indices (`choose`, `match` arms, weighted choices): index 0 first;
//!    - `char`: `'0'`, `'1'`, ... upwards through the code points, then the ones below `'0'`
//!      downwards (`'/'`, `'.'`, ...), restricted to the range drawn from;
//!    - floats: non-negative before negative; then integral values below 2^56 in their
//!      order, then other finite values with the integer part mattering most and simpler
//!      fractions (fewer binary digits) first, then infinity, then NaN;
//!    - `fill` bytes and permutations (`shuffle`, `sample`): by length, then
//!      lexicographically (the identity permutation first).
//!
//! Every accepted step makes the input strictly simpler, so a reduction terminates, and
//! inputs that fail the same way tend to end at the same minimal one.

use crate::trace::value::{Asked, CHAR_ZERO, FloatTy, IntTy, Prim, Value};
use crate::trace::{Decision, Trace};
use std::borrow::Cow;
use std::cmp::Ordering;

/// The simplicity rank of a value (smaller is simpler).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rank<'a> {
    /// Numbers, booleans, indices, characters, floats.
    Scalar(u128),
    /// `fill` bytes.
    Bytes(&'a [u8]),
    /// Permutations and lists of distinct indices.
    Indices(&'a [usize]),
}

impl Ord for Rank<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        fn shortlex<T: Ord>(a: &[T], b: &[T]) -> Ordering {
            a.len().cmp(&b.len()).then_with(|| a.cmp(b))
        }
        match (self, other) {
            (Rank::Scalar(a), Rank::Scalar(b)) => a.cmp(b),
            (Rank::Bytes(a), Rank::Bytes(b)) => shortlex(a, b),
            (Rank::Indices(a), Rank::Indices(b)) => shortlex(a, b),
            _ => self.variant().cmp(&other.variant()),
        }
    }
}

impl PartialOrd for Rank<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Rank<'_> {
    fn variant(&self) -> u8 {
        match self {
            Rank::Scalar(_) => 0,
            Rank::Bytes(_) => 1,
            Rank::Indices(_) => 2,
        }
    }
}

/// The rank of `value` as an answer to a decision with `args`.
pub(crate) fn rank<'a>(args: &Asked, value: &'a Value) -> Rank<'a> {
    match value {
        Value::Bytes(bytes) => return Rank::Bytes(bytes),
        Value::Indices(ix) => return Rank::Indices(ix),
        Value::Float(v) => return Rank::Scalar(float_rank(*v)),
        _ => {}
    }
    if let (
        Asked::Standard {
            ty: Prim::Float(ty),
        },
        Some(bits),
    ) = (args, value.as_bits())
    {
        let v = match ty {
            FloatTy::F32 => f64::from(f32::from_bits(bits as u32)),
            FloatTy::F64 => f64::from_bits(bits as u64),
        };
        return Rank::Scalar(float_rank(v));
    }
    match Line::of(args, value) {
        Some(line) => Rank::Scalar(line.rank()),
        // A distribution's sample (its range is not known) or a value of another kind than
        // its arguments: the raw number.
        None => Rank::Scalar(match value {
            Value::Bool(b) => u128::from(*b),
            Value::Index(i) => u128::from(*i),
            other => other.as_bits().or(other.as_offset()).unwrap_or(u128::MAX),
        }),
    }
}

/// The simplest legal value for a decision with `args` that answered `value` (same kind,
/// same length); `None` when greduce cannot tell (a distribution's samples).
pub(crate) fn simplest(args: &Asked, value: &Value) -> Option<Value> {
    if let Some(line) = Line::of(args, value) {
        return line.simplest();
    }
    match (args, value) {
        (Asked::Float { .. }, Value::Float(_)) => args.simplest_float().map(Value::Float),
        (Asked::Standard { ty: Prim::Float(_) }, _) => Some(Value::Bits(0)),
        (_, Value::Bytes(bytes)) => Some(Value::Bytes(Box::new(vec![0; bytes.len()]))),
        (_, Value::Indices(ix)) => Some(Value::Indices(Box::new((0..ix.len()).collect()))),
        _ => None,
    }
}

/// The rank of a float: see the module docs.
pub(crate) fn float_rank(v: f64) -> u128 {
    let negative = u128::from(v.is_sign_negative() && !v.is_nan());
    let a = v.abs();
    let key: u128 = if a.is_nan() {
        3 << 64
    } else if a.is_infinite() {
        2 << 64
    } else if a.fract() == 0.0 && a < 72_057_594_037_927_936.0 {
        // An integral value below 2^56: itself.
        a as u128
    } else {
        let bits = a.to_bits();
        let exponent = (bits >> 52) & 0x7ff;
        let mantissa = bits & ((1 << 52) - 1);
        // Values of 1 and more first, by magnitude; then smaller ones, closest to 1 first.
        let order = if exponent >= 1023 {
            exponent - 1023
        } else {
            1024 + (1022 - exponent)
        };
        // Fraction bits reversed, so that fractions with fewer binary digits come first.
        let fraction_bits = if exponent >= 1023 {
            52u64.saturating_sub(exponent - 1023)
        } else {
            52
        };
        let fraction = mantissa & ((1 << fraction_bits) - 1);
        let reversed = if fraction_bits == 0 {
            0
        } else {
            fraction.reverse_bits() >> (64 - fraction_bits)
        };
        let mantissa = (mantissa & !((1 << fraction_bits) - 1)) | reversed;
        (1 << 64) | u128::from((order << 52) | mantissa)
    };
    (negative << 66) | key
}

impl Trace {
    /// Compares two traces in the order the reducer simplifies by, without a size measure
    /// of the user's: fewer decisions first, then shortlex over the decisions' value ranks
    /// (see the crate docs, "What minimal means"). `Less` when `self` is simpler.
    ///
    /// ```
    /// use greduce::generator;
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u8, u8) {
    ///     (rng.random_range(0..10), rng.random_range(0..10))
    /// }
    ///
    /// let a = greduce::replay_draws(pair, &[0, 9]).unwrap();
    /// let b = greduce::replay_draws(pair, &[1, 0]).unwrap();
    /// // The first decision weighs most: (0, 9) is simpler than (1, 0).
    /// assert_eq!(a.trace.cmp_simplicity(&b.trace), std::cmp::Ordering::Less);
    /// ```
    pub fn cmp_simplicity(&self, other: &Trace) -> Ordering {
        cmp_decisions(self, other)
    }
}

/// Compares two traces by the order's decision part (fewer decisions, then shortlex over
/// their ranks). Early positions are usually equal and compared as plain values; a rank is
/// computed only where values differ.
pub(crate) fn cmp_decisions(a: &Trace, b: &Trace) -> Ordering {
    a.decision_count()
        .cmp(&b.decision_count())
        .then_with(|| cmp_ranks(a.each_decision(), b.each_decision()))
}

fn cmp_ranks<'a>(
    a: impl Iterator<Item = Cow<'a, Decision>>,
    b: impl Iterator<Item = Cow<'a, Decision>>,
) -> Ordering {
    let (mut a, mut b) = (a.fuse(), b.fuse());
    loop {
        match (a.next(), b.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => {
                if x.args == y.args && x.value == y.value {
                    continue;
                }
                match rank(&x.args, &x.value).cmp(&rank(&y.args, &y.value)) {
                    Ordering::Equal => {}
                    other => return other,
                }
            }
        }
    }
}

/// An integer-like value (an integer or `char` range, a primitive `random()`, a boolean, an
/// index) as a point on a line of offsets: the value's offset from the lowest legal one,
/// the offset of the simplest value (the target), and how ranks run away from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    kind: LineKind,
    /// The highest offset (the lowest is 0).
    span: u128,
    /// The simplest value's offset.
    target: u128,
    /// The value's offset.
    offset: u128,
    /// Zig-zag around the target (integers), or the whole side above it first (characters).
    zigzag: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum LineKind {
    /// `Value::Offset` of a range (`lo` as the type's bits).
    Range { ty: IntTy, lo: u128 },
    /// `Value::Bits` of a full-width primitive: offset = bits - `min` (wrapping).
    Bits { ty: Prim, min: u128, mask: u128 },
    /// `Value::Bool`; `certain` when only `true` is legal.
    Bool { legal_false: bool, legal_true: bool },
    /// `Value::Index`.
    Index,
}

impl Line {
    /// The line of `value` as an answer to `args`; `None` for values that are not
    /// integer-like (floats, bytes, permutations) or a distribution's samples.
    pub(crate) fn of(args: &Asked, value: &Value) -> Option<Line> {
        if let (Some((lo, span, ty)), Some(offset)) = (args.as_int(), value.as_offset()) {
            let target = args.simplest_offset().unwrap_or(0);
            let zigzag = ty != IntTy::Char;
            return Some(Line {
                kind: LineKind::Range { ty, lo },
                span,
                target,
                offset: offset.min(span),
                zigzag,
            });
        }
        match (args, value) {
            (Asked::Standard { ty }, Value::Bits(_) | Value::WideBits(_)) => {
                let bits = value.as_bits()?;
                let (width, signed, zigzag) = match ty {
                    Prim::Int(IntTy::Char) => (32, false, false),
                    Prim::Int(ty) => (ty.bits(), ty.is_signed(), true),
                    Prim::Bool => (1, false, true),
                    Prim::Float(_) => return None,
                };
                let mask = if width == 128 {
                    u128::MAX
                } else {
                    (1 << width) - 1
                };
                let min = if signed { 1 << (width - 1) } else { 0 };
                let (span, target) = match ty {
                    Prim::Int(IntTy::Char) => (char::MAX as u128, CHAR_ZERO),
                    _ if signed => (mask, min),
                    _ => (mask, 0),
                };
                Some(Line {
                    kind: LineKind::Bits { ty: *ty, min, mask },
                    span,
                    target,
                    offset: bits.wrapping_sub(min) & mask,
                    zigzag,
                })
            }
            (Asked::Bool { .. } | Asked::Ratio { .. }, Value::Bool(b)) => Some(Line {
                kind: LineKind::Bool {
                    legal_false: args.admits_bool(false),
                    legal_true: args.admits_bool(true),
                },
                span: 1,
                target: 0,
                offset: u128::from(*b),
                zigzag: true,
            }),
            // `sample(Uniform)` over integers from a bound of 0 or more (rand keeps the
            // bounds private; its `Debug` text has them): the distance from the bound.
            (Asked::Distribution(debug), Value::Bits(_) | Value::WideBits(_)) => {
                let (low, range) = crate::run::uniform::unsigned_range(debug)?;
                let bits = value.as_bits()?;
                Some(Line {
                    kind: LineKind::Bits {
                        ty: Prim::Int(IntTy::U128),
                        min: low,
                        mask: u128::MAX,
                    },
                    span: range - 1,
                    target: 0,
                    offset: bits.checked_sub(low)?.min(range - 1),
                    zigzag: true,
                })
            }
            (Asked::Index { len }, Value::Index(i)) => Some(Line {
                kind: LineKind::Index,
                span: u128::from(len.saturating_sub(1)),
                target: 0,
                offset: u128::from(*i),
                zigzag: true,
            }),
            _ => None,
        }
    }

    /// Whether the line is a number (an integer range or a full-width integer), which the
    /// passes that add and subtract amounts work on.
    pub(crate) fn is_number(&self) -> bool {
        match &self.kind {
            LineKind::Range { ty, .. } => *ty != IntTy::Char,
            LineKind::Bits { ty, .. } => matches!(ty, Prim::Int(t) if *t != IntTy::Char),
            LineKind::Bool { .. } | LineKind::Index => false,
        }
    }

    /// The character a `char` line's value is (`None` for other lines).
    pub(crate) fn char(&self) -> Option<char> {
        let code = match self.kind {
            LineKind::Range {
                ty: IntTy::Char,
                lo,
            } => lo + self.offset,
            LineKind::Bits {
                ty: Prim::Int(IntTy::Char),
                min,
                mask,
            } => self.offset.wrapping_add(min) & mask,
            _ => return None,
        };
        char::from_u32(u32::try_from(code).ok()?)
    }

    /// The value of the character `c` on a `char` line, when the line holds it.
    pub(crate) fn char_value(&self, c: char) -> Option<Value> {
        let code = u128::from(u32::from(c));
        let offset = match self.kind {
            LineKind::Range {
                ty: IntTy::Char,
                lo,
            } => code.checked_sub(lo)?,
            LineKind::Bits {
                ty: Prim::Int(IntTy::Char),
                min,
                mask,
            } => code.wrapping_sub(min) & mask,
            _ => return None,
        };
        if offset > self.span {
            return None;
        }
        self.value(offset)
    }

    /// For a value below the simplest one, the value as far above it (or the highest, when
    /// the line ends sooner: -128 becomes 127), which ranks first.
    pub(crate) fn mirrored(&self) -> Option<Value> {
        if !self.below() {
            return None;
        }
        let (up, _) = self.reach();
        self.at(false, self.distance().min(up))
    }

    /// The highest offset on the line (the lowest is 0).
    pub(crate) fn span(&self) -> u128 {
        self.span
    }

    /// How far the value is from the simplest one.
    pub(crate) fn distance(&self) -> u128 {
        self.offset.abs_diff(self.target)
    }

    /// How far the value can move away from the simplest one on the given side.
    pub(crate) fn room(&self, below: bool) -> u128 {
        let (up, down) = self.reach();
        let reach = if below { down } else { up };
        reach.saturating_sub(self.distance())
    }

    /// Whether the value is below the simplest one (on the side that ranks second).
    pub(crate) fn below(&self) -> bool {
        self.offset < self.target
    }

    /// How far the line reaches from the target on each side: (above, below).
    fn reach(&self) -> (u128, u128) {
        (self.span - self.target, self.target)
    }

    /// The value's rank.
    pub(crate) fn rank(&self) -> u128 {
        self.rank_of(self.below(), self.distance())
    }

    fn rank_of(&self, below: bool, d: u128) -> u128 {
        if d == 0 {
            return 0;
        }
        let (up, down) = self.reach();
        if !self.zigzag {
            return if below { up + d } else { d };
        }
        let m = up.min(down);
        if d > m {
            m + d
        } else if below {
            2 * d
        } else {
            2 * d - 1
        }
    }

    /// The value `distance` away from the simplest one, above it or `below`; `None` when
    /// that is outside the line or not a legal value (a surrogate code point, a boolean the
    /// probability rules out).
    pub(crate) fn at(&self, below: bool, distance: u128) -> Option<Value> {
        let (up, down) = self.reach();
        if (below && distance > down) || (!below && distance > up) {
            return None;
        }
        let offset = if below {
            self.target - distance
        } else {
            self.target + distance
        };
        self.value(offset)
    }

    /// The simplest legal value on the line.
    pub(crate) fn simplest(&self) -> Option<Value> {
        if let LineKind::Bool { legal_false, .. } = self.kind
            && !legal_false
        {
            return self.value(1);
        }
        self.value(self.target)
    }

    fn value(&self, offset: u128) -> Option<Value> {
        match &self.kind {
            LineKind::Range { ty, lo } => {
                if *ty == IntTy::Char && char::from_u32((lo + offset) as u32).is_none() {
                    return None;
                }
                Some(Value::offset(offset))
            }
            LineKind::Bits { ty, min, mask } => {
                if *ty == Prim::Int(IntTy::Char) && char::from_u32(offset as u32).is_none() {
                    return None;
                }
                Some(Value::bits(offset.wrapping_add(*min) & mask))
            }
            LineKind::Bool {
                legal_false,
                legal_true,
            } => {
                let b = offset == 1;
                (if b { *legal_true } else { *legal_false }).then_some(Value::Bool(b))
            }
            LineKind::Index => Some(Value::Index(offset as u64)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::builder::Builder;
    use crate::trace::site::Site;

    static SCOPE: Site = Site::new("generator", "t.rs", 1, 1);
    static NUMBER: Site = Site::new("random_range", "t.rs", 2, 1);

    /// A trace of one scope holding one `0..10` decision per value.
    fn trace_of(values: &[u64]) -> Trace {
        let mut b = Builder::with_capacity(0);
        b.open_scope(&SCOPE, None);
        for &v in values {
            b.decision(Decision {
                site: &NUMBER,
                args: Asked::int(0, 9, IntTy::U32),
                value: Value::offset(u128::from(v)),
            });
        }
        b.close();
        b.finish()
    }

    /// The order's decision part, as the shrinker judges a candidate: fewer decisions
    /// first, then shortlex over the ranks (here the values, as `0` is simplest).
    #[test]
    fn fewer_decisions_then_shortlex() {
        let cmp = |a: &[u64], b: &[u64]| cmp_decisions(&trace_of(a), &trace_of(b));
        assert_eq!(cmp(&[9], &[0, 0]), Ordering::Less, "fewer decisions first");
        assert_eq!(
            cmp(&[0, 9], &[1, 0]),
            Ordering::Less,
            "the first difference decides"
        );
        assert_eq!(cmp(&[3, 4], &[3, 4]), Ordering::Equal);
        assert_eq!(cmp(&[3, 5], &[3, 4]), Ordering::Greater);
        assert_eq!(cmp(&[], &[0]), Ordering::Less);
    }

    fn int(lo: i64, hi: i64, v: i64) -> u128 {
        let args = Asked::int(u128::from(lo as u64), (hi - lo) as u128, IntTy::I64);
        let value = Value::offset((v - lo) as u128);
        Line::of(&args, &value).unwrap().rank()
    }

    #[test]
    fn integers_zig_zag_around_the_value_nearest_zero() {
        let ranks: Vec<u128> = (-3..=3).map(|v| int(-3, 3, v)).collect();
        assert_eq!(ranks, [6, 4, 2, 0, 1, 3, 5]);
        // One side cut off: the other continues linearly.
        let ranks: Vec<u128> = (-1..=4).map(|v| int(-1, 4, v)).collect();
        assert_eq!(ranks, [2, 0, 1, 3, 4, 5]);
        // Entirely above or below zero: the bound nearest zero is simplest.
        assert_eq!(int(5, 9, 5), 0);
        assert_eq!(int(5, 9, 9), 4);
        assert_eq!(int(-9, -5, -5), 0);
        assert_eq!(int(-9, -5, -9), 4);
    }

    #[test]
    fn every_rank_maps_back_to_its_value() {
        let args = Asked::int(u128::from((-7i64) as u64), 17, IntTy::I64);
        let mut seen = Vec::new();
        for off in 0..=17 {
            let line = Line::of(&args, &Value::offset(off)).unwrap();
            let back = line.at(line.below(), line.distance()).unwrap();
            assert_eq!(back, Value::offset(off));
            seen.push(line.rank());
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..=17).collect::<Vec<_>>());
    }

    #[test]
    fn room_is_what_is_left_on_the_value_side() {
        let args = Asked::int(u128::from((-10i64) as u64), 30, IntTy::I64); // -10..=20
        let at = |v: i64| Line::of(&args, &Value::offset((v + 10) as u128)).unwrap();
        assert_eq!(at(5).room(false), 15);
        assert_eq!(at(-4).room(true), 6);
        assert_eq!(at(0).room(false), 20);
        assert_eq!(at(0).room(true), 10);
    }

    #[test]
    fn full_range_primitives_rank_around_zero() {
        let args = Asked::Standard {
            ty: Prim::Int(IntTy::I32),
        };
        let rank = |v: i32| {
            Line::of(&args, &Value::bits(u128::from(v as u32)))
                .unwrap()
                .rank()
        };
        assert_eq!([rank(0), rank(1), rank(-1), rank(2)], [0, 1, 2, 3]);
        assert!(rank(i32::MIN) > rank(i32::MAX));
    }

    #[test]
    fn characters_start_at_zero_digit() {
        let args = Asked::int(' ' as u128, '~' as u128 - ' ' as u128, IntTy::Char);
        let rank = |c: char| {
            Line::of(&args, &Value::offset(c as u128 - ' ' as u128))
                .unwrap()
                .rank()
        };
        assert_eq!(rank('0'), 0);
        assert!(rank('1') < rank('a'));
        assert!(rank('~') < rank('/'));
        assert!(rank('/') < rank(' '));
        let letters = Asked::int('a' as u128, 25, IntTy::Char);
        let line = Line::of(&letters, &Value::offset(2)).unwrap();
        assert_eq!(line.rank(), 2);
    }

    #[test]
    fn floats_order_integers_then_simple_fractions_then_the_rest() {
        let order = [
            0.0,
            1.0,
            2.0,
            1e10,
            1.5,
            1.25,
            1.1,
            0.5,
            0.25,
            f64::INFINITY,
            f64::NAN,
            -0.0,
            -1.0,
        ];
        for pair in order.windows(2) {
            assert!(
                float_rank(pair[0]) < float_rank(pair[1]),
                "{} before {}",
                pair[0],
                pair[1]
            );
        }
    }

    #[test]
    fn booleans_and_indices() {
        let b = Asked::Bool { p: 0.5 };
        assert_eq!(rank(&b, &Value::Bool(false)), Rank::Scalar(0));
        assert_eq!(rank(&b, &Value::Bool(true)), Rank::Scalar(1));
        let i = Asked::Index { len: 5 };
        assert_eq!(rank(&i, &Value::Index(3)), Rank::Scalar(3));
        assert!(Rank::Indices(&[0, 1, 2]) < Rank::Indices(&[1, 0, 2]));
        assert!(Rank::Bytes(&[9]) < Rank::Bytes(&[0, 0]));
    }
}
