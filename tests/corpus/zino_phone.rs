//! Origin: zino-rs/zino, `crates/zino-core/src/mock/format/phone_number.rs`
//! (commit 216f2297), rand 0.8: a mocked phone number; a country code chosen from a list,
//! then a `match` on it selects an iterator chain whose closure `match`es on the position.
//!
//! Port: `thread_rng()` became an `rng` parameter, `gen_range` became `random_range`,
//! `SliceRandom` became `IndexedRandom`.

use greduce::generator;
use rand::RngExt;
use rand::seq::IndexedRandom;

/// Country codes for a mocked phone number.
const COUNTRY_CODES: [&str; 3] = ["+1", "+49", "+86"];

/// A random phone number.
#[generator]
pub(crate) fn gen_phone_number<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    let country_code = COUNTRY_CODES.choose(rng).unwrap_or(&"+86");
    let national_number = match *country_code {
        "+1" => (0..10)
            .map(|i| match i {
                0 => rng.random_range('2'..='9'),
                1 => rng.random_range('4'..='9'),
                _ => rng.random_range('0'..='9'),
            })
            .collect::<String>(),
        "+49" => (0..11)
            .map(|i| match i {
                0 => '1',
                1 => '7',
                2 => rng.random_range('1'..='9'),
                _ => rng.random_range('0'..='9'),
            })
            .collect::<String>(),
        _ => (0..11)
            .map(|i| match i {
                0 => '1',
                1 => rng.random_range('3'..='9'),
                _ => rng.random_range('0'..='9'),
            })
            .collect::<String>(),
    };
    format!("{country_code}{national_number}")
}

/// The number without its country code.
fn national(number: &str) -> &str {
    COUNTRY_CODES
        .iter()
        .find_map(|code| number.strip_prefix(code))
        .expect("a known country code")
}

#[test]
fn a_number_with_a_five_ends_with_it() {
    // Property: no digit 5 after the country code. Minimal: fewest decisions first, so +49
    // (its first two digits are fixed: 9 draws, where +1 and +86 draw 10), then each digit
    // the lowest of its range ('1', then '0') and the 5 in the last place.
    crate::assert_minimum(
        gen_phone_number,
        |p: &String| national(p).contains('5'),
        Clone::clone,
        &"+4917100000005".to_owned(),
    );
}
