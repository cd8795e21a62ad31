//! Origin: linw1995/bearmark, `bearmark-api/src/utils/rand.rs` (commit c0407b77),
//! rand 0.9: a random alphanumeric string through `sample_iter`.
//!
//! Port: `rand::rng()` became an `rng` parameter.

use greduce::generator;
use rand::RngExt;

/// `length` alphanumeric characters (unchanged port).
///
/// ```text
/// error: greduce cannot record `sample_iter` on the generator rng: it draws lazily, after
/// the call returns; draw in a reducible loop instead; recorded decisions are
/// `random_range`, `random_bool`, `random_ratio`, `random`, `fill`, `sample`
///   --> tests/corpus/bearmark_rand_str.rs
///    |     rng.sample_iter(&Alphanumeric)
///    |         ^^^^^^^^^^^
/// ```
#[cfg(any())]
#[generator]
pub(crate) fn rand_str<R: rand::Rng + ?Sized>(rng: &mut R, length: usize) -> String {
    use rand::distr::Alphanumeric;

    rng.sample_iter(&Alphanumeric)
        .take(length)
        .map(char::from)
        .collect()
}

/// The characters `Alphanumeric` samples from, in rand's order.
const GEN_ASCII_STR_CHARSET: &[u8] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// `length` alphanumeric characters.
// rewritten: `sample_iter(&Alphanumeric).take(length)` became `(0..length).map(..)` drawing
// an index into rand's charset with `random_range` (neither `sample_iter` nor
// `sample(Alphanumeric)` compiles today).
#[generator]
pub(crate) fn rand_str<R: rand::Rng + ?Sized>(rng: &mut R, length: usize) -> String {
    (0..length)
        .map(|_| {
            char::from(GEN_ASCII_STR_CHARSET[rng.random_range(0..GEN_ASCII_STR_CHARSET.len())])
        })
        .collect()
}

#[test]
fn a_string_with_four_digits_ends_with_them() {
    // Property: at most three digits. Minimal (rewrite, charset order): six 'A', then four
    // '0' (the first digit of the charset). (Unchanged, if `Alphanumeric` samples rank by
    // byte value, '0' comes first: ten '0'.)
    crate::assert_minimum(
        |rng| rand_str(rng, 10),
        |s: &String| s.chars().filter(char::is_ascii_digit).count() >= 4,
        Clone::clone,
        &"AAAAAA0000".to_owned(),
    );
}
