//! The passes by name ([`Pass`]), sets of them ([`Passes`]), and how the structural pass
//! searches ([`Search`]): what a user selects.

use std::fmt;
use std::ops::{BitOr, BitOrAssign};

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
// A bitset written by hand rather than with `bitflags`: its `Debug` (`STRUCTURE | HOIST`,
// `ALL`, `(none)`) and `parse` (`,`, `|` or `+` between names, `all`, `paper`, any case:
// `GREDUCE_PASSES`) are not bitflags', so both would stay hand-written, and a dependency
// would save about thirty lines.
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
    ///     .reduce(&run.trace, |v: &Vec<u32>| v.len() < 5);
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
    ///     .reduce(&run.trace, |v: &Vec<u32>| v.len() < 5);
    /// // Every number the loop drew, set to 0 at once.
    /// assert_eq!(reduced.output, [0, 0, 0, 0, 0]);
    /// ```
    pub const TRIVIAL: Passes = Passes(1 << 1);
    /// Lower each decision's value: the simplest value first, then a search towards it
    /// (the next simplest; then, when one step down works, bisection towards the simplest,
    /// else the largest halving that works). Where the decision picks a shape (a
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
    ///     .reduce(&run.trace, |&(a, b): &(u32, u32)| a + b < 100);
    /// // Each value on its own: `a` as low as `b` = 73 allows.
    /// assert_eq!(reduced.output, (27, 73));
    /// ```
    pub const MINIMIZE: Passes = Passes(1 << 2);
    /// Replace a generator call by a smaller call of the same generator nested in it
    /// (recursive generators: `Add(Add(a, b), c)` becomes `Add(a, b)`); or by a smaller
    /// call of another generator nested in it, the outer call running its simplest way
    /// until it first calls that generator (a descent: a statement whose simplest form is
    /// an expression statement becomes the expression nested deep in it). The crate docs'
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
    ///     .reduce(&run.trace, |x| !fails(x));
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
    ///     .reduce(&run.trace, |x| !fails(x));
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
    /// let alone = Reducer::new(pair).passes(Passes::MINIMIZE).reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(alone.output, (27, 73));
    /// // Moving an amount from `a` to `b` lowers `a` further.
    /// let together = Reducer::new(pair)
    ///     .passes(Passes::MINIMIZE | Passes::TOGETHER)
    ///     .reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(together.output, (1, 99));
    /// ```
    pub const TOGETHER: Passes = Passes(1 << 5);
    /// Reorder so that simpler values come first: sort the iterations of a loop by their
    /// values, swap two calls of one generator, move a value to a later decision of its
    /// site, move a loop's last iteration (with its values) to the end of a later loop of
    /// the same site (an element into a later list).
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
    /// let kept = Reducer::new(numbers).passes(Passes::STRUCTURE).reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(kept.output, [974, 797, 691]);
    /// let sorted = Reducer::new(numbers)
    ///     .passes(Passes::STRUCTURE | Passes::REORDER)
    ///     .reduce(&run.trace, |x| !fails(x));
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
/// let reduced = Reducer::new(numbers).reduce(&run.trace, |v: &Vec<u32>| v.len() < 5);
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
    /// A generator call replaced by a nested call of the same generator, or of another
    /// generator its simplest way reaches ([`Passes::HOIST`]).
    Hoist,
    /// Sorting a loop's iterations, swapping two calls, moving a value or an iteration
    /// later ([`Passes::REORDER`]).
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
    /// The bounded exhaustive search after shrinking ([`Reducer::exhaust`](crate::Reducer::exhaust)).
    Exhaust,
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
            Pass::Exhaust => "exhaust",
        })
    }
}

/// Which reduced traces the structural pass proposes.
///
/// ```
/// use greduce::{Reducer, Search, generator};
/// use rand::RngExt;
///
/// /// 1 to 3 rows of up to 3 digits.
/// #[generator]
/// fn grid<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Vec<u8>> {
///     (0..rng.random_range(1..4))
///         .map(|_| (0..rng.random_range(0..4)).map(|_| rng.random_range(0..10)).collect())
///         .collect()
/// }
///
/// let fails = |g: &Vec<Vec<u8>>| g.iter().flatten().any(|&d| d >= 5);
/// let run = (0..).map(|seed| greduce::record(grid, seed)).find(|r| fails(&r.output)).unwrap();
/// // Rows first, then the digits of the rows kept; or all parts at once.
/// let tree = Reducer::new(grid).search(Search::Tree).reduce(&run.trace, |x| !fails(x));
/// let sequence = Reducer::new(grid).search(Search::Sequence).reduce(&run.trace, |x| !fails(x));
/// assert_eq!(tree.output, [[5]]);
/// assert_eq!(sequence.output, tree.output);
/// ```
#[derive(Clone, Copy, Debug, Default, Eq, PartialEq, Hash)]
pub enum Search {
    /// ddmin over all reducible parts in trace order (`G^S` in the paper).
    Sequence,
    /// HDD: ddmin on the outermost parts first, then on the parts inside the kept ones,
    /// level by level (`G^T`). With the structural pass alone (the paper's algorithm),
    /// repeated until a whole round changes nothing; with value passes, one round, after
    /// which the rounds of the value passes sweep the parts again.
    #[default]
    Tree,
}

#[cfg(test)]
mod tests {
    use super::*;

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
