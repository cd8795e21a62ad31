//! Generators under coverage-guided fuzzers (cargo-fuzz / libFuzzer, AFL++, and the
//! services that run cargo-fuzz targets, OSS-Fuzz and `ClusterFuzzLite`), and the way back:
//! what a fuzzer finds is shrunk by trace, like any other failure.
//!
//! A fuzz target runs a `#[generator]` on the fuzzer's bytes with [`check`]: each decision
//! reads its own slice of the bytes (see [`Bytes`]), so the fuzzer's mutations change
//! decisions one at a time and its coverage feedback steers the generator. A failure
//! panics, and the fuzzer saves the bytes as an artifact.
//!
//! ```text
//! // fuzz/fuzz_targets/sorted.rs
//! #![no_main]
//! libfuzzer_sys::fuzz_target!(|data: &[u8]| {
//!     greduce::fuzz::check(data, my_crate::numbers, |v: &Vec<u32>| my_crate::is_sorted(v));
//! });
//! ```
//!
//! [`Check::fuzz_artifacts`](crate::Check::fuzz_artifacts) replays a fuzzer's artifacts
//! (or its whole corpus) under `cargo test`, before the generated cases: a file that fails
//! is shrunk by the trace reducer, reported and saved in `greduce-regressions/` like any
//! failure. [`to_bytes`] goes the other way, turning a saved or shrunk trace into bytes
//! that seed the fuzzer's corpus, and [`seed_corpus`] does it for a whole regressions
//! file.

mod corpus;
mod encode;
mod mutate;
pub(crate) mod mutation;
mod rng;

pub use corpus::{Seeded, seed_corpus};
pub use encode::{NoByteForm, to_bytes};
pub use mutate::{Mutator, crossover, mutate};
pub use mutation::ByteMutation;
pub use rng::Bytes;

use crate::property::case::{self, CaseEnd, IntoOutcome};
use crate::run::record::Run;
use crate::run::replay::{BYTES_SEED, LeanEnd, OnBytes, ReplayError, replay_bytes, run_bytes_lean};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::fmt::Debug;

/// The body of a fuzz target: runs `generator` on the fuzzer's `data` (its decisions read
/// the bytes: see [`Bytes`]), then `property` on what it made (anything
/// [`check`](crate::check) accepts: `()`, `bool` or `Result`; [`assume`](crate::assume), in
/// the property or the generator, skips the input). A failure panics, showing the input,
/// so the fuzzer records the bytes. A panic
/// of the generator is left to the fuzzer too (it is a crash of the code the generator
/// calls, or of the generator).
///
/// Bytes that would make the generator run past what they pay for (a loop that ends only
/// on a value other than the simplest, at least 100 000 decisions or a million trace
/// nodes beyond them) stop it, and the input is skipped: a fuzzer's input never hangs
/// greduce.
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..10)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// // What a fuzz target's body does with each input.
/// greduce::fuzz::check(&[3, 1, 0, 2, 0, 3, 0], numbers, |v: &Vec<u32>| v.len() <= 3);
/// let failed = std::panic::catch_unwind(|| {
///     greduce::fuzz::check(&[4], numbers, |v: &Vec<u32>| v.len() <= 3);
/// });
/// assert!(failed.is_err());
/// ```
///
/// # Panics
///
/// When the property fails, or the generator panics.
pub fn check<'d, T: Debug, P: IntoOutcome>(
    data: &'d [u8],
    generator: impl FnOnce(&mut Bytes<'d>) -> T,
    property: impl FnOnce(&T) -> P,
) {
    let Some(input) = generate(data, generator) else {
        return;
    };
    let mut property = Some(property);
    let mut once = |input: &T| property.take().expect("the property runs once")(input);
    let (outcome, notes) = case::check(true, &mut once, &input);
    if let CaseEnd::Failed(failure) = outcome {
        let mut message = format!(
            "greduce::fuzz: the property failed on this input:\n    {}\n{failure}",
            format!("{input:#?}").replace('\n', "\n    ")
        );
        for note in notes {
            message.push_str("\nnote: ");
            message.push_str(&note);
        }
        panic!("{message}");
    }
}

/// The input `generator` makes from a fuzzer's `data`, as [`check`] makes it before it calls
/// the property: the body of a hand-written target (one that checks several properties, or
/// hands the input to code of its own). `None` when the input is skipped: the generator
/// rejected it with [`assume`](crate::assume), or ran past what the bytes pay for (see
/// [`check`]).
///
/// No trace is built (a fuzzer runs millions of inputs and shrinks none of them here):
/// [`from_bytes`] makes the same input from the same bytes, with its trace.
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn word<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
///     (0..rng.random_range(0..8)).map(|_| rng.random_range('a'..='z')).collect()
/// }
///
/// let bytes = [3, 2, 0, 19];
/// assert_eq!(greduce::fuzz::generate(&bytes, word).as_deref(), Some("cat"));
/// assert_eq!(greduce::fuzz::from_bytes(&bytes, word).unwrap().output, "cat");
/// ```
///
/// # Panics
///
/// When the generator panics (a crash of the code it calls, or of the generator: the
/// fuzzer records the bytes), with its message, its location and its notes.
pub fn generate<'d, T>(data: &'d [u8], generator: impl FnOnce(&mut Bytes<'d>) -> T) -> Option<T> {
    generate_on(data, generator, &mut Bytes::for_decisions(data))
}

/// [`generate`] with any rng (for what the bytes do not answer): an [`StdRng`] seeded as
/// [`from_bytes`] seeds it makes the same input.
pub(crate) fn generate_on<R: ?Sized, T>(
    data: &[u8],
    generator: impl FnOnce(&mut R) -> T,
    rng: &mut R,
) -> Option<T> {
    // As a case of a check: `assume` in the generator rejects the input. Quiet, so that a
    // panic the generator catches itself prints nothing (greduce's hook, installed after
    // the fuzzer's, keeps it from the fuzzer's hook, which aborts on any panic it sees); a
    // failure then panics again below (and in `run`, for the property), loudly, with the
    // message, the location and the notes, so that the fuzzer's hook sees exactly one panic
    // per failing input. (A failure is thus always a panic raised here: a fuzzer that
    // groups crashes by stack sees one stack; the message tells them apart.) Lean: no trace
    // is built.
    let (replayed, notes) = case::guard(true, || run_bytes_lean(generator, rng, data, false));
    match replayed {
        Ok(Ok(output)) => Some(output),
        Ok(Err(LeanEnd::Stopped)) => None,
        Ok(Err(LeanEnd::Panicked(payload))) => match case::ended(&*payload) {
            CaseEnd::Unresolved(_) => None,
            CaseEnd::Failed(failure) => {
                let mut message =
                    format!("greduce::fuzz: the generator failed on these bytes: {failure}");
                for note in notes {
                    message.push_str("\nnote: ");
                    message.push_str(&note);
                }
                panic!("{message}")
            }
            CaseEnd::Passed => unreachable!("a panic is no pass"),
        },
        Err(outcome) => unreachable!("the replay catches its panics ({outcome:?})"),
    }
}

/// [`generate`] for a generator that takes an [`StdRng`], as [`from_bytes`]'s does: what the
/// tests that compare a lean run with a traced one call. Not public API.
#[doc(hidden)]
pub fn generate_std<T>(data: &[u8], generator: impl FnOnce(&mut StdRng) -> T) -> Option<T> {
    generate_on(data, generator, &mut StdRng::seed_from_u64(BYTES_SEED))
}

/// The run `generator` makes on `data` inside [`check`]: its output and its trace, ready to
/// be reduced (this is how a fuzzer's artifact becomes a greduce failure). The same bytes
/// always make the same run.
///
/// The generator gets an [`StdRng`], as [`Check`](crate::Check) gives it: any generator
/// generic over its rng runs here and in [`check`] alike. That rng is seeded with the
/// constant that [`Bytes`] draws from inside [`check`], so what the bytes do not answer is
/// the same in both.
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn word<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
///     (0..rng.random_range(0..8)).map(|_| rng.random_range('a'..='z')).collect()
/// }
///
/// // A length of 3, then 'c' (2 after 'a'), 'a', 't'.
/// assert_eq!(greduce::fuzz::from_bytes(&[3, 2, 0, 19], word).unwrap().output, "cat");
/// // Bytes that run out answer the simplest values: here, no letters at all.
/// assert_eq!(greduce::fuzz::from_bytes(&[], word).unwrap().output, "");
/// ```
///
/// # Errors
///
/// [`ReplayError::OverBudget`] when the generator ran past what the bytes pay for (see
/// [`check`]), [`ReplayError::Panicked`] when it panicked, [`ReplayError::Halted`] when it
/// rejected the input with [`assume`](crate::assume).
pub fn from_bytes<T>(
    data: &[u8],
    generator: impl FnOnce(&mut StdRng) -> T,
) -> Result<Run<T>, ReplayError> {
    let mut rng = StdRng::seed_from_u64(BYTES_SEED);
    let (replayed, _) = case::guard(true, || replay_bytes(generator, &mut rng, data, true));
    match replayed {
        Ok(OnBytes::Ran(run)) => Ok(run),
        Ok(OnBytes::Stopped(error)) => Err(error),
        Ok(OnBytes::Panicked(payload, _)) => Err(match case::ended(&*payload) {
            CaseEnd::Unresolved(at) => ReplayError::Halted(format!("rejected by `assume` at {at}")),
            _ => ReplayError::Panicked {
                message: crate::panic_hook::message(&*payload),
                location: crate::panic_hook::take_location(),
            },
        }),
        Err(outcome) => unreachable!("the replay catches its panics ({outcome:?})"),
    }
}

/// The former name of [`check`], kept for one release.
#[deprecated(note = "renamed `fuzz::check` (it checks a property, as `greduce::check` does)")]
pub fn run<'d, T: Debug, P: IntoOutcome>(
    data: &'d [u8],
    generator: impl FnOnce(&mut Bytes<'d>) -> T,
    property: impl FnOnce(&T) -> P,
) {
    check(data, generator, property);
}

/// The former name of [`from_bytes`], kept for one release.
///
/// # Errors
///
/// As [`from_bytes`].
#[deprecated(note = "renamed `fuzz::from_bytes` (the pair of `fuzz::to_bytes`)")]
pub fn replay<T>(
    data: &[u8],
    generator: impl FnOnce(&mut StdRng) -> T,
) -> Result<Run<T>, ReplayError> {
    from_bytes(data, generator)
}
