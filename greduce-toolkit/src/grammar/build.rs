//! Building a grammar: the builder, quantifiers and character classes rewritten into plain
//! rules, and the checks (defined, productive, reachable) with located errors.

use super::rules::{Grammar, Item, Symbol};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::Arc;

/// Where a problem in a grammar is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// In a grammar's text form: 1-based line and column (in characters).
    Text {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
    /// In a grammar built in Rust: the rule and the 0-based alternative.
    Rule {
        /// The rule's nonterminal.
        rule: String,
        /// The alternative.
        alternative: usize,
    },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Text { line, column } => write!(f, "line {line}, column {column}"),
            Place::Rule { rule, alternative } => {
                write!(f, "rule {rule}, alternative {alternative}")
            }
        }
    }
}

/// What is wrong with a grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The text form does not follow the syntax (the message says what was expected).
    Syntax(String),
    /// A nonterminal is used but has no rule.
    Undefined(String),
    /// A nonterminal has two rules.
    Duplicate(String),
    /// No string of terminals derives from the nonterminal (every alternative needs itself,
    /// or another such nonterminal).
    NonProductive(String),
    /// The nonterminal cannot be reached from the start symbol.
    Unreachable(String),
    /// The grammar has no rules.
    Empty,
}

/// A grammar that cannot be built: what is wrong, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrammarError {
    /// What is wrong.
    pub problem: Problem,
    /// Where (`None` for a problem of the whole grammar).
    pub place: Option<Place>,
}

impl fmt::Display for GrammarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(place) = &self.place {
            write!(f, "{place}: ")?;
        }
        match &self.problem {
            Problem::Syntax(message) => f.write_str(message),
            Problem::Undefined(name) => write!(f, "`{name}` is used but has no rule"),
            Problem::Duplicate(name) => write!(
                f,
                "`{name}` has a rule already (write its alternatives in one rule, separated by `|`)"
            ),
            Problem::NonProductive(name) => write!(
                f,
                "`{name}` derives no string: each of its alternatives needs `{name}` again or \
                 another such nonterminal (give it an alternative that ends the recursion)"
            ),
            Problem::Unreachable(name) => write!(
                f,
                "`{name}` cannot be reached from the start symbol (use it, or remove its rule)"
            ),
            Problem::Empty => f.write_str("the grammar has no rules"),
        }
    }
}

impl std::error::Error for GrammarError {}

/// An item as written, before quantifiers and classes are rewritten.
#[derive(Clone, Debug)]
pub(crate) enum Atom {
    Terminal(String),
    Nonterminal(String),
    /// `[a-z_]`: the characters, and the class as written.
    Class(Vec<char>, String),
}

#[derive(Clone, Debug)]
pub(crate) struct Written {
    pub(crate) atom: Atom,
    pub(crate) quantifier: Option<char>,
    pub(crate) hook: Option<String>,
    pub(crate) place: Place,
}

#[derive(Clone, Debug)]
pub(crate) struct WrittenRule {
    pub(crate) name: String,
    pub(crate) place: Place,
    pub(crate) alternatives: Vec<Vec<Written>>,
}

/// Builds a [`Grammar`] in Rust. A string item in angle brackets (`"<expr>"`) names a
/// nonterminal, any other is a terminal; `"<x>*"`, `"<x>+"` and `"<x>?"` are quantified
/// nonterminals. For hooks on items, use [`Builder::rule_items`].
///
/// ```
/// use greduce::grammar::Grammar;
///
/// let g = Grammar::builder("<list>")
///     .rule("<list>", [vec!["[", "<digit>*", "]"]])
///     .rule("<digit>", [["0"], ["1"]])
///     .build()
///     .unwrap();
/// assert_eq!(g.to_string(), "<list> ::= \"[\" <digit*> \"]\"\n\
///                            <digit> ::= \"0\" | \"1\"\n\
///                            <digit*> ::= \"\" | <digit> <digit*>\n");
///
/// let err = Grammar::builder("<a>").rule("<a>", [["<b>"]]).build().unwrap_err();
/// assert_eq!(err.to_string(), "rule <a>, alternative 0: `<b>` is used but has no rule");
/// ```
#[derive(Clone, Debug)]
pub struct Builder {
    start: String,
    rules: Vec<WrittenRule>,
}

impl Builder {
    pub(crate) fn new(start: &str) -> Builder {
        Builder {
            start: start.to_owned(),
            rules: Vec::new(),
        }
    }

    /// Adds the rule of `name`: its alternatives, each a sequence of items.
    #[must_use]
    pub fn rule<A, S>(self, name: &str, alternatives: impl IntoIterator<Item = A>) -> Builder
    where
        A: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let alternatives = alternatives
            .into_iter()
            .map(|alt| alt.into_iter().map(|s| item_of(s.as_ref())).collect())
            .collect::<Vec<Vec<Item>>>();
        self.rule_items(name, alternatives)
    }

    /// Adds the rule of `name` from items, which may carry hook labels.
    #[must_use]
    pub fn rule_items(mut self, name: &str, alternatives: Vec<Vec<Item>>) -> Builder {
        let rule = name.to_owned();
        let alternatives = alternatives
            .into_iter()
            .enumerate()
            .map(|(a, alt)| {
                alt.into_iter()
                    .filter(|item| !matches!(&item.symbol, Symbol::Terminal(t) if t.is_empty()))
                    .map(|item| {
                        let (atom, quantifier) = match item.symbol {
                            Symbol::Terminal(t) => (Atom::Terminal(t.to_string()), None),
                            Symbol::Nonterminal(n) => match quantified(&n) {
                                Some((base, q)) => (Atom::Nonterminal(base.to_owned()), Some(q)),
                                None => (Atom::Nonterminal(n.to_string()), None),
                            },
                        };
                        Written {
                            atom,
                            quantifier,
                            hook: item.hook.map(|h| h.to_string()),
                            place: Place::Rule {
                                rule: rule.clone(),
                                alternative: a,
                            },
                        }
                    })
                    .collect()
            })
            .collect();
        self.rules.push(WrittenRule {
            name: rule.clone(),
            place: Place::Rule {
                rule,
                alternative: 0,
            },
            alternatives,
        });
        self
    }

    /// Checks the rules and builds the grammar.
    ///
    /// # Errors
    ///
    /// The first problem found, in this order: a rule defined twice, a nonterminal used
    /// but not defined, one that derives no string, one the start cannot reach.
    pub fn build(self) -> Result<Grammar, GrammarError> {
        finish(self.rules, Some(self.start))
    }
}

/// `"<x>*"` as (`"<x>"`, `'*'`).
fn quantified(name: &str) -> Option<(&str, char)> {
    let q = name.chars().last()?;
    let base = name.strip_suffix(['*', '+', '?'])?;
    (base.len() > 2 && base.starts_with('<') && base.ends_with('>')).then_some((base, q))
}

/// A builder string as an item.
fn item_of(s: &str) -> Item {
    let nonterminal =
        s.len() > 2 && s.starts_with('<') && (s.ends_with('>') || quantified(s).is_some());
    if nonterminal {
        Item::nonterminal(s)
    } else {
        Item::terminal(s)
    }
}

/// Rewrites quantifiers and classes, checks, and builds. `start` defaults to the first
/// rule's nonterminal.
pub(crate) fn finish(
    rules: Vec<WrittenRule>,
    start: Option<String>,
) -> Result<Grammar, GrammarError> {
    let Some(first) = rules.first() else {
        return Err(GrammarError {
            problem: Problem::Empty,
            place: None,
        });
    };
    let start = start.unwrap_or_else(|| first.name.clone());
    let mut out: Vec<(Arc<str>, Vec<Vec<Item>>, Place)> = Vec::new();
    let mut defined: HashMap<String, usize> = HashMap::new();
    for rule in &rules {
        let n = &rule.name;
        if !(n.len() > 2
            && n.starts_with('<')
            && n.ends_with('>')
            && !n[1..n.len() - 1].contains(['<', '>', '\n']))
        {
            return Err(GrammarError {
                problem: Problem::Syntax(format!(
                    "the rule `{n}` must be named by a nonterminal in angle brackets, `<name>`"
                )),
                place: Some(rule.place.clone()),
            });
        }
        if defined.insert(rule.name.clone(), out.len()).is_some() {
            return Err(GrammarError {
                problem: Problem::Duplicate(rule.name.clone()),
                place: Some(rule.place.clone()),
            });
        }
        out.push((rule.name.as_str().into(), Vec::new(), rule.place.clone()));
    }
    let mut rewriter = Rewriter::default();
    for (r, rule) in rules.into_iter().enumerate() {
        out[r].1 = rule
            .alternatives
            .into_iter()
            .map(|alt| alt.into_iter().map(|w| rewriter.item(w)).collect())
            .collect();
    }
    let Rewriter { uses, helpers, .. } = rewriter;
    for (name, alts, place) in helpers {
        if defined.contains_key(&*name) {
            return Err(GrammarError {
                problem: Problem::Duplicate(name.to_string()),
                place: Some(place),
            });
        }
        defined.insert(name.to_string(), out.len());
        out.push((name, alts, place));
    }
    if !defined.contains_key(&start) {
        return Err(GrammarError {
            problem: Problem::Undefined(start),
            place: None,
        });
    }
    for (name, place) in uses {
        if !defined.contains_key(&name) {
            return Err(GrammarError {
                problem: Problem::Undefined(name),
                place: Some(place),
            });
        }
    }
    let rules: Vec<(Arc<str>, Vec<Vec<Item>>)> =
        out.iter().map(|(n, a, _)| (n.clone(), a.clone())).collect();
    let productive = productive(&rules, &defined);
    if let Some(i) = (0..rules.len()).find(|&i| !productive[i]) {
        return Err(GrammarError {
            problem: Problem::NonProductive(rules[i].0.to_string()),
            place: Some(out[i].2.clone()),
        });
    }
    let reachable = reachable(&rules, &defined, defined[&start]);
    if let Some(i) = (0..rules.len()).find(|&i| !reachable[i]) {
        return Err(GrammarError {
            problem: Problem::Unreachable(rules[i].0.to_string()),
            place: Some(out[i].2.clone()),
        });
    }
    Ok(Grammar::from_parts(rules, &start))
}

/// Rewrites quantified items and classes into nonterminals with rules of their own.
#[derive(Default)]
struct Rewriter {
    /// Uses of nonterminals, in the order written: (name, place).
    uses: Vec<(String, Place)>,
    /// The rules written for quantifiers and classes.
    helpers: Vec<(Arc<str>, Vec<Vec<Item>>, Place)>,
    helper_names: HashSet<String>,
}

impl Rewriter {
    fn item(&mut self, written: Written) -> Item {
        let base = match &written.atom {
            Atom::Terminal(t) => Symbol::Terminal(t.as_str().into()),
            Atom::Nonterminal(n) => {
                self.uses.push((n.clone(), written.place.clone()));
                Symbol::Nonterminal(n.as_str().into())
            }
            Atom::Class(chars, text) => {
                let name = format!("<{text}>");
                if self.helper_names.insert(name.clone()) {
                    let alts = chars
                        .iter()
                        .map(|c| vec![Item::terminal(&c.to_string())])
                        .collect();
                    self.helpers
                        .push((name.as_str().into(), alts, written.place.clone()));
                }
                Symbol::Nonterminal(name.into())
            }
        };
        let symbol = match written.quantifier {
            None => base,
            Some(q) => {
                let name = helper_name(&base, q, self.helper_names.len());
                if self.helper_names.insert(name.clone()) {
                    let one = Item {
                        symbol: base,
                        hook: None,
                    };
                    let again = Item::nonterminal(&name);
                    let alts = match q {
                        '*' => vec![vec![], vec![one, again]],
                        '+' => vec![vec![one.clone()], vec![one, again]],
                        _ => vec![vec![], vec![one]],
                    };
                    self.helpers
                        .push((name.as_str().into(), alts, written.place.clone()));
                }
                Symbol::Nonterminal(name.into())
            }
        };
        Item {
            symbol,
            hook: written.hook.map(|h| h.as_str().into()),
        }
    }
}

/// The nonterminal a quantifier is rewritten into: `<x*>` for `<x>*`, `<"ab"*>` for
/// `"ab"*` (a numbered name when the text could not be read back).
fn helper_name(base: &Symbol, q: char, n: usize) -> String {
    match base {
        Symbol::Nonterminal(name) => format!("{}{q}>", &name[..name.len() - 1]),
        Symbol::Terminal(t) if !t.contains(['<', '>', '"', '\\', '\n']) => format!("<\"{t}\"{q}>"),
        Symbol::Terminal(_) => format!("<_{n}{q}>"),
    }
}

/// Which rules derive some string of terminals (a fixpoint).
pub(crate) fn productive<S: std::hash::BuildHasher>(
    rules: &[(Arc<str>, Vec<Vec<Item>>)],
    index: &HashMap<String, usize, S>,
) -> Vec<bool> {
    let mut done = vec![false; rules.len()];
    loop {
        let mut changed = false;
        for (i, (_, alts)) in rules.iter().enumerate() {
            if done[i] {
                continue;
            }
            let ok = alts.iter().any(|alt| {
                alt.iter().all(|item| match &item.symbol {
                    Symbol::Terminal(_) => true,
                    Symbol::Nonterminal(n) => index.get(&**n).is_some_and(|&j| done[j]),
                })
            });
            if ok {
                done[i] = true;
                changed = true;
            }
        }
        if !changed {
            return done;
        }
    }
}

/// Which rules the rule `start` reaches.
pub(crate) fn reachable<S: std::hash::BuildHasher>(
    rules: &[(Arc<str>, Vec<Vec<Item>>)],
    index: &HashMap<String, usize, S>,
    start: usize,
) -> Vec<bool> {
    let mut seen = vec![false; rules.len()];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(i) = stack.pop() {
        for item in rules[i].1.iter().flatten() {
            if let Symbol::Nonterminal(n) = &item.symbol
                && let Some(&j) = index.get(&**n)
                && !seen[j]
            {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen
}
