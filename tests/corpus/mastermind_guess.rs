//! Origin: TheAlgorithms/Rust, `src/general/genetic.rs`, the code breaker of the
//! `find_secret_mastermind` test (commit 2c53ddfa), rand 0.10: a random peg per position.
//!
//! Port: the helpers took `&mut ThreadRng`; they take a generic rng instead, so they can be
//! given a seeded one.

use greduce::generator;
use rand::RngExt;

/// A peg colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ColoredPeg {
    Red,
    Yellow,
    Green,
    Blue,
    White,
    Black,
}

/// One of six colours, by a `match` on a draw.
#[generator]
fn random_color<R: rand::Rng + ?Sized>(rng: &mut R) -> ColoredPeg {
    match rng.random_range(0..=5) {
        0 => ColoredPeg::Red,
        1 => ColoredPeg::Yellow,
        2 => ColoredPeg::Green,
        3 => ColoredPeg::Blue,
        4 => ColoredPeg::White,
        _ => ColoredPeg::Black,
    }
}

/// Four pegs, each from [`random_color`], through `std::array::from_fn`.
#[generator]
pub(crate) fn random_guess<R: rand::Rng + ?Sized>(rng: &mut R) -> [ColoredPeg; 4] {
    std::array::from_fn(|_| random_color(rng))
}

#[test]
fn a_guess_with_black_ends_red_red_red_black() {
    use ColoredPeg::{Black, Red};
    // Property: no black peg. Minimal: the first three pegs take the first arm (red), the
    // last the black arm.
    crate::assert_minimum(
        random_guess,
        |g: &[ColoredPeg; 4]| g.contains(&Black),
        |g| *g,
        &[Red, Red, Red, Black],
    );
}
