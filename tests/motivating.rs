//! The paper's motivating example: a password typed twice.

use greduce::{Pass, PassSet, Reducer, Search, Strategy, generator};
use rand::RngExt;

#[generator]
fn password<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    let mut w = String::new();
    let n = rng.random_range(0..20);
    for _ in 0..n {
        w.push(rng.random_range('a'..='z'));
    }
    w.push('\n');
    format!("{w}{w}")
}

#[test]
fn seed_707_880_gives_abc() {
    let run = greduce::record(password, 707_880);
    assert_eq!(run.output, "abc\nabc\n");
    let expected = "\
password @ tests/motivating.rs:7:4
  random_range(0..=19) = 3 @ tests/motivating.rs:9:17 (count of the loop below)
  loop @ tests/motivating.rs:10:5: 3 iterations, count decided above
    iteration 0
      random_range('a'..='z') = 'a' @ tests/motivating.rs:11:20
    iteration 1
      random_range('a'..='z') = 'b' @ tests/motivating.rs:11:20
    iteration 2
      random_range('a'..='z') = 'c' @ tests/motivating.rs:11:20
";
    assert_eq!(run.trace.to_string(), expected);
}

#[test]
fn reduces_to_c() {
    let run = greduce::record(password, 707_880);
    for search in [Search::Sequence, Search::Tree] {
        for strategy in [Strategy::Halt, Strategy::Bypass, Strategy::Realign] {
            // The paper's algorithm: structure only.
            let reduced = Reducer::new(password)
                .strategy(strategy)
                .search(search)
                .passes(PassSet::STRUCTURE)
                .reduce(&run.trace, |s: &String| !s.contains('c'));
            assert_eq!(
                reduced.output,
                "c\nc\n",
                "{search:?} {strategy:?}\n{}",
                reduced.explain()
            );
            // The initial check, then "a", "bc", "b", "c" and "": six calls.
            assert_eq!(reduced.stats.property_calls, 6, "{search:?} {strategy:?}");
            // All passes: the same. The value passes try 'a' and 'b' in place of 'c', which
            // make the same decisions as "a" and "b" above: their verdicts are cached.
            let full = Reducer::new(password)
                .strategy(strategy)
                .search(search)
                .reduce(&run.trace, |s: &String| !s.contains('c'));
            assert_eq!(full.output, "c\nc\n", "{search:?} {strategy:?}");
            assert_eq!(
                full.stats.property_calls,
                6,
                "{search:?} {strategy:?}\n{}",
                full.explain()
            );
            assert!(full.stats.output_cache_hits >= 2, "{search:?} {strategy:?}");
        }
    }
}

/// `explain` lists every candidate with its verdict; consecutive iterations of one loop are
/// one entry.
#[test]
fn explain_lists_each_candidate() {
    let run = greduce::record(password, 707_880);
    let reduced = Reducer::new(password)
        .strategy(Strategy::Realign)
        .search(Search::Sequence)
        .explain(true)
        .reduce(&run.trace, |s: &String| !s.contains('c'));
    let explained = reduced.explain();
    let candidates: Vec<&str> = explained
        .lines()
        .filter(|l| l.starts_with("candidate "))
        .collect();
    assert_eq!(
        candidates.len() as u64,
        reduced.stats.candidates,
        "{explained}"
    );
    assert_eq!(candidates[0], "candidate 1: initial: (no change)");
    assert_eq!(
        candidates[1],
        "candidate 2: structure: remove iterations 1-2 of the loop @ tests/motivating.rs:10:5",
        "{explained}"
    );
    assert_eq!(reduced.attempts[1].pass, Pass::Structure);
    // The value passes try 'a' and 'b' in place of 'c'.
    for (pass, letter) in [("minimize", 'a'), ("minimize", 'b')] {
        let change = format!(
            "{pass}: random_range('a'..='z') @ tests/motivating.rs:11:20: {letter:?} (was 'c')"
        );
        assert!(explained.contains(&change), "{change}\n{explained}");
    }
}

/// An attempt's `Debug` describes its parts instead of dumping the trace they belong to.
#[test]
fn attempts_debug_without_their_trace() {
    let run = greduce::record(password, 707_880);
    let reduced = Reducer::new(password)
        .explain(true)
        .reduce(&run.trace, |s: &String| !s.contains('c'));
    let shown = format!("{:?}", reduced.attempts[1]);
    assert!(
        shown.starts_with("Attempt { number: 2, pass: Structure, change: [\"remove iteration"),
        "{shown}"
    );
    assert!(!shown.contains("nodes"), "{shown}");
}
