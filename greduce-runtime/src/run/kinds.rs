//! How each kind of decision turns its Rust arguments and result into [`Asked`] and [`Value`]
//! and back: the per-type knowledge replay needs to check that a recorded value is still
//! legal and to rebuild it at the right type.

use crate::trace::value::{Asked, FloatTy, IntTy, Prim, Value};
use rand::distr::uniform::SampleUniform;
use rand::distr::{Bernoulli, Distribution, StandardUniform, Uniform};
use std::ops::{Range, RangeInclusive, RangeTo, RangeToInclusive};

/// Integer types (and `char`) that `random_range` decisions and reducible loops can record.
///
/// Generated code needs it of the type of every recorded integer range; a generic
/// `#[generator]` that draws from a range of its own type parameter names it as a bound:
///
/// ```
/// use greduce::{Int, generator};
/// use rand::RngExt;
/// use rand::distr::uniform::SampleUniform;
///
/// #[generator]
/// fn below<R: rand::Rng + ?Sized, T: Int + SampleUniform>(rng: &mut R, lo: T, hi: T) -> T {
///     rng.random_range(lo..hi)
/// }
///
/// #[generator]
/// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u8, i64) {
///     (below(rng, 1, 10), below(rng, -5, 5))
/// }
///
/// let run = greduce::record(pair, 7);
/// assert!((1..10).contains(&run.output.0) && (-5..5).contains(&run.output.1));
/// ```
///
/// Implemented for the primitive integer types and `char`, and sealed: its items are how
/// the trace stores a value, not API.
#[diagnostic::on_unimplemented(
    message = "greduce cannot record `random_range` over `{Self}`",
    note = "recorded ranges are over primitive integers, `char`, `f32` and `f64`; a generic \
            type needs the bound `greduce::Int`"
)]
pub trait Int: sealed::Sealed + Copy + PartialOrd {
    /// The type's tag in the trace.
    #[doc(hidden)]
    const TY: IntTy;
    /// Mask of the type's width.
    #[doc(hidden)]
    const MASK: u128;
    /// The value as zero-extended bits of its own width.
    #[doc(hidden)]
    fn to_bits(self) -> u128;
    /// The value with these bits (truncated to the width); `None` if no such value exists
    /// (a surrogate for `char`).
    #[doc(hidden)]
    fn from_bits(bits: u128) -> Option<Self>;
}

// Reason for `cast_lossless`: the same macro covers `usize`, which has no `From` into `u128`.
macro_rules! int_impls {
    ($($t:ty => $u:ty, $tag:ident;)*) => {$(
        impl sealed::Sealed for $t {}

        #[allow(clippy::cast_lossless)]
        impl Int for $t {
            const TY: IntTy = IntTy::$tag;
            const MASK: u128 = <$u>::MAX as u128;
            #[inline]
            fn to_bits(self) -> u128 {
                self as $u as u128
            }
            #[inline]
            fn from_bits(bits: u128) -> Option<Self> {
                Some(bits as $u as $t)
            }
        }
    )*};
}

mod sealed {
    /// Keeps [`super::Int`] to the types below.
    // Reason: the sealing pattern needs a public trait in a private module.
    #[allow(unreachable_pub)]
    pub trait Sealed {}
}

impl sealed::Sealed for char {}

int_impls! {
    u8 => u8, U8; u16 => u16, U16; u32 => u32, U32; u64 => u64, U64; u128 => u128, U128;
    usize => usize, Usize; i8 => u8, I8; i16 => u16, I16; i32 => u32, I32; i64 => u64, I64;
    i128 => u128, I128; isize => usize, Isize;
}

impl Int for char {
    const TY: IntTy = IntTy::Char;
    const MASK: u128 = u32::MAX as u128;
    fn to_bits(self) -> u128 {
        u128::from(u32::from(self))
    }
    fn from_bits(bits: u128) -> Option<Self> {
        u32::try_from(bits).ok().and_then(char::from_u32)
    }
}

/// `hi - lo` within the width of `T`.
fn span<T: Int>(lo: T, hi: T) -> u128 {
    hi.to_bits().wrapping_sub(lo.to_bits()) & T::MASK
}

/// `lo + off` if it stays within `lo ..= lo + span`.
fn offset_value<T: Int>(lo: T, span: u128, off: u128) -> Option<T> {
    if off > span {
        return None;
    }
    T::from_bits(lo.to_bits().wrapping_add(off) & T::MASK)
}

/// A range argument of `random_range`: `a..b`, `a..=b`, `..b` or `..=b` over an [`Int`],
/// or `a..b` / `a..=b` over `f32`/`f64`.
#[diagnostic::on_unimplemented(
    message = "greduce cannot record `random_range` with a `{Self}` argument",
    note = "supported: `a..b`, `a..=b`, `..b`, `..=b` over primitive integers and `char`, \
            and `a..b`, `a..=b` over `f32`/`f64`"
)]
pub trait RangeArg<T>: Sized {
    /// The arguments as recorded in the trace.
    fn args(&self) -> Asked;
    /// The recorded form of a value drawn from this range.
    fn record(&self, value: &T) -> Value;
    /// A recorded value read back against this range; `None` if it is not legal here.
    fn read(&self, value: &Value) -> Option<T>;
    /// The simplest legal value (the one nearest zero, as the reducer's order ranks
    /// values), `None` for an empty range.
    fn simplest(&self) -> Option<T>;
}

/// The inclusive integer bounds of a range, `None` when it is empty.
trait IntBounds<T: Int> {
    fn bounds(&self) -> Option<(T, T)>;
}

impl<T: Int> IntBounds<T> for Range<T> {
    fn bounds(&self) -> Option<(T, T)> {
        if self.start < self.end {
            Some((
                self.start,
                T::from_bits(self.end.to_bits().wrapping_sub(1) & T::MASK)?,
            ))
        } else {
            None
        }
    }
}

impl<T: Int> IntBounds<T> for RangeInclusive<T> {
    fn bounds(&self) -> Option<(T, T)> {
        (self.start() <= self.end()).then_some((*self.start(), *self.end()))
    }
}

impl<T: Int> IntBounds<T> for RangeTo<T> {
    fn bounds(&self) -> Option<(T, T)> {
        let zero = T::from_bits(0)?;
        if zero < self.end {
            Some((
                zero,
                T::from_bits(self.end.to_bits().wrapping_sub(1) & T::MASK)?,
            ))
        } else {
            None
        }
    }
}

impl<T: Int> IntBounds<T> for RangeToInclusive<T> {
    fn bounds(&self) -> Option<(T, T)> {
        let zero = T::from_bits(0)?;
        (zero <= self.end).then_some((zero, self.end))
    }
}

macro_rules! int_range_arg {
    ($($range:ident),*) => {$(
        impl<T: Int> RangeArg<T> for $range<T> {
            fn args(&self) -> Asked {
                match self.bounds() {
                    Some((lo, hi)) => Asked::int(lo.to_bits(), span(lo, hi), T::TY),
                    // An empty range: rand panics before anything is recorded, but keep a
                    // well-formed record anyway.
                    None => Asked::int(0, 0, T::TY),
                }
            }
            fn record(&self, value: &T) -> Value {
                let lo = self.bounds().map_or(0, |(lo, _)| lo.to_bits());
                Value::offset(value.to_bits().wrapping_sub(lo) & T::MASK)
            }
            fn read(&self, value: &Value) -> Option<T> {
                let (lo, hi) = self.bounds()?;
                offset_value(lo, span(lo, hi), value.as_offset()?)
            }
            fn simplest(&self) -> Option<T> {
                let (lo, hi) = self.bounds()?;
                let offset = self.args().simplest_offset()?;
                offset_value(lo, span(lo, hi), offset).or(Some(lo))
            }
        }
    )*};
}

int_range_arg!(Range, RangeInclusive, RangeTo, RangeToInclusive);

macro_rules! float_range_arg {
    ($($t:ty => $tag:ident),*) => {$(
        impl RangeArg<$t> for Range<$t> {
            fn args(&self) -> Asked {
                Asked::Float {
                    lo: f64::from(self.start),
                    hi: f64::from(self.end),
                    inclusive: false,
                    ty: FloatTy::$tag,
                }
            }
            fn record(&self, value: &$t) -> Value {
                Value::Float(f64::from(*value))
            }
            fn read(&self, value: &Value) -> Option<$t> {
                match value {
                    Value::Float(v) if self.contains(&(*v as $t)) => Some(*v as $t),
                    _ => None,
                }
            }
            fn simplest(&self) -> Option<$t> {
                self.args().simplest_float().map(|v| v as $t)
            }
        }

        impl RangeArg<$t> for RangeInclusive<$t> {
            fn args(&self) -> Asked {
                Asked::Float {
                    lo: f64::from(*self.start()),
                    hi: f64::from(*self.end()),
                    inclusive: true,
                    ty: FloatTy::$tag,
                }
            }
            fn record(&self, value: &$t) -> Value {
                Value::Float(f64::from(*value))
            }
            fn read(&self, value: &Value) -> Option<$t> {
                match value {
                    Value::Float(v) if self.contains(&(*v as $t)) => Some(*v as $t),
                    _ => None,
                }
            }
            fn simplest(&self) -> Option<$t> {
                self.args().simplest_float().map(|v| v as $t)
            }
        }
    )*};
}

float_range_arg!(f32 => F32, f64 => F64);

/// The argument of a boolean decision: `p` of `random_bool(p)`, `(num, den)` of
/// `random_ratio(num, den)`, or [`Fair`] for `random::<bool>()`.
pub trait BoolArg: Copy {
    /// The arguments as recorded.
    fn args(self) -> Asked;
    /// Panics exactly as rand does for an invalid argument (replay does not call rand).
    fn check(self);
}

impl BoolArg for f64 {
    #[inline]
    fn args(self) -> Asked {
        Asked::Bool { p: self }
    }
    #[inline]
    fn check(self) {
        assert!(
            (0.0..=1.0).contains(&self),
            "p={self:?} is outside range [0.0, 1.0]"
        );
    }
}

impl BoolArg for (u32, u32) {
    fn args(self) -> Asked {
        Asked::Ratio {
            numerator: self.0,
            denominator: self.1,
        }
    }
    fn check(self) {
        assert!(
            self.1 != 0 && self.0 <= self.1,
            "p={}/{} is outside range [0.0, 1.0]",
            self.0,
            self.1
        );
    }
}

/// The argument of `random::<bool>()`: a fair coin.
#[derive(Clone, Copy, Debug)]
pub struct Fair;

impl BoolArg for Fair {
    fn args(self) -> Asked {
        Asked::Bool { p: 0.5 }
    }
    fn check(self) {}
}

/// Primitive types that `random::<T>()` (and `sample(StandardUniform)`) decisions record.
#[diagnostic::on_unimplemented(
    message = "greduce cannot tell what `random()` draws here: `{Self}` is not a primitive",
    note = "name the type where the value is drawn, `rng.random::<{Self}>()` (or \
            `let x: {Self} = rng.random();`): greduce then records its sampler, as a nested \
            generator call when the sampler is a `#[generator]`, else as raw bytes"
)]
pub trait StandardValue: Sized {
    /// The type, recorded with the decision.
    const PRIM: Prim;
    /// The value's bits.
    fn to_bits(&self) -> u128;
    /// The value with these bits, if `random::<T>()` could have produced it.
    fn from_bits(bits: u128) -> Option<Self>;
    /// The value with these bits, whatever range it is in (a sample of a `Uniform`, whose
    /// range is checked apart).
    fn from_sample_bits(bits: u128) -> Option<Self> {
        Self::from_bits(bits)
    }
}

macro_rules! standard_ints {
    ($($t:ty => $u:ty),*) => {$(
        #[allow(clippy::cast_lossless)] // Reason: as in `int_impls`.
        impl StandardValue for $t {
            const PRIM: Prim = Prim::Int(<$t as Int>::TY);
            fn to_bits(&self) -> u128 {
                *self as $u as u128
            }
            fn from_bits(bits: u128) -> Option<Self> {
                Some(bits as $u as $t)
            }
        }
    )*};
}

standard_ints!(u8 => u8, u16 => u16, u32 => u32, u64 => u64, u128 => u128, usize => usize,
    i8 => u8, i16 => u16, i32 => u32, i64 => u64, i128 => u128, isize => usize);

impl StandardValue for bool {
    const PRIM: Prim = Prim::Bool;
    fn to_bits(&self) -> u128 {
        u128::from(*self)
    }
    fn from_bits(bits: u128) -> Option<Self> {
        match bits {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

impl StandardValue for char {
    const PRIM: Prim = Prim::Int(IntTy::Char);
    fn to_bits(&self) -> u128 {
        u128::from(u32::from(*self))
    }
    fn from_bits(bits: u128) -> Option<Self> {
        u32::try_from(bits).ok().and_then(char::from_u32)
    }
}

impl StandardValue for f32 {
    const PRIM: Prim = Prim::Float(FloatTy::F32);
    fn to_bits(&self) -> u128 {
        u128::from(f32::to_bits(*self))
    }
    fn from_bits(bits: u128) -> Option<Self> {
        let v = f32::from_bits(u32::try_from(bits).ok()?);
        (0.0..1.0).contains(&v).then_some(v)
    }
    fn from_sample_bits(bits: u128) -> Option<Self> {
        Some(f32::from_bits(u32::try_from(bits).ok()?)).filter(|v| v.is_finite())
    }
}

impl StandardValue for f64 {
    const PRIM: Prim = Prim::Float(FloatTy::F64);
    fn to_bits(&self) -> u128 {
        u128::from(f64::to_bits(*self))
    }
    fn from_bits(bits: u128) -> Option<Self> {
        let v = f64::from_bits(u64::try_from(bits).ok()?);
        (0.0..1.0).contains(&v).then_some(v)
    }
    fn from_sample_bits(bits: u128) -> Option<Self> {
        Some(f64::from_bits(u64::try_from(bits).ok()?)).filter(|v| v.is_finite())
    }
}

/// Element types of `fill(&mut [T])`.
#[diagnostic::on_unimplemented(
    message = "greduce cannot record `fill` of `[{Self}]`",
    note = "recorded `fill` decisions fill slices of primitive integers"
)]
pub trait FillElem: Sized + Copy {
    /// Size in bytes.
    const SIZE: usize;
    /// Appends the little-endian bytes.
    fn put(self, out: &mut Vec<u8>);
    /// Reads from little-endian bytes of length `SIZE`.
    fn get(bytes: &[u8]) -> Self;
}

macro_rules! fill_elems {
    ($($t:ty),*) => {$(
        impl FillElem for $t {
            const SIZE: usize = size_of::<$t>();
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn get(bytes: &[u8]) -> Self {
                let mut buf = [0u8; size_of::<$t>()];
                buf.copy_from_slice(bytes);
                <$t>::from_le_bytes(buf)
            }
        }
    )*};
}

fill_elems!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128);

/// Distributions whose samples `sample(distr)` decisions record: rand's uniform
/// distributions ([`StandardUniform`], [`Uniform`]) and [`Bernoulli`].
#[diagnostic::on_unimplemented(
    message = "greduce cannot record `sample` from `{Self}`",
    note = "recorded `sample` decisions use `StandardUniform`, `Uniform<T>` or `Bernoulli`; \
            for other distributions draw with `random_range`/`random_bool` and transform"
)]
pub trait SampleDistribution<T>: Distribution<T> {
    /// The arguments as recorded.
    fn args(&self) -> Asked;
    /// The recorded form of a sample.
    fn record(&self, value: &T) -> Value;
    /// A recorded sample read back, if it is legal for this distribution.
    fn read(&self, value: &Value) -> Option<T>;
    /// A fixed, legal sample (the lower bound where the distribution exposes one).
    fn simplest(&self) -> T;
}

impl<T: StandardValue> SampleDistribution<T> for StandardUniform
where
    StandardUniform: Distribution<T>,
{
    fn args(&self) -> Asked {
        Asked::Standard { ty: T::PRIM }
    }
    fn record(&self, value: &T) -> Value {
        Value::bits(value.to_bits())
    }
    fn read(&self, value: &Value) -> Option<T> {
        T::from_bits(value.as_bits()?)
    }
    fn simplest(&self) -> T {
        T::from_bits(0).expect("zero bits are a value of every recorded primitive")
    }
}

/// A distribution whose samples greduce records with its parameters (so they shrink in
/// their own order) whatever the expression that names it: `rng.sample(die)` with
/// `die: Uniform<u8>` picks [`SampleDistribution`] by this trait (see
/// `__private::Pick`). `StandardUniform` samples many types and is picked by its name.
pub trait KnownDistribution {}

impl KnownDistribution for Bernoulli {}

impl<D: KnownDistribution> KnownDistribution for &D {}

impl<X> KnownDistribution for Uniform<X>
where
    X: SampleUniform + StandardValue + std::fmt::Debug,
    X::Sampler: std::fmt::Debug,
{
}

impl<T, D: SampleDistribution<T>> SampleDistribution<T> for &D {
    fn args(&self) -> Asked {
        (**self).args()
    }
    fn record(&self, value: &T) -> Value {
        (**self).record(value)
    }
    fn read(&self, value: &Value) -> Option<T> {
        (**self).read(value)
    }
    fn simplest(&self) -> T {
        (**self).simplest()
    }
}

impl SampleDistribution<bool> for Bernoulli {
    fn args(&self) -> Asked {
        Asked::Bool { p: self.p() }
    }
    fn record(&self, value: &bool) -> Value {
        Value::Bool(*value)
    }
    fn read(&self, value: &Value) -> Option<bool> {
        match value {
            Value::Bool(b) if self.args().admits_bool(*b) => Some(*b),
            _ => None,
        }
    }
    fn simplest(&self) -> bool {
        self.p() >= 1.0
    }
}

/// rand does not expose a `Uniform`'s bounds: a recorded sample is legal only for a
/// distribution with the same parameters (compared through `Debug`) and inside the bounds
/// its `Debug` text shows (see `uniform.rs`), and the fallback value is a sample drawn from
/// a fixed seed (reproducible, but not necessarily the lower bound).
impl<X> SampleDistribution<X> for Uniform<X>
where
    X: SampleUniform + StandardValue + std::fmt::Debug,
    X::Sampler: std::fmt::Debug,
{
    fn args(&self) -> Asked {
        Asked::Distribution(Box::new(format!("{self:?}")))
    }
    fn record(&self, value: &X) -> Value {
        Value::bits(value.to_bits())
    }
    fn read(&self, value: &Value) -> Option<X> {
        let bits = value.as_bits()?;
        if !crate::run::uniform::admits(&format!("{self:?}"), X::PRIM, bits) {
            return None;
        }
        X::from_sample_bits(bits)
    }
    fn simplest(&self) -> X {
        use rand::SeedableRng;
        self.sample(&mut rand::rngs::StdRng::seed_from_u64(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_ranges_record_offsets_and_read_them_back_when_legal() {
        let r = 10u8..20;
        assert_eq!(r.record(&13), Value::offset(3));
        assert_eq!(r.read(&Value::offset(3)), Some(13));
        assert_eq!((10u8..12).read(&Value::offset(3)), None);
        assert_eq!((-5i32..=5).record(&-5), Value::offset(0));
        assert_eq!((-5i32..=5).read(&Value::offset(10)), Some(5));
        assert_eq!((..3usize).simplest(), Some(0));
        assert_eq!(
            (i64::MIN..=i64::MAX).read(&Value::offset(u128::from(u64::MAX))),
            Some(i64::MAX)
        );
        assert_eq!((5u32..5).simplest(), None);
        assert_eq!(('a'..='z').read(&Value::offset(2)), Some('c'));
    }

    #[test]
    fn floats_are_legal_only_inside_the_range() {
        assert_eq!((0.0f64..1.0).read(&Value::Float(0.5)), Some(0.5));
        assert_eq!((0.0f64..1.0).read(&Value::Float(1.0)), None);
        assert_eq!((0.0f64..=1.0).read(&Value::Float(1.0)), Some(1.0));
    }
}
