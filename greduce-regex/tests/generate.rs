//! `greduce::regex`: generated strings match their pattern, and failing strings shrink to
//! exact minima.

use greduce::regex::Regex;
use greduce::{Check, Reducer, Run};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::collections::BTreeSet;

/// The first `count` runs of `regex` (seeds from 0) that fail `fails`.
fn failing(regex: &Regex, fails: impl Fn(&String) -> bool, count: usize) -> Vec<Run<String>> {
    let runs: Vec<Run<String>> = (0..100_000)
        .map(|seed| greduce::record(|rng: &mut StdRng| regex.generate(rng), seed))
        .filter(|run| fails(&run.output))
        .take(count)
        .collect();
    assert_eq!(runs.len(), count, "too few failing runs of {regex:?}");
    runs
}

/// Shrinks the first `count` failing runs of `pattern` and asserts that each ends at
/// `minimal`.
#[track_caller]
fn shrinks_to(pattern: &str, fails: impl Fn(&String) -> bool, count: usize, minimal: &str) {
    let regex = Regex::new(pattern).unwrap();
    let generate = |rng: &mut StdRng| regex.generate(rng);
    for run in failing(&regex, &fails, count) {
        let reduced = Reducer::new(generate).reduce(&run.trace, |s| !fails(s));
        assert_eq!(
            reduced.output, minimal,
            "{pattern}: from {:?} ({} calls)",
            run.output, reduced.stats.property_calls
        );
    }
}

#[test]
fn any_email_shrinks_to_the_simplest() {
    shrinks_to(
        r"[a-z]{1,8}@[a-z]{2,4}\.(com|org)",
        |_| true,
        20,
        "a@aa.com",
    );
}

#[test]
fn an_x_goes_last_among_the_fewest_letters() {
    // Fewest decisions: three letters (the minimum) and the count of the ones past it;
    // then shortlex over the decisions in trace order: the first letters simplest. From
    // `aaax` (an extra repetition holding the `x`), the reducer moves the `x` into the
    // minimum's third letter as it removes the extra one, which takes the letters of both
    // to be drawn at one site.
    shrinks_to("[a-z]{3,10}", |s| s.contains('x'), 20, "aax");
}

#[test]
fn a_later_alternative_shrinks_to_its_simplest_string() {
    shrinks_to(
        r"(\d+|[a-z]+|\([a-z]\d{2,3}\))!",
        |s| s.starts_with('('),
        20,
        "(a00)!",
    );
    shrinks_to("(cat|dog|bird)s?", |s| s.contains('d'), 20, "dog");
    shrinks_to("(cat|dog|bird)s?", |s| s.ends_with('s'), 20, "cats");
}

#[test]
fn repetitions_past_what_fails_are_removed() {
    // Two `cd`s: the loop keeps two iterations, each switched to the second alternative.
    shrinks_to("(ab|cd)*x", |s| s.matches("cd").count() >= 2, 20, "cdcdx");
    shrinks_to(
        r"\((\d+,)*\d+\)",
        |s| s.matches(',').count() >= 2,
        20,
        "(0,0,0)",
    );
    // Three numbers, one of them at least 10: the last (its digits drawn last).
    shrinks_to(
        r"\d+( \d+)*",
        |s| s.split(' ').count() >= 3 && s.split(' ').any(|n| n.len() >= 2),
        20,
        "0 0 00",
    );
}

#[test]
fn negated_classes_and_dot_shrink_to_ascii() {
    shrinks_to(".{1,5}", |_| true, 5, "0");
    shrinks_to("[^x]+", |_| true, 5, "0");
    shrinks_to(r"\D\W\S\s", |_| true, 5, "::0 ");
    shrinks_to("[^0-9a-z]", |_| true, 5, ":");
    // A character greater than ASCII, when that is what fails.
    shrinks_to(".", |s| !s.is_ascii(), 10, "\u{80}");
    // Control characters come after the printable ones, the lowest first.
    shrinks_to(
        r"[\x00-\xFF]",
        |s| s.chars().any(char::is_control),
        10,
        "\0",
    );
}

#[test]
fn check_reports_the_minimal_string() {
    let hex = Regex::new("0x[0-9a-f]{1,6}").unwrap();
    let report = Check::new(|rng| hex.generate(rng))
        .seed(3)
        .persist(false)
        .try_check(|s: &String| !s.contains('f'))
        .unwrap_err();
    assert_eq!(report.input(), Some("\"0xf\""));

    let key = Regex::new(r"(?P<k>[a-z_]{1,10})=(?<v>\d{1,3}|true|false)").unwrap();
    let report = Check::new(|rng| key.generate(rng))
        .seed(11)
        .persist(false)
        .try_check(|s: &String| !s.ends_with("=false"))
        .unwrap_err();
    // `_` comes before the letters.
    assert_eq!(report.input(), Some("\"_=false\""));
}

#[test]
fn max_repeat_bounds_unbounded_quantifiers() {
    let re = Regex::new("a*b+c{2,}d{1,3}").unwrap().max_repeat(3);
    let mut rng = StdRng::seed_from_u64(0);
    let mut longest = [0; 4];
    for _ in 0..2000 {
        let s = re.generate(&mut rng);
        for (i, c) in ['a', 'b', 'c', 'd'].into_iter().enumerate() {
            longest[i] = longest[i].max(s.matches(c).count());
        }
    }
    assert_eq!(longest, [3, 4, 5, 3]);
    // The default: 8 past the minimum.
    let re = Regex::new("a+").unwrap();
    let longest = (0..2000).map(|_| re.generate(&mut rng).len()).max();
    assert_eq!(longest, Some(9));
    // 0: exactly the minimum.
    let re = Regex::new("(ab)*c{2,}").unwrap().max_repeat(0);
    assert_eq!(re.generate(&mut rng), "cc");
}

#[test]
fn debug_shows_the_pattern() {
    let re = Regex::new("a|b").unwrap().max_repeat(4);
    assert_eq!(
        format!("{re:?}"),
        r#"Regex { pattern: "a|b", max_repeat: 4, .. }"#
    );
}

/// The pattern in the `regex` crate's syntax: the perl classes spelt out, as greduce's are
/// ASCII and the `regex` crate's Unicode.
fn for_regex_crate(pattern: &str) -> String {
    let mut out = String::new();
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let next = chars.next().unwrap();
        match next {
            'd' => out.push_str("[0-9]"),
            'D' => out.push_str("[^0-9]"),
            'w' => out.push_str("[0-9A-Za-z_]"),
            'W' => out.push_str("[^0-9A-Za-z_]"),
            's' => out.push_str(r"[\t\n\x0B\x0C\r ]"),
            'S' => out.push_str(r"[^\t\n\x0B\x0C\r ]"),
            c => {
                out.push('\\');
                out.push(c);
            }
        }
    }
    format!("^(?:{out})$")
}

const PATTERNS: &[&str] = &[
    r"[a-z]{1,8}@[a-z]{2,4}\.(com|org)",
    r"^\d{3}-\d{4}$",
    r"(ab|cd)*x",
    r"a|b|",
    r"(?:x|y(z|))+?w??",
    r"(?P<year>\d{4})-(?<month>0[1-9]|1[0-2])",
    r".*",
    r"[^x]{0,3}",
    r"[^\n]\W\D\S\s\w",
    r"[\d_a-f-]+",
    r"[]a]{2}[a-]{2}",
    r"\.\\\-\*\+\?\(\)\[\]\{\}\|\^\$/",
    r"\n\t\r\f\v\a\x41\x{263A}\u00e9\u{1F600}",
    r"[\u{D7F0}-\u{E00F}]{4}",
    r"[^\x00-\x7E]",
    r"((a|b)c{0,2}){2,3}d{3}",
    r"()*x{0}y{0,0}(|z)",
    r"é+|ü{2,}",
    r"[\s\S]",
    r"\w+( \w+)*[.!?]",
];

#[test]
fn generated_strings_match_their_pattern() {
    for pattern in PATTERNS {
        let regex = Regex::new(pattern).unwrap();
        let check = regex::Regex::new(&for_regex_crate(pattern)).unwrap();
        let mut rng = StdRng::seed_from_u64(0);
        for _ in 0..2000 {
            let s = regex.generate(&mut rng);
            assert!(check.is_match(&s), "{pattern} generated {s:?}");
        }
    }
}

#[test]
fn generation_reaches_every_part() {
    // Every alternative, every character of a small class, every count of a repetition.
    let re = Regex::new("(a|b|c)[x-z]{0,3}").unwrap();
    let mut rng = StdRng::seed_from_u64(0);
    let mut chars = BTreeSet::new();
    let mut lengths = BTreeSet::new();
    for _ in 0..5000 {
        let s = re.generate(&mut rng);
        lengths.insert(s.len());
        chars.extend(s.chars());
    }
    assert_eq!(chars, "abcxyz".chars().collect());
    assert_eq!(lengths, (1..=4).collect());
    // `.` reaches beyond ASCII, and the last plane.
    let dot = Regex::new(".").unwrap();
    let chars: Vec<char> = (0..2000)
        .flat_map(|_| dot.generate(&mut rng).chars().collect::<Vec<_>>())
        .collect();
    assert!(chars.iter().any(|c| u32::from(*c) > 0x10_0000));
    assert!(chars.iter().all(|c| *c != '\n'));
}

#[test]
fn same_seed_same_string() {
    // Called directly or recorded, the generator gives the same string for a seed.
    let re = Regex::new(r"[a-z]{1,8}@[a-z]{2,4}\.(com|org)").unwrap();
    for seed in 0..50 {
        let direct = re.generate(&mut StdRng::seed_from_u64(seed));
        let run = greduce::record(|rng: &mut StdRng| re.generate(rng), seed);
        assert_eq!(run.output, direct);
    }
}
