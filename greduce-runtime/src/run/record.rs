//! Recording a run of a generator.

use crate::run::{self, Session};
use crate::trace::Trace;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::panic::resume_unwind;

/// One run of a generator: what it returned and the trace of its decisions.
///
/// ```
/// use greduce::{Run, generator};
/// use rand::rngs::StdRng;
/// use rand::{RngExt, SeedableRng};
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// let run: Run<Vec<u32>> = greduce::record(numbers, 3);
/// // The output of a direct call with the same seed, and a trace of the length and each
/// // number.
/// assert_eq!(run.output, numbers(&mut StdRng::seed_from_u64(3)));
/// assert_eq!(run.trace.decision_count(), 1 + run.output.len());
/// ```
#[derive(Clone, Debug)]
pub struct Run<T> {
    /// The generator's output.
    pub output: T,
    /// The trace of the run.
    pub trace: Trace,
}

/// Runs `generator` with `StdRng::seed_from_u64(seed)` and records its trace.
///
/// The output is the one the generator gives when called directly with that rng: recording
/// lets every decision draw from the rng exactly as rand would.
///
/// # Panics
///
/// Re-raises a panic of the generator (after the run state is cleaned up).
///
/// # Example
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn word<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
///     let mut w = String::new();
///     for _ in 0..rng.random_range(0..8) {
///         w.push(rng.random_range('a'..='z'));
///     }
///     w
/// }
///
/// let run = greduce::record(word, 7);
/// assert_eq!(run.trace.decision_count(), 1 + run.output.len());
/// ```
pub fn record<T>(generator: impl FnOnce(&mut StdRng) -> T, seed: u64) -> Run<T> {
    record_with(generator, &mut StdRng::seed_from_u64(seed))
}

/// Runs `generator` with the given rng and records its trace.
///
/// ```
/// use greduce::generator;
/// use rand::rngs::StdRng;
/// use rand::{RngExt, SeedableRng};
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// // Two runs from one rng, as two direct calls would draw them.
/// let mut rng = StdRng::seed_from_u64(5);
/// let first = greduce::record_with(numbers, &mut rng);
/// let second = greduce::record_with(numbers, &mut rng);
/// let mut direct = StdRng::seed_from_u64(5);
/// assert_eq!(first.output, numbers(&mut direct));
/// assert_eq!(second.output, numbers(&mut direct));
/// ```
///
/// # Panics
///
/// Re-raises a panic of the generator.
pub fn record_with<R: ?Sized, T>(generator: impl FnOnce(&mut R) -> T, rng: &mut R) -> Run<T> {
    let (result, session) = run::execute(Session::record(), false, || generator(rng));
    match result {
        Ok(output) => Run {
            output,
            trace: session.into_trace(),
        },
        Err(payload) => resume_unwind(payload),
    }
}
