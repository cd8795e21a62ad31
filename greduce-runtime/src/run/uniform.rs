//! Which samples a rand `Uniform` can return, read from its `Debug` text: rand keeps a
//! `Uniform`'s bounds private, and a replayed sample (from a saved trace, which may be
//! corrupt or edited) must be one the distribution could produce before it reaches user
//! code.
//!
//! rand 0.10 prints its samplers as `UniformInt { low: 10, range: 10, thresh: 6 }`
//! (`range` values from `low` on, wrapping, `0` meaning all; `UniformUsize` alike, and
//! `UniformChar` wraps a `UniformInt<u32>` over the code points without the surrogates) and
//! `UniformFloat { low: 0.5, scale: 1.5 }` (samples in `low..low + scale`, the upper bound
//! included for `new_inclusive`). A text this module cannot read admits nothing: replay then
//! treats the value as infeasible, which is safe (the unit tests below pin the formats, so a
//! rand release that changes them fails here first).

use crate::trace::value::{FloatTy, IntTy, Prim};

/// The first code point after the surrogates, and how many there are.
const SURROGATES_END: u32 = 0xE000;
const SURROGATES: u32 = 0x800;

/// Whether a `Uniform` that prints as `debug` can return the `prim` value with these bits.
pub(crate) fn admits(debug: &str, prim: Prim, bits: u128) -> bool {
    match prim {
        Prim::Int(IntTy::Char) => {
            let Ok(mut x) = u32::try_from(bits) else {
                return false;
            };
            if char::from_u32(x).is_none() {
                return false;
            }
            if x >= SURROGATES_END {
                x -= SURROGATES;
            }
            int_admits(debug, 32, u128::from(x))
        }
        // A `UniformUsize` whose values all fit in 32 bits samples a `u32` (`mode64:
        // false`): its range 0 means every `u32`, not every `usize`.
        Prim::Int(IntTy::Usize) if debug.contains("mode64: false") => int_admits(debug, 32, bits),
        Prim::Int(ty) => int_admits(debug, ty.bits(), bits),
        Prim::Float(FloatTy::F32) => float_admits(
            debug,
            u32::try_from(bits).ok().map(f32::from_bits),
            f32::is_finite,
        ),
        Prim::Float(FloatTy::F64) => float_admits(
            debug,
            u64::try_from(bits).ok().map(f64::from_bits),
            f64::is_finite,
        ),
        Prim::Bool => false,
    }
}

/// A float sampler: a finite `x` from `low` to `low + scale` (parsed at the float's own
/// width: an `f32` printed and read as an `f64` is another number).
fn float_admits<F>(debug: &str, x: Option<F>, finite: fn(F) -> bool) -> bool
where
    F: std::str::FromStr + PartialOrd + std::ops::Add<Output = F> + Copy,
{
    let (Some(low), Some(scale), Some(x)) =
        (field::<F>(debug, "low"), field::<F>(debug, "scale"), x)
    else {
        return false;
    };
    finite(x) && low <= x && x <= low + scale
}

/// The lower bound and the number of values of an integer `Uniform` printed as `debug`,
/// when the bound is not negative and the range not the whole type (its samples then rank
/// by their distance from the bound); `None` for other samplers.
pub(crate) fn unsigned_range(debug: &str) -> Option<(u128, u128)> {
    let inner = debug.strip_prefix("Uniform(").unwrap_or(debug);
    if !(inner.starts_with("UniformInt") || inner.starts_with("UniformUsize")) {
        return None;
    }
    let low = raw_field(debug, "low")?.parse().ok()?;
    let range: u128 = raw_field(debug, "range")?.parse().ok()?;
    (range > 0).then_some((low, range))
}

/// The sample of a `Uniform` printed as `debug` that 8 fuzz bytes read as `x` (see
/// `bytes.rs`): zero is the lower bound (the simplest sample); an integer sampler with a
/// bound that is not negative takes `low + x mod range`; a float sampler takes `x`'s own
/// value when it is in the range, else `low` plus the fraction of the range that `x`'s
/// high bits make, as an `f64`. Other samplers (a negative bound, all values, an `f32`)
/// take `x` as the sample's bits, which the distribution usually rejects (then the
/// decision takes its simplest value).
pub(crate) fn from_bytes(debug: &str, x: u64) -> u128 {
    if let Some((low, range)) = unsigned_range(debug) {
        return low + u128::from(x) % range;
    }
    if let Some((low, scale)) = float_range(debug) {
        if x == 0 {
            return u128::from(low.to_bits());
        }
        let own = f64::from_bits(x);
        if own.is_finite() && low <= own && own <= low + scale {
            return u128::from(x);
        }
        let fraction = (x >> 11) as f64 / (1u64 << 53) as f64;
        return u128::from((low + fraction * scale).to_bits());
    }
    u128::from(x)
}

/// The inverse of [`from_bytes`], when there is one: 8 bytes (as a number) that read as
/// the sample with these bits.
pub(crate) fn to_bytes(debug: &str, bits: u128) -> Option<u64> {
    let x = if let Some((low, range)) = unsigned_range(debug) {
        let offset = bits.checked_sub(low).filter(|off| *off < range)?;
        u64::try_from(offset).ok()?
    } else if let Some((low, _)) = float_range(debug) {
        let bits = u64::try_from(bits).ok()?;
        if bits == low.to_bits() { 0 } else { bits }
    } else {
        u64::try_from(bits).ok()?
    };
    (from_bytes(debug, x) == bits).then_some(x)
}

/// The lower bound and the scale of a float `Uniform` printed as `debug`.
fn float_range(debug: &str) -> Option<(f64, f64)> {
    let inner = debug.strip_prefix("Uniform(").unwrap_or(debug);
    if !inner.starts_with("UniformFloat") {
        return None;
    }
    let (low, scale): (f64, f64) = (field(debug, "low")?, field(debug, "scale")?);
    (low.is_finite() && scale.is_finite()).then_some((low, scale))
}

/// An integer sampler of `width` bits: `x - low` (wrapping) below `range`, or any value
/// when `range` is 0.
fn int_admits(debug: &str, width: u32, bits: u128) -> bool {
    let mask = if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    };
    let (Some(low), Some(range)) = (int_field(debug, "low"), int_field(debug, "range")) else {
        return false;
    };
    let (x, low, range) = (bits & mask, low & mask, range & mask);
    bits <= mask && (range == 0 || x.wrapping_sub(low) & mask < range)
}

/// An integer field, as its two's-complement bits (negative values print with a sign).
fn int_field(debug: &str, name: &str) -> Option<u128> {
    let text = raw_field(debug, name)?;
    match text.strip_prefix('-') {
        Some(magnitude) => magnitude.parse::<u128>().ok().map(u128::wrapping_neg),
        None => text.parse().ok(),
    }
}

fn field<F: std::str::FromStr>(debug: &str, name: &str) -> Option<F> {
    raw_field(debug, name)?.parse().ok()
}

/// The text of the first `name: value` field.
fn raw_field<'a>(debug: &'a str, name: &str) -> Option<&'a str> {
    let key = format!("{name}: ");
    let start = debug.find(&key)? + key.len();
    let rest = &debug[start..];
    let end = rest.find([',', ' ', '}']).unwrap_or(rest.len());
    Some(&rest[..end])
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::distr::{Distribution, Uniform};
    use rand::rngs::StdRng;

    fn samples<X>(u: &Uniform<X>) -> Vec<X>
    where
        X: rand::distr::uniform::SampleUniform,
    {
        let mut rng = StdRng::seed_from_u64(1);
        (0..200).map(|_| u.sample(&mut rng)).collect()
    }

    #[test]
    fn integer_samples_are_admitted_and_values_outside_are_not() {
        let u = Uniform::new(10u32, 20).unwrap();
        let text = format!("{u:?}");
        let prim = Prim::Int(IntTy::U32);
        assert!(
            samples(&u)
                .iter()
                .all(|x| admits(&text, prim, u128::from(*x)))
        );
        assert!(admits(&text, prim, 10) && admits(&text, prim, 19));
        assert!(
            !admits(&text, prim, 9) && !admits(&text, prim, 20) && !admits(&text, prim, 1 << 40)
        );

        let u = Uniform::new_inclusive(-5i8, 5).unwrap();
        let text = format!("{u:?}");
        let prim = Prim::Int(IntTy::I8);
        let bits = |x: i8| u128::from(x as u8);
        assert!(admits(&text, prim, bits(-5)) && admits(&text, prim, bits(5)));
        assert!(!admits(&text, prim, bits(-6)) && !admits(&text, prim, bits(6)));

        let full = format!("{:?}", Uniform::new_inclusive(i64::MIN, i64::MAX).unwrap());
        assert!(admits(&full, Prim::Int(IntTy::I64), u128::from(u64::MAX)));

        let u = Uniform::new(3usize, 7).unwrap();
        let text = format!("{u:?}");
        assert!(admits(&text, Prim::Int(IntTy::Usize), 6));
        assert!(!admits(&text, Prim::Int(IntTy::Usize), 7));
        // All of `u32`, sampled as a `u32`: nothing above it.
        let u = Uniform::new_inclusive(0usize, u32::MAX as usize).unwrap();
        let text = format!("{u:?}");
        assert!(
            samples(&u)
                .iter()
                .all(|x| admits(&text, Prim::Int(IntTy::Usize), *x as u128))
        );
        assert!(admits(&text, Prim::Int(IntTy::Usize), u128::from(u32::MAX)));
        assert!(!admits(&text, Prim::Int(IntTy::Usize), 1 << 40));
    }

    #[test]
    fn char_samples_skip_the_surrogates() {
        let u = Uniform::new_inclusive('\u{D000}', '\u{E100}').unwrap();
        let text = format!("{u:?}");
        let prim = Prim::Int(IntTy::Char);
        assert!(
            samples(&u)
                .iter()
                .all(|c| admits(&text, prim, u128::from(u32::from(*c))))
        );
        assert!(admits(&text, prim, 0xE100) && !admits(&text, prim, 0xE101));
        assert!(!admits(&text, prim, 0xD800));
        let az = format!("{:?}", Uniform::new_inclusive('a', 'z').unwrap());
        assert!(admits(&az, prim, u128::from(u32::from('q'))));
        assert!(!admits(&az, prim, u128::from(u32::from('A'))));
    }

    #[test]
    fn float_samples_are_admitted_inside_the_range() {
        let u = Uniform::new(0.5f64, 2.0).unwrap();
        let text = format!("{u:?}");
        let prim = Prim::Float(FloatTy::F64);
        assert!(
            samples(&u)
                .iter()
                .all(|x| admits(&text, prim, u128::from(x.to_bits())))
        );
        assert!(!admits(&text, prim, u128::from(2.5f64.to_bits())));
        assert!(!admits(&text, prim, u128::from(f64::NAN.to_bits())));

        let u = Uniform::new_inclusive(0.1f32, 0.3).unwrap();
        let text = format!("{u:?}");
        let prim = Prim::Float(FloatTy::F32);
        assert!(
            samples(&u)
                .iter()
                .all(|x| admits(&text, prim, u128::from(x.to_bits())))
        );
        assert!(!admits(&text, prim, u128::from(0.05f32.to_bits())));
    }

    #[test]
    fn unreadable_text_admits_nothing() {
        assert!(!admits("Uniform(Mystery)", Prim::Int(IntTy::U8), 0));
        assert!(!admits("", Prim::Float(FloatTy::F64), 0));
    }

    #[test]
    fn fuzz_bytes_read_as_samples_and_back() {
        use rand::RngExt;
        let cases = [
            (
                format!("{:?}", Uniform::new(10u32, 20).unwrap()),
                Prim::Int(IntTy::U32),
            ),
            (
                format!("{:?}", Uniform::new(0u64, 1000).unwrap()),
                Prim::Int(IntTy::U64),
            ),
            (
                format!("{:?}", Uniform::new_inclusive(5.0f64, 6.0).unwrap()),
                Prim::Float(FloatTy::F64),
            ),
            (
                format!("{:?}", Uniform::new(-3.0f64, 0.5).unwrap()),
                Prim::Float(FloatTy::F64),
            ),
        ];
        let mut rng = StdRng::seed_from_u64(5);
        for (text, prim) in &cases {
            let low = from_bytes(text, 0);
            assert!(admits(text, *prim, low), "{text}");
            for _ in 0..2000 {
                let x: u64 = rng.random();
                let bits = from_bytes(text, x);
                assert!(admits(text, *prim, bits), "{text}: {x:#x}");
                let back = to_bytes(text, bits).expect("a byte form");
                assert_eq!(from_bytes(text, back), bits, "{text}");
            }
        }
        // No byte form: an `f32` sample is not read as an `f64`'s bits.
        let f32_text = format!("{:?}", Uniform::new(0.5f32, 2.0).unwrap());
        assert_eq!(to_bytes(&f32_text, u128::from(1.5f32.to_bits())), None);
    }
}
