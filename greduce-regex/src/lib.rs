//! The regular-expression syntax of [greduce](https://docs.rs/greduce): [`parse`] turns a
//! pattern into a [`Ast`] tree, or an [`PatternError`] with the byte offset of the problem. An
//! implementation detail of `greduce::regex` (which generates strings a pattern matches)
//! and of `greduce-macros` (whose derive rejects a bad pattern at compile time, at its
//! span): use it through those.
//!
//! ```
//! use greduce_regex::{Ast, parse};
//!
//! assert_eq!(
//!     parse("a|b+").unwrap(),
//!     Ast::Alternation(vec![
//!         Ast::Literal('a'),
//!         Ast::Repeat { node: Box::new(Ast::Literal('b')), min: 1, max: None },
//!     ])
//! );
//! assert_eq!(parse("[a-").unwrap_err().to_string(), "unclosed class: `[` has no matching `]`");
//! ```
//!
//! # Syntax
//!
//! A pattern describes whole strings (as if it were between `^` and `$`).
//!
//! | syntax | matches |
//! |---|---|
//! | `a`, `é`, `-`, a space | the character itself (any but the ones below) |
//! | `\.`, `\\`, `\-`, `\ ` | the punctuation character (or space) after the `\` |
//! | `\n`, `\t`, `\r`, `\f`, `\v`, `\a` | newline, tab, carriage return, form feed, vertical tab, bell |
//! | `\x41`, `\x{41}`, `\u0041`, `\u{1F600}` | the character of that hex code (1 to 6 digits in braces) |
//! | `.` | any character but the newline `\n` |
//! | `[abc]`, `[a-z0-9_]`, `[]a]`, `[a-]` | one character of the class (a `]` first and a `-` first or last are literal) |
//! | `[^abc]` | one character not in the class |
//! | `\d`, `\w`, `\s` | an ASCII digit `[0-9]`, word character `[0-9A-Za-z_]`, whitespace `[\t\n\v\f\r ]` (also inside classes) |
//! | `\D`, `\W`, `\S` | any character but those |
//! | `(r)`, `(?:r)`, `(?P<name>r)`, `(?<name>r)` | `r` (names are accepted and ignored) |
//! | `r\|s` | `r` or `s` (either may be empty) |
//! | `r*`, `r+`, `r?` | `r` any number of times, at least once, at most once |
//! | `r{n}`, `r{n,}`, `r{n,m}` | `r` exactly `n` times, at least `n`, from `n` to `m` (counts up to 100 000) |
//! | `r*?`, `r+?`, `r??`, `r{n,m}?` | the same as without the `?` (laziness changes no match) |
//! | `^` first, `$` last | nothing (accepted and ignored) |
//!
//! Anything else is an [`PatternError`]: backreferences (`\1`, `\k<n>`, `(?P=n)`), lookaround
//! (`(?=`, `(?!`, `(?<=`, `(?<!`), flags (`(?i)`), word boundaries (`\b`, `\B`, `\<`,
//! `\>`), Unicode classes (`\p{L}`), other anchors (`\A`, `\z`, `^` or `$` elsewhere),
//! nested classes and class set operations (`[a[b]]`, `&&`, `--`, `~~`), unknown escapes,
//! unbalanced parentheses or brackets, `{m,n}` with `m > n`, a quantifier with nothing to
//! repeat or following another quantifier (`a**`), and a class that matches no character
//! (`[^\s\S]`). Groups nest at most 128 deep.

mod class;
mod error;
mod escape;
mod node;
mod parse;

pub use error::PatternError;
pub use node::Ast;

/// Parses `pattern` (see [the syntax](crate#syntax)).
///
/// ```
/// use greduce_regex::{Ast, parse};
///
/// assert_eq!(parse(r"\.").unwrap(), Ast::Literal('.'));
/// ```
///
/// # Errors
///
/// An [`PatternError`] at the first problem: syntax greduce does not accept, or a malformed
/// pattern.
///
/// ```
/// let err = greduce_regex::parse("(?i)abc").unwrap_err();
/// assert_eq!(err.offset(), 0);
/// assert_eq!(
///     err.to_string(),
///     "unsupported: flags `(?i)`; greduce generates from literals, classes, groups, alternation and repetition"
/// );
/// ```
pub fn parse(pattern: &str) -> Result<Ast, PatternError> {
    parse::parse(pattern)
}
