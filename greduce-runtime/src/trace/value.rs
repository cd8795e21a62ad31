//! What a decision was asked ([`Asked`]: its kind and arguments) and what it answered
//! ([`Value`]), stored in a form independent of the Rust type the generator used.
//!
//! A trace stores most decisions in their node (see `node.rs`) and keeps these whole only
//! for the rest, and replay and the reducer pass them around by the million, so both are
//! kept small (24 and 16 bytes): numbers are stored in 64 bits, and the rare 128-bit ones
//! (an `i128` range below zero, a `u128` offset above `u64::MAX`) are boxed.

use std::fmt;

/// The integer type of an integer decision.
#[derive(Clone, Copy, Debug, Eq, PartialEq, Hash)]
pub enum IntTy {
    U8,
    U16,
    U32,
    U64,
    U128,
    Usize,
    I8,
    I16,
    I32,
    I64,
    I128,
    Isize,
    Char,
}

impl IntTy {
    /// Whether the type is an unsigned integer (not `char`).
    pub(crate) fn is_unsigned(self) -> bool {
        !self.is_signed() && self != IntTy::Char
    }

    pub(crate) fn is_signed(self) -> bool {
        matches!(
            self,
            IntTy::I8 | IntTy::I16 | IntTy::I32 | IntTy::I64 | IntTy::I128 | IntTy::Isize
        )
    }

    pub(crate) fn bits(self) -> u32 {
        match self {
            IntTy::U8 | IntTy::I8 => 8,
            IntTy::U16 | IntTy::I16 => 16,
            IntTy::U32 | IntTy::I32 | IntTy::Char => 32,
            IntTy::U64 | IntTy::I64 => 64,
            // Recorded at the width of the target's `usize` (`Int for isize` masks so).
            IntTy::Usize | IntTy::Isize => usize::BITS,
            IntTy::U128 | IntTy::I128 => 128,
        }
    }

    /// Formats raw bits (zero-extended two's complement of the type) as a value of this type.
    pub(crate) fn fmt_bits(self, bits: u128, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self == IntTy::Char {
            return match char::from_u32(bits as u32) {
                Some(c) => write!(f, "{c:?}"),
                None => write!(f, "U+{bits:X}"),
            };
        }
        let width = self.bits();
        if self.is_signed() {
            let shift = 128 - width;
            write!(f, "{}", ((bits << shift) as i128) >> shift)
        } else {
            write!(f, "{bits}")
        }
    }
}

/// The float type of a float decision.
#[derive(Clone, Copy, Debug, Eq, PartialEq, Hash)]
pub enum FloatTy {
    F32,
    F64,
}

/// The primitive type of a `random::<T>()` decision.
#[derive(Clone, Copy, Debug, Eq, PartialEq, Hash)]
pub enum Prim {
    Int(IntTy),
    Bool,
    Float(FloatTy),
}

impl fmt::Display for Prim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Prim::Int(ty) => match ty {
                IntTy::U8 => "u8",
                IntTy::U16 => "u16",
                IntTy::U32 => "u32",
                IntTy::U64 => "u64",
                IntTy::U128 => "u128",
                IntTy::Usize => "usize",
                IntTy::I8 => "i8",
                IntTy::I16 => "i16",
                IntTy::I32 => "i32",
                IntTy::I64 => "i64",
                IntTy::I128 => "i128",
                IntTy::Isize => "isize",
                IntTy::Char => "char",
            },
            Prim::Bool => "bool",
            Prim::Float(FloatTy::F32) => "f32",
            Prim::Float(FloatTy::F64) => "f64",
        };
        f.write_str(name)
    }
}

/// The simplest `char`: characters rank from `'0'` up, then below it down (see the
/// reducer's order).
pub(crate) const CHAR_ZERO: u128 = '0' as u128;

/// A length that may be unknown (an iterator without an exact size hint when recorded).
pub(crate) const UNKNOWN: u64 = u64::MAX;

/// The arguments of a decision: what the generator asked for. Replay checks a recorded
/// [`Value`] against the arguments of *today's* call; the recorded arguments are kept for
/// printing and for telling decisions apart.
// Reason for `box_collection`: a thin box keeps the enum at 24 bytes (a trace holds one
// per decision); the rare variants pay an extra allocation.
#[allow(clippy::box_collection)]
#[derive(Clone, Debug, PartialEq)]
pub enum Asked {
    /// `random_range` over integers (or `char`): the inclusive range `lo ..= lo + span`,
    /// `lo` as the zero-extended bits of the type.
    Int { lo: u64, span: u64, ty: IntTy },
    /// The same, when `lo` or `span` needs more than 64 bits.
    WideInt(Box<(u128, u128)>, IntTy),
    /// `random_range` over floats.
    Float {
        lo: f64,
        hi: f64,
        inclusive: bool,
        ty: FloatTy,
    },
    /// `random_bool(p)`, or `random::<bool>()` (`p = 0.5`).
    Bool { p: f64 },
    /// `random_ratio(numerator, denominator)`.
    Ratio { numerator: u32, denominator: u32 },
    /// `random::<T>()` for a primitive `T`, or `sample(StandardUniform)`.
    Standard { ty: Prim },
    /// `sample(distribution)`: the distribution as `Debug` prints it (rand does not expose
    /// a `Uniform`'s parameters otherwise).
    Distribution(Box<String>),
    /// `choose`, `choose_mut`, `choose_weighted`: an index below `len` ([`UNKNOWN`] for an
    /// iterator whose length was not known when recording).
    Index { len: u64 },
    /// `fill(&mut [T])`: `len` elements of `elem` bytes.
    Fill { len: u64, elem: u8 },
    /// `shuffle`: a permutation of `len` elements.
    Shuffle { len: u64 },
    /// `partial_shuffle(amount)`.
    PartialShuffle { len: u64, amount: u64 },
    /// `sample(amount)` on a slice or an iterator: distinct indices.
    Sample { len: u64, amount: u64 },
    /// A value of the named type from a sampler greduce does not know (a `Distribution`
    /// whose `sample` is not a `#[generator]`): the raw rng output it consumed, as bytes.
    Raw(Box<String>),
}

/// What a decision answered.
// Reason for `box_collection`: as for `Asked`, 16 bytes instead of 32.
#[allow(clippy::box_collection)]
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// Integer or `char` range: offset from the range's lower bound. Stored relative so a
    /// value stays meaningful when the range moves (the GReduce artifact replays this way).
    Offset(u64),
    /// An offset above `u64::MAX`.
    WideOffset(Box<u128>),
    /// Float range.
    Float(f64),
    /// A boolean decision.
    Bool(bool),
    /// Raw bits of a `random::<T>()` or distribution sample.
    Bits(u64),
    /// Raw bits above `u64::MAX`.
    WideBits(Box<u128>),
    /// An index into a slice or iterator.
    Index(u64),
    /// Bytes written by `fill`, little-endian per element.
    Bytes(Box<Vec<u8>>),
    /// A permutation (`shuffle`, `partial_shuffle`) or a list of distinct indices
    /// (`sample`); empty for a choice from an empty sequence.
    Indices(Box<Vec<usize>>),
}

impl std::hash::Hash for Value {
    /// By variant and content (floats by their bits), for trace fingerprints.
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        std::mem::discriminant(self).hash(h);
        match self {
            Value::Offset(x) | Value::Bits(x) | Value::Index(x) => x.hash(h),
            Value::WideOffset(x) | Value::WideBits(x) => x.hash(h),
            Value::Float(v) => v.to_bits().hash(h),
            Value::Bool(b) => b.hash(h),
            Value::Bytes(bytes) => bytes.hash(h),
            Value::Indices(ix) => ix.hash(h),
        }
    }
}

impl std::hash::Hash for Asked {
    /// By variant and content (floats by their bits), for grouping equal decisions.
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        std::mem::discriminant(self).hash(h);
        match self {
            Asked::Int { lo, span, ty } => (lo, span, ty).hash(h),
            Asked::WideInt(wide, ty) => (wide, ty).hash(h),
            Asked::Float {
                lo,
                hi,
                inclusive,
                ty,
            } => (lo.to_bits(), hi.to_bits(), inclusive, ty).hash(h),
            Asked::Bool { p } => p.to_bits().hash(h),
            Asked::Ratio {
                numerator,
                denominator,
            } => (numerator, denominator).hash(h),
            Asked::Standard { ty } => ty.hash(h),
            Asked::Distribution(d) | Asked::Raw(d) => d.hash(h),
            Asked::Index { len } | Asked::Shuffle { len } => len.hash(h),
            Asked::Fill { len, elem } => (len, elem).hash(h),
            Asked::PartialShuffle { len, amount } | Asked::Sample { len, amount } => {
                (len, amount).hash(h);
            }
        }
    }
}

impl Value {
    /// Whether the value owns nothing on the heap (dropping it does nothing).
    #[inline]
    pub(crate) fn is_inline(&self) -> bool {
        !matches!(
            self,
            Value::WideOffset(_) | Value::WideBits(_) | Value::Bytes(_) | Value::Indices(_)
        )
    }

    #[inline]
    pub(crate) fn offset(off: u128) -> Value {
        u64::try_from(off).map_or_else(|_| Value::WideOffset(Box::new(off)), Value::Offset)
    }

    #[inline]
    pub(crate) fn as_offset(&self) -> Option<u128> {
        match self {
            Value::Offset(off) => Some(u128::from(*off)),
            Value::WideOffset(off) => Some(**off),
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn bits(bits: u128) -> Value {
        u64::try_from(bits).map_or_else(|_| Value::WideBits(Box::new(bits)), Value::Bits)
    }

    #[inline]
    pub(crate) fn as_bits(&self) -> Option<u128> {
        match self {
            Value::Bits(bits) => Some(u128::from(*bits)),
            Value::WideBits(bits) => Some(**bits),
            _ => None,
        }
    }

    #[inline]
    pub(crate) fn index(i: usize) -> Value {
        Value::Index(i as u64)
    }

    #[inline]
    pub(crate) fn as_index(&self) -> Option<usize> {
        match self {
            Value::Index(i) => usize::try_from(*i).ok(),
            _ => None,
        }
    }

    pub(crate) fn indices(ix: Vec<usize>) -> Value {
        Value::Indices(Box::new(ix))
    }

    pub(crate) fn as_indices(&self) -> Option<&[usize]> {
        match self {
            Value::Indices(ix) => Some(ix),
            _ => None,
        }
    }
}

impl Asked {
    /// Whether the arguments own nothing on the heap (dropping them does nothing).
    #[inline]
    pub(crate) fn is_inline(&self) -> bool {
        !matches!(self, Asked::WideInt(..) | Asked::Distribution(_))
    }

    #[inline]
    pub(crate) fn int(lo: u128, span: u128, ty: IntTy) -> Asked {
        match (u64::try_from(lo), u64::try_from(span)) {
            (Ok(lo), Ok(span)) => Asked::Int { lo, span, ty },
            _ => Asked::WideInt(Box::new((lo, span)), ty),
        }
    }

    /// The offset of the simplest value of an integer or `char` range: the value nearest
    /// zero (for `char`, nearest `'0'`); `None` for other arguments.
    pub(crate) fn simplest_offset(&self) -> Option<u128> {
        let (lo, span, ty) = self.as_int()?;
        if ty == IntTy::Char {
            return Some(CHAR_ZERO.clamp(lo, lo + span) - lo);
        }
        if !ty.is_signed() {
            return Some(0);
        }
        let width = ty.bits();
        let mask = if width == 128 {
            u128::MAX
        } else {
            (1 << width) - 1
        };
        if lo & (1 << (width - 1)) == 0 {
            return Some(0); // lo >= 0: lo itself
        }
        let to_zero = lo.wrapping_neg() & mask; // -lo
        Some(to_zero.min(span))
    }

    /// `(lo, hi, inclusive, ty)` of a float range.
    fn float_range(&self) -> Option<(f64, f64, bool, FloatTy)> {
        match *self {
            Asked::Float {
                lo,
                hi,
                inclusive,
                ty,
            } => Some((lo, hi, inclusive, ty)),
            _ => None,
        }
    }

    /// The simplest float of a float range in the reducer's order: 0 when inside; else the
    /// value nearest zero with the fewest binary digits after the point (an integer when
    /// the range holds one, then halves, quarters, ...: `1.1..1.6` gives 1.5); `None` for
    /// other arguments, or a range with no value.
    pub(crate) fn simplest_float(&self) -> Option<f64> {
        let (lo, hi, inclusive, ty) = self.float_range()?;
        if self.float_in(0.0) {
            return Some(0.0);
        }
        // The range's value nearest zero: its lower bound above zero, its largest value below.
        let near = if lo > 0.0 {
            lo
        } else if inclusive {
            hi
        } else if ty == FloatTy::F32 {
            f64::from((hi as f32).next_down())
        } else {
            hi.next_down()
        };
        if !self.float_in(near) {
            return None;
        }
        // With `digits` binary digits after the point, the value nearest zero from `near`
        // outwards. Past 2^52 every float is an integer, so `digits` 0 ends it there; a range
        // near zero may need up to 1074 (the smallest subnormal's), scaled in two steps, as
        // 2^1074 is not an `f64`.
        for digits in 0..=1074 {
            let Some(v) = with_digits(near, digits) else {
                break;
            };
            let narrowed = if ty == FloatTy::F32 {
                f64::from(v as f32)
            } else {
                v
            };
            if narrowed.to_bits() == v.to_bits() && self.float_in(v) {
                return Some(v);
            }
        }
        Some(near)
    }

    /// The lowest and highest values of a float range (the highest may be excluded).
    pub(crate) fn float_bounds(&self) -> Option<(f64, f64)> {
        self.float_range().map(|(lo, hi, _, _)| (lo, hi))
    }

    /// `v` as the float range's type holds it (rounded to `f32` for an `f32` range).
    pub(crate) fn narrow_float(&self, v: f64) -> f64 {
        match self.float_range() {
            Some((.., FloatTy::F32)) => f64::from(v as f32),
            _ => v,
        }
    }

    /// Whether `v` is a legal answer to a float range (as the range's type).
    pub(crate) fn float_in(&self, v: f64) -> bool {
        let Some((lo, hi, inclusive, ty)) = self.float_range() else {
            return false;
        };
        let v = if ty == FloatTy::F32 {
            f64::from(v as f32)
        } else {
            v
        };
        v >= lo && (v < hi || (inclusive && v <= hi))
    }

    /// `(lo, span, ty)` of an integer range.
    pub(crate) fn as_int(&self) -> Option<(u128, u128, IntTy)> {
        match self {
            Asked::Int { lo, span, ty } => Some((u128::from(*lo), u128::from(*span), *ty)),
            Asked::WideInt(wide, ty) => Some((wide.0, wide.1, *ty)),
            _ => None,
        }
    }

    /// The value that re-align answers for a boolean decision when the recorded one cannot be
    /// used: `false`, unless `true` is certain.
    pub(crate) fn simplest_bool(&self) -> bool {
        match *self {
            Asked::Bool { p } => p >= 1.0,
            Asked::Ratio {
                numerator,
                denominator,
            } => numerator == denominator,
            _ => false,
        }
    }

    /// Whether `answer` is a legal answer to a boolean decision with these arguments.
    #[inline]
    pub(crate) fn admits_bool(&self, answer: bool) -> bool {
        match *self {
            Asked::Bool { p } => {
                if answer {
                    p > 0.0
                } else {
                    p < 1.0
                }
            }
            Asked::Ratio {
                numerator,
                denominator,
            } => {
                if answer {
                    numerator > 0
                } else {
                    numerator < denominator
                }
            }
            _ => false,
        }
    }

    /// The Rust type of the value, for messages (`None` where the arguments do not say).
    pub(crate) fn type_name(&self) -> Option<String> {
        let prim = match self {
            Asked::Int { ty, .. } | Asked::WideInt(_, ty) => Prim::Int(*ty),
            Asked::Float { ty, .. } => Prim::Float(*ty),
            Asked::Standard { ty } => *ty,
            _ => return None,
        };
        Some(prim.to_string())
    }

    /// Whether a decision with these arguments has fewer choices than the recorded one
    /// with `recorded` (a shorter range or list): only then can [`Asked::shifted`] move its
    /// value. A few instructions, for the replay's hot path.
    #[inline]
    pub(crate) fn lost_choices(&self, recorded: &Asked) -> bool {
        match (recorded, self) {
            (Asked::Int { span, .. }, Asked::Int { span: now, .. }) => now < span,
            (Asked::Index { len }, Asked::Index { len: now }) => now < len,
            _ => false,
        }
    }

    /// How many choices fewer a decision with these arguments has than the recorded one
    /// with `recorded` (the same range start and a shorter range, or a shorter list to
    /// choose from), and the recorded `value` moved down by that many, when it is at least
    /// that: the value [`Edit::shift`](crate::trace::edit::Edit) replays. A pick from a pool that
    /// lost `k` members names, `k` places lower, the member it named, when the lost ones
    /// came before it.
    pub(crate) fn shifted(&self, recorded: &Asked, value: &Value) -> Option<Value> {
        match (recorded, self, value) {
            (
                Asked::Int { lo, span, ty },
                Asked::Int {
                    lo: now_lo,
                    span: now_span,
                    ty: now_ty,
                },
                Value::Offset(v),
            ) if lo == now_lo && ty == now_ty && now_span < span => {
                v.checked_sub(span - now_span).map(Value::Offset)
            }
            (Asked::Index { len }, Asked::Index { len: now }, Value::Index(v))
                if *len != UNKNOWN && *now != UNKNOWN && now < len =>
            {
                v.checked_sub(len - now).map(Value::Index)
            }
            _ => None,
        }
    }

    /// Whether two argument lists describe the same kind of decision (same method, same
    /// type); only then can a recorded value be read back.
    #[inline]
    pub(crate) fn same_kind(&self, other: &Asked) -> bool {
        match (self, other) {
            (Asked::Float { ty: a, .. }, Asked::Float { ty: b, .. }) => a == b,
            (Asked::Standard { ty: a }, Asked::Standard { ty: b }) => a == b,
            (Asked::Distribution(a), Asked::Distribution(b)) | (Asked::Raw(a), Asked::Raw(b)) => {
                a == b
            }
            (Asked::Fill { elem: a, .. }, Asked::Fill { elem: b, .. }) => a == b,
            _ => match (self.as_int(), other.as_int()) {
                (Some((_, _, a)), Some((_, _, b))) => a == b,
                _ => std::mem::discriminant(self) == std::mem::discriminant(other),
            },
        }
    }
}

fn fmt_len(len: u64, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if len == UNKNOWN {
        f.write_str("len=?")
    } else {
        write!(f, "len={len}")
    }
}

impl fmt::Display for Asked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((lo, span, ty)) = self.as_int() {
            ty.fmt_bits(lo, f)?;
            f.write_str("..=")?;
            return ty.fmt_bits(lo.wrapping_add(span), f);
        }
        match self {
            Asked::Float {
                lo, hi, inclusive, ..
            } => {
                write!(f, "{lo:?}{}{hi:?}", if *inclusive { "..=" } else { ".." })
            }
            Asked::Bool { p } => write!(f, "p={p}"),
            Asked::Ratio {
                numerator,
                denominator,
            } => write!(f, "{numerator}/{denominator}"),
            Asked::Standard { ty } => write!(f, "{ty}"),
            Asked::Distribution(description) => f.write_str(description),
            Asked::Raw(ty) => write!(f, "{ty}, raw bytes"),
            Asked::Index { len } | Asked::Shuffle { len } => fmt_len(*len, f),
            Asked::Fill { len, elem } => write!(f, "len={len}, {elem}-byte elements"),
            Asked::PartialShuffle { len, amount } | Asked::Sample { len, amount } => {
                fmt_len(*len, f)?;
                write!(f, ", amount={amount}")
            }
            Asked::Int { .. } | Asked::WideInt(..) => unreachable!("printed above"),
        }
    }
}

/// A value printed in the light of its arguments (integer offsets become the actual value).
pub(crate) struct Shown<'a>(pub(crate) &'a Asked, pub(crate) &'a Value);

fn fmt_list<T: fmt::Display>(items: &[T], sep: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str("[")?;
    for (i, x) in items.iter().enumerate().take(16) {
        if i > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{x}")?;
    }
    if items.len() > 16 {
        write!(f, "{sep}... {} in all", items.len())?;
    }
    f.write_str("]")
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (Some((lo, _, ty)), Some(off)) = (self.0.as_int(), self.1.as_offset()) {
            return ty.fmt_bits(lo.wrapping_add(off), f);
        }
        if let (Asked::Standard { ty }, Some(bits)) = (self.0, self.1.as_bits()) {
            return match ty {
                Prim::Int(ty) => ty.fmt_bits(bits, f),
                Prim::Bool => write!(f, "{}", bits != 0),
                Prim::Float(FloatTy::F32) => write!(f, "{:?}", f32::from_bits(bits as u32)),
                Prim::Float(FloatTy::F64) => write!(f, "{:?}", f64::from_bits(bits as u64)),
            };
        }
        match self.1 {
            Value::Offset(_) | Value::WideOffset(_) => {
                write!(f, "+{}", self.1.as_offset().unwrap_or(0))
            }
            Value::Float(v) => write!(f, "{v:?}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Bits(_) | Value::WideBits(_) => {
                write!(f, "0x{:x}", self.1.as_bits().unwrap_or(0))
            }
            Value::Index(i) => write!(f, "#{i}"),
            Value::Bytes(bytes) => {
                let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
                fmt_list(&hex, " ", f)
            }
            Value::Indices(ix) => fmt_list(ix, ", ", f),
        }
    }
}

/// `x` rounded away from zero to `digits` binary digits after the point (`None` when the
/// scaled value overflows); each power of two used is an `f64`, so both steps are exact.
fn with_digits(x: f64, digits: i32) -> Option<f64> {
    let first = digits.min(1000);
    let second = digits - first;
    let scaled = x * 2f64.powi(first) * 2f64.powi(second);
    if !scaled.is_finite() {
        return None;
    }
    let rounded = if x > 0.0 {
        scaled.ceil()
    } else {
        scaled.floor()
    };
    Some(rounded / 2f64.powi(second) / 2f64.powi(first))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_and_values_stay_small() {
        assert_eq!(size_of::<Asked>(), 24);
        assert_eq!(size_of::<Value>(), 16);
    }

    #[test]
    #[allow(clippy::float_cmp)] // Reason: the exact float is the point.
    fn a_float_range_simplest_value_has_the_fewest_binary_digits() {
        let range = |lo: f64, hi: f64, inclusive: bool, ty: FloatTy| Asked::Float {
            lo,
            hi,
            inclusive,
            ty,
        };
        let tiny = f64::from_bits(1); // 2^-1074, the smallest subnormal
        let cases = [
            (range(-3.0, 5.0, false, FloatTy::F64), 0.0),
            (range(1.1, 1.6, true, FloatTy::F64), 1.5),
            (range(2.2, 7.0, false, FloatTy::F64), 3.0),
            (range(-7.0, -2.2, true, FloatTy::F64), -3.0),
            (range(-7.0, -3.0, false, FloatTy::F64), -4.0),
            (range(0.1, 0.2, true, FloatTy::F64), 0.125),
            (range(1.1, 1.6, true, FloatTy::F32), 1.5),
            (range(1e300, 2e300, true, FloatTy::F64), 1e300),
            (
                range(3.0 * tiny, 5.0 * tiny, true, FloatTy::F64),
                4.0 * tiny,
            ),
        ];
        for (args, simplest) in cases {
            assert_eq!(args.simplest_float(), Some(simplest), "{args}");
        }
    }

    #[test]
    fn wide_numbers_round_trip() {
        assert_eq!(Value::offset(u128::MAX).as_offset(), Some(u128::MAX));
        assert_eq!(Value::offset(5), Value::Offset(5));
        assert_eq!(
            Asked::int(u128::MAX - 4, 9, IntTy::I128).as_int(),
            Some((u128::MAX - 4, 9, IntTy::I128))
        );
    }

    #[test]
    fn a_pick_moves_down_by_the_choices_its_range_lost() {
        let range = |lo: u128, span: u128| Asked::int(lo, span, IntTy::Usize);
        // `0..5` recorded 3; now `0..3`: two choices fewer.
        let shifted = range(0, 2).shifted(&range(0, 4), &Value::Offset(3));
        assert_eq!(shifted, Some(Value::Offset(1)));
        // Below the loss, another start, a longer range, another type: nothing to move.
        assert_eq!(range(0, 2).shifted(&range(0, 4), &Value::Offset(1)), None);
        assert_eq!(range(1, 2).shifted(&range(0, 4), &Value::Offset(3)), None);
        assert_eq!(range(0, 4).shifted(&range(0, 2), &Value::Offset(1)), None);
        let bytes = Asked::int(0, 2, IntTy::U8);
        assert_eq!(bytes.shifted(&range(0, 4), &Value::Offset(3)), None);
        // `choose` from a shorter list.
        let (was, now) = (Asked::Index { len: 6 }, Asked::Index { len: 5 });
        assert_eq!(now.shifted(&was, &Value::Index(4)), Some(Value::Index(3)));
        assert_eq!(now.shifted(&was, &Value::Index(0)), None);
    }
}
