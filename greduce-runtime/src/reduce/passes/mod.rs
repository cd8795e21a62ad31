//! The reducer's passes, and the order they run in.
//!
//! A pass looks at the current input's trace and proposes changes to it ([`Edit`]s) through
//! a [`Probe`], which replays each, asks the property, and accepts it when it reproduces and
//! is simpler (see [`order`](super::order)). Passes never see the generator, the output or
//! the property.
//!
//! The structural pass (the paper's ddmin or HDD over reducible parts) runs first: alone,
//! as the paper's algorithm, it repeats HDD rounds to its own fixpoint; with value passes,
//! it makes one HDD round. The value passes then run in rounds, each pass in turn, each
//! round ending with a sweep of the structure (each part tried removed alone; when that
//! fails and a pick from a pool lost choices by it, also with such picks moved down:
//! [`Edit::shift`]) when the round changed something, until a round changes nothing:
//!
//! - a *limited* round gives each pass a number of failing candidates in a row before it
//!   moves on (fewer for a pass that has never succeeded), so that passes that do not fit
//!   the input cost little; a pass cut short resumes where it stopped in the next round;
//! - when a limited round finds nothing, a *full* round runs every pass over everything
//!   (but a pass that already ran to its end on this very input, finding nothing);
//!   only a full round that finds nothing ends the reduction, so the result is a fixpoint:
//!   reducing it again accepts nothing.
//!
//! Budgets (property calls, time) and the stall limit end a reduction early.

mod delete;
mod hoist;
mod minimize;
mod reorder;
mod structure;
mod together;
mod trivial;

use crate::edit::Edit;
use crate::trace::{NodeId, Trace};
use std::fmt;
use std::ops::{BitOr, BitOrAssign};

pub use structure::Search;

/// A set of pass families: which kinds of change a reduction tries ([`Reducer::passes`]).
///
/// [`Passes::STRUCTURE`] alone is the paper's GReduce: ddmin or HDD over the reducible parts
/// of the trace, nothing else. The default, [`Passes::ALL`], adds the passes that simplify
/// what remains.
///
/// ```
/// use greduce::Passes;
///
/// let values = Passes::STRUCTURE | Passes::MINIMIZE;
/// assert!(values.contains(Passes::MINIMIZE));
/// assert!(!values.contains(Passes::HOIST));
/// assert_eq!(Passes::default(), Passes::ALL);
/// ```
///
/// [`Reducer::passes`]: crate::Reducer::passes
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Passes(u16);

impl Passes {
    /// Remove reducible parts (loop iterations, `if` blocks, `match` arms): ddmin or HDD,
    /// as [`Search`] says, with halt, bypass or re-align. The paper's algorithm.
    ///
    /// ```
    /// # use greduce::{Passes, Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1); // 24 numbers
    /// let reduced = Reducer::new(numbers)
    ///     .passes(Passes::STRUCTURE)
    ///     .reduce(&run.trace, |v: &Vec<u32>| v.len() >= 5);
    /// // Iterations removed; the numbers left are as drawn.
    /// assert_eq!(reduced.output, [797, 691, 196, 427, 216]);
    /// ```
    pub const STRUCTURE: Passes = Passes(1);
    /// Set every decision inside one part (an iteration, a block, a generator call) to its
    /// simplest value at once.
    ///
    /// ```
    /// # use greduce::{Passes, Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1); // 24 numbers
    /// let reduced = Reducer::new(numbers)
    ///     .passes(Passes::STRUCTURE | Passes::TRIVIAL)
    ///     .reduce(&run.trace, |v: &Vec<u32>| v.len() >= 5);
    /// // Every number the loop drew, set to 0 at once.
    /// assert_eq!(reduced.output, [0, 0, 0, 0, 0]);
    /// ```
    pub const TRIVIAL: Passes = Passes(1 << 1);
    /// Lower each decision's value: the simplest value first, then a search towards it
    /// (halving, then subtracting, then bisecting). Where the decision picks a shape (a
    /// `match` arm, a `choose`) and the other shape draws its values at other
    /// sites, the values that followed are also carried over by position, and, when the
    /// other shape draws fewer, with as many of the first ones deleted.
    ///
    /// ```
    /// use greduce::{Passes, Reducer, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u32) {
    ///     (rng.random_range(0..100), rng.random_range(0..100))
    /// }
    ///
    /// let run = greduce::record(pair, 0);
    /// assert_eq!(run.output, (80, 73));
    /// let reduced = Reducer::new(pair)
    ///     .passes(Passes::MINIMIZE)
    ///     .reduce(&run.trace, |&(a, b): &(u32, u32)| a + b >= 100);
    /// // Each value on its own: `a` as low as `b` = 73 allows.
    /// assert_eq!(reduced.output, (27, 73));
    /// ```
    pub const MINIMIZE: Passes = Passes(1 << 2);
    /// Replace a generator call by a smaller call of the same generator nested in it
    /// (recursive generators: `Add(Add(a, b), c)` becomes `Add(a, b)`). The crate docs'
    /// "Recursive generators" section shows a reduction with and without it.
    ///
    /// ```
    /// use greduce::{Passes, Reducer, generator};
    /// use rand::RngExt;
    ///
    /// #[derive(Debug, PartialEq)]
    /// enum Tree {
    ///     Leaf(u8),
    ///     Node(Box<Tree>),
    /// }
    ///
    /// #[generator]
    /// fn tree<R: rand::Rng + ?Sized>(rng: &mut R) -> Tree {
    ///     if rng.random_bool(0.8) {
    ///         Tree::Node(Box::new(tree(rng)))
    ///     } else {
    ///         Tree::Leaf(rng.random_range(0..100))
    ///     }
    /// }
    ///
    /// fn leaf(t: &Tree) -> u8 {
    ///     match t {
    ///         Tree::Leaf(x) => *x,
    ///         Tree::Node(t) => leaf(t),
    ///     }
    /// }
    ///
    /// let fails = |t: &Tree| leaf(t) >= 50;
    /// let run = (0..)
    ///     .map(|seed| greduce::record(tree, seed))
    ///     .find(|r| fails(&r.output) && matches!(r.output, Tree::Node(_)))
    ///     .unwrap();
    /// // The innermost call, the leaf, takes the place of the outermost.
    /// let hoisted = Reducer::new(tree)
    ///     .passes(Passes::HOIST | Passes::MINIMIZE)
    ///     .reduce(&run.trace, fails);
    /// assert_eq!(hoisted.output, Tree::Leaf(50));
    /// ```
    pub const HOIST: Passes = Passes(1 << 3);
    /// Delete runs of decisions that no reducible part covers: an iteration of a loop whose
    /// count is not a decision, the retries of a rejection loop.
    ///
    /// ```
    /// use greduce::{Passes, Reducer, generator};
    /// use rand::RngExt;
    ///
    /// /// An even number below 100, drawn again until it is even.
    /// #[generator]
    /// fn even<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    ///     loop {
    ///         let x = rng.random_range(0..100);
    ///         if x % 2 == 0 {
    ///             break x;
    ///         }
    ///     }
    /// }
    ///
    /// let fails = |x: &u32| *x >= 50;
    /// // A run that drew odd numbers first.
    /// let run = (0..)
    ///     .map(|seed| greduce::record(even, seed))
    ///     .find(|r| fails(&r.output) && r.trace.decision_count() > 1)
    ///     .unwrap();
    /// let reduced = Reducer::new(even)
    ///     .passes(Passes::MINIMIZE | Passes::DELETE)
    ///     .reduce(&run.trace, fails);
    /// // The retries are gone: one draw is left.
    /// assert_eq!(reduced.trace.decision_count(), 1);
    /// ```
    pub const DELETE: Passes = Passes(1 << 4);
    /// Change values together: lower equal values at once, lower two values by the same
    /// amount, move an amount from one value to a later one (also iterations from one loop
    /// to a later loop of the same site).
    ///
    /// ```
    /// use greduce::{Passes, Reducer, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u32) {
    ///     (rng.random_range(0..100), rng.random_range(0..100))
    /// }
    ///
    /// let run = greduce::record(pair, 0);
    /// assert_eq!(run.output, (80, 73));
    /// let fails = |&(a, b): &(u32, u32)| a + b >= 100;
    /// let alone = Reducer::new(pair).passes(Passes::MINIMIZE).reduce(&run.trace, fails);
    /// assert_eq!(alone.output, (27, 73));
    /// // Moving an amount from `a` to `b` lowers `a` further.
    /// let together = Reducer::new(pair)
    ///     .passes(Passes::MINIMIZE | Passes::TOGETHER)
    ///     .reduce(&run.trace, fails);
    /// assert_eq!(together.output, (1, 99));
    /// ```
    pub const TOGETHER: Passes = Passes(1 << 5);
    /// Reorder so that simpler values come first: sort the iterations of a loop by their
    /// values, swap two calls of one generator, move a value to a later decision of its
    /// site.
    ///
    /// ```
    /// # use greduce::{Passes, Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1); // 24 numbers
    /// let fails = |v: &Vec<u32>| v.len() >= 3;
    /// let kept = Reducer::new(numbers).passes(Passes::STRUCTURE).reduce(&run.trace, fails);
    /// assert_eq!(kept.output, [974, 797, 691]);
    /// let sorted = Reducer::new(numbers)
    ///     .passes(Passes::STRUCTURE | Passes::REORDER)
    ///     .reduce(&run.trace, fails);
    /// assert_eq!(sorted.output, [691, 797, 974]);
    /// ```
    pub const REORDER: Passes = Passes(1 << 6);
    /// Every pass (the default).
    ///
    /// ```
    /// use greduce::Passes;
    ///
    /// assert_eq!(Passes::default(), Passes::ALL);
    /// assert!(Passes::ALL.contains(Passes::STRUCTURE | Passes::HOIST | Passes::REORDER));
    /// assert_eq!(Passes::parse("all"), Ok(Passes::ALL));
    /// ```
    pub const ALL: Passes = Passes((1 << 7) - 1);

    /// Whether every pass family of `other` is in this set.
    ///
    /// ```
    /// use greduce::Passes;
    ///
    /// let set = Passes::STRUCTURE | Passes::MINIMIZE;
    /// assert!(set.contains(Passes::MINIMIZE));
    /// assert!(set.contains(Passes::STRUCTURE | Passes::MINIMIZE));
    /// assert!(!set.contains(Passes::MINIMIZE | Passes::HOIST));
    /// ```
    pub fn contains(self, other: Passes) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether the set has no pass family (every set built from the constants has one).
    ///
    /// ```
    /// use greduce::Passes;
    ///
    /// assert!(!Passes::STRUCTURE.is_empty());
    /// assert!(!Passes::parse("minimize").unwrap().is_empty());
    /// ```
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    const NAMES: [(Passes, &'static str); 7] = [
        (Passes::STRUCTURE, "STRUCTURE"),
        (Passes::TRIVIAL, "TRIVIAL"),
        (Passes::MINIMIZE, "MINIMIZE"),
        (Passes::HOIST, "HOIST"),
        (Passes::DELETE, "DELETE"),
        (Passes::TOGETHER, "TOGETHER"),
        (Passes::REORDER, "REORDER"),
    ];

    /// The set named by `text`: `all`, `structure` (or `paper`), or family names joined
    /// with `,` or `|` (`structure,minimize`); case does not matter.
    ///
    /// # Errors
    ///
    /// An unknown name, with the names that are known.
    ///
    /// ```
    /// use greduce::Passes;
    ///
    /// assert_eq!(Passes::parse("structure,minimize"), Ok(Passes::STRUCTURE | Passes::MINIMIZE));
    /// assert_eq!(Passes::parse("Paper"), Ok(Passes::STRUCTURE));
    /// assert!(Passes::parse("fast").unwrap_err().contains("unknown pass family `fast`"));
    /// ```
    pub fn parse(text: &str) -> Result<Passes, String> {
        let mut set = Passes(0);
        for name in text.split([',', '|', '+']).map(str::trim) {
            let upper = name.to_ascii_uppercase();
            set |= match upper.as_str() {
                "ALL" => Passes::ALL,
                "PAPER" => Passes::STRUCTURE,
                _ => Passes::NAMES
                    .iter()
                    .find(|(_, n)| *n == upper)
                    .map(|(p, _)| *p)
                    .ok_or_else(|| {
                        format!(
                            "unknown pass family `{name}`; expected `all`, `paper` or some of \
                             `structure`, `trivial`, `minimize`, `hoist`, `delete`, \
                             `together`, `reorder`"
                        )
                    })?,
            };
        }
        Ok(set)
    }
}

impl Default for Passes {
    fn default() -> Passes {
        Passes::ALL
    }
}

impl BitOr for Passes {
    type Output = Passes;
    fn bitor(self, other: Passes) -> Passes {
        Passes(self.0 | other.0)
    }
}

impl BitOrAssign for Passes {
    fn bitor_assign(&mut self, other: Passes) {
        self.0 |= other.0;
    }
}

impl fmt::Debug for Passes {
    /// `STRUCTURE | MINIMIZE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Passes::ALL {
            return f.write_str("ALL");
        }
        let names: Vec<&str> = Passes::NAMES
            .iter()
            .filter(|(p, _)| self.contains(*p))
            .map(|(_, n)| *n)
            .collect();
        if names.is_empty() {
            f.write_str("(none)")
        } else {
            f.write_str(&names.join(" | "))
        }
    }
}

/// One pass of the reducer: what proposed a candidate.
///
/// ```
/// use greduce::{Pass, Reducer, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// let run = greduce::record(numbers, 1);
/// let reduced = Reducer::new(numbers).reduce(&run.trace, |v: &Vec<u32>| v.len() >= 5);
/// // The passes that ran, in the order they first ran.
/// let passes: Vec<Pass> = reduced.stats.passes.iter().map(|p| p.pass).collect();
/// assert_eq!(passes[..2], [Pass::Structure, Pass::Trivial]);
/// assert_eq!(Pass::Minimize.to_string(), "minimize");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Pass {
    /// The replay of the input to reduce, unchanged (the first candidate).
    Initial,
    /// ddmin / HDD over reducible parts ([`Passes::STRUCTURE`]).
    Structure,
    /// All decisions of a part to their simplest values ([`Passes::TRIVIAL`]).
    Trivial,
    /// Deleting a decision run no part covers ([`Passes::DELETE`]).
    Delete,
    /// A generator call replaced by a nested call of the same generator ([`Passes::HOIST`]).
    Hoist,
    /// Sorting a loop's iterations ([`Passes::REORDER`]).
    Reorder,
    /// Equal values lowered together ([`Passes::TOGETHER`]).
    Duplicates,
    /// One decision's value lowered ([`Passes::MINIMIZE`]).
    Minimize,
    /// Two values lowered by the same amount ([`Passes::TOGETHER`]).
    LowerTogether,
    /// An amount moved from one value to a later one, or iterations from one loop to a
    /// later loop of the same site ([`Passes::TOGETHER`]).
    Redistribute,
}

impl fmt::Display for Pass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Pass::Initial => "initial",
            Pass::Structure => "structure",
            Pass::Trivial => "trivial",
            Pass::Delete => "delete",
            Pass::Hoist => "hoist",
            Pass::Reorder => "reorder",
            Pass::Duplicates => "duplicates",
            Pass::Minimize => "minimize",
            Pass::LowerTogether => "lower-together",
            Pass::Redistribute => "redistribute",
        })
    }
}

/// What a pass sees of a reduction: the current input's trace, and a way to try a change.
pub(crate) trait Probe {
    /// The current input's trace.
    fn current(&self) -> &Trace;

    /// How many inputs have been accepted so far: identifies the current trace.
    fn generation(&self) -> u64;

    /// The search the structural pass runs.
    fn search(&self) -> Search;

    /// `pass` starts proposing candidates; `limited`: in a limited round (see the module
    /// docs).
    fn begin(&mut self, pass: Pass, limited: bool);

    /// Tries `edit` of the current trace: replays it, asks the property, and makes the
    /// result current when it reproduces and is simpler. Returns whether it was accepted.
    fn consider(&mut self, edit: Edit) -> bool;

    /// [`Probe::consider`] for an edit of `base`, an earlier current trace (the structural
    /// pass cuts all candidates of one level from the trace the level started from) whose
    /// generation was `generation`.
    fn consider_on(&mut self, base: &Trace, generation: u64, edit: Edit) -> bool;

    /// Whether the pass running now should stop: the reduction stopped, or (in a limited
    /// round) the pass failed too often in a row.
    fn give_up(&self) -> bool;

    /// Whether the reduction must stop: a budget ran out, or it stalled.
    fn stopped(&self) -> bool;

    /// Whether a pass was cut short (used up its tries in a limited round) since the last
    /// call; forgets it. A family of passes that was cut short has not shown that the
    /// input is clean for all of them.
    fn cut_short(&mut self) -> bool;

    /// Where the running pass stopped the last time a limited round cut it short (0 in a
    /// full round, or when it last ran to its end).
    fn resume(&self) -> usize;

    /// The running pass stops at position `at` of what it walks (a limited round cut it
    /// short): the next limited round starts it there, so that a pass whose first targets
    /// fail does not spend every round on them.
    fn pause(&mut self, at: usize);

    /// What the replay of the last candidate considered did (all zero when it was not
    /// replayed).
    fn last_replay(&self) -> Replayed;
}

/// What one candidate's replay did, for a pass deciding what to try next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Replayed {
    /// Decisions that aligned with nothing where the reduced trace had a decision of
    /// another site in their place: answered with their simplest value, or carried when
    /// the edit had [`Edit::carry`].
    pub(crate) carriable: usize,
    /// How many fewer decisions the replay made than the trace it edited (in the whole
    /// trace: a change elsewhere that the replay made counts too).
    pub(crate) lost: usize,
    /// Recorded picks whose range lost choices, which [`Edit::shift`] would move down (or,
    /// with it, did).
    pub(crate) shiftable: usize,
}

/// Walks the nodes of the current trace with a [`Cursor`] (so from where the pass stopped
/// in the last limited round), giving `visit` each node with the trace as it is then;
/// `visit` answers whether to visit the same position again (it changed something there).
pub(crate) fn each_node(
    probe: &mut dyn Probe,
    mut visit: impl FnMut(&mut dyn Probe, &Trace, NodeId) -> bool,
) {
    let mut cursor = Cursor::new(probe);
    loop {
        let trace = probe.current().clone();
        let Some(id) = cursor.next(probe, trace.len()) else {
            return;
        };
        if visit(probe, &trace, id as NodeId) {
            cursor.again();
        }
    }
}

/// The positions `0..len` a pass visits, starting where it stopped the last time a limited
/// round cut it short and wrapping around. `len` may change as the input does.
pub(crate) struct Cursor {
    start: usize,
    step: usize,
}

impl Cursor {
    pub(crate) fn new(probe: &dyn Probe) -> Cursor {
        Cursor {
            start: probe.resume(),
            step: 0,
        }
    }

    /// The next position to visit among `0..len`, if any is left (each position once per
    /// run, as long as `len` does not change), or `None` when the pass should stop: it has
    /// visited everything, or it must give up (then the cursor is remembered for the next
    /// limited round).
    pub(crate) fn next(&mut self, probe: &mut dyn Probe, len: usize) -> Option<usize> {
        if self.step >= len {
            return None;
        }
        if probe.give_up() {
            probe.pause(self.start + self.step);
            return None;
        }
        let at = (self.start + self.step) % len;
        self.step += 1;
        Some(at)
    }

    /// Visit the position just visited again (a change there may allow another).
    pub(crate) fn again(&mut self) {
        self.step -= 1;
    }
}

/// Runs `passes` to a fixpoint (or until a budget or the stall limit stops it).
pub(crate) fn run(probe: &mut dyn Probe, passes: Passes) {
    let values = passes != Passes::STRUCTURE;
    if passes.contains(Passes::STRUCTURE) {
        probe.begin(Pass::Structure, false);
        structure::run(probe, !values);
    }
    let families: [(Passes, Family); 7] = [
        (Passes::TRIVIAL, trivial::run),
        (Passes::DELETE, delete::run),
        (Passes::HOIST, hoist::run),
        (Passes::REORDER, reorder::run),
        (Passes::TOGETHER, together::duplicates),
        (Passes::MINIMIZE, minimize::run),
        (Passes::TOGETHER, together::pairs),
    ];
    if !families.iter().any(|(family, _)| passes.contains(*family)) {
        return;
    }
    // The input each pass last ran over to its end without finding anything: running it
    // again on the same input would find nothing again (passes are deterministic).
    let mut clean: [Option<u64>; 8] = [None; 8];
    let mut limited = true;
    loop {
        let start = probe.generation();
        for (i, (family, pass)) in families.iter().enumerate() {
            if probe.stopped() {
                return;
            }
            if passes.contains(*family) && clean[i] != Some(probe.generation()) {
                let before = probe.generation();
                probe.cut_short();
                pass(probe, limited);
                // Every pass of the family ran to its end without finding anything (the
                // minimize family tries more in a full round than in a limited one).
                let whole = !limited || *family != Passes::MINIMIZE;
                if probe.generation() == before && !probe.cut_short() && !probe.give_up() && whole {
                    clean[i] = Some(before);
                }
            }
        }
        // Simpler values can make parts removable; a full round checks it in any case.
        let structure = families.len();
        if passes.contains(Passes::STRUCTURE)
            && (probe.generation() != start || !limited)
            && clean[structure] != Some(probe.generation())
        {
            let before = probe.generation();
            probe.cut_short();
            probe.begin(Pass::Structure, limited);
            structure::sweep(probe);
            if probe.generation() == before && !probe.cut_short() && !probe.give_up() {
                clean[structure] = Some(before);
            }
        }
        if probe.stopped() {
            return;
        }
        if probe.generation() != start {
            limited = true;
        } else if limited {
            limited = false;
        } else {
            return;
        }
    }
}

/// A pass family's entry point: runs its passes over the current trace once; `limited`: in
/// a limited round.
type Family = fn(&mut dyn Probe, bool);

/// How many failing candidates in a row the running pass may still propose, and where
/// each pass stopped when a limited round cut it short.
#[derive(Debug, Default)]
pub(crate) struct Limits {
    /// The pass proposing candidates now.
    pub(crate) pass: Option<Pass>,
    /// Failing candidates in a row the pass may still propose (`None`: no limit).
    left: Option<u32>,
    /// Passes that have succeeded in this reduction (they get more tries).
    proven: Vec<Pass>,
    /// Where each pass stopped when last cut short.
    cursors: Vec<(Pass, usize)>,
    /// Whether a pass used up its tries since [`Limits::take_cut_short`] last asked (a
    /// family runs several passes, each with its own tries).
    cut_short: bool,
}

impl Limits {
    /// Failing candidates in a row a pass may propose in a limited round.
    const TRIES: u32 = 24;
    /// The same, for a pass that has not succeeded yet in this reduction.
    const TRIES_UNPROVEN: u32 = 8;

    /// `pass` starts; `limited`: in a limited round.
    pub(crate) fn begin(&mut self, pass: Pass, limited: bool) {
        self.cut_short |= self.exhausted();
        self.pass = Some(pass);
        self.left = limited.then(|| self.tries(pass));
    }

    fn tries(&self, pass: Pass) -> u32 {
        if self.proven.contains(&pass) {
            Limits::TRIES
        } else {
            Limits::TRIES_UNPROVEN
        }
    }

    /// A candidate of the running pass was judged.
    pub(crate) fn judged(&mut self, accepted: bool) {
        let Some(pass) = self.pass else { return };
        if accepted {
            if !self.proven.contains(&pass) {
                self.proven.push(pass);
            }
            let tries = self.tries(pass);
            if let Some(left) = &mut self.left {
                *left = tries;
            }
        } else if let Some(left) = &mut self.left {
            *left = left.saturating_sub(1);
        }
    }

    /// Whether a pass used up its failing candidates since the last call (the running one
    /// included); forgets it.
    pub(crate) fn take_cut_short(&mut self) -> bool {
        let cut = std::mem::take(&mut self.cut_short) | self.exhausted();
        // The running pass's tries are accounted for: the next `begin` must not count them
        // again.
        self.left = None;
        cut
    }

    /// Whether the running pass has used up its failing candidates.
    pub(crate) fn exhausted(&self) -> bool {
        self.left == Some(0)
    }

    /// Where the running pass resumes (0 in a full round).
    pub(crate) fn resume(&self) -> usize {
        match (self.pass, self.left) {
            (Some(pass), Some(_)) => self
                .cursors
                .iter()
                .find(|(p, _)| *p == pass)
                .map_or(0, |(_, at)| *at),
            _ => 0,
        }
    }

    /// The running pass stopped at `at`.
    pub(crate) fn pause(&mut self, at: usize) {
        let Some(pass) = self.pass else { return };
        match self.cursors.iter_mut().find(|(p, _)| *p == pass) {
            Some((_, c)) => *c = at,
            None => self.cursors.push((pass, at)),
        }
    }
}

/// Between `holds` (where `test` held) and `fails` (where it did not), the value nearest
/// `fails` where it holds, by bisection (it assumes one boundary between them).
pub(crate) fn bisect(mut holds: u128, mut fails: u128, test: &mut dyn FnMut(u128) -> bool) -> u128 {
    while holds.abs_diff(fails) > 1 {
        let mid = holds.min(fails) + holds.abs_diff(fails) / 2;
        if test(mid) {
            holds = mid;
        } else {
            fails = mid;
        }
    }
    holds
}

/// Calls `f(1)`, `f(2)`, ... while it holds, and returns the largest `n` for which it
/// held (0 if `f(1)` fails), in O(log n) calls: 1 to 4 one by one, then doubling, then
/// bisecting between the last success and the first failure. `f` must answer `false` for
/// values it cannot use.
pub(crate) fn find_integer(mut f: impl FnMut(u128) -> bool) -> u128 {
    for n in 1..=4 {
        if !f(n) {
            return n - 1;
        }
    }
    let mut lo: u128 = 4;
    let mut hi: u128 = 8;
    while f(hi) {
        lo = hi;
        match hi.checked_mul(2) {
            Some(next) => hi = next,
            None => return lo,
        }
    }
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if f(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The decisions whose values the value passes work on, in trace order: plain decisions
/// that do not count a loop, and the decisions of `match`es.
pub(crate) fn value_nodes(trace: &Trace) -> Vec<NodeId> {
    (0..trace.len() as NodeId)
        .filter(|id| trace.is_value_decision(*id))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_integer_finds_the_largest_success() {
        for limit in [0u128, 1, 3, 4, 5, 8, 9, 100, 1000] {
            let mut calls = 0;
            let n = find_integer(|n| {
                calls += 1;
                n <= limit
            });
            assert_eq!(n, limit);
            assert!(
                calls <= 6 + 2 * (128 - limit.leading_zeros()),
                "{limit}: {calls}"
            );
        }
    }

    #[test]
    fn passes_parse_and_print() {
        assert_eq!(Passes::parse("paper").unwrap(), Passes::STRUCTURE);
        assert_eq!(
            Passes::parse("structure, Minimize").unwrap(),
            Passes::STRUCTURE | Passes::MINIMIZE
        );
        assert_eq!(
            format!("{:?}", Passes::STRUCTURE | Passes::HOIST),
            "STRUCTURE | HOIST"
        );
        assert!(Passes::parse("shrink").unwrap_err().contains("`shrink`"));
    }
}
