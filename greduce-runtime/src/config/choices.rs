//! The choices a [`Config`](super::Config) makes between ways of reducing and checking:
//! how replay aligns ([`Strategy`]), which failures are the same ([`SameFailure`]), where
//! failures are saved ([`Regressions`]), and the bounds of the exhaustive search
//! ([`Exhaust`]). The passes and the structural search are in `passes.rs`.

use std::path::PathBuf;

/// What to do when replay cannot align the operation the generator asks for with the
/// reduced trace ("infeasible alignment", paper section 4.4).
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
/// // Without the `if` block, the run calls `low` where the trace recorded `high`.
/// let removed = &run.trace.parts()[..1];
/// let replay = |strategy| greduce::replay(pair, &run.trace, removed, strategy).result;
/// assert!(replay(Strategy::Halt).is_err());
/// assert!(replay(Strategy::Bypass).is_err()); // no enclosing part to remove as well
/// assert_eq!(replay(Strategy::Realign).unwrap().output, (10, 68));
/// ```
#[derive(Clone, Copy, Debug, Default, Eq, PartialEq, Hash)]
pub enum Strategy {
    /// Give up on the candidate: it counts as not reproducing.
    Halt,
    /// Remove the smallest kept reducible part that encloses the operation that could not
    /// be aligned, and replay again from the start; halt when no such part exists.
    Bypass,
    /// Answer the simplest legal value (the one nearest zero, `false`, index 0), let the run
    /// continue unaligned through the part that diverged, and align again as soon as the run
    /// comes back to operations that match. Reproducible: no randomness is drawn.
    #[default]
    Realign,
}

/// Which failures count as "the same" while shrinking: a candidate is kept only if it fails
/// the way the original input failed, so shrinking never slides to a different bug.
///
/// The default, [`Location`](SameFailure::Location), tells failures apart as Hypothesis
/// does, by where they happen and never by what their message says: a message that names
/// the input (`"{w} repeats a letter"`) changes with every smaller input, and shrinking
/// must not stop at the first candidate whose message differs.
///
/// ```
/// use greduce::{Check, SameFailure, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// // The message shows the whole input.
/// let property = |v: &Vec<u32>| assert!(v.len() < 3, "{v:?} has {} numbers", v.len());
/// // By default, a panic at the same place is the same failure, whatever its message.
/// let location = Check::new(numbers).seed(1).persist(false).try_check(property).unwrap_err();
/// assert_eq!(location.input(), Some("[0, 0, 0]"));
/// // `Message` keeps the first message, so nothing can change.
/// let message = Check::new(numbers)
///     .seed(1)
///     .persist(false)
///     .same_failure(SameFailure::Message)
///     .try_check(property)
///     .unwrap_err();
/// assert_eq!(message.input().unwrap().matches(", ").count(), 23);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum SameFailure {
    /// A panic at the same location (`file:line:col`), whatever its message; or a returned
    /// `Err` of the same kind. The kind of an error is read from its `Debug`: the name it
    /// starts with when that is followed by `(`, `{` or nothing (an enum's variant,
    /// `Overflow(3)` and `Overflow(7)` alike, or a struct's name); any other error
    /// (`Err(format!(..))`, a `&str`, an `anyhow` message) is of one kind with every other
    /// such error, so its text never matters. `false` returned is one kind. The default.
    #[default]
    Location,
    /// A panic at the same location with a similar message (the message up to its first
    /// `": "`, digits ignored), or a returned `Err` with a similar `Debug`: for messages that
    /// tell two bugs at one place apart, and never name the input.
    Similar,
    /// The same location and exactly the same message.
    Message,
    /// Any failure.
    Any,
}

/// Where a check saves its failures, and replays them from on its next run
/// ([`Config::regressions`](crate::Config::regressions); `GREDUCE_REGRESSIONS`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Regressions {
    /// `greduce-regressions/` in the directory of the package under test
    /// (`CARGO_MANIFEST_DIR`); nowhere when that is not set. The default.
    #[default]
    Package,
    /// Not saved, not replayed.
    Off,
    /// In this directory.
    Dir(PathBuf),
}

/// The bounds of the bounded exhaustive search ([`Reducer::exhaust`](crate::Reducer::exhaust)).
///
/// Build it from [`Exhaust::default`] (`Exhaust { decisions: 6, ..Exhaust::default() }`),
/// or from [`Exhaust::DEFAULT`] in a `const`: the search has gained bounds before
/// ([`Exhaust::changes`], with the neighbourhood), and a literal that names every field
/// stops compiling when it does.
///
/// ```
/// use greduce::Exhaust;
///
/// let bounds = Exhaust { decisions: 6, ..Exhaust::default() };
/// assert_eq!((bounds.decisions, bounds.values), (6, 4));
///
/// // The same in a constant.
/// const NEIGHBOURS_ONLY: Exhaust = Exhaust { decisions: 0, values: 10, ..Exhaust::DEFAULT };
/// assert_eq!(NEIGHBOURS_ONLY.changes, Exhaust::default().changes);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Exhaust {
    /// The most decisions an execution walked may make.
    pub decisions: usize,
    /// How many values each decision takes, the simplest first, in the shrink order (1:
    /// the simplest only; 3: 0, 1 and -1 in a range around zero), in the walk and for each
    /// changed decision of a neighbour. Decisions whose values are not counted one by one
    /// (floats, full-width numbers, samples, permutations) take only their simplest value.
    pub values: u64,
    /// The most executions the walk runs (those over [`Exhaust::decisions`] included), and
    /// the most the neighbourhood search runs, each time they run.
    pub inputs: u64,
    /// The most property calls the search makes, over all its rounds.
    pub calls: u64,
    /// The most decisions of the input a neighbour changes (0: no neighbourhood search).
    /// The neighbours number about `d^k * (values - 1)^k / k!` for an input of `d`
    /// decisions and `k` changes, within [`Exhaust::inputs`].
    pub changes: usize,
}

impl Exhaust {
    /// The default bounds, usable in a `const` ([`Exhaust::default`] returns them): at
    /// most 10 decisions, 4 values each, 100 000 executions and 1000 property calls;
    /// neighbours that change up to 2 decisions.
    pub const DEFAULT: Exhaust = Exhaust {
        decisions: 10,
        values: 4,
        inputs: 100_000,
        calls: 1000,
        changes: 2,
    };
}

impl Default for Exhaust {
    /// [`Exhaust::DEFAULT`].
    fn default() -> Exhaust {
        Exhaust::DEFAULT
    }
}
