//! Origin: rust-lang-nursery/rust-cookbook, `src/algorithms/randomness/rand-custom.md`
//! (the version before commit c9b89dfa, rand 0.9 with the 0.8 module names): a user type
//! made random by implementing `Distribution<Point>` for the standard distribution.
//!
//! Port: `rand::distributions` became `rand::distr`, `Standard` became `StandardUniform`;
//! the `main` that drew a point became a generator taking the rng.
//!
//! Compiles unchanged: the tuple `let (x, y) = rng.random()` is drawn element by element
//! (as rand draws it), and `rng.random::<Point>()` through the user's `#[generator]`
//! `sample` is a nested generator call.

use greduce::generator;
use rand::RngExt;
use rand::distr::{Distribution, StandardUniform};

/// A point with integer coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Point {
    x: i32,
    y: i32,
}

impl Distribution<Point> for StandardUniform {
    /// A point with two random coordinates, drawn as one tuple.
    #[generator]
    fn sample<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Point {
        let (rand_x, rand_y) = rng.random();
        Point {
            x: rand_x,
            y: rand_y,
        }
    }
}

/// A random point, through the user's distribution.
#[generator]
pub(crate) fn random_point<R: rand::Rng + ?Sized>(rng: &mut R) -> Point {
    let rand_point: Point = rng.random();
    rand_point
}

#[test]
fn coordinates_that_overflow_a_sum_end_at_one_and_max() {
    // Property: `x + y` does not overflow. Minimal: x = 1 (0 cannot overflow), then the
    // only y that overflows with it, `i32::MAX`. The tuple is now one decision, the raw
    // rng output rand's tuple sampler consumed (two `next_u32`, stored big-endian, each
    // cast to `i32`), so bytes rank like `x as u32` then `y as u32`: x = 1 is still the
    // lowest that can overflow (a negative x is 2^31 or more), and y = `i32::MAX` the only
    // partner.
    crate::assert_minimum(
        random_point,
        |p: &Point| p.x.checked_add(p.y).is_none(),
        |p| *p,
        &Point { x: 1, y: i32::MAX },
    );
}
