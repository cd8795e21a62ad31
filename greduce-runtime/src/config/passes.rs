//! The passes by name ([`Pass`]), sets of them ([`PassSet`]), and how the structural pass
//! searches ([`Search`]): what a user selects.

use std::fmt;
use std::ops::{BitOr, BitOrAssign};

/// A set of pass families: which kinds of change a reduction tries ([`Reducer::passes`]).
///
/// [`PassSet::STRUCTURE`] alone is the paper's GReduce: ddmin or HDD over the reducible parts
/// of the trace, nothing else. The default, [`PassSet::ALL`], adds the passes that simplify
/// what remains.
///
/// ```
/// use greduce::PassSet;
///
/// let values = PassSet::STRUCTURE | PassSet::MINIMIZE;
/// assert!(values.contains(PassSet::MINIMIZE));
/// assert!(!values.contains(PassSet::HOIST));
/// assert_eq!(PassSet::default(), PassSet::ALL);
/// ```
///
/// [`Reducer::passes`]: crate::Reducer::passes
// A bitset written by hand rather than with `bitflags`: its `Debug` (`STRUCTURE | HOIST`,
// `ALL`, `(none)`) and `parse` (`,`, `|` or `+` between names, `all`, `paper`, any case:
// `GREDUCE_PASSES`) are not bitflags', so both would stay hand-written, and a dependency
// would save about thirty lines.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PassSet(u16);

impl PassSet {
    /// Remove reducible parts (loop iterations, `if` blocks, `match` arms): ddmin or HDD,
    /// as [`Search`] says, with halt, bypass or re-align. The paper's algorithm.
    ///
    /// ```
    /// # use greduce::{PassSet, Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1); // 24 numbers
    /// let reduced = Reducer::new(numbers)
    ///     .passes(PassSet::STRUCTURE)
    ///     .reduce(&run.trace, |v: &Vec<u32>| v.len() < 5);
    /// // Iterations removed; the numbers left are as drawn.
    /// assert_eq!(reduced.output, [797, 691, 196, 427, 216]);
    /// ```
    pub const STRUCTURE: PassSet = PassSet(1);
    /// Set every decision inside one part (an iteration, a block, a generator call) to its
    /// simplest value at once.
    ///
    /// ```
    /// # use greduce::{PassSet, Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1); // 24 numbers
    /// let reduced = Reducer::new(numbers)
    ///     .passes(PassSet::STRUCTURE | PassSet::TRIVIAL)
    ///     .reduce(&run.trace, |v: &Vec<u32>| v.len() < 5);
    /// // Every number the loop drew, set to 0 at once.
    /// assert_eq!(reduced.output, [0, 0, 0, 0, 0]);
    /// ```
    pub const TRIVIAL: PassSet = PassSet(1 << 1);
    /// Lower each decision's value: the simplest value first, then a search towards it
    /// (the next simplest; then, when one step down works, bisection towards the simplest,
    /// else the largest halving that works). Where the decision picks a shape (a
    /// `match` arm, a `choose`) and the other shape draws its values at other
    /// sites, the values that followed are also carried over by position, and, when the
    /// other shape draws fewer, with as many of the first ones deleted.
    ///
    /// ```
    /// use greduce::{PassSet, Reducer, generator};
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
    ///     .passes(PassSet::MINIMIZE)
    ///     .reduce(&run.trace, |&(a, b): &(u32, u32)| a + b < 100);
    /// // Each value on its own: `a` as low as `b` = 73 allows.
    /// assert_eq!(reduced.output, (27, 73));
    /// ```
    pub const MINIMIZE: PassSet = PassSet(1 << 2);
    /// Replace a generator call by a smaller call of the same generator nested in it
    /// (recursive generators: `Add(Add(a, b), c)` becomes `Add(a, b)`); or by a smaller
    /// call of another generator nested in it, the outer call running its simplest way
    /// until it first calls that generator (a descent: a statement whose simplest form is
    /// an expression statement becomes the expression nested deep in it). The crate docs'
    /// "Recursive generators" section shows a reduction with and without it.
    ///
    /// ```
    /// use greduce::{PassSet, Reducer, generator};
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
    ///     .passes(PassSet::HOIST | PassSet::MINIMIZE)
    ///     .reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(hoisted.output, Tree::Leaf(50));
    /// ```
    pub const HOIST: PassSet = PassSet(1 << 3);
    /// Delete runs of decisions that no reducible part covers: an iteration of a loop whose
    /// count is not a decision, the retries of a rejection loop.
    ///
    /// ```
    /// use greduce::{PassSet, Reducer, generator};
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
    ///     .passes(PassSet::MINIMIZE | PassSet::DELETE)
    ///     .reduce(&run.trace, |x| !fails(x));
    /// // The retries are gone: one draw is left.
    /// assert_eq!(reduced.trace.decision_count(), 1);
    /// ```
    pub const DELETE: PassSet = PassSet(1 << 4);
    /// Change values together: lower equal values at once, lower two values by the same
    /// amount, move an amount from one value to a later one (also iterations from one loop
    /// to a later loop of the same site).
    ///
    /// ```
    /// use greduce::{PassSet, Reducer, generator};
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
    /// let alone = Reducer::new(pair).passes(PassSet::MINIMIZE).reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(alone.output, (27, 73));
    /// // Moving an amount from `a` to `b` lowers `a` further.
    /// let together = Reducer::new(pair)
    ///     .passes(PassSet::MINIMIZE | PassSet::TOGETHER)
    ///     .reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(together.output, (1, 99));
    /// ```
    pub const TOGETHER: PassSet = PassSet(1 << 5);
    /// Reorder so that simpler values come first: sort the iterations of a loop by their
    /// values, swap two calls of one generator, move a value to a later decision of its
    /// site, move a loop's last iteration (with its values) to the end of a later loop of
    /// the same site (an element into a later list).
    ///
    /// ```
    /// # use greduce::{PassSet, Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1); // 24 numbers
    /// let fails = |v: &Vec<u32>| v.len() >= 3;
    /// let kept = Reducer::new(numbers).passes(PassSet::STRUCTURE).reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(kept.output, [974, 797, 691]);
    /// let sorted = Reducer::new(numbers)
    ///     .passes(PassSet::STRUCTURE | PassSet::REORDER)
    ///     .reduce(&run.trace, |x| !fails(x));
    /// assert_eq!(sorted.output, [691, 797, 974]);
    /// ```
    pub const REORDER: PassSet = PassSet(1 << 6);
    /// Every pass (the default).
    ///
    /// ```
    /// use greduce::PassSet;
    ///
    /// assert_eq!(PassSet::default(), PassSet::ALL);
    /// assert!(PassSet::ALL.contains(PassSet::STRUCTURE | PassSet::HOIST | PassSet::REORDER));
    /// assert_eq!(PassSet::parse("all"), Ok(PassSet::ALL));
    /// ```
    pub const ALL: PassSet = PassSet((1 << 7) - 1);

    /// Whether every pass family of `other` is in this set.
    ///
    /// ```
    /// use greduce::PassSet;
    ///
    /// let set = PassSet::STRUCTURE | PassSet::MINIMIZE;
    /// assert!(set.contains(PassSet::MINIMIZE));
    /// assert!(set.contains(PassSet::STRUCTURE | PassSet::MINIMIZE));
    /// assert!(!set.contains(PassSet::MINIMIZE | PassSet::HOIST));
    /// ```
    pub fn contains(self, other: PassSet) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether the set has no pass family (every set built from the constants has one).
    ///
    /// ```
    /// use greduce::PassSet;
    ///
    /// assert!(!PassSet::STRUCTURE.is_empty());
    /// assert!(!PassSet::parse("minimize").unwrap().is_empty());
    /// ```
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    const NAMES: [(PassSet, &'static str); 7] = [
        (PassSet::STRUCTURE, "STRUCTURE"),
        (PassSet::TRIVIAL, "TRIVIAL"),
        (PassSet::MINIMIZE, "MINIMIZE"),
        (PassSet::HOIST, "HOIST"),
        (PassSet::DELETE, "DELETE"),
        (PassSet::TOGETHER, "TOGETHER"),
        (PassSet::REORDER, "REORDER"),
    ];

    /// The set named by `text`: `all`, `structure` (or `paper`), or family names joined
    /// with `,` or `|` (`structure,minimize`); case does not matter.
    ///
    /// # Errors
    ///
    /// An unknown name, with the names that are known.
    ///
    /// ```
    /// use greduce::PassSet;
    ///
    /// assert_eq!(PassSet::parse("structure,minimize"), Ok(PassSet::STRUCTURE | PassSet::MINIMIZE));
    /// assert_eq!(PassSet::parse("Paper"), Ok(PassSet::STRUCTURE));
    /// assert!(PassSet::parse("fast").unwrap_err().contains("unknown pass family `fast`"));
    /// ```
    pub fn parse(text: &str) -> Result<PassSet, String> {
        let mut set = PassSet(0);
        for name in text.split([',', '|', '+']).map(str::trim) {
            let upper = name.to_ascii_uppercase();
            set |= match upper.as_str() {
                "ALL" => PassSet::ALL,
                "PAPER" => PassSet::STRUCTURE,
                _ => PassSet::NAMES
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

impl Default for PassSet {
    fn default() -> PassSet {
        PassSet::ALL
    }
}

impl BitOr for PassSet {
    type Output = PassSet;
    fn bitor(self, other: PassSet) -> PassSet {
        PassSet(self.0 | other.0)
    }
}

impl BitOrAssign for PassSet {
    fn bitor_assign(&mut self, other: PassSet) {
        self.0 |= other.0;
    }
}

impl fmt::Debug for PassSet {
    /// `STRUCTURE | MINIMIZE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == PassSet::ALL {
            return f.write_str("ALL");
        }
        let names: Vec<&str> = PassSet::NAMES
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
    /// ddmin / HDD over reducible parts ([`PassSet::STRUCTURE`]).
    Structure,
    /// All decisions of a part to their simplest values ([`PassSet::TRIVIAL`]).
    Trivial,
    /// Deleting a decision run no part covers ([`PassSet::DELETE`]).
    Delete,
    /// A generator call replaced by a nested call of the same generator, or of another
    /// generator its simplest way reaches ([`PassSet::HOIST`]).
    Hoist,
    /// Sorting a loop's iterations, swapping two calls, moving a value or an iteration
    /// later ([`PassSet::REORDER`]).
    Reorder,
    /// Equal values lowered together ([`PassSet::TOGETHER`]).
    Duplicates,
    /// One decision's value lowered ([`PassSet::MINIMIZE`]).
    Minimize,
    /// Two values lowered by the same amount ([`PassSet::TOGETHER`]).
    LowerTogether,
    /// An amount moved from one value to a later one, or iterations from one loop to a
    /// later loop of the same site ([`PassSet::TOGETHER`]).
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
        assert_eq!(PassSet::parse("paper").unwrap(), PassSet::STRUCTURE);
        assert_eq!(
            PassSet::parse("structure, Minimize").unwrap(),
            PassSet::STRUCTURE | PassSet::MINIMIZE
        );
        assert_eq!(
            format!("{:?}", PassSet::STRUCTURE | PassSet::HOIST),
            "STRUCTURE | HOIST"
        );
        assert!(PassSet::parse("shrink").unwrap_err().contains("`shrink`"));
    }
}
