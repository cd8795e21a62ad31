//! What a property says about one input: the verdict every predicate users write returns
//! (or converts to), in property checks, the reducer and delta debugging alike.

/// What a property says about one input. Everywhere in greduce, the function you write is a
/// **property**: `true` (or `Ok`) means the input *passes*, `false` (or `Err`) means it
/// *fails*. [`check`](crate::check) looks for inputs that fail it;
/// [`Reducer::reduce`](crate::Reducer::reduce), delta debugging (`greduce::dd`) and the
/// grammar reducers (`greduce::grammar`) shrink an input while it still fails it. Return an
/// `Outcome` to say more than pass or fail: that an input is of no use to the test
/// ([`Outcome::Unresolved`]).
///
/// Panics: where the property is called as a test case ([`check`](crate::check),
/// [`Check`](crate::Check), `greduce::dd`), a panic fails it, as `assert!` does, and
/// shrinking keeps only failures like the original one. [`Reducer::reduce`](crate::Reducer::reduce)
/// takes a returned verdict only, and counts a panic in its property as unresolved; the
/// grammar reducers let it propagate.
///
/// ```
/// use greduce::{Outcome, Reducer, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// // The property: no number of 900 or more.
/// let small = |v: &Vec<u32>| v.iter().all(|&n| n < 900);
/// let run = (0..).map(|seed| greduce::record(numbers, seed)).find(|r| !small(&r.output)).unwrap();
/// // An empty list is not an input this test can use: neither a pass nor a failure.
/// let reduced = Reducer::new(numbers).reduce(&run.trace, |v: &Vec<u32>| {
///     if v.is_empty() {
///         Outcome::Unresolved
///     } else {
///         Outcome::from(small(v))
///     }
/// });
/// assert_eq!(reduced.output, [900]);
/// assert_eq!(Outcome::from(true), Outcome::Passes);
/// assert_eq!(Outcome::from(Err::<(), _>("too big")), Outcome::Fails);
/// ```
///
/// Earlier versions of greduce read `true` from [`Reducer::reduce`](crate::Reducer::reduce)'s
/// closure as "the failure reproduces", the opposite of [`check`](crate::check) and delta
/// debugging, and had two verdict types (this one's variants were `Reproduces`, `Passes`,
/// `Invalid` and `Timeout`; `greduce::dd::Outcome` was another type, now this one). To
/// update such code, negate the closure (`|s| s.contains('c')` becomes
/// `|s| !s.contains('c')`: the property "no `c`"), and read `Reproduces` as
/// [`Outcome::Fails`] and `Invalid` as [`Outcome::Unresolved`].
#[derive(Clone, Copy, Debug, Eq, PartialEq, Hash)]
pub enum Outcome {
    /// The input passes: no failure.
    Passes,
    /// The input fails. Shrinking keeps such inputs: for the reducer and delta debugging, it
    /// reproduces the failure being reduced.
    Fails,
    /// Neither a pass nor a failure: the input is not one the test can use (the system
    /// under test rejected it before the part that matters), or, in delta debugging, it
    /// fails another way than the original. Never produced by greduce's own candidates
    /// unless the generator itself can produce unusable inputs.
    Unresolved,
    /// The property did not finish in time: the reducer counts it as not reproducing,
    /// delta debugging as unresolved.
    Timeout,
}

impl From<bool> for Outcome {
    /// As a property: `true` passes, `false` fails.
    fn from(passes: bool) -> Outcome {
        if passes {
            Outcome::Passes
        } else {
            Outcome::Fails
        }
    }
}

impl<T, E> From<Result<T, E>> for Outcome {
    /// As a property: `Ok` passes, `Err` fails.
    fn from(result: Result<T, E>) -> Outcome {
        Outcome::from(result.is_ok())
    }
}
