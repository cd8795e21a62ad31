//! Grammars: write one, generate from it and shrink by the generator's trace, parse an
//! existing input and reduce it with Perses, and specialise a grammar so it avoids a
//! failure already found.
//!
//! - [`Grammar`]: nonterminals and their alternatives, built in Rust ([`Grammar::builder`])
//!   or parsed from the text form below, checked when built: every nonterminal defined,
//!   productive and reachable, or a [`GrammarError`] saying which and where.
//! - [`Grammar::parse`]: an Earley parser for any context-free grammar, giving a
//!   derivation [`Tree`].
//! - [`Fuzzer`]: the depth-limited grammar fuzzer of the "generator reduction" post (seed
//!   000 of this project), with [`Context`] hooks, as a `#[generator]`, so greduce's reducer
//!   shrinks what it generates.
//! - [`perses`] reduces an existing input through its parse tree; [`perses_with`] lets the
//!   caller test each node's candidates itself (in parallel, as `greduce reduce --grammar`
//!   does).
//!
//! # The text form
//!
//! ```text
//! # A comment runs to the end of its line.
//! <start>  ::= <assign>+
//! <assign> ::= <var>@define " = " <expr> ";\n"
//! <expr>   ::= <expr> " + " <expr> | "(" <expr> ")"
//!            | <var>@use | [0-9]
//! <var>    ::= [a-z]
//! ```
//!
//! A rule is a nonterminal in angle brackets, `::=`, and alternatives separated by `|`; it
//! runs until the next `<name> ::=`, so alternatives may continue on the next lines.
//! Terminals are double-quoted (escapes `\n`, `\t`, `\r`, `\"`, `\\`); `""` is the empty
//! alternative. `[a-z_]` is one character of a class (the same escapes work inside, and
//! `\]` and `\-`). An item may be followed by a quantifier (`*`, `+`, `?`) and then by a
//! hook label (`@name`, see [`Context`]). The first rule's nonterminal is the start
//! symbol.
//!
//! ```
//! use greduce::grammar::Grammar;
//!
//! let g: Grammar = "<list> ::= \"[\" <digit>* \"]\"\n<digit> ::= [0-1]".parse().unwrap();
//! assert_eq!(g.parse("[0110]").unwrap().text(), "[0110]");
//!
//! let err = "<a> ::= <b>\n<c> ::= \"c\"".parse::<Grammar>().unwrap_err();
//! assert_eq!(err.to_string(), "line 1, column 9: `<b>` is used but has no rule");
//! ```

mod build;
mod choices;
mod earley;
mod effort;
mod fuzz;
mod pattern;
mod perses;
mod rules;
mod specialise;
mod text;
mod tree;

pub use build::{Builder, GrammarError, Place, Problem};
pub use choices::{DEFAULT, ReducedChoices, ddmin_choices};
pub use earley::ParseError;
pub use effort::Effort;
pub use fuzz::{Context, Fuzzer};
pub use pattern::{Generalised, Pattern, generalise};
pub use perses::{ReducedTree, perses, perses_with};
pub use rules::{Grammar, Item, Symbol};
pub use specialise::{Condition, SpecialiseError, specialise};
pub use tree::Tree;

/// The former name of [`ReducedTree`], kept for one release.
#[deprecated(note = "renamed `ReducedTree`")]
pub type Reduced = ReducedTree;

impl Grammar {
    /// A builder for a grammar whose start symbol is `start`.
    pub fn builder(start: &str) -> Builder {
        Builder::new(start)
    }
}
