//! Seed 000's baseline: the fuzzer's choices as a flat sequence of integers, reduced by
//! ddmin, plain or with the "default" marker.

use super::effort::{Effort, Tester};
use super::fuzz::{Context, Fuzzer};
use super::tree::Tree;
use crate::dd::Outcome;
use rand::RngExt;

/// The marker that stands for "derive this nonterminal's default" (its smallest
/// derivation) in a choice sequence.
pub const DEFAULT: i64 = -1;

/// One choice read from a sequence.
enum Choice {
    /// The alternative (or hook pick) of this index.
    Index(usize),
    /// The default marker.
    Default,
}

/// Where a derivation's choices come from.
trait Chooser {
    /// A choice among `n` alternatives (or hook picks); `None` when there is no more.
    fn choose(&mut self, n: usize) -> Option<Choice>;
}

/// Choices read from a sequence: `value % n`, the marker as the default.
struct Sequence<'a> {
    ints: &'a [i64],
    next: usize,
}

impl Chooser for Sequence<'_> {
    fn choose(&mut self, n: usize) -> Option<Choice> {
        let v = *self.ints.get(self.next)?;
        self.next += 1;
        Some(if v >= 0 {
            Choice::Index((v as usize) % n)
        } else {
            Choice::Default
        })
    }
}

/// Choices drawn as [`Fuzzer::generate`] draws them, and logged.
struct Drawn<'r, R: ?Sized> {
    rng: &'r mut R,
    log: Vec<i64>,
}

impl<R: rand::Rng + ?Sized> Chooser for Drawn<'_, R> {
    fn choose(&mut self, n: usize) -> Option<Choice> {
        let v = self.rng.random_range(0..n);
        self.log.push(v as i64);
        Some(Choice::Index(v))
    }
}

impl<C: Context> Fuzzer<C> {
    /// The derivation a choice sequence gives: each choice of an alternative (or a hook's
    /// `pick`) takes the next integer modulo the number of alternatives, as seed 000 does;
    /// [`DEFAULT`] derives the nonterminal's smallest derivation instead (for a hook's
    /// `pick`, index 0). `None` when the sequence runs out.
    ///
    /// ```
    /// use greduce::grammar::{Fuzzer, Grammar};
    ///
    /// let g: Grammar = r#"<expr> ::= "(" <expr> ")" | [0-9]"#.parse().unwrap();
    /// let fuzzer = Fuzzer::new(&g);
    /// // Alternatives are numbered cheapest first: [0-9] is 0, "(" <expr> ")" is 1.
    /// assert_eq!(fuzzer.derive_choices(&[1, 1, 0, 7]).unwrap().text(), "((7))");
    /// assert_eq!(fuzzer.derive_choices(&[1, -1]).unwrap().text(), "(0)");
    /// assert!(fuzzer.derive_choices(&[1, 1]).is_none());
    /// ```
    pub fn derive_choices(&self, ints: &[i64]) -> Option<Tree> {
        let mut context = C::default();
        self.derive(
            &mut Sequence { ints, next: 0 },
            &mut context,
            self.start_rule(),
            0,
        )
    }

    /// A derivation drawn from `rng` exactly as [`generate`](Fuzzer::generate) draws it
    /// (so the same tree for the same seed), with its choice sequence.
    pub fn generate_choices<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> (Tree, Vec<i64>) {
        let mut context = C::default();
        let mut drawn = Drawn {
            rng,
            log: Vec::new(),
        };
        let tree = self
            .derive(&mut drawn, &mut context, self.start_rule(), 0)
            .expect("drawing never runs out");
        (tree, drawn.log)
    }

    fn derive(
        &self,
        chooser: &mut dyn Chooser,
        context: &mut C,
        rule: usize,
        depth: usize,
    ) -> Option<Tree> {
        let name = self.grammar().names[rule].clone();
        let n = self.drawn_from(rule, depth);
        let choice = match chooser.choose(n)? {
            Choice::Index(choice) => choice,
            Choice::Default => {
                return Some(Tree::Node(
                    name,
                    vec![Tree::Leaf(self.smallest(rule).into())],
                ));
            }
        };
        let mut children = Vec::new();
        for step in &self.alternatives[rule][choice] {
            let hook = &step.hook;
            let mut ran_out = false;
            let instead = match hook {
                Some(label) => {
                    let mut pick = |n: usize| match chooser.choose(n.max(1)) {
                        Some(Choice::Index(choice)) => choice,
                        Some(Choice::Default) => 0,
                        None => {
                            ran_out = true;
                            0
                        }
                    };
                    context.pre(label, &mut pick)
                }
                None => None,
            };
            if ran_out {
                return None;
            }
            let tree = match step.without_expansion(instead) {
                Ok(tree) => tree,
                Err(nested) => self.derive(chooser, context, nested, depth + 1)?,
            };
            if let Some(label) = hook {
                context.post(label, &tree);
            }
            children.push(tree);
        }
        Some(Tree::Node(name, children))
    }

    fn start_rule(&self) -> usize {
        self.grammar().start
    }

    /// The text of a rule's smallest derivation: the first of its cheapest alternatives,
    /// all the way down (no hooks).
    fn smallest(&self, rule: usize) -> String {
        let mut out = String::new();
        // Depth-first, left to right: the items are pushed in reverse.
        let mut work: Vec<Result<usize, &str>> = vec![Ok(rule)];
        while let Some(next) = work.pop() {
            match next {
                Err(text) => out.push_str(text),
                Ok(r) => {
                    for step in self.alternatives[r][0].iter().rev() {
                        work.push(match step.rule {
                            Some(nested) => Ok(nested),
                            None => Err(&step.text),
                        });
                    }
                }
            }
        }
        out
    }
}

/// The result of [`ddmin_choices`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReducedChoices {
    /// The smallest failing choice sequence found.
    pub ints: Vec<i64>,
    /// Its derivation.
    pub tree: Tree,
    /// What it took.
    pub effort: Effort,
}

/// Seed 000's reduction of a choice sequence: its ddmin (remove each chunk of the current
/// length in turn, from where the last removal succeeded; halve the length when none
/// does), run again on its result until that no longer shrinks. With `marker`, a removed
/// chunk takes the element before it along and leaves a [`DEFAULT`] marker in their
/// place, so what follows is read more as it was. A candidate that derives nothing counts
/// as not failing; a text already tested is not tested again.
///
/// ```
/// use greduce::grammar::{Fuzzer, Grammar, ddmin_choices};
///
/// let g: Grammar = r#"<expr> ::= <expr> "+" <expr> | "(" <expr> ")" | [0-9]"#.parse().unwrap();
/// let fuzzer = Fuzzer::new(&g);
/// // Alternatives cheapest first: [0-9] is 0, `+` is 1, parentheses 2.
/// let ints = [1, 2, 2, 0, 4, 2, 0, 3];
/// assert_eq!(fuzzer.derive_choices(&ints).unwrap().text(), "((4))+(3)");
/// let fails = |s: &str| !s.contains("((");
/// let reduced = ddmin_choices(&fuzzer, &ints, false, fails).unwrap();
/// assert_eq!(reduced.tree.text(), "((3))");
/// ```
///
/// # Errors
///
/// [`crate::dd::StartError::NotFailing`] (or `Unresolved`) when the sequence's derivation does
/// not fail, or derives nothing.
pub fn ddmin_choices<C: Context, O: Into<Outcome>>(
    fuzzer: &Fuzzer<C>,
    ints: &[i64],
    marker: bool,
    test: impl FnMut(&str) -> O,
) -> Result<ReducedChoices, crate::dd::StartError> {
    let mut tester = Tester::new(test);
    let call = || format!("{ints:?}");
    match fuzzer.derive_choices(ints) {
        Some(tree) => tester.original(tree.text(), &call)?,
        None => return Err(crate::dd::StartError::Unresolved { call: call() }),
    }
    let mut fails = |candidate: &[i64]| {
        if let Some(tree) = fuzzer.derive_choices(candidate) {
            tester.run(tree.text()).0 == Outcome::Fails
        } else {
            tester.underived();
            false
        }
    };
    let mut current = ints.to_vec();
    loop {
        let next = ddmin_once(&current, marker, &mut fails);
        if next.len() >= current.len() {
            break;
        }
        current = next;
    }
    let tree = fuzzer
        .derive_choices(&current)
        .expect("a failing sequence derives");
    Ok(ReducedChoices {
        ints: current,
        tree,
        effort: tester.effort,
    })
}

/// One run of the seed's ddmin.
fn ddmin_once(ints: &[i64], marker: bool, fails: &mut dyn FnMut(&[i64]) -> bool) -> Vec<i64> {
    let mut current = ints.to_vec();
    let (mut start, mut part) = (0, current.len() / 2);
    while part >= 1 {
        let mut found = None;
        let mut i = start;
        while i < current.len() {
            let candidate: Vec<i64> = if !marker {
                [&current[..i], &current[(i + part).min(current.len())..]].concat()
            } else if i > 0 {
                [
                    &current[..i - 1],
                    &[DEFAULT],
                    &current[(i + part).min(current.len())..],
                ]
                .concat()
            } else {
                [&[DEFAULT], &current[(part + 1).min(current.len())..]].concat()
            };
            if fails(&candidate) {
                found = Some((i, candidate));
                break;
            }
            i += part;
        }
        if let Some((i, candidate)) = found {
            current = candidate;
            start = i;
            if current.is_empty() {
                return current;
            }
        } else {
            start = 0;
            part /= 2;
        }
    }
    current
}
