//! Origin: rust-lang-nursery/rust-cookbook,
//! `crates/algorithms/randomness/src/bin/choose.rs` (commit 8771295d), rand 0.10: a
//! password of 30 characters, each picked from a user-defined charset in an iterator chain.
//!
//! Port: the body of `main` is the generator; `rand::rng()` became an `rng` parameter.

use greduce::generator;
use rand::RngExt;

const CHARSET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ\
                        abcdefghijklmnopqrstuvwxyz\
                        0123456789)(*&^%$#@!~";
const PASSWORD_LEN: usize = 30;

/// A password: `PASSWORD_LEN` characters from `CHARSET`.
#[generator]
pub(crate) fn password<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    let password: String = (0..PASSWORD_LEN)
        .map(|_| {
            let idx = rng.random_range(0..CHARSET.len());
            char::from(CHARSET[idx])
        })
        .collect();

    password
}

#[test]
#[ignore = "reason: 0 of 5 seeds reach the minimum; each keeps the digit where the failing run had it (e.g. 15 A, 0, 14 A): nothing moves a value to a later iteration of a fixed-count loop"]
fn a_password_with_a_digit_ends_with_zero() {
    // Property: no digit. Minimal: 29 times the first character, 'A', then '0', the first
    // digit of the charset.
    crate::assert_minimum(
        password,
        |p: &String| p.chars().any(|c| c.is_ascii_digit()),
        Clone::clone,
        &format!("{}0", "A".repeat(29)),
    );
}
