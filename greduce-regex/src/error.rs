//! Why a pattern is rejected, and where.

use std::fmt;

/// What the unsupported-syntax messages say is accepted instead.
pub(crate) const ACCEPTED: &str =
    "greduce generates from literals, classes, groups, alternation and repetition";

/// A pattern greduce cannot generate from: the byte offset of the problem in the pattern,
/// and a message in rustc's style (lowercase, code in backticks, naming what is accepted
/// instead).
///
/// ```
/// let err = greduce_regex::parse(r"(a)\1").unwrap_err();
/// assert_eq!(err.offset(), 3);
/// assert_eq!(
///     err.to_string(),
///     r"unsupported: backreference `\1`; greduce generates from literals, classes, groups, alternation and repetition"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError {
    offset: usize,
    message: String,
}

impl PatternError {
    pub(crate) fn new(offset: usize, message: impl Into<String>) -> PatternError {
        PatternError {
            offset,
            message: message.into(),
        }
    }

    /// An unsupported construct: "unsupported: `what`; greduce generates from ...".
    pub(crate) fn unsupported(offset: usize, what: &str) -> PatternError {
        PatternError::new(offset, format!("unsupported: {what}; {ACCEPTED}"))
    }

    /// The byte offset in the pattern where the problem starts: the `\` of an escape, the
    /// `(` of a group, the `[` of a class, the `{` or other character of a quantifier.
    ///
    /// ```
    /// let err = greduce_regex::parse("ab[c").unwrap_err();
    /// assert_eq!(err.offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
}

/// The message alone, without the offset (a compile error shows it at its span).
impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PatternError {}
