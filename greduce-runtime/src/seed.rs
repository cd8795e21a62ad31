//! Seeds: how one is read back from text, each case's seed derived from a check's, and a
//! fresh one for a run that names none.

use std::hash::{BuildHasher, RandomState};

/// What a seed's text must be, for error messages.
pub(crate) const EXPECTED: &str = "a seed: an integer in decimal or 0x-prefixed hexadecimal";

/// A seed in decimal or `0x` hexadecimal (as reports print it), `_` separators allowed.
pub(crate) fn parse(text: &str) -> Option<u64> {
    let v = text.trim().replace('_', "");
    match v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => v.parse().ok(),
    }
}

/// The seed of case `index`: the base seed for the first case (so a reported seed
/// reproduces its failure on the first case), a mix of both for the others.
pub(crate) fn case_seed(base: u64, index: u64) -> u64 {
    if index == 0 {
        return base;
    }
    // splitmix64
    let mut z = base.wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed that differs from run to run (std's per-process random hash keys, and the time).
pub(crate) fn random_seed() -> u64 {
    let time = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    RandomState::new().hash_one(time)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_read_as_reports_print_them() {
        assert_eq!(parse("0x1a"), Some(26));
        assert_eq!(parse(" 1_000 "), Some(1000));
        assert_eq!(parse("0Xff"), Some(255));
        assert_eq!(parse("-1"), None);
        assert_eq!(parse("ten"), None);
    }
}
