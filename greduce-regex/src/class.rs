//! Sets of characters as sorted ranges: normalising, negating, and the perl classes.

/// The Unicode scalar values: every `char`, around the surrogate gap.
const SCALARS: [(u32, u32); 2] = [(0, 0xD7FF), (0xE000, MAX)];

/// The largest code point.
const MAX: u32 = char::MAX as u32;

/// Sorted, non-overlapping, non-adjacent ranges holding the same characters as `ranges`;
/// a range across the surrogate gap is split in two (`\u{D7FF}` and `\u{E000}` stay in
/// ranges of their own), so each range's size is `hi - lo + 1`.
pub(crate) fn normalize(ranges: &[(char, char)]) -> Vec<(char, char)> {
    let mut wide: Vec<(u32, u32)> = ranges
        .iter()
        .map(|&(lo, hi)| (u32::from(lo), u32::from(hi)))
        .collect();
    wide.sort_unstable();
    let mut merged: Vec<(u32, u32)> = Vec::with_capacity(wide.len());
    for (lo, hi) in wide {
        match merged.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    scalars(&merged)
}

/// Every character not in `ranges` (which is normalised).
pub(crate) fn negate(ranges: &[(char, char)]) -> Vec<(char, char)> {
    let mut gaps = Vec::with_capacity(ranges.len() + 1);
    let mut next = 0u32;
    for &(lo, hi) in ranges {
        let (lo, hi) = (u32::from(lo), u32::from(hi));
        if lo > next {
            gaps.push((next, lo - 1));
        }
        next = hi + 1;
    }
    if next <= MAX {
        gaps.push((next, MAX));
    }
    scalars(&gaps)
}

/// The `char` ranges of sorted, non-overlapping code point ranges: their parts outside
/// the surrogate gap.
fn scalars(ranges: &[(u32, u32)]) -> Vec<(char, char)> {
    let mut out = Vec::with_capacity(ranges.len() + 1);
    for &(lo, hi) in ranges {
        for (s_lo, s_hi) in SCALARS {
            let (lo, hi) = (lo.max(s_lo), hi.min(s_hi));
            if let (true, Some(lo), Some(hi)) = (lo <= hi, char::from_u32(lo), char::from_u32(hi)) {
                out.push((lo, hi));
            }
        }
    }
    out
}

/// The class of a perl escape letter (`d`, `w`, `s` and their negations `D`, `W`, `S`), with
/// its ASCII meaning: digits `[0-9]`, word characters `[0-9A-Za-z_]`, whitespace
/// `[\t\n\v\f\r ]`.
pub(crate) fn perl(letter: char) -> Option<Vec<(char, char)>> {
    let positive: &[(char, char)] = match letter.to_ascii_lowercase() {
        'd' => &[('0', '9')],
        'w' => &[('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')],
        's' => &[('\t', '\r'), (' ', ' ')],
        _ => return None,
    };
    Some(if letter.is_ascii_uppercase() {
        negate(positive)
    } else {
        positive.to_vec()
    })
}

/// `.`: every character but the newline.
pub(crate) fn any_but_newline() -> Vec<(char, char)> {
    negate(&[('\n', '\n')])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_sorts_merges_and_splits_at_the_surrogates() {
        assert_eq!(
            normalize(&[('x', 'z'), ('a', 'c'), ('d', 'f'), ('b', 'b')]),
            [('a', 'f'), ('x', 'z')]
        );
        assert_eq!(
            normalize(&[('\u{D000}', '\u{F000}')]),
            [('\u{D000}', '\u{D7FF}'), ('\u{E000}', '\u{F000}')]
        );
        assert_eq!(
            normalize(&[('\u{E000}', '\u{E000}'), ('\u{D7FF}', '\u{D7FF}')]),
            [('\u{D7FF}', '\u{D7FF}'), ('\u{E000}', '\u{E000}')]
        );
        assert_eq!(
            normalize(&[(char::MAX, char::MAX)]),
            [(char::MAX, char::MAX)]
        );
    }

    #[test]
    fn negate_is_the_complement_in_the_scalar_values() {
        assert_eq!(
            negate(&[('b', 'b')]),
            [('\0', 'a'), ('c', '\u{D7FF}'), ('\u{E000}', char::MAX)]
        );
        assert_eq!(negate(&[('\0', '\u{D7FF}'), ('\u{E000}', char::MAX)]), []);
        assert_eq!(negate(&[]), [('\0', '\u{D7FF}'), ('\u{E000}', char::MAX)]);
        assert_eq!(negate(&negate(&[('a', 'z')])), [('a', 'z')]);
    }

    #[test]
    fn perl_classes_are_ascii() {
        assert_eq!(perl('d').unwrap(), [('0', '9')]);
        assert_eq!(perl('s').unwrap(), [('\t', '\r'), (' ', ' ')]);
        assert_eq!(
            perl('W').unwrap()[..3],
            [('\0', '/'), (':', '@'), ('[', '^')]
        );
        assert_eq!(perl('q'), None);
    }
}
