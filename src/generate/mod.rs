//! Generators from types: the [`Generate`] trait, its implementations for the standard
//! library's types, `#[derive(Generate)]` for yours, and [`any`].
//!
//! Why in the facade: every implementation is a `#[generator]`, and the runtime does not
//! depend on the macros crate (the two build side by side); the facade depends on both.

mod collections;
mod len;
mod nesting;
mod scalars;
mod wrappers;

pub use len::Len;
pub use nesting::{Nested, default_len, nested};

use rand::rngs::StdRng;

/// A type whose values greduce can generate: [`generate`](Generate::generate) is an
/// instrumented generator (a `#[generator]`), so its decisions are recorded and shrink like
/// any other generator's, and other generators call it as they call each other
/// (`Point::generate(rng)`).
///
/// Derive it for your types with `#[derive(Generate)]`, draw one in a test with
/// [`any`]`::<T>()` or as a parameter of [`#[greduce::test]`](macro@crate::test). It is
/// implemented for the primitive types, `char`, `String`, the standard collections, `Box`,
/// `Rc`, `Arc`, `Option`, `Result`, tuples, arrays and more (see the implementors below).
///
/// What each draws, and what it shrinks towards:
///
/// | type | draws | simplest |
/// |---|---|---|
/// | integers | any value of the type (`rng.random()`) | `0` |
/// | `NonZero` integers | any value but 0 | `1` |
/// | `f32`, `f64` | `-1000.0..=1000.0` three times in four, else one of 0, -0, 1, -1, the infinities, NaN, `MIN`, `MAX`, `EPSILON` and `MIN_POSITIVE` | `0.0` |
/// | `bool` | either | `false` |
/// | `char` | printable ASCII three times in four, else any `char` | `'0'` |
/// | `String`, `Vec`, `VecDeque`, `LinkedList`, `BinaryHeap`, maps, sets | up to 16 elements (fewer inside nested derived types, see below) | empty |
/// | `Option` | `Some` or `None`, even odds | `None` |
/// | `Result` | `Ok` or `Err`, even odds | `Ok` |
/// | `Duration` | any number of nanoseconds that fits a `u64` | zero |
/// | tuples, arrays, `Box`, `Rc`, `Arc`, `Cell`, `RefCell`, `Wrapping`, `Reverse` | their parts | their parts' simplest |
///
/// Recursive types end by construction: each derived type counts how deep it is nested
/// in other derived types' generation; the default length of collections halves at each
/// level (16, 8, 4, 2, 1, then 0); from depth 8 an enum takes its simplest variant (one
/// whose fields do not name it, and name fewest types of yours that could hold it, then
/// with fewest fields), an `Option` is `None`, and `#[generate(len = ..)]` takes its
/// shortest length.
///
/// ```
/// use greduce::{Check, Generate};
///
/// #[derive(Debug, Generate)]
/// enum Expr {
///     Lit(#[generate(range = 0..100)] u32),
///     Neg(Box<Expr>),
///     Add(Box<Expr>, Box<Expr>),
/// }
///
/// fn eval(e: &Expr) -> i64 {
///     match e {
///         Expr::Lit(n) => i64::from(*n),
///         Expr::Neg(e) => -eval(e),
///         Expr::Add(a, b) => eval(a) + eval(b),
///     }
/// }
///
/// let report = Check::new(greduce::any::<Expr>())
///     .seed(3)
///     .persist(false)
///     .try_check(|e: &Expr| eval(e) >= 0)
///     .unwrap_err();
/// // The smallest expression with a negative value.
/// assert_eq!(report.input(), Some("Neg(Lit(1))"));
/// ```
///
/// A type of another crate cannot implement it here (the orphan rule): give its field
/// `#[generate(with = my_generator)]`, where `my_generator` is any `#[generator]` function
/// returning the type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `greduce::Generate`",
    label = "greduce cannot generate this type",
    note = "derive it (`#[derive(greduce::Generate)]`); for a type of another crate, give the \
            field `#[generate(with = my_generator)]`, a `#[generator]` function returning it"
)]
pub trait Generate: Sized {
    /// A value of the type, drawn from `rng`. A `#[generator]`: call it from other
    /// generators with their rng (`T::generate(rng)`).
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self;
}

/// The generator of `T`'s values: [`Generate::generate`] for the rng that [`check`],
/// [`Check::new`] and [`Reducer::new`] take.
///
/// ```
/// use greduce::Generate;
///
/// #[derive(Debug, Generate)]
/// struct Point {
///     x: i32,
///     y: i32,
/// }
///
/// greduce::check(greduce::any::<Point>(), |p: &Point| {
///     let distance = i64::from(p.x).abs() + i64::from(p.y).abs();
///     assert!(distance >= 0);
/// });
/// greduce::check(greduce::any::<(u8, Vec<bool>)>(), |(n, bits): &(u8, Vec<bool>)| {
///     bits.len() <= 16 && u32::from(*n) < 256
/// });
/// ```
///
/// [`check`]: crate::check
/// [`Check::new`]: crate::Check::new
/// [`Reducer::new`]: crate::Reducer::new
pub fn any<T: Generate>() -> fn(&mut StdRng) -> T {
    T::generate::<StdRng>
}

/// What `#[generate(range = ..)]` draws: a value within bounds. Implemented for the
/// integers, `char` and the floats (any range `random_range` takes), and for the
/// collections, `Option`, `Box` and arrays of those (each element within the bounds).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`#[generate(range = ..)]` cannot draw a `{Self}` from this range",
    label = "a range of this field's type, or of its elements' type",
    note = "`range` takes a range of an integer, `char` or float (or of the elements of a \
            collection, `Option` or array of them); `with = my_generator` draws anything else"
)]
pub trait GenerateIn<B>: Sized {
    /// A value within `bounds`.
    fn generate_in<R: rand::Rng + ?Sized>(rng: &mut R, bounds: B) -> Self;
}

/// What `#[generate(len = ..)]` draws: a collection or string of as many elements as `len`
/// says (for a set or map, as many drawn: a repeat counts once).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`#[generate(len = ..)]` cannot draw a `{Self}`",
    label = "not a collection or string",
    note = "`len` takes a range of lengths (`1..10`, `..=4`, or one length) for `String`, \
            `Vec`, `VecDeque`, `LinkedList`, `BinaryHeap` and the standard maps and sets"
)]
pub trait GenerateLen: Sized {
    /// A value of as many elements as `len` says, each of its default kind.
    fn generate_len<R: rand::Rng + ?Sized>(rng: &mut R, len: Len) -> Self;
}

/// What `#[generate(len = .., range = ..)]` draws: a collection or string whose length is
/// in `len` and whose elements are within `bounds`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`#[generate(len = .., range = ..)]` cannot draw a `{Self}` with elements from this range",
    label = "not a collection of elements that `range` can draw",
    note = "with `len`, `range` bounds the elements of a `String` (a range of `char`), \
            `Vec`, `VecDeque`, `LinkedList`, `BinaryHeap` or set"
)]
pub trait GenerateLenIn<B>: Sized {
    /// A value whose length is in `len`, each element within `bounds`.
    fn generate_len_in<R: rand::Rng + ?Sized>(rng: &mut R, len: Len, bounds: B) -> Self;
}

/// Turns what `len = ..` was given into a [`Len`]: a length or a range of lengths.
#[doc(hidden)]
pub trait IntoLen {
    /// The lengths.
    fn into_len(self) -> Len;
}

impl IntoLen for usize {
    fn into_len(self) -> Len {
        Len::exactly(self).nested()
    }
}

macro_rules! ranges_into_len {
    ($($r:ty),*) => {$(
        impl IntoLen for $r {
            #[track_caller]
            fn into_len(self) -> Len {
                Len::of(self).nested()
            }
        }
    )*};
}

impl Len {
    /// The lengths as the depth of derived types allows: from the depth where enums take
    /// their simplest variant, only the shortest (so that a type holding a collection of
    /// itself ends).
    fn nested(self) -> Len {
        if nesting::below_limit() {
            self
        } else {
            Len::exactly(self.min)
        }
    }
}

ranges_into_len!(
    std::ops::Range<usize>,
    std::ops::RangeInclusive<usize>,
    std::ops::RangeFrom<usize>,
    std::ops::RangeTo<usize>,
    std::ops::RangeToInclusive<usize>,
    std::ops::RangeFull
);
