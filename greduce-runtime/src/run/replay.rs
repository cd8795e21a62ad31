//! Replaying a generator against a reduced trace (trace-aligned re-execution), restarting
//! for bypass, and turning every way a replay can end into a [`ReplayEnd`].

use crate::config::Strategy;
use crate::panic_hook;
use crate::run::align::{Aligner, Fault, Notes};
use crate::run::record::Run;
use crate::run::{self, Session, Stop};
use crate::trace::edit::{Edit, Overlay};
use crate::trace::{NodeId, Part, Trace};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::fmt;

/// Why a replay produced no output.
///
/// ```
/// use greduce::{ReplayError, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn digit<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
///     rng.random_range(0..10)
/// }
///
/// let out_of_range = greduce::replay_draws(digit, &[10]).unwrap_err();
/// assert!(matches!(out_of_range, ReplayError::Halted(_)));
/// let ran_out = greduce::replay_draws(digit, &[]).unwrap_err();
/// assert!(ran_out.to_string().starts_with("halted: the draws ran out"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError {
    /// An infeasible alignment under halt (or under bypass with nothing left to remove).
    Halted(String),
    /// The replay made more decisions than its budget allows.
    OverBudget(u64),
    /// The generator panicked.
    Panicked {
        /// The panic message.
        message: String,
        /// Where it panicked (`file:line:col`), when known.
        location: Option<String>,
    },
    /// In fork mode, the candidate was replayed first in a child process, and there the
    /// generator crashed or hung: this process did not replay it.
    ChildFault(String),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Halted(why) => write!(f, "halted: {why}"),
            ReplayError::OverBudget(n) => write!(f, "over the replay budget after {n} decisions"),
            ReplayError::Panicked {
                message,
                location: Some(at),
            } => {
                write!(f, "the generator panicked at {at}: {message}")
            }
            ReplayError::Panicked {
                message,
                location: None,
            } => {
                write!(f, "the generator panicked: {message}")
            }
            ReplayError::ChildFault(what) => write!(f, "in a child process, {what}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// The result of replaying one reduced trace.
pub(crate) struct ReplayEnd<T> {
    pub(crate) result: Result<Run<T>, ReplayError>,
    /// The overlay the replay read (bypass adds to its removed nodes), to clear and reuse.
    pub(crate) overlay: Overlay,
    /// Parts bypass removed, in order.
    pub(crate) bypassed: Vec<NodeId>,
    /// What re-align did.
    pub(crate) notes: Notes,
    /// Generator runs (1 + bypass restarts).
    pub(crate) runs: u64,
    /// The loop a replay over budget was in (a runaway's place).
    pub(crate) runaway: Option<&'static crate::trace::site::Site>,
}

/// Replays `generator` against `trace` read through `overlay` (a candidate's edit).
pub(crate) fn run_replay<R: SeedableRng, T>(
    generator: &mut dyn FnMut(&mut R) -> T,
    trace: &Trace,
    mut overlay: Overlay,
    strategy: Strategy,
    budget: u64,
    quiet: bool,
) -> ReplayEnd<T> {
    let mut bypassed = Vec::new();
    let mut runs = 0;
    loop {
        runs += 1;
        let aligner = Aligner::new(trace.clone(), overlay, strategy);
        // The rng is never drawn from for recorded decisions; it only exists because the
        // generator's signature asks for one (a helper marked `unrecorded` may use it).
        let mut rng = R::seed_from_u64(0);
        let (result, session) = run::execute(Session::replay(aligner, budget), quiet, || {
            generator(&mut rng)
        });
        let (fault, notes, trace_out, back) = finish(session, result.is_ok());
        overlay = back;
        let mut runaway = None;
        let result = match (result, fault) {
            (_, Some(Fault::Bypass { part, .. })) => {
                overlay.insert(trace, part);
                bypassed.push(part);
                continue;
            }
            (_, Some(Fault::Halt(why))) => Err(ReplayError::Halted(why)),
            (_, Some(Fault::OverBudget(n, site))) => {
                runaway = site;
                Err(ReplayError::OverBudget(n))
            }
            (Ok(output), None) => Ok(Run {
                output,
                trace: trace_out,
            }),
            (Err(payload), None) => {
                let location = panic_hook::take_location();
                if payload.is::<Stop>() {
                    Err(ReplayError::Halted("the replay stopped".into()))
                } else {
                    Err(ReplayError::Panicked {
                        message: panic_hook::message(&*payload),
                        location,
                    })
                }
            }
        };
        return ReplayEnd {
            result,
            overlay,
            bypassed,
            notes,
            runs,
            runaway,
        };
    }
}

/// Ends a replay session: the fault (checking, after a normal return, the recorded
/// operations the run never reached), the re-align notes, the new trace and the overlay.
fn finish(mut session: Session, returned: bool) -> (Option<Fault>, Notes, Trace, Overlay) {
    let mut fault = session.fault.take();
    let mut notes = Notes::default();
    let mut overlay = Overlay::default();
    if let Some(mut aligner) = session.aligner.take() {
        if fault.is_none() && returned {
            fault = aligner.finish().err();
        }
        notes = std::mem::take(&mut aligner.notes);
        overlay = aligner.into_overlay();
    }
    (fault, notes, session.into_trace(), overlay)
}

/// The outcome of [`replay`]: the new run, or why there is none, and what the strategy did.
///
/// ```
/// use greduce::{Strategy, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn low<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
///     rng.random_range(10..20)
/// }
///
/// #[generator]
/// fn high<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
///     rng.random_range(20..30)
/// }
///
/// /// A value of `high` or of `low`, then a number.
/// #[generator]
/// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u32) {
///     let v = if rng.random_bool(0.5) { high(rng) } else { low(rng) };
///     (v, rng.random_range(0..100))
/// }
///
/// let run = greduce::record(pair, 6);
/// assert_eq!(run.output, (27, 68));
/// // Without the `if` block, the run calls `low` where `high` was recorded.
/// let removed = &run.trace.parts()[..1];
/// let halted = greduce::replay(pair, &run.trace, removed, Strategy::Halt);
/// assert!(halted.result.is_err());
/// let realigned = greduce::replay(pair, &run.trace, removed, Strategy::Realign);
/// assert_eq!(realigned.result.unwrap().output, (10, 68));
/// assert!(realigned.realigned[0].starts_with("call of `low`"));
/// assert!(realigned.bypassed.is_empty());
/// ```
#[derive(Debug)]
pub struct Replay<T> {
    /// The new run (its output and its trace), or why the replay produced none.
    pub result: Result<Run<T>, ReplayError>,
    /// Parts that bypass removed in addition to the requested ones, in order.
    pub bypassed: Vec<Part>,
    /// What re-align did, one line per operation it could not align.
    pub realigned: Vec<String>,
}

/// Replays `generator` against `trace` with the `removed` parts taken out (trace-aligned
/// re-execution), handling infeasible alignments with `strategy`. With nothing removed and
/// [`Strategy::Halt`], this succeeds only if the generator makes the recorded decisions
/// again: a check that a trace still fits a generator.
///
/// The replay budget is 10 times the trace's decisions (at least 1000).
///
/// ```
/// use greduce::{Strategy, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn digits<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
///     (0..rng.random_range(2..6)).map(|_| rng.random_range(0..10)).collect()
/// }
///
/// let run = greduce::record(digits, 1);
/// let parts = run.trace.parts();
/// let replay = greduce::replay(digits, &run.trace, &parts[..1], Strategy::Halt);
/// let shorter = replay.result.unwrap().output;
/// assert_eq!(shorter[..], run.output[1..]);
/// ```
pub fn replay<T>(
    generator: impl FnMut(&mut StdRng) -> T,
    trace: &Trace,
    removed: &[Part],
    strategy: Strategy,
) -> Replay<T> {
    replay_with(generator, trace, removed, strategy)
}

/// [`replay`] for a generator with a concrete rng type `R` (it is called with
/// `R::seed_from_u64(0)`; recorded decisions never draw from it).
///
/// ```
/// use greduce::{Strategy, generator};
/// use rand::rngs::SmallRng;
/// use rand::{RngExt, SeedableRng};
///
/// /// A generator for one rng type.
/// #[generator]
/// fn word(rng: &mut SmallRng) -> String {
///     (0..rng.random_range(0..10)).map(|_| rng.random_range('a'..='z')).collect()
/// }
///
/// let run = (0..)
///     .map(|seed| greduce::record_with(word, &mut SmallRng::seed_from_u64(seed)))
///     .find(|run| run.output.len() >= 2)
///     .unwrap();
/// // Without the first letter.
/// let parts = run.trace.parts();
/// let replay = greduce::replay_with(word, &run.trace, &parts[..1], Strategy::Halt);
/// assert_eq!(replay.result.unwrap().output, run.output[1..]);
/// ```
pub fn replay_with<R: SeedableRng, T>(
    mut generator: impl FnMut(&mut R) -> T,
    trace: &Trace,
    removed: &[Part],
    strategy: Strategy,
) -> Replay<T> {
    let trace = trace.clone();
    let edit = Edit::removing(removed.iter().map(|p| p.0).collect());
    let budget = budget_for(&trace, 10);
    let overlay = Overlay::of(&trace, &edit);
    let replayed = run_replay(&mut generator, &trace, overlay, strategy, budget, true);
    Replay {
        result: replayed.result,
        bypassed: replayed.bypassed.into_iter().map(Part).collect(),
        realigned: replayed.notes.described(),
    }
}

/// Runs `generator` answering its decisions, in the order it makes them, with `draws`: an
/// integer range takes the offset from its lower bound (`value - lo`), a boolean takes 0
/// (`false`) or anything else (`true`), a choice takes the index. Returns the run, with its
/// trace, as if it had been recorded.
///
/// A run kept elsewhere as a flat list of draws (a choice sequence, a log of
/// `random_range` offsets such as the GReduce artifact keeps) becomes a greduce run this
/// way, ready to be reduced.
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn word<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
///     let n = rng.random_range(0..8);
///     (0..n).map(|_| rng.random_range('a'..='z')).collect()
/// }
///
/// // 3 letters: 'c' (2 after 'a'), 'a', 't'.
/// let run = greduce::replay_draws(word, &[3, 2, 0, 19]).unwrap();
/// assert_eq!(run.output, "cat");
/// assert!(greduce::replay_draws(word, &[3, 2, 0]).is_err()); // the draws ran out
/// ```
///
/// # Errors
///
/// When a draw is not legal for its decision (an offset beyond the range), the draws run
/// out, some are left over, a decision is of a kind draws cannot answer (floats,
/// shuffles, samples, `fill`), or the generator panics.
pub fn replay_draws<T>(
    generator: impl FnOnce(&mut StdRng) -> T,
    draws: &[u64],
) -> Result<Run<T>, ReplayError> {
    let mut rng = StdRng::seed_from_u64(0);
    let session = Session::with_draws(draws.to_vec());
    let (result, mut session) = run::execute(session, true, || generator(&mut rng));
    let fault = session.fault.take();
    let unused = session.unused_draws();
    match (result, fault) {
        (_, Some(fault)) => Err(ReplayError::Halted(match fault {
            Fault::Halt(why) | Fault::Bypass { why, .. } => why,
            Fault::OverBudget(n, _) => format!("stopped after {n} decisions"),
        })),
        (Ok(_), None) if unused > 0 => Err(ReplayError::Halted(format!(
            "the generator returned with {unused} of {} draws unused",
            draws.len()
        ))),
        (Ok(output), None) => Ok(Run {
            output,
            trace: session.into_trace(),
        }),
        (Err(payload), None) => Err(ReplayError::Panicked {
            message: panic_hook::message(&*payload),
            location: panic_hook::take_location(),
        }),
    }
}

/// The replay budget: `factor` times the trace's decisions (counted as at least 100).
pub(crate) fn budget_for(trace: &Trace, factor: u64) -> u64 {
    factor.saturating_mul(trace.decision_count().max(100) as u64)
}

/// The seed of the rng that a run on bytes draws from where its bytes do not answer: the
/// decisions with no byte form (see [`crate::run::bytes`]) and helpers that are not generators.
/// `fuzz::check`'s [`Bytes`](crate::fuzz::Bytes) and the replay of a fuzzer's file in a
/// check draw the same stream from it, so the two make the same input.
pub(crate) const BYTES_SEED: u64 = 0x6772_6564_7563_6521;

/// How a run on bytes ended.
pub(crate) enum OnBytes<T> {
    /// The generator returned.
    Ran(Run<T>),
    /// The run stopped, over its budget: the generator kept going past what the bytes
    /// pay for (a loop that ends only on a value other than the simplest).
    Stopped(ReplayError),
    /// The generator panicked (its payload; its message was printed unless quiet), with the
    /// trace of the decisions made before the panic.
    Panicked(Box<dyn std::any::Any + Send>, Trace),
}

/// Runs `generator` on `rng`, its decisions answered by `data` (see [`crate::run::bytes`]):
/// the output with its trace, as if recorded.
pub(crate) fn replay_bytes<R: ?Sized, T>(
    generator: impl FnOnce(&mut R) -> T,
    rng: &mut R,
    data: &[u8],
    quiet: bool,
) -> OnBytes<T> {
    let session = Session::with_bytes(data.to_vec());
    let (result, mut session) = run::execute(session, quiet, || generator(rng));
    match (result, session.fault.take()) {
        (_, Some(Fault::OverBudget(n, _))) => OnBytes::Stopped(ReplayError::OverBudget(n)),
        (_, Some(fault)) => OnBytes::Stopped(ReplayError::Halted(fault.to_string())),
        (Ok(output), None) => OnBytes::Ran(Run {
            output,
            trace: session.into_trace(),
        }),
        (Err(payload), None) => OnBytes::Panicked(payload, session.into_trace()),
    }
}

/// How a lean run on bytes ([`run_bytes_lean`]) ended without an output.
pub(crate) enum LeanEnd {
    /// As [`OnBytes::Stopped`].
    Stopped,
    /// As [`OnBytes::Panicked`], with no trace.
    Panicked(Box<dyn std::any::Any + Send>),
}

/// [`replay_bytes`] that builds no trace: the same output, stops and panics, at a
/// fraction of the cost (what a fuzz target does with each input; see `run/lean.rs`).
pub(crate) fn run_bytes_lean<R: ?Sized, T>(
    generator: impl FnOnce(&mut R) -> T,
    rng: &mut R,
    data: &[u8],
    quiet: bool,
) -> Result<T, LeanEnd> {
    let session = Session::lean_bytes(data.to_vec());
    let (result, mut session) = run::execute(session, quiet, || generator(rng));
    let fault = session.fault.take();
    session.release();
    match (result, fault) {
        (_, Some(_)) => Err(LeanEnd::Stopped),
        (Ok(output), None) => Ok(output),
        (Err(payload), None) => Err(LeanEnd::Panicked(payload)),
    }
}

#[cfg(test)]
#[path = "replay_tests.rs"]
mod tests;
