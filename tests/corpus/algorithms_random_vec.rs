//! Origin: TheAlgorithms/Rust, `src/sorting/sort_utils.rs` (commit 2c53ddfa), rand 0.10:
//! random vectors for the sorting tests, with a `while` loop counting down.
//!
//! Port: the thread rng (`rand::rng()`) became an `rng` parameter; nothing else changed.

use greduce::generator;
use rand::RngExt;

/// `n` numbers in `range_l..=range_r`, drawn in a `while` loop that counts down.
#[generator]
pub(crate) fn generate_random_vec<R: rand::Rng + ?Sized>(
    rng: &mut R,
    n: u32,
    range_l: i32,
    range_r: i32,
) -> Vec<i32> {
    let mut arr = Vec::<i32>::with_capacity(n as usize);
    let mut count = n;

    while count > 0 {
        arr.push(rng.random_range(range_l..=range_r));
        count -= 1;
    }

    arr
}

/// `n` numbers from a window of `unique_elements + 1` values whose start is drawn first:
/// calls [`generate_random_vec`].
#[generator]
pub(crate) fn generate_repeated_elements_vec<R: rand::Rng + ?Sized>(
    rng: &mut R,
    n: u32,
    unique_elements: u8,
) -> Vec<i32> {
    let v = rng.random_range(0..n as i32);
    generate_random_vec(rng, n, v, v + i32::from(unique_elements))
}

#[test]
fn an_unsorted_vector_ends_with_one_descent_at_the_end() {
    // Property: the vector is sorted. Minimal: every value 0 but the last, which is the
    // simplest value below 0.
    crate::assert_minimum(
        |rng| generate_random_vec(rng, 8, -100, 100),
        |v: &Vec<i32>| !v.is_sorted(),
        Clone::clone,
        &vec![0, 0, 0, 0, 0, 0, 0, -1],
    );
}

#[test]
fn repeated_elements_that_differ_end_with_the_last_one_raised() {
    // Property: all elements are equal. Minimal: the window starts at 0, and only the last
    // element leaves 0 (for 1, the simplest other value of `0..=2`).
    crate::assert_minimum(
        |rng| generate_repeated_elements_vec(rng, 8, 2),
        |v: &Vec<i32>| v.iter().any(|x| *x != v[0]),
        Clone::clone,
        &vec![0, 0, 0, 0, 0, 0, 0, 1],
    );
}
