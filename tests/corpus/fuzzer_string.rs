//! Origin: ShoshinX/FuckAroundAndFindOut, `fuzzers/src/main.rs`, `fuzzer`
//! (commit a2fd2251), rand 0.8: the classic random fuzzer: a random length, then that many
//! characters from a byte range.
//!
//! Port: `thread_rng()` became an `rng` parameter, `gen_range` became `random_range`.

use greduce::generator;
use rand::RngExt;

/// Up to `max_length - 1` characters, each in `char_start..char_start + char_range`.
// Reason: ported as found.
#[allow(clippy::manual_string_new, clippy::semicolon_if_nothing_returned)]
#[generator]
pub(crate) fn fuzzer<R: rand::Rng + ?Sized>(
    rng: &mut R,
    max_length: u32,
    char_start: u8,
    char_range: u8,
) -> String {
    let x: u32 = rng.random_range(0..max_length);
    let mut out: String = "".to_owned();
    for _ in 0..x {
        out.push(rng.random_range(char_start..char_start + char_range) as char)
    }
    out
}

#[test]
fn a_non_ascii_input_ends_as_one_character_0x80() {
    // Property: the input is ASCII (bytes from 'a' up to 'a' + 31 reach 0x80). Minimal: one
    // character, the lowest byte above ASCII.
    crate::assert_minimum(
        |rng| fuzzer(rng, 10, b'a', 32),
        |s: &String| !s.is_ascii(),
        Clone::clone,
        &"\u{80}".to_owned(),
    );
}
