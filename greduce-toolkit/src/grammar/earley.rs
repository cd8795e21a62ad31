//! An Earley parser for any context-free grammar (left recursion, empty alternatives and
//! ambiguity included), with the empty-alternative fix of Aycock and Horspool; the
//! derivation tree is read back from the completed items.

use super::rules::{Grammar, Symbol};
use super::tree::Tree;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// Input the grammar does not derive: how far a derivation could follow it, and what it
/// expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The byte offset where no derivation continues.
    pub offset: usize,
    /// Its 1-based line.
    pub line: usize,
    /// Its 1-based column (in characters).
    pub column: usize,
    /// The terminals that could come there (quoted), sorted.
    pub expected: Vec<String>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: the grammar derives no input going on like this",
            self.line, self.column
        )?;
        if self.expected.is_empty() {
            f.write_str(" (the input should end before here)")
        } else {
            write!(f, " (expected {})", self.expected.join(", "))
        }
    }
}

impl std::error::Error for ParseError {}

/// The grammar as numbers: an item is a nonterminal's index or a terminal's bytes.
#[derive(Clone, Copy)]
enum It<'g> {
    N(usize),
    T(&'g [u8]),
}

struct Compiled<'g> {
    rules: Vec<Vec<Vec<It<'g>>>>,
    nullable: Vec<bool>,
}

fn compile(grammar: &Grammar) -> Compiled<'_> {
    let rules: Vec<Vec<Vec<It<'_>>>> = grammar
        .rules
        .iter()
        .map(|alts| {
            alts.iter()
                .map(|alt| {
                    alt.iter()
                        .map(|item| match &item.symbol {
                            Symbol::Terminal(t) => It::T(t.as_bytes()),
                            Symbol::Nonterminal(n) => It::N(grammar.index[n]),
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    let mut nullable = vec![false; rules.len()];
    loop {
        let mut changed = false;
        for (i, alts) in rules.iter().enumerate() {
            if !nullable[i]
                && alts.iter().any(|alt| {
                    alt.iter().all(|it| match it {
                        It::N(j) => nullable[*j],
                        It::T(t) => t.is_empty(),
                    })
                })
            {
                nullable[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Compiled { rules, nullable }
}

/// An Earley item: rule, alternative, dot, origin.
type State = (u32, u32, u32, u32);

/// A multiplicative hash for the parser's small integer keys (the default hasher costs
/// more than the parse itself here).
#[derive(Clone, Copy, Default)]
struct Fast(u64);

impl std::hash::Hasher for Fast {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }

    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

type FastSet<T> = HashSet<T, std::hash::BuildHasherDefault<Fast>>;
type FastMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<Fast>>;

/// The chart being built: the items of each position, a set of them, and those waiting
/// for each nonterminal.
struct Chart {
    items: Vec<Vec<State>>,
    seen: Vec<FastSet<State>>,
    waiting: Vec<FastMap<u32, Vec<State>>>,
}

impl Chart {
    fn add(&mut self, compiled: &Compiled<'_>, k: usize, s: State) {
        if self.seen[k].insert(s) {
            self.items[k].push(s);
            if let Some(It::N(b)) = compiled.rules[s.0 as usize][s.1 as usize].get(s.2 as usize) {
                self.waiting[k].entry(*b as u32).or_default().push(s);
            }
        }
    }
}

impl Grammar {
    /// Parses `input` into a derivation tree from the start symbol. When the grammar is
    /// ambiguous, the tree takes the first alternative (in grammar order) that derives each
    /// part.
    ///
    /// ```
    /// use greduce::grammar::Grammar;
    ///
    /// let g: Grammar = r#"
    ///     <expr> ::= <expr> "+" <expr> | "(" <expr> ")" | [0-9]
    /// "#.parse().unwrap();
    /// let tree = g.parse("(1+2)").unwrap();
    /// assert_eq!(tree.text(), "(1+2)");
    /// let err = g.parse("(1+)").unwrap_err();
    /// assert_eq!(err.to_string(), "line 1, column 4: the grammar derives no input going on \
    ///                              like this (expected \"(\", \"0\", \"1\", \"2\", \"3\", \
    ///                              \"4\", \"5\", \"6\", \"7\", \"8\", \"9\")");
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseError`] when the grammar does not derive `input`.
    pub fn parse(&self, input: &str) -> Result<Tree, ParseError> {
        self.parse_from(self.start(), input)
    }

    /// Parses `input` as derived from the nonterminal `symbol`.
    ///
    /// # Errors
    ///
    /// [`ParseError`] when `symbol` does not derive `input` (or is not a nonterminal of
    /// the grammar: then the error is at offset 0 and expects nothing).
    pub fn parse_from(&self, symbol: &str, input: &str) -> Result<Tree, ParseError> {
        let Some(start) = self.id(symbol) else {
            return Err(error_at(input, 0, Vec::new()));
        };
        let compiled = compile(self);
        let bytes = input.as_bytes();
        let chart = compiled.chart(bytes, start);
        let n = bytes.len();
        let accepted = chart[n].iter().any(|&(r, a, dot, origin)| {
            r as usize == start
                && origin == 0
                && dot as usize == compiled.rules[r as usize][a as usize].len()
        });
        if !accepted {
            return Err(compiled.failure(&chart, input));
        }
        let ends = compiled.spans(&chart);
        let mut reader = Reader {
            grammar: self,
            compiled: &compiled,
            bytes,
            input,
            ends: &ends,
            active: FastSet::default(),
            failed: FastSet::default(),
            failed_rest: FastSet::default(),
            cut: false,
        };
        Ok(reader
            .derive(start, 0, n)
            .expect("an accepted input has a derivation"))
    }
}

impl Compiled<'_> {
    /// The Earley chart of `bytes` from the rule `start`: the items of each position.
    fn chart(&self, bytes: &[u8], start: usize) -> Vec<Vec<State>> {
        let mut chart = Chart {
            items: vec![Vec::new(); bytes.len() + 1],
            seen: vec![FastSet::default(); bytes.len() + 1],
            waiting: vec![HashMap::default(); bytes.len() + 1],
        };
        for a in 0..self.rules[start].len() {
            chart.add(self, 0, (start as u32, a as u32, 0, 0));
        }
        let mut predicted = vec![usize::MAX; self.rules.len()];
        for k in 0..=bytes.len() {
            let mut next = 0;
            while next < chart.items[k].len() {
                let (r, a, dot, origin) = chart.items[k][next];
                next += 1;
                match self.rules[r as usize][a as usize].get(dot as usize) {
                    Some(It::N(b)) => {
                        if predicted[*b] != k {
                            predicted[*b] = k;
                            for a2 in 0..self.rules[*b].len() {
                                chart.add(self, k, (*b as u32, a2 as u32, 0, k as u32));
                            }
                        }
                        if self.nullable[*b] {
                            chart.add(self, k, (r, a, dot + 1, origin));
                        }
                    }
                    Some(It::T(t)) => {
                        if bytes[k..].starts_with(t) {
                            chart.add(self, k + t.len(), (r, a, dot + 1, origin));
                        }
                    }
                    None => {
                        // The items at `origin` waiting for this rule move past it. (When
                        // `origin` is `k`, items that start waiting later were advanced
                        // over the nullable rule when they predicted it.)
                        let origin = origin as usize;
                        let mut j = 0;
                        while let Some(&(r2, a2, d2, o2)) =
                            chart.waiting[origin].get(&r).and_then(|w| w.get(j))
                        {
                            j += 1;
                            chart.add(self, k, (r2, a2, d2 + 1, o2));
                        }
                    }
                }
            }
        }
        chart.items
    }

    /// Why the chart accepts nothing: the furthest position reached, and the terminals
    /// that could come there.
    fn failure(&self, chart: &[Vec<State>], input: &str) -> ParseError {
        let k = (0..chart.len())
            .rev()
            .find(|&k| !chart[k].is_empty())
            .unwrap_or(0);
        let mut expected: Vec<String> = chart[k]
            .iter()
            .filter_map(|&(r, a, dot, _)| {
                match self.rules[r as usize][a as usize].get(dot as usize) {
                    Some(It::T(t)) => {
                        let mut q = String::new();
                        let _ = super::rules::quote(&String::from_utf8_lossy(t), &mut q);
                        Some(q)
                    }
                    _ => None,
                }
            })
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        expected.sort();
        error_at(input, k, expected)
    }

    /// The spans each rule derives: (rule, start) to the sorted ends.
    fn spans(&self, chart: &[Vec<State>]) -> HashMap<(usize, usize), Vec<usize>> {
        let mut ends: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
        for (k, states) in chart.iter().enumerate() {
            for &(r, a, dot, origin) in states {
                if dot as usize == self.rules[r as usize][a as usize].len() {
                    ends.entry((r as usize, origin as usize))
                        .or_default()
                        .push(k);
                }
            }
        }
        for v in ends.values_mut() {
            v.sort_unstable();
            v.dedup();
        }
        ends
    }
}

fn error_at(input: &str, offset: usize, expected: Vec<String>) -> ParseError {
    let mut offset = offset;
    while !input.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &input[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    ParseError {
        offset,
        line,
        column,
        expected,
    }
}

/// Reads a derivation tree back from the completed spans.
struct Reader<'a, 'g> {
    grammar: &'g Grammar,
    compiled: &'a Compiled<'g>,
    bytes: &'a [u8],
    input: &'a str,
    ends: &'a HashMap<(usize, usize), Vec<usize>>,
    /// The (rule, start, end) being derived: a derivation never needs one inside itself.
    active: FastSet<(usize, usize, usize)>,
    /// Those known not to derive (found without cutting a cycle).
    failed: FastSet<(usize, usize, usize)>,
    /// The (rule, alternative, item, start, end) whose items from there on are known not
    /// to derive the span (found without cutting a cycle).
    failed_rest: FastSet<(usize, usize, usize, usize, usize)>,
    /// Whether a cycle was cut since this was last cleared.
    cut: bool,
}

impl Reader<'_, '_> {
    fn derive(&mut self, rule: usize, i: usize, j: usize) -> Option<Tree> {
        let key = (rule, i, j);
        if self.failed.contains(&key) {
            return None;
        }
        if !self.active.insert(key) {
            self.cut = true;
            return None;
        }
        let outer_cut = std::mem::take(&mut self.cut);
        let mut found = None;
        for a in 0..self.compiled.rules[rule].len() {
            if let Some(children) = self.sequence(rule, a, 0, i, j) {
                found = Some(Tree::Node(self.grammar.names[rule].clone(), children));
                break;
            }
        }
        self.active.remove(&key);
        if found.is_none() && !self.cut {
            self.failed.insert(key);
        }
        self.cut |= outer_cut;
        found
    }

    /// The trees of items `from..` of an alternative, deriving `i..j`.
    fn sequence(
        &mut self,
        rule: usize,
        a: usize,
        from: usize,
        i: usize,
        j: usize,
    ) -> Option<Vec<Tree>> {
        let alt = &self.compiled.rules[rule][a];
        let Some(item) = alt.get(from) else {
            return (i == j).then(Vec::new);
        };
        match *item {
            It::T(t) => {
                if i + t.len() > j || !self.bytes[i..].starts_with(t) {
                    return None;
                }
                let mut rest = self.sequence(rule, a, from + 1, i + t.len(), j)?;
                rest.insert(0, Tree::Leaf(self.input[i..i + t.len()].into()));
                Some(rest)
            }
            It::N(b) => {
                let key = (rule, a, from, i, j);
                if self.failed_rest.contains(&key) {
                    return None;
                }
                let outer_cut = std::mem::take(&mut self.cut);
                let candidates: Vec<usize> = self
                    .ends
                    .get(&(b, i))
                    .map(|v| v.iter().copied().filter(|&e| e <= j).collect())
                    .unwrap_or_default();
                for e in candidates {
                    let Some(mut rest) = self.sequence(rule, a, from + 1, e, j) else {
                        continue;
                    };
                    if let Some(tree) = self.derive(b, i, e) {
                        rest.insert(0, tree);
                        self.cut |= outer_cut;
                        return Some(rest);
                    }
                }
                if !self.cut {
                    self.failed_rest.insert(key);
                }
                self.cut |= outer_cut;
                None
            }
        }
    }
}
