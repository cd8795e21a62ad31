//! Specialising a grammar (seed 002, "input algebras"): from patterns and a condition on
//! them (contains, and, or, not), a grammar whose derivations are exactly the original
//! grammar's derivations that meet the condition.
//!
//! Each nonterminal is split by what its derivations are, as far as the patterns can tell:
//! which pattern nodes the derivation's root is an instance of, and which patterns occur
//! anywhere in it. That is a deterministic bottom-up tree automaton run alongside the
//! grammar; its states are found from the terminals up, so every nonterminal of the result
//! is productive. Since the states say exactly which patterns occur, "not" needs no rules of
//! its own: the condition is checked once, on the start symbol's states. (Seed 002 instead
//! writes a grammar per negated pattern and pushes negation inwards with De Morgan's laws;
//! [`Condition::normalised`] does that step, for display.)

use super::pattern::Pattern;
use super::rules::{Grammar, Item, Symbol};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// A condition on derivations, in terms of the patterns they contain.
///
/// ```
/// use greduce::grammar::{Condition, Grammar, Pattern};
///
/// let g: Grammar = r#"<expr> ::= <expr> "+" <expr> | "(" <expr> ")" | [0-9]"#.parse().unwrap();
/// let double = Pattern::from(&g.parse("((0))").unwrap());
/// let zero = Pattern::from(&g.parse("0").unwrap());
/// let c = !(Condition::contains(double) & Condition::contains(zero));
/// assert_eq!(c.normalised().to_string(), "or(not(((0))), not(0))");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    /// The derivation has a subtree that is an instance of the pattern.
    Contains(Pattern),
    /// The condition does not hold.
    Not(Box<Condition>),
    /// Both hold.
    And(Box<Condition>, Box<Condition>),
    /// One at least holds.
    Or(Box<Condition>, Box<Condition>),
}

impl Condition {
    /// The derivation contains `pattern` somewhere.
    pub fn contains(pattern: Pattern) -> Condition {
        Condition::Contains(pattern)
    }

    /// The same condition with every `not` pushed down to a pattern (De Morgan's laws, and
    /// double negations removed).
    #[must_use]
    pub fn normalised(&self) -> Condition {
        self.pushed(false)
    }

    fn pushed(&self, negate: bool) -> Condition {
        match (self, negate) {
            (Condition::Contains(p), false) => Condition::Contains(p.clone()),
            (Condition::Contains(p), true) => {
                Condition::Not(Box::new(Condition::Contains(p.clone())))
            }
            (Condition::Not(c), _) => c.pushed(!negate),
            (Condition::And(a, b), false) | (Condition::Or(a, b), true) => {
                Condition::And(Box::new(a.pushed(negate)), Box::new(b.pushed(negate)))
            }
            (Condition::Or(a, b), false) | (Condition::And(a, b), true) => {
                Condition::Or(Box::new(a.pushed(negate)), Box::new(b.pushed(negate)))
            }
        }
    }

    /// The patterns, each once, in order of first appearance.
    fn patterns<'c>(&'c self, out: &mut Vec<&'c Pattern>) {
        match self {
            Condition::Contains(p) => {
                if !out.contains(&p) {
                    out.push(p);
                }
            }
            Condition::Not(c) => c.patterns(out),
            Condition::And(a, b) | Condition::Or(a, b) => {
                a.patterns(out);
                b.patterns(out);
            }
        }
    }

    /// Whether the condition holds when the patterns found are `found` (bit `i` for the
    /// `i`-th of `patterns`).
    fn holds(&self, patterns: &[&Pattern], found: u64) -> bool {
        match self {
            Condition::Contains(p) => {
                let i = patterns
                    .iter()
                    .position(|q| q == &p)
                    .expect("a pattern of the condition");
                found & (1 << i) != 0
            }
            Condition::Not(c) => !c.holds(patterns, found),
            Condition::And(a, b) => a.holds(patterns, found) && b.holds(patterns, found),
            Condition::Or(a, b) => a.holds(patterns, found) || b.holds(patterns, found),
        }
    }
}

impl std::ops::Not for Condition {
    type Output = Condition;
    fn not(self) -> Condition {
        Condition::Not(Box::new(self))
    }
}

impl std::ops::BitAnd for Condition {
    type Output = Condition;
    fn bitand(self, other: Condition) -> Condition {
        Condition::And(Box::new(self), Box::new(other))
    }
}

impl std::ops::BitOr for Condition {
    type Output = Condition;
    fn bitor(self, other: Condition) -> Condition {
        Condition::Or(Box::new(self), Box::new(other))
    }
}

impl fmt::Display for Condition {
    /// `and(not(((<expr>))), 0)`: patterns as their text, holes as their nonterminal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Condition::Contains(p) => write!(f, "{p}"),
            Condition::Not(c) => write!(f, "not({c})"),
            Condition::And(a, b) => write!(f, "and({a}, {b})"),
            Condition::Or(a, b) => write!(f, "or({a}, {b})"),
        }
    }
}

/// Why a grammar cannot be specialised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecialiseError {
    /// A pattern node is not a derivation step of the grammar (its nonterminal is unknown,
    /// or no alternative spells its children).
    Unfit {
        /// The pattern node, as `Debug` writes it.
        node: String,
    },
    /// A pattern is a hole or a terminal at its root: it has no structure to look for.
    NoStructure {
        /// The pattern.
        pattern: String,
    },
    /// No derivation meets the condition.
    Empty,
    /// More than 64 patterns, or the split grammar grew past a million alternatives.
    TooLarge,
}

impl fmt::Display for SpecialiseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecialiseError::Unfit { node } => write!(
                f,
                "the pattern node {node} is not a step of the grammar (no alternative of its \
                 nonterminal spells its children)"
            ),
            SpecialiseError::NoStructure { pattern } => write!(
                f,
                "the pattern `{pattern}` is a hole or a terminal: specialise on a pattern with \
                 a nonterminal at its root"
            ),
            SpecialiseError::Empty => {
                f.write_str("no derivation of the grammar meets the condition")
            }
            SpecialiseError::TooLarge => f.write_str(
                "the specialised grammar is too large (more than 64 patterns, or a million \
                 alternatives)",
            ),
        }
    }
}

impl std::error::Error for SpecialiseError {}

/// A pattern node as the automaton reads it (indexed by the rule and alternative it is a
/// step of): for each item, the pattern node it must be (`None`: anything, a hole or a
/// terminal).
struct Step {
    children: Vec<Option<usize>>,
}

/// What the automaton knows of a derivation: the pattern nodes its root is an instance of
/// (sorted), and the patterns found in it (a bit each).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    matched: Vec<u32>,
    found: u64,
}

struct Automaton {
    steps: Vec<Step>,
    /// Per pattern, its root step.
    roots: Vec<usize>,
    /// The steps of each (rule, alternative).
    by_alternative: HashMap<(usize, usize), Vec<usize>>,
}

impl Automaton {
    fn new(grammar: &Grammar, patterns: &[&Pattern]) -> Result<Automaton, SpecialiseError> {
        if patterns.len() > 64 {
            return Err(SpecialiseError::TooLarge);
        }
        let mut automaton = Automaton {
            steps: Vec::new(),
            roots: Vec::new(),
            by_alternative: HashMap::new(),
        };
        for p in patterns {
            if !matches!(p, Pattern::Node(..)) {
                return Err(SpecialiseError::NoStructure {
                    pattern: p.to_string(),
                });
            }
            let root = automaton.step(grammar, p)?.expect("a node");
            automaton.roots.push(root);
        }
        Ok(automaton)
    }

    /// Adds the steps of a pattern node (its children's first); `None` for a hole or leaf.
    fn step(&mut self, grammar: &Grammar, p: &Pattern) -> Result<Option<usize>, SpecialiseError> {
        let Pattern::Node(name, children) = p else {
            return Ok(None);
        };
        let unfit = || SpecialiseError::Unfit {
            node: format!("{p:?}"),
        };
        let rule = grammar.id(name).ok_or_else(unfit)?;
        let alternative = grammar.rules[rule]
            .iter()
            .position(|alt| {
                alt.len() == children.len()
                    && alt
                        .iter()
                        .zip(children)
                        .all(|(item, c)| match (&item.symbol, c) {
                            (Symbol::Terminal(t), Pattern::Leaf(l)) => t == l,
                            (Symbol::Nonterminal(n), Pattern::Hole(m) | Pattern::Node(m, _)) => {
                                n == m
                            }
                            _ => false,
                        })
            })
            .ok_or_else(unfit)?;
        let children = children
            .iter()
            .map(|c| self.step(grammar, c))
            .collect::<Result<Vec<_>, _>>()?;
        self.steps.push(Step { children });
        let id = self.steps.len() - 1;
        self.by_alternative
            .entry((rule, alternative))
            .or_default()
            .push(id);
        Ok(Some(id))
    }

    /// The state of a derivation by `alternative` of `rule` whose nonterminal items have
    /// the states `children` (`None` for terminals).
    fn next(&self, rule: usize, alternative: usize, children: &[Option<&State>]) -> State {
        let mut found = 0;
        for s in children.iter().flatten() {
            found |= s.found;
        }
        let mut matched = Vec::new();
        if let Some(steps) = self.by_alternative.get(&(rule, alternative)) {
            for &id in steps {
                let ok = self.steps[id]
                    .children
                    .iter()
                    .zip(children)
                    .all(|(need, got)| match (need, got) {
                        (None, _) => true,
                        (Some(c), Some(s)) => s.matched.binary_search(&(*c as u32)).is_ok(),
                        (Some(_), None) => false,
                    });
                if ok {
                    matched.push(id as u32);
                    if let Some(p) = self.roots.iter().position(|&r| r == id) {
                        found |= 1 << p;
                    }
                }
            }
        }
        matched.sort_unstable();
        State { matched, found }
    }
}

/// The grammar whose derivations are those of `grammar` that meet `condition`. Its
/// nonterminals are the original ones split by state (`<expr 2>`), under a start symbol of
/// the original name; items keep their hook labels.
///
/// ```
/// use greduce::grammar::{Condition, Fuzzer, Grammar, generalise, specialise};
/// use rand::SeedableRng;
///
/// let g: Grammar = r#"
///     <expr> ::= <term> "+" <expr> | <term>
///     <term> ::= "(" <expr> ")" | [0-9]
/// "#.parse().unwrap();
/// // A failure on two parentheses around anything, found and shrunk to `((0))`...
/// let fails = |s: &str| !s.contains("((");
/// let general = generalise(&Fuzzer::new(&g), &g.parse("((0))").unwrap(), 20, 0, fails);
/// // ... generalises to this pattern (the `<expr>` inside can be anything):
/// let double = general.pattern.characterizing().clone();
/// assert_eq!(double.to_string(), "((<expr>))");
///
/// let never = specialise(&g, &!Condition::contains(double.clone())).unwrap();
/// let always = specialise(&g, &Condition::contains(double.clone())).unwrap();
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
/// for _ in 0..100 {
///     let text = Fuzzer::new(&never).generate(&mut rng).text();
///     assert!(!double.found_in(&g.parse(&text).unwrap()));
///     let text = Fuzzer::new(&always).generate(&mut rng).text();
///     assert!(double.found_in(&g.parse(&text).unwrap()));
/// }
/// ```
///
/// # Errors
///
/// [`SpecialiseError`]: a pattern that does not fit the grammar, a condition no
/// derivation meets, or a result too large.
pub fn specialise(grammar: &Grammar, condition: &Condition) -> Result<Grammar, SpecialiseError> {
    let mut patterns = Vec::new();
    condition.patterns(&mut patterns);
    let automaton = Automaton::new(grammar, &patterns)?;
    let split = Split::new(grammar, &automaton)?;
    let start = grammar.start;
    let accepted: Vec<usize> = (0..split.states[start].len())
        .filter(|&q| condition.holds(&patterns, split.states[start][q].found))
        .collect();
    if accepted.is_empty() {
        return Err(SpecialiseError::Empty);
    }
    let name = |rule: usize, q: usize| -> Arc<str> {
        let base = &grammar.names[rule];
        format!("{} {q}>", &base[..base.len() - 1]).into()
    };
    // Keep what the accepted start states reach.
    let mut keep: Vec<(usize, usize)> = accepted.iter().map(|&q| (start, q)).collect();
    let mut seen: std::collections::HashSet<(usize, usize)> = keep.iter().copied().collect();
    let mut i = 0;
    while i < keep.len() {
        let (rule, q) = keep[i];
        i += 1;
        for (_, children) in &split.rules[rule][q] {
            for &c in children.iter().flatten() {
                if seen.insert(c) {
                    keep.push(c);
                }
            }
        }
    }
    let mut rules: Vec<(Arc<str>, Vec<Vec<Item>>)> = vec![(
        grammar.names[start].clone(),
        accepted
            .iter()
            .map(|&q| vec![Item::nonterminal(&name(start, q))])
            .collect(),
    )];
    for &(rule, q) in &keep {
        let alternatives = split.rules[rule][q]
            .iter()
            .map(|(a, children)| {
                grammar.rules[rule][*a]
                    .iter()
                    .zip(children)
                    .map(|(item, c)| Item {
                        symbol: match c {
                            Some((r, s)) => Symbol::Nonterminal(name(*r, *s)),
                            None => item.symbol.clone(),
                        },
                        hook: item.hook.clone(),
                    })
                    .collect()
            })
            .collect();
        rules.push((name(rule, q), alternatives));
    }
    let start_name = grammar.names[start].to_string();
    Ok(Grammar::from_parts(rules, &start_name))
}

/// A derivation step of the split grammar: the original alternative, and each item's
/// (rule, state) (`None` for terminals).
type SplitAlternative = (usize, Vec<Option<(usize, usize)>>);

/// The grammar split by the automaton's states.
struct Split {
    /// Per rule, its states.
    states: Vec<Vec<State>>,
    /// Per rule, per state: the alternatives deriving it, with each item's (rule, state)
    /// (`None` for terminals).
    rules: Vec<Vec<Vec<SplitAlternative>>>,
}

/// At most this many alternatives in a split grammar.
const MAX_ALTERNATIVES: usize = 1_000_000;

impl Split {
    fn new(grammar: &Grammar, automaton: &Automaton) -> Result<Split, SpecialiseError> {
        let n = grammar.rules.len();
        let mut states: Vec<Vec<State>> = vec![Vec::new(); n];
        let mut index: Vec<HashMap<State, usize>> = vec![HashMap::new(); n];
        let mut rules: Vec<Vec<Vec<SplitAlternative>>> = vec![Vec::new(); n];
        let mut done: std::collections::HashSet<(usize, usize, Vec<Option<usize>>)> =
            std::collections::HashSet::new();
        let mut total = 0;
        loop {
            let mut changed = false;
            for rule in 0..n {
                for (a, alt) in grammar.rules[rule].iter().enumerate() {
                    let positions: Vec<Option<usize>> = alt
                        .iter()
                        .map(|item| match &item.symbol {
                            Symbol::Nonterminal(name) => Some(grammar.index[name]),
                            Symbol::Terminal(_) => None,
                        })
                        .collect();
                    // Each combination of the states known so far, once.
                    let counts: Vec<usize> = positions
                        .iter()
                        .map(|p| p.map_or(1, |r| states[r].len()))
                        .collect();
                    if counts.contains(&0) {
                        continue;
                    }
                    let mut digits = vec![0; positions.len()];
                    loop {
                        let key = (
                            rule,
                            a,
                            positions
                                .iter()
                                .zip(&digits)
                                .map(|(p, d)| p.map(|_| *d))
                                .collect(),
                        );
                        if !done.contains(&key) {
                            let children: Vec<Option<&State>> = positions
                                .iter()
                                .zip(&digits)
                                .map(|(p, d)| p.map(|r| &states[r][*d]))
                                .collect();
                            let state = automaton.next(rule, a, &children);
                            let q = if let Some(&q) = index[rule].get(&state) {
                                q
                            } else {
                                states[rule].push(state.clone());
                                rules[rule].push(Vec::new());
                                index[rule].insert(state, states[rule].len() - 1);
                                states[rule].len() - 1
                            };
                            let refs = positions
                                .iter()
                                .zip(&digits)
                                .map(|(p, d)| p.map(|r| (r, *d)))
                                .collect();
                            rules[rule][q].push((a, refs));
                            done.insert(key);
                            changed = true;
                            total += 1;
                            if total > MAX_ALTERNATIVES {
                                return Err(SpecialiseError::TooLarge);
                            }
                        }
                        // The next combination (odometer).
                        let mut k = 0;
                        loop {
                            if k == digits.len() {
                                break;
                            }
                            digits[k] += 1;
                            if digits[k] < counts[k] {
                                break;
                            }
                            digits[k] = 0;
                            k += 1;
                        }
                        if k == digits.len() {
                            break;
                        }
                    }
                }
            }
            if !changed {
                return Ok(Split { states, rules });
            }
        }
    }
}
