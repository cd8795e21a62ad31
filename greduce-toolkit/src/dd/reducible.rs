//! What delta debugging can take apart: a value made of a sequence of parts, rebuilt from
//! any ordered selection of them.

use std::fmt::Debug;
use std::ops::Range;

/// A value delta debugging can reduce: a sequence of parts (elements, characters, lines)
/// that can be rebuilt from any selection of them, in order.
///
/// Implemented for `Vec<T>` (its elements; `Vec<u8>` is bytes), `String` (its characters)
/// and [`Text`](super::Text) (lines, tokens or characters). Implement it for your own
/// containers:
///
/// ```
/// use greduce::dd::{self, Reducible};
/// use std::ops::Range;
///
/// /// A path of waypoints; the first one is where it starts and is always kept.
/// #[derive(Clone, Debug)]
/// struct Route {
///     start: &'static str,
///     stops: Vec<&'static str>,
/// }
///
/// impl Reducible for Route {
///     fn parts(&self) -> usize {
///         self.stops.len()
///     }
///     fn keep(&self, runs: &[Range<usize>]) -> Self {
///         let stops = runs.iter().flat_map(|r| self.stops[r.clone()].iter().copied());
///         Route { start: self.start, stops: stops.collect() }
///     }
/// }
///
/// let route = Route { start: "home", stops: vec!["a", "b", "x", "c", "y"] };
/// // Fails when the route passes x and later y.
/// let fails = |r: &Route| {
///     let x = r.stops.iter().position(|s| *s == "x");
///     let y = r.stops.iter().position(|s| *s == "y");
///     !matches!((x, y), (Some(x), Some(y)) if x < y)
/// };
/// let min = dd::ddmin(route, fails).unwrap();
/// assert_eq!(min.args.stops, ["x", "y"]);
/// ```
pub trait Reducible: Clone + Debug {
    /// How many parts the value has.
    fn parts(&self) -> usize;

    /// The value made of the parts in `runs` (ascending, disjoint ranges of part indices,
    /// each within `0..self.parts()`), in order. The parts of the result are those parts:
    /// part `k` of the result is the `k`-th kept part.
    #[must_use]
    fn keep(&self, runs: &[Range<usize>]) -> Self;
}

impl<T: Clone + Debug> Reducible for Vec<T> {
    fn parts(&self) -> usize {
        self.len()
    }

    fn keep(&self, runs: &[Range<usize>]) -> Self {
        let mut out = Vec::with_capacity(runs.iter().map(ExactSizeIterator::len).sum());
        for run in runs {
            out.extend_from_slice(&self[run.clone()]);
        }
        out
    }
}

impl Reducible for String {
    /// The characters.
    fn parts(&self) -> usize {
        self.chars().count()
    }

    fn keep(&self, runs: &[Range<usize>]) -> Self {
        let mut out = String::new();
        let mut chars = self.char_indices().map(|(at, _)| at).chain([self.len()]);
        // Byte offsets of character starts, read once, in step with the ascending runs.
        let mut at = 0;
        let mut byte = chars.next().unwrap_or(0);
        for run in runs {
            while at < run.start {
                byte = chars.next().unwrap_or(self.len());
                at += 1;
            }
            let from = byte;
            while at < run.end {
                byte = chars.next().unwrap_or(self.len());
                at += 1;
            }
            out.push_str(&self[from..byte]);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_keep_characters() {
        let s = "añb€c".to_string();
        assert_eq!(s.parts(), 5);
        assert_eq!(s.keep(&[0..1, 3..5]), "a€c");
        assert_eq!(s.keep(&[1..2, 4..5]), "ñc");
        assert_eq!(s.keep(&[]), "");
        assert_eq!(s.keep(&[0..2, 2..5]), s);
    }

    #[test]
    fn vectors_keep_elements() {
        let v = vec![10, 11, 12, 13];
        assert_eq!(v.keep(&[1..2, 3..4]), [11, 13]);
        assert_eq!(v.keep(&[0..1, 1..4]), v);
    }
}
