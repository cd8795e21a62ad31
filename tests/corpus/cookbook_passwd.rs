//! Origin: rust-lang-nursery/rust-cookbook,
//! `crates/algorithms/randomness/src/bin/passwd.rs` (commit 8771295d), rand 0.10: a
//! password of 30 characters sampled from `Alphanumeric` in an iterator chain.
//!
//! Port: `rand::rng()` became an `rng` parameter.
//!
//! Compiles unchanged (it did not before `#[generator]` recorded `rng.sample(Alphanumeric)`
//! as the raw rng output it consumes).

use greduce::generator;
use rand::RngExt;
use rand::distr::Alphanumeric;

/// A password of 30 alphanumeric characters.
#[generator]
pub(crate) fn generate_password<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    const PASSWORD_LEN: usize = 30;

    (0..PASSWORD_LEN)
        .map(|_| rng.sample(Alphanumeric) as char)
        .collect()
}

#[test]
fn a_password_with_a_lowercase_letter_ends_with_a() {
    // Property: no lowercase letter. Minimal: 29 times 'A', then 'a'. Each character is
    // recorded as the raw rng output `Alphanumeric` consumed (a `next_u32` whose top six
    // bits index rand's charset `A..Za..z0..9`), so lower bytes give an earlier character:
    // 'A' (all zeros) is the simplest and 'a' the simplest lowercase letter, as in the
    // charset-index rewrite this replaces.
    crate::assert_minimum(
        generate_password,
        |p: &String| p.chars().any(|c| c.is_ascii_lowercase()),
        Clone::clone,
        &format!("{}a", "A".repeat(29)),
    );
}
