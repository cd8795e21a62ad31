//! Text cut into lines, tokens or characters, for delta debugging at a chosen granularity.

use super::reducible::Reducible;
use std::fmt;
use std::ops::{Deref, Range};

/// A string reduced by lines, tokens or characters: its parts are fixed when it is made,
/// and a reduced `Text` keeps the parts it kept (two kept tokens that end up side by side
/// stay two parts).
///
/// ```
/// use greduce::dd::{self, Text};
///
/// let log = "start\nopen a\nopen b\nclose a\nclose a\nstop\n";
/// // Fails when some file is closed twice.
/// let closed_twice = |t: &Text| {
///     let closes: Vec<&str> = t.lines().filter(|l| l.starts_with("close")).collect();
///     !closes.iter().enumerate().any(|(i, c)| closes[i + 1..].contains(c))
/// };
/// let min = dd::ddmin(Text::lines(log), closed_twice).unwrap();
/// assert_eq!(min.args.as_str(), "close a\nclose a\n");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Text {
    text: String,
    /// Byte offsets where each part starts, then the length.
    bounds: Vec<usize>,
}

impl Text {
    /// Cut into lines, each with its line break (`\n` or `\r\n`); a last line without one is
    /// a part too.
    #[must_use]
    pub fn lines(text: impl Into<String>) -> Text {
        let text = text.into();
        let mut bounds = vec![0];
        bounds.extend(text.match_indices('\n').map(|(at, _)| at + 1));
        Text::with_bounds(text, bounds)
    }

    /// Cut into tokens: each run of letters, digits and `_`, each run of whitespace, and each
    /// other character alone (`x1 = f(y);` is `x1`, ` `, `=`, ` `, `f`, `(`, `y`, `)`, `;`).
    #[must_use]
    pub fn tokens(text: impl Into<String>) -> Text {
        #[derive(PartialEq)]
        enum Class {
            Word,
            Space,
            Other,
        }
        let class = |c: char| {
            if c.is_alphanumeric() || c == '_' {
                Class::Word
            } else if c.is_whitespace() {
                Class::Space
            } else {
                Class::Other
            }
        };
        let text = text.into();
        let mut bounds = Vec::new();
        let mut previous = None;
        for (at, c) in text.char_indices() {
            let this = class(c);
            if this == Class::Other || previous.as_ref() != Some(&this) {
                bounds.push(at);
            }
            previous = Some(this);
        }
        Text::with_bounds(text, bounds)
    }

    /// Cut into characters.
    #[must_use]
    pub fn chars(text: impl Into<String>) -> Text {
        let text = text.into();
        let bounds = text.char_indices().map(|(at, _)| at).collect();
        Text::with_bounds(text, bounds)
    }

    fn with_bounds(text: String, mut bounds: Vec<usize>) -> Text {
        if bounds.last() == Some(&text.len()) {
            bounds.pop();
        }
        bounds.push(text.len());
        Text { text, bounds }
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text, owned.
    #[must_use]
    pub fn into_string(self) -> String {
        self.text
    }

    /// The byte range of each part in [`as_str`](Text::as_str), in order.
    ///
    /// ```
    /// use greduce::dd::Text;
    ///
    /// let t = Text::tokens("f(x)");
    /// assert_eq!(t.spans().collect::<Vec<_>>(), [0..1, 1..2, 2..3, 3..4]);
    /// ```
    pub fn spans(&self) -> impl Iterator<Item = Range<usize>> + '_ {
        self.bounds.windows(2).map(|w| w[0]..w[1])
    }

    /// Part `i` (a line, token or character).
    ///
    /// # Panics
    ///
    /// When `i >= self.parts()`.
    #[must_use]
    pub fn part(&self, i: usize) -> &str {
        &self.text[self.bounds[i]..self.bounds[i + 1]]
    }
}

impl Reducible for Text {
    fn parts(&self) -> usize {
        self.bounds.len() - 1
    }

    fn keep(&self, runs: &[Range<usize>]) -> Self {
        let mut text = String::new();
        let mut bounds = Vec::new();
        for run in runs {
            let (from, to) = (self.bounds[run.start], text.len());
            bounds.extend(self.bounds[run.clone()].iter().map(|b| b - from + to));
            text.push_str(&self.text[self.bounds[run.start]..self.bounds[run.end]]);
        }
        bounds.push(text.len());
        Text { text, bounds }
    }
}

impl Deref for Text {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        &self.text
    }
}

impl From<Text> for String {
    fn from(text: Text) -> String {
        text.text
    }
}

/// As the string's `Debug`: a reduced call reads `f("()")`.
impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.text, f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(t: &Text) -> Vec<&str> {
        (0..t.parts()).map(|i| t.part(i)).collect()
    }

    #[test]
    fn cuts() {
        assert_eq!(
            parts(&Text::lines("a\nbc\r\n\nd")),
            ["a\n", "bc\r\n", "\n", "d"]
        );
        assert_eq!(parts(&Text::lines("a\n")), ["a\n"]);
        assert_eq!(Text::lines("").parts(), 0);
        assert_eq!(
            parts(&Text::tokens("x1 = f(y);  é")),
            ["x1", " ", "=", " ", "f", "(", "y", ")", ";", "  ", "é"]
        );
        assert_eq!(parts(&Text::tokens("((")), ["(", "("]);
        assert_eq!(parts(&Text::chars("añ")), ["a", "ñ"]);
    }

    #[test]
    fn kept_parts_stay_parts() {
        let t = Text::tokens("ab + cd");
        let kept = t.keep(&[0..1, 4..5]);
        assert_eq!(kept.as_str(), "abcd");
        assert_eq!(parts(&kept), ["ab", "cd"]);
        assert_eq!(parts(&kept.keep(&[0..0, 1..2])), ["cd"]);
        assert_eq!(t.keep(&[]).parts(), 0);
        assert_eq!(format!("{kept:?}"), "\"abcd\"");
    }
}
