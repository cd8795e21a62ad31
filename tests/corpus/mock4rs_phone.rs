//! Origin: hackers267/mock4rs, `src/phone.rs`, `src/pick_one.rs` and `src/char.rs`
//! (commit 99c6dd64), rand 0.8.5: a mocked Chinese mobile number; a prefix picked from a
//! list, then a `while` loop appending random digits, each through two helpers.
//!
//! Port: each helper drew from `rand::thread_rng()`; each takes the `rng` parameter instead
//! (first), `gen_range` became `random_range`.

use greduce::generator;
use rand::RngExt;

/// To pick a random element from a list.
#[generator]
fn pick_one<R: rand::Rng + ?Sized, T>(rng: &mut R, list: &[T]) -> T
where
    T: Copy,
{
    let range = 0..list.len();
    list[rng.random_range(range)]
}

/// The type of Char.
#[derive(Clone, Copy)]
// Reason: the port keeps the original's list; the phone number uses `Number` only.
#[allow(dead_code)]
enum CharType {
    Lower,
    Upper,
    Number,
    Symbol,
    All,
    Alpha,
    Alphanumeric,
}

/// Get a random character by a given type.
// Reason: ported as found.
#[allow(clippy::uninlined_format_args)]
#[generator]
fn random_char_bytes<R: rand::Rng + ?Sized>(rng: &mut R, types: CharType) -> char {
    let lower = "abcdefghijklmnopqrstuvwxyz";
    let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let number = "0123456789";
    let symbols = "!@#$%^&*()_+[]{}";
    let alpha = format!("{}{}", lower, upper);
    let alpha_numbers = format!("{}{}", alpha, number);
    let alpha = alpha.as_str();
    let alpha_numbers = alpha_numbers.as_str();
    let all = format!("{}{}{}{}", lower, upper, number, symbols);
    let all = all.as_str();
    let ranges = match types {
        CharType::Lower => lower,
        CharType::Upper => upper,
        CharType::Number => number,
        CharType::Symbol => symbols,
        CharType::Alpha => alpha,
        CharType::Alphanumeric => alpha_numbers,
        CharType::All => all,
    };
    let ranges = ranges.chars().collect::<Vec<char>>();
    pick_one(rng, &ranges)
}

/// Get the random number character.
#[generator]
fn random_number<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    random_char_bytes(rng, CharType::Number).to_string()
}

/// Generates a random phone number.
#[generator]
pub(crate) fn random_phone<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    let prefixes = [
        "130", "131", "132", "133", "134", "135", "136", "137", "138", "139", "151", "152", "186",
        "182",
    ];
    let prefix = pick_one(rng, &prefixes);
    let mut result = String::from(prefix);
    let mut i = 0;
    while i < 8 {
        let s = random_number(rng);
        result += &s;
        i += 1;
    }
    result
}

#[test]
fn a_number_with_a_nine_ends_with_it() {
    // Property: no 9 among the eight random digits. Minimal: the first prefix, seven 0s,
    // then 9.
    crate::assert_minimum(
        random_phone,
        |p: &String| p[3..].contains('9'),
        Clone::clone,
        &"13000000009".to_owned(),
    );
}
