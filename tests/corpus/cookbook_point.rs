//! Origin: rust-lang-nursery/rust-cookbook, `src/algorithms/randomness/rand-custom.md`
//! (the version before commit c9b89dfa, rand 0.9 with the 0.8 module names): a user type
//! made random by implementing `Distribution<Point>` for the standard distribution.
//!
//! Port: `rand::distributions` became `rand::distr`, `Standard` became `StandardUniform`;
//! the `main` that drew a point became a generator taking the rng.

use greduce::generator;
use rand::RngExt;
use rand::distr::{Distribution, StandardUniform};

/// A point with integer coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Point {
    x: i32,
    y: i32,
}

/// The user's distribution, and a point drawn from it (unchanged port).
///
/// ```text
/// error[E0277]: greduce cannot record `random::<(_, _)>()`
///   --> tests/corpus/cookbook_point.rs
///    |         let (rand_x, rand_y) = rng.random();
///    |                                ^^^ the trait `greduce::__private::StandardValue`
///    |                                    is not implemented for `(_, _)`
///    = note: recorded `random` decisions produce primitive integers, `bool`, `char`, `f32`
///            or `f64`; draw the parts of a compound value one by one
/// error[E0277]: greduce cannot record `random::<Point>()`
///   --> tests/corpus/cookbook_point.rs
///    |     let rand_point: Point = rng.random();
///    |                             ^^^ unsatisfied trait bound
///    = help: the trait `greduce::__private::StandardValue` is not implemented for `Point`
/// ```
#[cfg(any())]
mod unchanged {
    use super::Point;
    use greduce::generator;
    use rand::RngExt;
    use rand::distr::{Distribution, StandardUniform};

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
}

/// The body of the user's `Distribution<Point>::sample`, as a generator function.
// rewritten: the tuple `rng.random()` became two `rng.random::<i32>()` draws, and the body
// moved to a function that `random_point` can call (`rng.random::<Point>()`,
// `StandardUniform.sample(rng)` and `Distribution::sample(&StandardUniform, rng)` are all
// refused today).
#[generator]
fn sample_point<R: rand::Rng + ?Sized>(rng: &mut R) -> Point {
    let (rand_x, rand_y) = (rng.random::<i32>(), rng.random::<i32>());
    Point {
        x: rand_x,
        y: rand_y,
    }
}

impl Distribution<Point> for StandardUniform {
    fn sample<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Point {
        sample_point(rng)
    }
}

/// A random point, through the user's distribution.
// rewritten: `rng.random()` became `sample_point(rng)`.
#[generator]
pub(crate) fn random_point<R: rand::Rng + ?Sized>(rng: &mut R) -> Point {
    let rand_point: Point = sample_point(rng);
    rand_point
}

#[test]
#[ignore = "reason: reaches Point { x: -1, y: -2147483648 } (2 of 5) instead of Point { x: 1, y: 2147483647 }: x goes from -1 to 1 only if y jumps from MIN to MAX at once"]
fn coordinates_that_overflow_a_sum_end_at_one_and_max() {
    // Property: `x + y` does not overflow. Minimal: x = 1 (0 cannot overflow), then the
    // only y that overflows with it, `i32::MAX`.
    crate::assert_minimum(
        random_point,
        |p: &Point| p.x.checked_add(p.y).is_none(),
        |p| *p,
        &Point { x: 1, y: i32::MAX },
    );
}
