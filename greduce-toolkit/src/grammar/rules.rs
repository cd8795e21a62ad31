//! The grammar itself: nonterminals, their alternatives, and the items of an alternative.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// What an item of an alternative names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    /// Text that appears as it is (never empty: an empty alternative has no items).
    Terminal(Arc<str>),
    /// A nonterminal, by name (`<expr>`).
    Nonterminal(Arc<str>),
}

impl Symbol {
    /// The terminal's text or the nonterminal's name.
    pub fn as_str(&self) -> &str {
        match self {
            Symbol::Terminal(s) | Symbol::Nonterminal(s) => s,
        }
    }
}

/// One item of an alternative: a symbol, and the label of the context hook attached to it
/// (see [`Context`](super::Context)), written `<var>@define` in the text form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Item {
    /// The symbol.
    pub symbol: Symbol,
    /// The hook label, if any.
    pub hook: Option<Arc<str>>,
}

impl Item {
    /// A terminal item.
    pub fn terminal(text: &str) -> Item {
        Item {
            symbol: Symbol::Terminal(text.into()),
            hook: None,
        }
    }

    /// A nonterminal item (`name` as written, with its angle brackets).
    pub fn nonterminal(name: &str) -> Item {
        Item {
            symbol: Symbol::Nonterminal(name.into()),
            hook: None,
        }
    }

    /// The same item with a hook label.
    #[must_use]
    pub fn hook(mut self, label: &str) -> Item {
        self.hook = Some(label.into());
        self
    }
}

/// A context-free grammar: each nonterminal has a list of alternatives, each a sequence of
/// items. Build one with [`Grammar::builder`] or parse its text form with
/// [`str::parse`] (see the [module documentation](super) for the text form); both check it (every nonterminal defined, reachable
/// from the start and productive).
///
/// Quantifiers are rewritten into plain rules when the grammar is built, as Perses does:
/// `<x>*` becomes `<x*> ::= "" | <x> <x*>`, `<x>+` becomes `<x+> ::= <x> | <x> <x+>` and
/// `<x>?` becomes `<x?> ::= "" | <x>`.
#[derive(Clone, PartialEq, Eq)]
pub struct Grammar {
    pub(crate) names: Vec<Arc<str>>,
    pub(crate) index: HashMap<Arc<str>, usize>,
    pub(crate) rules: Vec<Vec<Vec<Item>>>,
    pub(crate) start: usize,
}

impl Grammar {
    /// The start symbol's name.
    pub fn start(&self) -> &str {
        &self.names[self.start]
    }

    /// The nonterminals, in the order they were defined.
    pub fn nonterminals(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(|n| &**n)
    }

    /// The alternatives of a nonterminal, or `None` when the grammar has no such nonterminal.
    pub fn alternatives(&self, name: &str) -> Option<&[Vec<Item>]> {
        self.index.get(name).map(|&i| &self.rules[i][..])
    }

    /// Whether the nonterminal has an empty alternative.
    pub fn has_empty(&self, name: &str) -> bool {
        self.alternatives(name)
            .is_some_and(|alts| alts.iter().any(Vec::is_empty))
    }

    /// The index of a nonterminal.
    pub(crate) fn id(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// A grammar from checked parts (its nonterminals all defined).
    pub(crate) fn from_parts(rules: Vec<(Arc<str>, Vec<Vec<Item>>)>, start: &str) -> Grammar {
        let names: Vec<Arc<str>> = rules.iter().map(|(n, _)| n.clone()).collect();
        let index = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i))
            .collect::<HashMap<_, _>>();
        let start = index[start];
        Grammar {
            names,
            index,
            rules: rules.into_iter().map(|(_, r)| r).collect(),
            start,
        }
    }
}

/// Writes a terminal as the text form quotes it.
pub(crate) fn quote(text: &str, out: &mut impl fmt::Write) -> fmt::Result {
    out.write_char('"')?;
    for c in text.chars() {
        match c {
            '"' => out.write_str("\\\"")?,
            '\\' => out.write_str("\\\\")?,
            '\n' => out.write_str("\\n")?,
            '\t' => out.write_str("\\t")?,
            '\r' => out.write_str("\\r")?,
            c => out.write_char(c)?,
        }
    }
    out.write_char('"')
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.symbol {
            Symbol::Terminal(t) => quote(t, f)?,
            Symbol::Nonterminal(n) => f.write_str(n)?,
        }
        if let Some(hook) = &self.hook {
            write!(f, "@{hook}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Grammar {
    /// The text form, one rule per line, the start symbol first; parsing it gives the same
    /// grammar (quantifiers already rewritten).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let order =
            std::iter::once(self.start).chain((0..self.names.len()).filter(|&i| i != self.start));
        for i in order {
            write!(f, "{} ::=", self.names[i])?;
            for (a, alt) in self.rules[i].iter().enumerate() {
                if a > 0 {
                    f.write_str(" |")?;
                }
                if alt.is_empty() {
                    f.write_str(" \"\"")?;
                }
                for item in alt {
                    write!(f, " {item}")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Grammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
