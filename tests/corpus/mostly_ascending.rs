//! Origin: rust-lang/rust, `library/alloc/benches/slice.rs`, `gen_mostly_ascending`
//! (commit 0b4f221f), rand 0.8: the "mostly ascending" input of the sort benchmarks, a
//! sorted vector with about `sqrt(len)` random swaps, in a `take_while` loop.
//!
//! Port: `crate::bench_rng()` became an `rng` parameter, `gen::<usize>()` became
//! `random::<u64>() as usize` (rand 0.9 dropped `usize` from the standard distribution).

use greduce::generator;
use rand::RngExt;

fn gen_ascending(len: usize) -> Vec<u64> {
    (0..len as u64).collect()
}

/// `0..len` with `isqrt(len) + 1` random swaps.
#[generator]
pub(crate) fn gen_mostly_ascending<R: rand::Rng + ?Sized>(rng: &mut R, len: usize) -> Vec<u64> {
    let mut v = gen_ascending(len);
    for _ in (0usize..).take_while(|x| x * x <= len) {
        let x = rng.random::<u64>() as usize % len;
        let y = rng.random::<u64>() as usize % len;
        v.swap(x, y);
    }
    v
}

#[test]
fn an_unsorted_result_ends_with_the_first_two_swapped_last() {
    // Property: the result is sorted. Minimal: every swap but the last is (0, 0); the last
    // is (0, 1).
    let mut minimum: Vec<u64> = (0..20).collect();
    minimum.swap(0, 1);
    crate::assert_minimum(
        |rng| gen_mostly_ascending(rng, 20),
        |v: &Vec<u64>| !v.is_sorted(),
        Clone::clone,
        &minimum,
    );
}
