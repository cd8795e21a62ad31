//! [`Generate`] for numbers, `bool`, `char`, `()`, `Duration` and network addresses, and
//! [`GenerateIn`] for the types `random_range` draws.

use super::{Generate, GenerateIn};
use crate::__private::RangeArg;
use crate::generator;
use rand::RngExt;
use rand::distr::uniform::SampleRange;
use rand::seq::IndexedRandom;
use std::num::NonZero;
use std::time::Duration;

macro_rules! ints {
    ($($t:ident),*) => {$(
        impl Generate for $t {
            /// Any value of the type; shrinks towards 0.
            #[generator(crate = crate, name = "int::generate")]
            fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
                rng.random::<$t>()
            }
        }

        in_range!($t);
    )*};
}

macro_rules! in_range {
    ($($t:ident),*) => {$(
        /// Any range `random_range` takes.
        impl<B: RangeArg<$t> + SampleRange<$t> + Clone> GenerateIn<B> for $t {
            #[generator(crate = crate, name = "range::generate_in")]
            fn generate_in<R: rand::Rng + ?Sized>(rng: &mut R, bounds: B) -> Self {
                rng.random_range(bounds)
            }
        }
    )*};
}

ints!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128);
in_range!(usize, char, f32, f64);

// rand draws no `usize` or `isize` from `random()`: a full range for `usize` (also a
// `random_range` type), an `i64` for `isize` (neither `random()` nor `random_range`, so
// `range` does not take an `isize`).
impl Generate for usize {
    /// Any value of the type; shrinks towards 0.
    #[generator(crate = crate, name = "int::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        rng.random_range(0..=usize::MAX)
    }
}

impl Generate for isize {
    /// Any value of the type (as an `i64`, cut to 32 bits on 32-bit targets); shrinks
    /// towards 0.
    #[generator(crate = crate, name = "int::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        rng.random::<i64>() as isize
    }
}

macro_rules! non_zero_unsigned {
    ($($t:ident),*) => {$(
        impl Generate for NonZero<$t> {
            /// Any value but 0; shrinks towards 1.
            #[generator(crate = crate, name = "NonZero::generate")]
            fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
                NonZero::new(rng.random_range(1..=$t::MAX)).expect("not 0")
            }
        }
    )*};
}

macro_rules! non_zero_signed {
    ($($t:ident),*) => {$(
        impl Generate for NonZero<$t> {
            /// Any value but 0 (and the type's minimum); shrinks towards 1.
            #[generator(crate = crate, name = "NonZero::generate")]
            fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
                let n = rng.random_range(1..=$t::MAX);
                let n = if rng.random_bool(0.5) { -n } else { n };
                NonZero::new(n).expect("not 0")
            }
        }
    )*};
}

non_zero_unsigned!(u8, u16, u32, u64, u128, usize);
non_zero_signed!(i8, i16, i32, i64, i128);

impl Generate for NonZero<isize> {
    /// Any value but 0 of an `i64` (see `isize`); shrinks towards 1.
    #[generator(crate = crate, name = "NonZero::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        let n = NonZero::<i64>::generate(rng).get();
        NonZero::new(n as isize).unwrap_or(NonZero::<isize>::MIN)
    }
}

/// The values a float is drawn from a quarter of the time.
const SPECIAL: [f64; 11] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
    f64::MIN,
    f64::MAX,
    f64::EPSILON,
    f64::MIN_POSITIVE,
];

macro_rules! floats {
    ($($t:ident),*) => {$(
        impl Generate for $t {
            /// `-1000.0..=1000.0` three times in four, else a special value (zeros, ±1, the
            /// infinities, NaN, the extremes); shrinks towards 0.
            #[generator(crate = crate, name = "float::generate")]
            // Reason: the special values are meant to become their nearest in this type.
            #[allow(clippy::cast_possible_truncation)]
            fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
                match rng.random_range(0..4) {
                    0 => *SPECIAL.choose(rng).expect("not empty") as $t,
                    _ => rng.random_range(-1000.0..=1000.0),
                }
            }
        }
    )*};
}

floats!(f32, f64);

impl Generate for bool {
    /// Either; shrinks towards `false`.
    #[generator(crate = crate, name = "bool::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        rng.random_bool(0.5)
    }
}

impl Generate for char {
    /// Printable ASCII three times in four, else any `char`; shrinks towards `'0'`.
    #[generator(crate = crate, name = "char::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        match rng.random_range(0..4) {
            0 => rng.random::<char>(),
            _ => rng.random_range(' '..='~'),
        }
    }
}

impl Generate for () {
    /// Draws nothing. (A `#[generator]` all the same: a generator that calls it passes it
    /// the rng, which only a generator may receive.)
    #[generator(crate = crate, rng = _rng, name = "unit::generate")]
    fn generate<R: rand::Rng + ?Sized>(_rng: &mut R) -> Self {}
}

impl Generate for Duration {
    /// Any number of nanoseconds that fits a `u64`; shrinks towards zero.
    #[generator(crate = crate, name = "Duration::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        Duration::from_nanos(rng.random::<u64>())
    }
}

impl Generate for std::net::Ipv4Addr {
    /// Any address; shrinks towards `0.0.0.0`.
    #[generator(crate = crate, name = "Ipv4Addr::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        std::net::Ipv4Addr::from_bits(rng.random::<u32>())
    }
}

impl Generate for std::net::Ipv6Addr {
    /// Any address; shrinks towards `::`.
    #[generator(crate = crate, name = "Ipv6Addr::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        std::net::Ipv6Addr::from_bits(rng.random::<u128>())
    }
}

impl Generate for std::net::IpAddr {
    /// Version 4 or 6; shrinks towards `0.0.0.0`.
    #[generator(crate = crate, name = "IpAddr::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        match rng.random_range(0..2) {
            0 => std::net::IpAddr::V4(std::net::Ipv4Addr::generate(rng)),
            _ => std::net::IpAddr::V6(std::net::Ipv6Addr::generate(rng)),
        }
    }
}

impl Generate for std::net::SocketAddr {
    /// An address and a port; shrinks towards `0.0.0.0:0`.
    #[generator(crate = crate, name = "SocketAddr::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        let ip = std::net::IpAddr::generate(rng);
        std::net::SocketAddr::new(ip, rng.random::<u16>())
    }
}

impl Generate for std::cmp::Ordering {
    /// Less, equal or greater; shrinks towards `Less`.
    #[generator(crate = crate, name = "Ordering::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        match rng.random_range(0..3) {
            0 => std::cmp::Ordering::Less,
            1 => std::cmp::Ordering::Equal,
            _ => std::cmp::Ordering::Greater,
        }
    }
}
