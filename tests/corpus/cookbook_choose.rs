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
