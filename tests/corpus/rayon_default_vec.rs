//! Origin: rayon-rs/rayon, `rayon-demo/src/quicksort/mod.rs`, `default_vec`
//! (commit b35e9d71, the parent of "Update rand to 0.5"), rand 0.4: the input of the
//! quicksort benchmark, raw `next_u32` outputs collected from an iterator chain.
//!
//! Port: the `XorShiftRng` seeded inside became an `rng` parameter.
//!
//! Compiles unchanged (it did not before `#[generator]` recorded `next_u32`, a decision
//! holding the 32-bit number).

use greduce::generator;

/// `n` raw 32-bit outputs of the rng.
#[generator]
pub(crate) fn default_vec<R: rand::Rng + ?Sized>(rng: &mut R, n: usize) -> Vec<u32> {
    (0..n).map(|_| rng.next_u32()).collect()
}

#[test]
fn an_unsorted_input_ends_with_one_descent_at_the_end() {
    // Property: the input is sorted. Minimal: zeros, then 1, 0 at the end.
    crate::assert_minimum(
        |rng| default_vec(rng, 6),
        |v: &Vec<u32>| !v.is_sorted(),
        Clone::clone,
        &vec![0, 0, 0, 0, 1, 0],
    );
}
