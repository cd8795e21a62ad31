//! Origin: TheAlgorithms/Rust, `src/data_structures/skip_list.rs`, `random_value`
//! (commit 2c53ddfa), rand 0.10: the level of a new skip-list node, raised while a draw
//! says so and the maximum allows it.
//!
//! Port: `rand::random_range` (the thread rng) became `rng.random_range` on a parameter.

use greduce::generator;
use rand::RngExt;

/// A level from 1 to `max`: one more while a draw in `1..10` is above 5.
#[generator]
pub(crate) fn random_value<R: rand::Rng + ?Sized>(rng: &mut R, max: usize) -> usize {
    let mut v = 1usize;
    loop {
        if rng.random_range(1usize..10usize) > 5 && v < max {
            v += 1;
        } else {
            break;
        }
    }
    v
}

#[test]
fn a_level_of_four_or_more_ends_at_four() {
    // Property: the level is below 4. Minimal: draws 6, 6, 6 (the simplest values above 5)
    // then 1, so the level is exactly 4.
    crate::assert_minimum(|rng| random_value(rng, 16), |v: &usize| *v >= 4, |v| *v, &4);
}
