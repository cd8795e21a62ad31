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
