//! The depth-limited grammar fuzzer (seed 000's `LimitFuzzer`), written as a `#[generator]`:
//! each expansion is a generator call, each choice of an alternative a multi-way selection,
//! so a failing derivation shrinks through greduce's reducer by running the fuzzer again.

use super::rules::{Grammar, Symbol};
use super::tree::Tree;
use greduce_macros::generator;
use rand::RngExt;
use std::marker::PhantomData;
use std::sync::Arc;

/// Context hooks: what a context-free grammar cannot say, such as "use only variables
/// defined earlier". The grammar labels items (`<var>@define`, `<var>@use`); the fuzzer
/// calls [`pre`](Context::pre) before deriving a labelled item and
/// [`post`](Context::post) after. A fresh context (its `Default`) starts each derivation.
///
/// ```
/// use greduce::grammar::{Context, Tree};
///
/// /// Variables are used only after their assignment is complete.
/// #[derive(Default)]
/// struct Defined {
///     vars: Vec<String>,
///     pending: Vec<String>,
/// }
///
/// impl Context for Defined {
///     fn pre(&mut self, label: &str, pick: &mut dyn FnMut(usize) -> usize) -> Option<String> {
///         match label {
///             // No variable yet: a number instead.
///             "use" if self.vars.is_empty() => Some("00".into()),
///             "use" => Some(self.vars[pick(self.vars.len())].clone()),
///             _ => None,
///         }
///     }
///
///     fn post(&mut self, label: &str, tree: &Tree) {
///         match label {
///             "define" => self.pending.push(tree.text()),
///             "end" => self.vars.append(&mut self.pending),
///             _ => {}
///         }
///     }
/// }
/// ```
pub trait Context: Default {
    /// Called before the item labelled `label` is derived. `Some(text)` derives `text`
    /// instead of the item (a nonterminal gets it as its only leaf). `pick(n)` draws an
    /// index below `n` (`n >= 1`), recorded as a decision like the fuzzer's own choices.
    fn pre(&mut self, label: &str, pick: &mut dyn FnMut(usize) -> usize) -> Option<String> {
        let _ = (label, pick);
        None
    }

    /// Called after the item labelled `label` is derived, with its tree.
    fn post(&mut self, label: &str, tree: &Tree) {
        let _ = (label, tree);
    }
}

/// No hooks.
impl Context for () {}

/// One item, compiled: the nonterminal's rule (or `None` for a terminal), its name or text,
/// and its hook label.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    pub(crate) rule: Option<usize>,
    pub(crate) text: Arc<str>,
    pub(crate) hook: Option<Arc<str>>,
}

impl Step {
    /// The item's tree when it needs no expansion: the text a `pre` hook gave instead
    /// (under the nonterminal, for a nonterminal item), or the terminal itself; else the
    /// rule to expand. (Shared by the fuzzer and the choice-sequence derivation.)
    pub(crate) fn without_expansion(&self, instead: Option<String>) -> Result<Tree, usize> {
        match (instead, self.rule) {
            (Some(text), Some(_)) => {
                Ok(Tree::Node(self.text.clone(), vec![Tree::Leaf(text.into())]))
            }
            (Some(text), None) => Ok(Tree::Leaf(text.into())),
            (None, None) => Ok(Tree::Leaf(self.text.clone())),
            (None, Some(rule)) => Err(rule),
        }
    }
}

/// A grammar fuzzer: from the start symbol, each nonterminal takes an alternative drawn
/// uniformly; deeper than [`max_depth`](Fuzzer::max_depth) (10 by default), only among
/// the alternatives of least cost (the height of their smallest derivation), so every
/// derivation ends.
///
/// [`generate`](Fuzzer::generate) is a `#[generator]`: each expansion is a generator call,
/// labelled with its nonterminal ([`call_label`](greduce_runtime::call_label)), and each choice of
/// an alternative a multi-way selection (a `match` on a draw). The alternatives of a
/// nonterminal are numbered cheapest first, so the structural pass can replace an
/// expansion by the cheapest alternative, and shrinking a choice towards 0 picks a smaller
/// expansion. The hoist pass replaces an expansion by a nested expansion of the same
/// nonterminal, as Perses replaces a node by a compatible descendant. The difference is
/// that here the fuzzer runs again, so the context hooks still hold.
///
/// ```
/// use greduce::grammar::{Fuzzer, Grammar};
/// use greduce::Reducer;
///
/// let g: Grammar = r#"
///     <expr> ::= <expr> "+" <expr> | "(" <expr> ")" | [0-9]
/// "#.parse().unwrap();
/// let fuzzer = Fuzzer::new(&g);
/// let generate = |rng: &mut rand::rngs::StdRng| fuzzer.generate(rng).text();
/// // A failing input: two nested parentheses.
/// let fails = |s: &String| s.contains("((");
/// let run = (0..).map(|seed| greduce::record(generate, seed)).find(|r| fails(&r.output)).unwrap();
/// let reduced = Reducer::new(generate).reduce(&run.trace, |x| !fails(x));
/// assert_eq!(reduced.output, "((0))");
/// ```
pub struct Fuzzer<C = ()> {
    grammar: Grammar,
    max_depth: usize,
    /// Per rule, per alternative (cheapest first), the compiled items.
    pub(crate) alternatives: Vec<Vec<Vec<Step>>>,
    /// Per rule, how many alternatives (first in `alternatives`) have the least cost.
    pub(crate) cheapest: Vec<usize>,
    context: PhantomData<fn() -> C>,
}

impl<C> Clone for Fuzzer<C> {
    fn clone(&self) -> Self {
        Fuzzer {
            grammar: self.grammar.clone(),
            max_depth: self.max_depth,
            alternatives: self.alternatives.clone(),
            cheapest: self.cheapest.clone(),
            context: PhantomData,
        }
    }
}

impl<C> std::fmt::Debug for Fuzzer<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fuzzer")
            .field("start", &self.grammar.start())
            .field("max_depth", &self.max_depth)
            .finish_non_exhaustive()
    }
}

/// Each rule's cost: the height of its smallest derivation (an alternative of terminals
/// alone costs 1; one with nonterminals, one more than its costliest nonterminal).
pub(crate) fn costs(grammar: &Grammar) -> Vec<usize> {
    let mut cost = vec![usize::MAX; grammar.rules.len()];
    loop {
        let mut changed = false;
        for (i, alts) in grammar.rules.iter().enumerate() {
            let best = alts
                .iter()
                .map(|alt| alternative_cost(grammar, &cost, alt))
                .min()
                .unwrap_or(usize::MAX);
            if best < cost[i] {
                cost[i] = best;
                changed = true;
            }
        }
        if !changed {
            return cost;
        }
    }
}

/// The cost of an alternative, given the rules' costs.
pub(crate) fn alternative_cost(
    grammar: &Grammar,
    cost: &[usize],
    alt: &[super::rules::Item],
) -> usize {
    let mut worst = 0;
    for item in alt {
        if let Symbol::Nonterminal(n) = &item.symbol {
            worst = worst.max(cost[grammar.index[n]]);
        }
    }
    worst.saturating_add(1)
}

impl Fuzzer<()> {
    /// A fuzzer for `grammar`, without context hooks.
    pub fn new(grammar: &Grammar) -> Fuzzer<()> {
        let cost = costs(grammar);
        let mut alternatives = Vec::new();
        let mut cheapest = Vec::new();
        for alts in &grammar.rules {
            let mut order: Vec<(usize, usize)> = alts
                .iter()
                .enumerate()
                .map(|(a, alt)| (alternative_cost(grammar, &cost, alt), a))
                .collect();
            order.sort_by_key(|&(c, _)| c);
            let least = order.first().map_or(0, |&(c, _)| c);
            cheapest.push(order.iter().filter(|&&(c, _)| c == least).count());
            alternatives.push(
                order
                    .iter()
                    .map(|&(_, a)| {
                        alts[a]
                            .iter()
                            .map(|item| Step {
                                rule: match &item.symbol {
                                    Symbol::Nonterminal(n) => Some(grammar.index[n]),
                                    Symbol::Terminal(_) => None,
                                },
                                text: match &item.symbol {
                                    Symbol::Nonterminal(s) | Symbol::Terminal(s) => s.clone(),
                                },
                                hook: item.hook.clone(),
                            })
                            .collect()
                    })
                    .collect(),
            );
        }
        Fuzzer {
            grammar: grammar.clone(),
            max_depth: 10,
            alternatives,
            cheapest,
            context: PhantomData,
        }
    }
}

impl<C: Context> Fuzzer<C> {
    /// The same fuzzer with the context hooks of `C2`.
    pub fn with_context<C2: Context>(self) -> Fuzzer<C2> {
        Fuzzer {
            grammar: self.grammar,
            max_depth: self.max_depth,
            alternatives: self.alternatives,
            cheapest: self.cheapest,
            context: PhantomData,
        }
    }

    /// Past this depth (10 by default; the start symbol is at depth 0), only the cheapest
    /// alternatives are drawn.
    #[must_use]
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// The grammar.
    pub fn grammar(&self) -> &Grammar {
        &self.grammar
    }

    /// A derivation from the start symbol.
    #[generator(crate = ::greduce_runtime)]
    pub fn generate<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Tree {
        let mut context = C::default();
        expand(rng, self, &mut context, self.grammar.start, 0)
    }

    /// A derivation from the nonterminal `symbol` (at depth 0), or `None` when the grammar
    /// has no such nonterminal.
    #[generator(crate = ::greduce_runtime)]
    pub fn generate_from<R: rand::Rng + ?Sized>(&self, rng: &mut R, symbol: &str) -> Option<Tree> {
        let rule = self.grammar.id(symbol)?;
        let mut context = C::default();
        Some(expand(rng, self, &mut context, rule, 0))
    }

    /// The index of the alternative a choice names, cheapest first: `choice` below the
    /// number of alternatives drawn from at `depth`.
    pub(crate) fn drawn_from(&self, rule: usize, depth: usize) -> usize {
        if depth > self.max_depth {
            self.cheapest[rule]
        } else {
            self.alternatives[rule].len()
        }
    }
}

/// Derives the nonterminal of `rule` at `depth`.
#[generator(crate = ::greduce_runtime)]
fn expand<C: Context, R: rand::Rng + ?Sized>(
    rng: &mut R,
    fuzzer: &Fuzzer<C>,
    context: &mut C,
    rule: usize,
    depth: usize,
) -> Tree {
    // Hoisting replaces an expansion only by a nested expansion of the same nonterminal.
    greduce_runtime::call_label(rule as u64 + 1);
    let n = fuzzer.drawn_from(rule, depth);
    // A multi-way selection (`#[generator]` records a `match` on a draw so): the reducer may
    // replace the alternative taken by the first (cheapest) one, which removes the expansion
    // below it at once. A `let` would be a plain decision.
    #[allow(clippy::match_single_binding)]
    let children = match rng.random_range(0..n) {
        choice => {
            let alternative = &fuzzer.alternatives[rule][choice];
            let mut children = Vec::with_capacity(alternative.len());
            for step in alternative {
                let instead = match &step.hook {
                    Some(label) => {
                        let mut pick = |n: usize| rng.random_range(0..n.max(1));
                        context.pre(label, &mut pick)
                    }
                    None => None,
                };
                let tree = match step.without_expansion(instead) {
                    Ok(tree) => tree,
                    Err(nested) => expand(rng, fuzzer, context, nested, depth + 1),
                };
                if let Some(label) = &step.hook {
                    context.post(label, &tree);
                }
                children.push(tree);
            }
            children
        }
    };
    Tree::Node(fuzzer.grammar.names[rule].clone(), children)
}
