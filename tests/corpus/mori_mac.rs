//! Origin: CLOEI/Mori, `core/src/utils/random.rs` (commit 37b4c6ae), rand 0.8 API: a random
//! MAC address from a hex helper, called once directly and five times inside `format!`.
//!
//! Port: `thread_rng()` became an `rng` parameter of both functions, `gen_range` became
//! `random_range`.
//!
//! Compiles unchanged (it did not before `#[generator]` saw the rng inside `format!`).

use greduce::generator;
use rand::RngExt;

/// `length` hex digits.
#[generator]
pub(crate) fn hex<R: rand::Rng + ?Sized>(rng: &mut R, length: u32, upper: bool) -> String {
    let chars = if upper {
        "0123456789ABCDEF"
    } else {
        "0123456789abcdef"
    };
    (0..length)
        .map(|_| {
            let idx = rng.random_range(0..chars.len());
            chars.chars().nth(idx).unwrap()
        })
        .collect()
}

/// Six pairs of lowercase hex digits, separated by colons.
// Reason: ported as found.
#[allow(clippy::format_push_string)]
#[generator]
pub(crate) fn mac_address<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    let mut mac = hex(rng, 2, false);
    for _ in 0..5 {
        mac.push_str(&format!(":{}", hex(rng, 2, false)));
    }
    mac
}

#[test]
fn an_address_with_an_f_ends_with_it() {
    // Property: no digit 'f'. Minimal: all '0' but the last digit.
    crate::assert_minimum(
        mac_address,
        |m: &String| m.contains('f'),
        Clone::clone,
        &"00:00:00:00:00:0f".to_owned(),
    );
}
