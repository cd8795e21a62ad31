//! Failure identity: a message that names the input does not stop shrinking. Four ways users
//! write such a message, each over 20 seeds, all asked of the default `SameFailure`
//! (a panic at the same place, or an `Err` of the same kind, whatever the message says).

use greduce::{Check, generator};
use rand::RngExt;

/// Up to 6 words of up to 6 lowercase letters.
#[generator]
fn words<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<String> {
    let mut out = Vec::new();
    for _ in 0..rng.random_range(0..6) {
        let mut w = String::new();
        for _ in 0..rng.random_range(0..6) {
            w.push(rng.random_range('a'..='z'));
        }
        out.push(w);
    }
    out
}

/// The first letter a word repeats.
fn repeat(w: &str) -> Option<char> {
    w.chars()
        .enumerate()
        .find(|&(i, c)| w.chars().skip(i + 1).any(|d| d == c))
        .map(|(_, c)| c)
}

/// How many of 20 seeds shrink to `["aa"]`, the smallest list with a word that repeats a
/// letter (one word of two letters, both the simplest), under `property`.
fn minimal_seeds<P: greduce::IntoOutcome>(property: impl Fn(&Vec<String>) -> P) -> usize {
    let mut endings = Vec::new();
    for seed in 1..=20 {
        let report = Check::new(words)
            .seed(seed)
            .cases(1000)
            .persist(false)
            .try_check(&property)
            .expect_err("a list with a repeated letter is found");
        endings.push(report.input().unwrap_or("(none)").to_string());
    }
    let minimal = endings.iter().filter(|e| *e == r#"["aa"]"#).count();
    eprintln!("{minimal} of 20 minimal; endings: {endings:?}");
    minimal
}

#[test]
fn an_assert_naming_the_input() {
    let n = minimal_seeds(|v: &Vec<String>| {
        for w in v {
            assert!(repeat(w).is_none(), "{w} repeats a letter");
        }
    });
    assert!(n >= 19, "{n} of 20");
}

#[test]
fn a_panic_naming_the_input() {
    let n = minimal_seeds(|v: &Vec<String>| {
        for w in v {
            if let Some(c) = repeat(w) {
                panic!("word {w} has {c} twice");
            }
        }
    });
    assert!(n >= 19, "{n} of 20");
}

#[test]
fn an_err_naming_the_input() {
    let n = minimal_seeds(|v: &Vec<String>| -> Result<(), String> {
        for w in v {
            if repeat(w).is_some() {
                return Err(format!("{w} is not a set"));
            }
        }
        Ok(())
    });
    assert!(n >= 19, "{n} of 20");
}

#[test]
fn an_assert_eq_with_a_message() {
    let n = minimal_seeds(|v: &Vec<String>| {
        for w in v {
            let mut letters: Vec<char> = w.chars().collect();
            letters.sort_unstable();
            letters.dedup();
            assert_eq!(letters.len(), w.len(), "{w} in {v:?} has a letter twice");
        }
    });
    assert!(n >= 19, "{n} of 20");
}

/// Errors of different kinds stay apart: an enum's variants are told apart by name, so
/// shrinking an `Overflow` never ends at a `Parse`, however their fields change.
#[test]
fn errors_of_another_variant_are_another_failure() {
    #[derive(Debug)]
    #[allow(dead_code)] // Reason: the fields are read through `Debug` only.
    enum Error {
        Parse { at: usize },
        Overflow(u32),
    }
    let report = Check::new(words)
        .seed(3)
        .persist(false)
        .try_check(|v: &Vec<String>| {
            let total: usize = v.iter().map(String::len).sum();
            if total >= 4 {
                return Err(Error::Overflow(total as u32));
            }
            if v.len() >= 2 {
                return Err(Error::Parse { at: v.len() });
            }
            Ok(())
        })
        .unwrap_err();
    // Overflow's minimum is one word of 4 letters; a Parse (two empty words) is smaller,
    // but another failure.
    let input = report.input().unwrap();
    assert!(report.to_string().contains("Overflow(4)"), "{report}");
    assert_eq!(input, r#"["aaaa"]"#);
}
