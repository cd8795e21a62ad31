//! The syntax of [greduce](https://docs.rs/greduce)'s settings' values. An implementation
//! detail of `greduce-runtime` (the `GREDUCE_*` variables), `greduce-macros`
//! (`#[greduce::test(max_shrink_time = "..")]`, checked at compile time) and `greduce-cli`
//! (`--timeout`): use it through those. One parser, so that a duration means the same
//! wherever it is written.
//!
//! ```
//! use greduce_settings::duration;
//! use std::time::Duration;
//!
//! assert_eq!(duration("1.5s"), Some(Duration::from_millis(1500)));
//! assert_eq!(duration("500ms"), Some(Duration::from_millis(500)));
//! assert_eq!(duration("2m"), Some(Duration::from_secs(120)));
//! assert_eq!(duration("3"), Some(Duration::from_secs(3)));
//! assert_eq!(duration("0.1 s"), Some(Duration::from_millis(100))); // exactly
//! assert_eq!(duration("1h"), None);
//! ```

use std::time::Duration;

/// The forms [`duration`] reads, for error messages.
pub const DURATION_FORMS: &str =
    "a duration such as `10s`, `1.5s`, `500ms`, `2m` or a number of seconds";

/// A duration: a decimal number (`10`, `1.5`, `.5`), optionally followed by a unit, `ms`,
/// `s` (the default), `m` or `min`, with spaces allowed around both. `None` for anything
/// else: a sign, an exponent (`1e3`), another unit, or more than `u64::MAX` seconds. The
/// arithmetic is exact to the nanosecond (no floating point: `0.1s` is 100 ms), digits
/// below a nanosecond are dropped. Zero is a duration; what it means is the caller's
/// business (an off switch for a time limit, an error on the command line).
#[must_use]
pub fn duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let split = text
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let unit_nanos: u128 = match unit.trim() {
        "" | "s" => 1_000_000_000,
        "ms" => 1_000_000,
        "m" | "min" => 60_000_000_000,
        _ => return None,
    };
    let number = number.trim();
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) {
        return None;
    }
    // Digits past the 18th of the fraction are below a nanosecond of the longest unit
    // (a minute is 6e10 ns), and would overflow below.
    let fraction = &fraction[..fraction.len().min(18)];
    let whole: u128 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let scale = 10u128.pow(u32::try_from(fraction.len()).ok()?);
    let fraction: u128 = if fraction.is_empty() {
        0
    } else {
        fraction.parse().ok()?
    };
    let nanos = whole
        .checked_mul(unit_nanos)?
        .checked_add(fraction * unit_nanos / scale)?;
    let secs = u64::try_from(nanos / 1_000_000_000).ok()?;
    let subsec = u32::try_from(nanos % 1_000_000_000).ok()?;
    Some(Duration::new(secs, subsec))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_and_fractions() {
        let ms = |n| Some(Duration::from_millis(n));
        assert_eq!(duration("10s"), ms(10_000));
        assert_eq!(duration("1.5s"), ms(1500));
        assert_eq!(duration(" 1.5 s "), ms(1500));
        assert_eq!(duration("500ms"), ms(500));
        assert_eq!(duration("0.5ms"), Some(Duration::from_micros(500)));
        assert_eq!(duration("2m"), ms(120_000));
        assert_eq!(duration("2min"), ms(120_000));
        assert_eq!(duration("3"), ms(3000));
        assert_eq!(duration(".5"), ms(500));
        assert_eq!(duration("5."), ms(5000));
        assert_eq!(duration("0"), Some(Duration::ZERO));
        assert_eq!(duration("0.1s"), Some(Duration::new(0, 100_000_000)));
        assert_eq!(
            duration("1.0000000015s"),
            Some(Duration::new(1, 1)),
            "below a nanosecond, dropped"
        );
        assert_eq!(
            duration("0.0000000000000000000001m"),
            Some(Duration::ZERO),
            "a long fraction does not overflow"
        );
        assert_eq!(
            duration("18446744073709551615"),
            Some(Duration::from_secs(u64::MAX))
        );
    }

    #[test]
    fn refusals() {
        for text in [
            "",
            " ",
            ".",
            "s",
            "-1s",
            "+1s",
            "1e3s",
            "inf",
            "NaN",
            "1h",
            "1 sec",
            "1.2.3s",
            "1,5s",
            "1_000ms",
            "18446744073709551616",
            "99999999999999999999999999999999999999999m",
            "10S",
            "5 s s",
        ] {
            assert_eq!(duration(text), None, "{text:?}");
        }
    }
}
