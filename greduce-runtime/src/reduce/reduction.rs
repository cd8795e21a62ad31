//! What a reduction gives back: its result ([`Reduction`]), where it stands after each
//! candidate ([`Progress`]), and why it could not start ([`ReduceError`]).

use crate::reduce::log::{self, Attempt};
use crate::reduce::stats::ReductionStats;
use crate::run::replay::ReplayError;
use crate::trace::Trace;
use std::fmt;
use std::time::Duration;

/// Where a reduction stands, after a candidate: given to [`Reducer::watch`](crate::Reducer::watch).
///
/// ```
/// # use greduce::{Reducer, generator};
/// # use rand::RngExt;
/// # #[generator]
/// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
/// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// # }
/// use greduce::Progress;
///
/// let run = greduce::record(numbers, 1);
/// let mut improvements = Vec::new();
/// let reduced = Reducer::new(numbers)
///     .watch(|p: &Progress<'_, Vec<u32>, usize>| {
///         // By default the size is the number of decisions.
///         assert_eq!(*p.size, p.trace.decision_count());
///         if p.improved {
///             improvements.push(p.output.clone());
///         }
///     })
///     .reduce(&run.trace, |v: &Vec<u32>| v.len() < 5);
/// assert_eq!(improvements.last(), Some(&reduced.output));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct Progress<'a, T, S> {
    /// The simplest reproducing output so far.
    pub output: &'a T,
    /// Its trace.
    pub trace: &'a Trace,
    /// Its size.
    pub size: &'a S,
    /// The size of the original output.
    pub original_size: &'a S,
    /// Whether the candidate just tried was accepted (`output` is new).
    pub improved: bool,
    /// The counters so far.
    pub stats: &'a ReductionStats,
    /// Time since the reduction started.
    pub elapsed: Duration,
}

/// The result of a reduction.
///
/// ```
/// # use greduce::{Reducer, generator};
/// # use rand::RngExt;
/// # #[generator]
/// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
/// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// # }
/// let run = greduce::record(numbers, 1);
/// let reduced = Reducer::new(numbers).reduce(&run.trace, |v: &Vec<u32>| v.len() < 5);
/// assert!(reduced.reproduced);
/// assert_eq!(reduced.output, [0, 0, 0, 0, 0]);
/// // Sizes: by default, numbers of decisions (the length, then one per number).
/// assert_eq!((reduced.original_size, reduced.size), (25, 6));
/// assert_eq!(reduced.size, reduced.trace.decision_count());
/// ```
#[derive(Clone, Debug)]
pub struct Reduction<T, S = usize> {
    /// The simplest output found that reproduces the failure.
    pub output: T,
    /// Its trace.
    pub trace: Trace,
    /// Its size.
    pub size: S,
    /// The size of the original (replayed) output.
    pub original_size: S,
    /// Whether the original trace reproduced the failure at all (when it did not, nothing
    /// was reduced and `output` is the replayed original).
    pub reproduced: bool,
    /// Counters, per pass too.
    pub stats: ReductionStats,
    /// The candidates tried, with their verdicts: all of them when the reduction explained
    /// ([`Reducer::explain`](crate::Reducer::explain)), else the last few.
    pub attempts: Vec<Attempt>,
    /// What the bounded exhaustive search showed, when it ran to the end without finding a
    /// smaller failing input ([`Reducer::exhaust`](crate::Reducer::exhaust)); `None` when
    /// it was off, or the reduction stopped before it.
    pub certificate: Option<crate::reduce::exhaust::Certificate>,
}

impl<T, S> Reduction<T, S> {
    /// The attempts kept, one per paragraph, numbered, then the counters.
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1);
    /// let reduced = Reducer::new(numbers).reduce(&run.trace, |v: &Vec<u32>| v.len() < 5);
    /// let text = reduced.explain();
    /// assert!(text.contains("accepted"));
    /// assert!(text.contains(&format!("{} property calls", reduced.stats.property_calls)));
    /// ```
    pub fn explain(&self) -> String {
        let mut out = log::explain(&self.attempts);
        out.push_str(&self.stats.to_string());
        out.push('\n');
        out
    }
}

/// Why [`Reducer::try_reduce`](crate::Reducer::try_reduce) could not start.
///
/// ```
/// use greduce::{Reducer, ReplayError, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn digit<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
///     rng.random_range(0..10)
/// }
///
/// /// Panics on 0.
/// #[generator]
/// fn nonzero<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
///     let x = rng.random_range(0..10);
///     assert!(x != 0, "zero");
///     x
/// }
///
/// // A trace of `digit` on `nonzero`: re-align answers 0 for the decision it cannot align,
/// // and `nonzero` panics.
/// let run = greduce::record(digit, 3);
/// let error = Reducer::new(nonzero).try_reduce(&run.trace, |_: &u32| false).unwrap_err();
/// assert!(matches!(error.0, ReplayError::Panicked { .. }));
/// assert!(error.to_string().starts_with("the trace to reduce does not replay on this generator"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReduceError(pub ReplayError);

impl fmt::Display for ReduceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the trace to reduce does not replay on this generator: {}",
            self.0
        )
    }
}

impl std::error::Error for ReduceError {}
