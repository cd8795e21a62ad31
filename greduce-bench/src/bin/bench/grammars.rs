//! `grammars N`: trace reduction of the grammar fuzzer against the baselines of
//! `greduce::grammar` (issue 13): seed 000's choice-sequence ddmin (plain, and with the
//! default marker), Perses on the parsed input, and ddmin over characters.
//!
//! Three grammars (seed 000's assignment language with its define-before-use hooks, seed
//! 001's arithmetic expressions, JSON), three failure predicates each, `N` seeds. Each seed
//! draws inputs from the fuzzer until one fails; every method then reduces that same
//! input with the same test. The test says "unresolved" for an input the grammar does not
//! accept (or, for the assignments, one that uses a variable before assigning it), as the
//! program under test would reject it before reaching the failure; "valid" is the share
//! of test calls that were not unresolved. Calls are calls of the test, the first included.
//! Trace reduction runs with every pass (`--passes LIST` selects others, as
//! `GREDUCE_PASSES` names them); `--by-pass` adds its mean calls by pass, per row.

use greduce::dd::{self, Outcome, Text};
use greduce::grammar::{Context, Fuzzer, Grammar, ddmin_choices, perses};
use greduce::{PassSet, Reducer};
use greduce_domains::grammars::{ASSIGNMENTS, Defined, EXPRESSIONS, defined_before_use};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// JSON, with at most one space where whitespace may go.
const JSON: &str = r#"
<json>     ::= <element>
<element>  ::= <ws> <value> <ws>
<value>    ::= <object> | <array> | <string> | <number> | "true" | "false" | "null"
<object>   ::= "{" <ws> "}" | "{" <members> "}"
<members>  ::= <member> | <member> "," <members>
<member>   ::= <ws> <string> <ws> ":" <element>
<array>    ::= "[" <ws> "]" | "[" <elements> "]"
<elements> ::= <element> | <element> "," <elements>
<string>   ::= "\"" <char>* "\""
<char>     ::= [a-z0-9 ]
<number>   ::= <int> <frac>
<int>      ::= <digit> | <onenine> <digit>+ | "-" <digit> | "-" <onenine> <digit>+
<frac>     ::= "" | "." <digit>+
<digit>    ::= [0-9]
<onenine>  ::= [1-9]
<ws>       ::= "" | " "
"#;

/// Whether some variable is assigned twice.
fn reassigned(program: &str) -> bool {
    let vars: Vec<&str> = program
        .split(";\n")
        .filter_map(|s| s.split_once(" = ").map(|(v, _)| v))
        .collect();
    vars.iter().enumerate().any(|(i, v)| vars[..i].contains(v))
}

/// Whether a variable is subtracted (` - ` then a letter).
fn subtracts_variable(program: &str) -> bool {
    program
        .match_indices(" - ")
        .any(|(i, _)| program[i + 3..].starts_with(|c: char| c.is_ascii_lowercase()))
}

/// Seed 001's predicate: `((` and later `))`.
fn double_parentheses(text: &str) -> bool {
    text.find("((").is_some_and(|i| text[i..].contains("))"))
}

/// A division by a literal zero (`/0` not followed by `.` or another non-zero digit).
fn divides_by_zero(text: &str) -> bool {
    text.match_indices('/').any(|(i, _)| {
        let rest = &text[i + 1..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        !digits.is_empty()
            && digits.chars().all(|c| c == '0')
            && !rest[digits.len()..].starts_with('.')
    })
}

/// Two unary minuses in a row.
fn double_minus(text: &str) -> bool {
    text.contains("--")
}

/// An array directly inside an array (whitespace between them allowed).
fn nested_array(text: &str) -> bool {
    text.match_indices('[')
        .any(|(i, _)| text[i + 1..].trim_start().starts_with('['))
}

/// A negative number with a fraction.
fn negative_fraction(text: &str) -> bool {
    text.match_indices('-').any(|(i, _)| {
        let digits = text[i + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .count();
        digits > 0 && text[i + 1 + digits..].starts_with('.')
    })
}

/// An object member whose value is `true`.
fn member_true(text: &str) -> bool {
    text.match_indices(':')
        .any(|(i, _)| text[i + 1..].trim_start().starts_with("true"))
}

/// A failure predicate.
type Predicate = (&'static str, fn(&str) -> bool);

/// A grammar, the fuzzer's depth limit, the shortest input reduced, the test's extra
/// validity check, and predicates. (The fuzzer draws many tiny inputs, and a reducer's work
/// shows on larger ones: seed 000's example starts from 61 choices and 110 characters.)
struct Language {
    name: &'static str,
    grammar: &'static str,
    max_depth: usize,
    min_length: usize,
    semantic: fn(&str) -> bool,
    predicates: [Predicate; 3],
}

const LANGUAGES: [Language; 3] = [
    Language {
        name: "assignments",
        grammar: ASSIGNMENTS,
        max_depth: 10,
        min_length: 100,
        semantic: defined_before_use,
        predicates: [
            ("`((` and `))`", double_parentheses),
            ("a variable assigned twice", reassigned),
            ("a variable subtracted", subtracts_variable),
        ],
    },
    Language {
        name: "expressions",
        grammar: EXPRESSIONS,
        max_depth: 8,
        min_length: 100,
        semantic: |_| true,
        predicates: [
            ("`((` and `))`", double_parentheses),
            ("division by zero", divides_by_zero),
            ("`--`", double_minus),
        ],
    },
    Language {
        name: "JSON",
        grammar: JSON,
        max_depth: 12,
        min_length: 60,
        semantic: |_| true,
        predicates: [
            ("an array in an array", nested_array),
            ("a negative fraction", negative_fraction),
            ("a member `: true`", member_true),
        ],
    },
];

/// What one method did on one input: final length, test calls, valid calls.
#[derive(Clone, Copy, Default)]
struct Tally {
    length: usize,
    calls: usize,
    valid: usize,
}

/// The methods, in the table's order.
const METHODS: [&str; 5] = [
    "trace (greduce)",
    "choices ddmin",
    "choices ddmin + default",
    "Perses",
    "chars ddmin",
];

/// The test: counts its calls and the valid ones.
struct Test<'a> {
    grammar: &'a Grammar,
    semantic: fn(&str) -> bool,
    fails: fn(&str) -> bool,
    calls: Cell<usize>,
    valid: Cell<usize>,
}

impl Test<'_> {
    fn outcome(&self, text: &str) -> Outcome {
        self.calls.set(self.calls.get() + 1);
        if self.grammar.parse(text).is_err() || !(self.semantic)(text) {
            return Outcome::Unresolved;
        }
        self.valid.set(self.valid.get() + 1);
        if (self.fails)(text) {
            Outcome::Fails
        } else {
            Outcome::Passes
        }
    }

    /// The calls and valid calls since the last take.
    fn take(&self, length: usize) -> Tally {
        Tally {
            length,
            calls: self.calls.replace(0),
            valid: self.valid.replace(0),
        }
    }
}

/// Property calls of trace reduction by the pass whose candidate made them.
type ByPass = BTreeMap<String, u64>;

/// Reduces one failing input by every method; adds trace reduction's calls by pass to
/// `by_pass`.
fn reduce_all<C: Context>(
    fuzzer: &Fuzzer<C>,
    test: &Test<'_>,
    seed: u64,
    passes: PassSet,
    by_pass: &mut ByPass,
) -> [Tally; 5] {
    let generate = |rng: &mut StdRng| fuzzer.generate(rng).text();
    let run = greduce::record(generate, seed);
    let original = run.output.clone();
    test.take(0);
    let property = |s: &String| test.outcome(s);
    let trace = Reducer::new(generate)
        .passes(passes)
        .reduce(&run.trace, property);
    for p in &trace.stats.passes {
        *by_pass.entry(p.pass.to_string()).or_default() += p.property_calls;
    }
    let trace = test.take(trace.output.len());
    let (tree, ints) = fuzzer.generate_choices(&mut StdRng::seed_from_u64(seed));
    assert_eq!(
        tree.text(),
        original,
        "the choice fuzzer replays the same draws"
    );
    let mut out = [
        trace,
        Tally::default(),
        Tally::default(),
        Tally::default(),
        Tally::default(),
    ];
    for (i, marker) in [(1, false), (2, true)] {
        let reduced = ddmin_choices(fuzzer, &ints, marker, |s: &str| test.outcome(s))
            .expect("the original fails");
        out[i] = test.take(reduced.tree.text().len());
    }
    let parsed = test.grammar.parse(&original).expect("the original parses");
    let reduced =
        perses(test.grammar, &parsed, |s: &str| test.outcome(s)).expect("the original fails");
    out[3] = test.take(reduced.tree.text().len());
    let reduced = dd::ddmin(Text::chars(&original), |t: &Text| test.outcome(t.as_str()))
        .expect("the original fails");
    out[4] = test.take(reduced.args.as_str().len());
    out
}

/// One row: for each seed, the first failing input of at least `min_length` characters
/// drawn from that seed's stream of seeds, reduced by every method. The inputs found, their
/// total length, each method's totals, and trace reduction's calls by pass.
fn row<C: Context>(
    fuzzer: &Fuzzer<C>,
    test: &Test<'_>,
    min_length: usize,
    seeds: u64,
    passes: PassSet,
) -> (u32, usize, [Tally; 5], ByPass) {
    let mut sums = [Tally::default(); 5];
    let mut by_pass = ByPass::new();
    let (mut found, mut original) = (0, 0);
    let draw = |s: u64| fuzzer.generate(&mut StdRng::seed_from_u64(s)).text();
    for seed in 0..seeds {
        let failing = (0..100_000).map(|k| seed * 100_000 + k).find(|&s| {
            let input = draw(s);
            input.len() >= min_length && test.outcome(&input) == Outcome::Fails
        });
        let Some(s) = failing else { continue };
        found += 1;
        original += draw(s).len();
        for (sum, t) in sums
            .iter_mut()
            .zip(reduce_all(fuzzer, test, s, passes, &mut by_pass))
        {
            sum.length += t.length;
            sum.calls += t.calls;
            sum.valid += t.valid;
        }
    }
    (found, original, sums, by_pass)
}

/// `grammars [N] [--passes LIST] [--by-pass]`.
pub(crate) fn main(mut args: impl Iterator<Item = String>) {
    let (mut seeds, mut passes, mut show_passes) = (20, PassSet::ALL, false);
    while let Some(arg) = args.next() {
        if arg == "--by-pass" {
            show_passes = true;
        } else if arg == "--passes" {
            let list = args.next().unwrap_or_default();
            passes = PassSet::parse(&list).unwrap_or_else(|e| panic!("--passes: {e}"));
        } else {
            seeds = arg
                .parse()
                .unwrap_or_else(|_| panic!("grammars: not a number: {arg}"));
        }
    }
    run(seeds, passes, show_passes);
}

/// Runs the comparison on `seeds` seeds, trace reduction with `passes`, and prints
/// Markdown; `show_passes`: also trace reduction's mean calls by pass, per row.
pub(crate) fn run(seeds: u64, passes: PassSet, show_passes: bool) {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| grammar | failure | found | original length | {} |",
        METHODS
            .iter()
            .map(|m| format!("{m}: length, calls, valid"))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    let _ = writeln!(out, "|---|---|---|---|{}", "---|".repeat(METHODS.len()));
    let (mut rows, mut shortest, mut cheaper) = (0, 0, 0);
    let mut misses = String::new();
    let mut passes_table = String::new();
    for language in &LANGUAGES {
        let grammar: Grammar = language
            .grammar
            .parse()
            .expect("the bench's grammars parse");
        let plain = Fuzzer::new(&grammar).max_depth(language.max_depth);
        // The hooks write `0` where seed 000 writes `00` (no variable assigned yet), so that
        // every method's result is a program of the grammar.
        let with_hooks = plain.clone().with_context::<Defined<false>>();
        for &(what, fails) in &language.predicates {
            let test = Test {
                grammar: &grammar,
                semantic: language.semantic,
                fails,
                calls: Cell::new(0),
                valid: Cell::new(0),
            };
            let (found, original, sums, by_pass) = if language.name == "assignments" {
                row(&with_hooks, &test, language.min_length, seeds, passes)
            } else {
                row(&plain, &test, language.min_length, seeds, passes)
            };
            rows += 1;
            let n = f64::from(found.max(1));
            let pass_calls: Vec<String> = by_pass
                .iter()
                .filter(|(_, c)| **c > 0)
                .map(|(p, c)| format!("{p} {:.1}", *c as f64 / n))
                .collect();
            let _ = writeln!(
                passes_table,
                "| {} | {what} | {} |",
                language.name,
                pass_calls.join(", ")
            );
            let mean = |t: &Tally| (t.length as f64 / n, t.calls as f64 / n);
            let (trace_length, trace_calls) = mean(&sums[0]);
            let row_shortest = sums[1..].iter().all(|t| trace_length <= mean(t).0);
            let row_cheaper = trace_calls < mean(&sums[3]).1;
            shortest += usize::from(row_shortest);
            cheaper += usize::from(row_cheaper);
            if !row_shortest || !row_cheaper {
                let _ = writeln!(
                    misses,
                    "- {} / {what}: shortest {row_shortest}, fewer calls than Perses {row_cheaper}",
                    language.name
                );
            }
            let cells: Vec<String> = sums
                .iter()
                .map(|t| {
                    let (length, calls) = mean(t);
                    format!(
                        "{length:.1}, {calls:.0}, {:.0} %",
                        100.0 * t.valid as f64 / t.calls.max(1) as f64
                    )
                })
                .collect();
            let _ = writeln!(
                out,
                "| {} | {what} | {found}/{seeds} | {:.0} | {} |",
                language.name,
                original as f64 / n,
                cells.join(" | ")
            );
        }
    }
    let _ = writeln!(
        out,
        "\nTrace reduction's mean final length is at or below every baseline's on {shortest} of \
         {rows} rows, and its mean calls are below Perses' on {cheaper} of {rows}."
    );
    if !misses.is_empty() {
        let _ = writeln!(out, "\nRows that miss:\n{misses}");
    }
    if show_passes {
        let _ = writeln!(
            out,
            "\nTrace reduction's mean calls by pass (the initial check included):\n\n\
             | grammar | failure | calls by pass |\n|---|---|---|\n{passes_table}"
        );
    }
    print!("{out}");
}
