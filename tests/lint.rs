//! Generated code under strict lints: no warning, no pedantic clippy lint (CI runs clippy
//! with `-D warnings` on this file).

#![deny(warnings, clippy::pedantic)]

use greduce::generator;
use rand::RngExt;
use rand::seq::{IndexedRandom, SliceRandom};

#[generator]
fn everything<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let mut out = Vec::new();
    for i in 0..rng.random_range(0..4u32) {
        out.push(i);
    }
    let n = rng.random_range(0..3usize);
    for _ in 0..n {
        out.push(rng.random());
    }
    out.extend(std::iter::repeat_with(|| rng.random_range(0..5)).take(n));
    while rng.random_bool(0.5) {
        out.push(1);
    }
    if rng.random_ratio(1, 2) {
        out.push(2);
    } else {
        out.push(3);
    }
    let x = match rng.random_range(0..3) {
        0 => 10,
        1 => 11,
        _ => 12,
    };
    out.push(x);
    out.shuffle(rng);
    if let Some(v) = out.choose(rng) {
        let v = *v;
        out.push(v);
    }
    out.push(leaf(rng));
    // A selection and a switch as the last statement of a block.
    for _ in 0..rng.random_range(0..3) {
        if rng.random_bool(0.5) {
            out.push(4);
        }
    }
    for _ in 0..rng.random_range(0..3) {
        match rng.random_range(0..2) {
            0 => out.push(5),
            _ => out.push(6),
        }
    }
    // A `while` as the last statement of a block.
    for k in 0..2u32 {
        if k > 0 {
            let mut n = 0;
            while n < 3 && rng.random_bool(0.5) {
                n += 1;
                out.push(n);
            }
        }
    }
    out
}

#[generator]
fn leaf<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.random_range(0..100)
}

#[test]
fn strict_lints_pass() {
    let run = greduce::record(everything, 3);
    assert!(!run.output.is_empty());
}

/// Derived generators under the same lints: a struct with every attribute, a generic
/// type, a recursive enum with weights.
#[derive(Debug, greduce::Generate)]
struct Derived<T> {
    #[generate(range = 1..=6)]
    dice: u8,
    #[generate(len = 1..=3, range = 'a'..='c')]
    word: String,
    #[generate(range = 0..=dice)]
    below: u8,
    #[generate(with = leaf)]
    leaf: u32,
    #[generate(value = usize::from(dice))]
    copied: usize,
    inner: Option<T>,
}

#[derive(Debug, greduce::Generate)]
enum Tree {
    #[generate(weight = 2)]
    Leaf,
    Node(Box<Tree>, u8, Box<Tree>),
    #[generate(weight = 0)]
    Never,
}

#[greduce::test(cases = 5)]
fn derived_types_pass_strict_lints(derived: Derived<Tree>, #[generate(len = 2)] trees: Vec<Tree>) {
    let Derived {
        dice,
        word,
        below,
        leaf,
        copied,
        inner,
    } = derived;
    assert!(below <= dice && copied == usize::from(dice) && leaf < 100);
    assert!(word.chars().all(|c| ('a'..='c').contains(&c)));
    assert_eq!(trees.len(), 2);
    assert!(inner.iter().chain(&trees).all(|t| size(t) < 1 << 20));
    assert_eq!(size(&Tree::Never), 1);
}

fn size(tree: &Tree) -> usize {
    match tree {
        Tree::Leaf | Tree::Never => 1,
        Tree::Node(left, value, right) => size(left) + usize::from(*value > 0) + size(right),
    }
}

/// `#[greduce::test] async fn`, returning `()` and `Result`, with drawn parameters and draws
/// across `.await`s.
#[greduce::test(cases = 5)]
async fn async_tests_pass_strict_lints(
    rng: &mut impl rand::Rng,
    #[generate(len = 1..3)] bytes: Vec<u8>,
) {
    let k = rng.random_range(0..=bytes.len());
    let echoed = async { k }.await;
    let more = async { rng.random_range(0..10u8) }.await;
    assert!(echoed <= bytes.len() && more < 10);
}

#[greduce::test(cases = 5, executor = plain)]
async fn async_results_pass_strict_lints(rng: &mut impl rand::Rng) -> Result<(), String> {
    let n: u32 = async { "7" }.await.parse().map_err(|e| format!("{e}"))?;
    let m = rng.random_range(0..n);
    if m >= n {
        return Err(format!("{m} >= {n}"));
    }
    Ok(())
}
