//! [`Len`]: the lengths `#[generate(len = ..)]` allows.

/// A range of lengths, as `#[generate(len = ..)]` gives it: `3`, `1..10`, `..=4`, `2..`
/// (up to 16 more than its start).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Len {
    /// The shortest.
    pub min: usize,
    /// The longest.
    pub max: usize,
}

impl Len {
    /// The lengths `bounds` holds (an open end stands for 16 more than the start).
    ///
    /// # Panics
    ///
    /// When the range holds no length (`0..0`, `3..=2`).
    #[track_caller]
    pub fn of(bounds: impl std::ops::RangeBounds<usize>) -> Len {
        use std::ops::Bound::{Excluded, Included, Unbounded};
        let shown = || {
            let start = match bounds.start_bound() {
                Included(n) => n.to_string(),
                Excluded(n) => format!("{n} (excluded)"),
                Unbounded => String::new(),
            };
            match bounds.end_bound() {
                Included(n) => format!("{start}..={n}"),
                Excluded(n) => format!("{start}..{n}"),
                Unbounded => format!("{start}.."),
            }
        };
        let min = match bounds.start_bound() {
            Included(&n) => Some(n),
            Excluded(&n) => n.checked_add(1),
            Unbounded => Some(0),
        };
        let max = match (bounds.end_bound(), min) {
            (Included(&n), _) => Some(n),
            (Excluded(&n), _) => n.checked_sub(1),
            (Unbounded, min) => min.map(|m| m.saturating_add(16)),
        };
        match (min, max) {
            (Some(min), Some(max)) if min <= max => Len { min, max },
            _ => panic!(
                "`#[generate(len = {})]`: no length is in this range",
                shown()
            ),
        }
    }

    /// One length.
    pub fn exactly(n: usize) -> Len {
        Len { min: n, max: n }
    }
}

#[cfg(test)]
mod tests {
    use super::Len;

    #[test]
    // Reason: empty ranges are the point.
    #[allow(clippy::reversed_empty_ranges)]
    fn lengths_of_ranges() {
        assert_eq!(Len::of(1..4), Len { min: 1, max: 3 });
        assert_eq!(Len::of(..=4), Len { min: 0, max: 4 });
        assert_eq!(Len::of(2..), Len { min: 2, max: 18 });
        assert_eq!(
            Len::of(usize::MAX..),
            Len {
                min: usize::MAX,
                max: usize::MAX
            }
        );
        for (empty, shown) in [(0..0, "0..0"), (3..2, "3..2")] {
            let panic = std::panic::catch_unwind(|| Len::of(empty)).unwrap_err();
            let message = panic.downcast_ref::<String>().unwrap();
            assert_eq!(
                *message,
                format!("`#[generate(len = {shown})]`: no length is in this range")
            );
        }
    }
}
