//! Origin: linw1995/bearmark, `bearmark-api/src/utils/rand.rs` (commit c0407b77),
//! rand 0.9: a random alphanumeric string through `sample_iter`.
//!
//! Port: `rand::rng()` became an `rng` parameter.
//!
//! Compiles unchanged (it did not before `#[generator]` recorded `sample_iter`: each item
//! is its raw rng output, drawn in a reducible loop under `.take(length)`).

use greduce::generator;
use rand::RngExt;

/// `length` alphanumeric characters.
#[generator]
pub(crate) fn rand_str<R: rand::Rng + ?Sized>(rng: &mut R, length: usize) -> String {
    use rand::distr::Alphanumeric;

    rng.sample_iter(&Alphanumeric)
        .take(length)
        .map(char::from)
        .collect()
}

#[test]
fn a_string_with_four_digits_ends_with_them() {
    // Property: at most three digits. Minimal: six 'A', then four '0'. Each character is
    // recorded as the raw rng output `Alphanumeric` consumed (a `next_u32` whose top six
    // bits index rand's charset `A..Za..z0..9`), so lower bytes give an earlier character:
    // 'A' (all zeros) is the simplest character and '0' the simplest digit, as in the
    // charset-index rewrite this replaces.
    crate::assert_minimum(
        |rng| rand_str(rng, 10),
        |s: &String| s.chars().filter(char::is_ascii_digit).count() >= 4,
        Clone::clone,
        &"AAAAAA0000".to_owned(),
    );
}
