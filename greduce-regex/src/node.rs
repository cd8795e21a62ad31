//! The parsed pattern: a tree of [`Ast`]s.

/// A parsed pattern: what [`parse`](crate::parse) returns. Classes hold sets of characters;
/// the order in which a generator draws them is its own (`greduce::regex` documents its
/// order).
///
/// The tree is normalised: a group is its content (no node of its own); a [`Concat`] holds
/// two or more nodes and no nested `Concat` nor [`Empty`] (a group without a quantifier is
/// flattened into it); an [`Alternation`] holds two or more alternatives, in the written
/// order, and is not flattened (`(a|b)|c` keeps its nested alternation); a quantified
/// [`Empty`] is [`Empty`].
///
/// ```
/// use greduce_regex::{Ast, parse};
///
/// assert_eq!(parse("").unwrap(), Ast::Empty);
/// assert_eq!(
///     parse(r"x(?:y\d)?").unwrap(),
///     Ast::Concat(vec![
///         Ast::Literal('x'),
///         Ast::Repeat {
///             node: Box::new(Ast::Concat(vec![
///                 Ast::Literal('y'),
///                 Ast::Class(vec![('0', '9')]),
///             ])),
///             min: 0,
///             max: Some(1),
///         },
///     ])
/// );
/// assert_eq!(
///     parse("[^a-y]").unwrap(),
///     Ast::Class(vec![('\0', '`'), ('z', '\u{D7FF}'), ('\u{E000}', char::MAX)])
/// );
/// ```
///
/// [`Concat`]: Ast::Concat
/// [`Alternation`]: Ast::Alternation
/// [`Empty`]: Ast::Empty
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ast {
    /// The empty string: an empty pattern, group or alternative.
    Empty,
    /// One character.
    Literal(char),
    /// One character of a set: inclusive ranges, sorted, non-overlapping and non-adjacent,
    /// never empty. No range spans the surrogate gap (`\u{D800}` to `\u{DFFF}`, which are no
    /// `char`s): the set of `.` ends with `('\u{E000}', char::MAX)` after one ending at
    /// `'\u{D7FF}'`. So a range holds `hi as u32 - lo as u32 + 1` characters.
    Class(Vec<(char, char)>),
    /// Each node in turn.
    Concat(Vec<Ast>),
    /// One of the alternatives.
    Alternation(Vec<Ast>),
    /// `node` repeated from `min` times to `max` times (no limit when `None`); `max`, when
    /// there is one, is at least `min`.
    Repeat {
        /// What is repeated (never [`Ast::Empty`]).
        node: Box<Ast>,
        /// The fewest repetitions.
        min: u32,
        /// The most repetitions, or `None` for `*`, `+` and `{n,}`.
        max: Option<u32>,
    },
}
