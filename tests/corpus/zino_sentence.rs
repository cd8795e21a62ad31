//! Origin: zino-rs/zino, `crates/zino-core/src/mock/sentence.rs`, `gen_random_sentence`
//! (commit 12af2efe), rand 0.9: a mocked sentence of random words filling a random length,
//! in a `while` loop that stops with `break` when the next word does not fit.
//!
//! Port: `rand::rng()` became an `rng` parameter. Only the default branch of the
//! `match locale` is kept: the other branches, behind `locale-*` features, draw words from
//! the `random_word` crate (not a dependency here). Compiles unchanged: `sample_string`
//! is recorded as the raw rng output it consumed.

use greduce::generator;
use rand::RngExt;
use rand::distr::Alphanumeric;
use rand::distr::SampleString;

/// Alphanumeric words up to 16 characters, up to a random length.
#[generator]
pub(crate) fn gen_random_sentence<R: rand::Rng + ?Sized>(
    rng: &mut R,
    min_length: usize,
    max_length: usize,
) -> String {
    let mut length = rng.random_range(min_length..=max_length);
    let mut sentence = String::with_capacity(min_length);
    while length > 0 {
        let num_chars = rng.random_range(1..=16);
        let word = Alphanumeric.sample_string(rng, num_chars);
        let word_length = word.len();
        if let Some(remainder_length) = length.checked_sub(word_length) {
            sentence.push_str(&word);
            sentence.push(' ');
            length = remainder_length.saturating_sub(1);
        } else {
            if sentence.len() <= min_length {
                sentence.push_str(&word);
            }
            break;
        }
    }
    if sentence.ends_with(' ') {
        sentence.pop();
    }
    sentence
}

#[test]
fn a_long_word_ends_as_the_whole_sentence() {
    // Property: no word of 11 characters or more. Minimal: length 1, then a word of 11
    // characters (it does not fit, but the sentence is empty, so it is kept) of the first
    // character.
    crate::assert_minimum(
        |rng| gen_random_sentence(rng, 0, 40),
        |s: &String| s.split(' ').any(|w| w.len() >= 11),
        Clone::clone,
        &"A".repeat(11),
    );
}
