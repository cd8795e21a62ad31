//! The JavaScript generator (`greduce_domains::js`): the same programs as its plain copy,
//! recorded or called directly, and reducible under all six settings of the paper.

// Reason: the copy keeps the library's `pub` items and constants as they are.
#[allow(unreachable_pub, dead_code)]
#[path = "plain/js.rs"]
mod plain;

use greduce::grammar::Grammar;
use greduce::{PassSet, Reducer, Search, Strategy};
use greduce_domains::js::{GRAMMAR, javascript};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// The plain copy is `src/js.rs` less its `#[generator]` attributes and their import, so
/// that the next test compares the instrumented generator with the code it was written as.
#[test]
fn the_copy_is_current() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let source = std::fs::read_to_string(format!("{dir}/src/js.rs")).unwrap();
    let copy = std::fs::read_to_string(format!("{dir}/tests/plain/js.rs")).unwrap();
    let stripped: Vec<&str> = source
        .lines()
        .filter(|l| *l != "#[generator]" && *l != "use greduce::generator;")
        .collect();
    let copied: Vec<&str> = copy.lines().skip_while(|l| l.starts_with("// ")).collect();
    assert!(
        stripped == copied,
        "tests/plain/js.rs is out of date: make it again from src/js.rs (see its first lines)"
    );
}

#[test]
fn the_same_programs_as_the_plain_copy_for_100_seeds() {
    for seed in 0..100 {
        let plain = plain::javascript(&mut StdRng::seed_from_u64(seed));
        let direct = javascript(&mut StdRng::seed_from_u64(seed));
        let recorded = greduce::record(javascript, seed).output;
        assert!(plain == direct, "seed {seed}: called directly");
        assert!(plain == recorded, "seed {seed}: recorded");
    }
}

/// Characters other than white space: the paper's size of a program.
fn non_blank(program: &str) -> usize {
    program.chars().filter(|c| !c.is_whitespace()).count()
}

/// A program with a `break` in it and more, from the first seeds, reduced under the six
/// settings (structure only) and the default: each ends at a program that still has a
/// `break`, no larger, and the default at the smallest one, `break` alone.
#[test]
fn a_trace_reduces_under_all_six_settings() {
    let has_break = |p: &String| !p.contains("break");
    let run = (0..1000)
        .map(|seed| greduce::record(javascript, seed))
        .find(|run| run.output.contains("break") && (100..5000).contains(&run.output.len()))
        .expect("a program with a break among the first seeds");
    let size = |p: &String| (non_blank(p), 0);
    for search in [Search::Tree, Search::Sequence] {
        for strategy in [Strategy::Realign, Strategy::Bypass, Strategy::Halt] {
            let reduced = Reducer::new(javascript)
                .search(search)
                .strategy(strategy)
                .passes(PassSet::STRUCTURE)
                .size(size)
                .reduce(&run.trace, has_break);
            let (setting, program) = (format!("{search:?} + {strategy:?}"), &reduced.output);
            assert!(program.contains("break"), "{setting}: {program}");
            assert!(
                non_blank(program) <= non_blank(&run.output),
                "{setting}: {program}"
            );
            println!(
                "{setting}: {} to {}: {program}",
                non_blank(&run.output),
                non_blank(program)
            );
        }
    }
    let reduced = Reducer::new(javascript)
        .size(size)
        .reduce(&run.trace, has_break);
    assert_eq!(reduced.output, "break");
}

/// The grammar derives what the generator makes: the programs of seeds 0 to 299 of at most
/// 4000 characters (151 of them; the limit is for the Earley parse's time) parse, and
/// their trees give the text back.
#[test]
fn the_grammar_derives_the_generators_programs() {
    let grammar: Grammar = GRAMMAR.parse().expect("the grammar is well formed");
    let mut parsed = 0;
    for seed in 0..300 {
        let program = javascript(&mut StdRng::seed_from_u64(seed));
        if program.len() > 4000 {
            continue;
        }
        let tree = grammar
            .parse(&program)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{program}"));
        assert_eq!(tree.text(), program);
        parsed += 1;
    }
    assert_eq!(parsed, 151);
}
