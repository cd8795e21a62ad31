//! Origin: rayon-rs/rayon, `rayon-demo/src/sort.rs`, `gen_strings` (commit c4dac9f8),
//! rand 0.10: strings for the sort benchmarks; each length sampled from a `Uniform`, the
//! characters through `sample_iter(&Alphanumeric)`.
//!
//! Port: `crate::seeded_rng()` became an `rng` parameter.
//!
//! Compiles unchanged (it did not before `#[generator]` recorded `sample_iter`: each
//! character is its raw rng output, drawn in a reducible loop under `.take(n)`). The
//! lengths, `rng.sample(len_dist)` from a `Uniform<usize>`, are raw rng output too (rand
//! has no `usize` standard value, so greduce records this `Uniform` as raw bytes).

use greduce::generator;
use rand::RngExt;
use rand::distr::Alphanumeric;
use rand::distr::Uniform;

/// `len` strings of 1 to 20 alphanumeric characters.
#[generator]
pub(crate) fn gen_strings<R: rand::Rng + ?Sized>(rng: &mut R, len: usize) -> Vec<String> {
    let len_dist = Uniform::new(1, 21).unwrap();
    let mut v = vec![];
    for _ in 0..len {
        let n = rng.sample(len_dist);
        v.push(
            rng.sample_iter(&Alphanumeric)
                .map(char::from)
                .take(n)
                .collect(),
        );
    }
    v
}

#[test]
fn a_long_string_ends_as_the_last_of_three() {
    // Property: every string is shorter than 15. Minimal: lengths 1, 1, 15 (fewest
    // decisions, one per character), every character 'A' (all-zero raw output, the first
    // of rand's charset). A length is the raw `u32` its `Uniform` consumed: all zeros is in
    // rand's rejection zone for `1..21` (2^32 mod 20 = 16) and gives 9 (greduce's fixed
    // made-up output past the recorded bytes), so length 1 is `00 00 00 01`.
    crate::assert_minimum(
        |rng| gen_strings(rng, 3),
        |v: &Vec<String>| v.iter().any(|s| s.len() >= 15),
        Clone::clone,
        &vec!["A".to_owned(), "A".to_owned(), "A".repeat(15)],
    );
}
