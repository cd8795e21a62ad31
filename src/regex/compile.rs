//! A parsed pattern compiled for drawing: literal runs merged into text, each class's
//! characters numbered in draw order, and each part that draws labelled for the hoist pass.

use greduce_regex::Ast;

/// What [`emit`](super::emit::emit) draws from.
#[derive(Clone)]
pub(super) enum Part {
    /// Fixed text (a class of one character is text too).
    Text(Box<str>),
    /// One character of a class.
    Class(Class),
    /// Each part in turn (two or more, none of them text next to text).
    Concat { label: u64, parts: Box<[Part]> },
    /// One of the alternatives (two or more), the first the simplest.
    Alternation {
        label: u64,
        alternatives: Box<[Part]>,
    },
    /// `part` from `min` times to `max` times (to `min` plus the regex's `max_repeat`
    /// when unbounded); never a fixed repetition of text, which is text.
    Repeat {
        label: u64,
        part: Box<Part>,
        min: u32,
        max: Option<u32>,
    },
}

/// A class's characters in draw order (see the module docs of `greduce::regex`): index 0
/// is the simplest.
#[derive(Clone)]
pub(super) struct Class {
    /// Runs of consecutive characters in draw order: the index of each run's first
    /// character, and that character.
    runs: Box<[(u32, char)]>,
    /// How many characters: the draw is an index below it.
    len: u32,
}

impl Class {
    /// The class of `ranges` (a `Ast::Class`: sorted, none across the surrogate gap).
    fn new(ranges: &[(char, char)]) -> Class {
        let mut runs = Vec::with_capacity(ranges.len() + 2);
        let mut len = 0;
        for (lo, hi) in draw_order(ranges) {
            runs.push((len, lo));
            len += u32::from(hi) - u32::from(lo) + 1;
        }
        Class {
            runs: runs.into(),
            len,
        }
    }

    /// How many characters.
    pub(super) fn len(&self) -> u32 {
        self.len
    }

    /// The character at `index` (below [`len`](Class::len)) in draw order.
    pub(super) fn get(&self, index: u32) -> char {
        let (start, first) = match *self.runs {
            // One run, as in `[a-z]` and `\d`: no search.
            [run] => run,
            _ => self.runs[self.runs.partition_point(|&(start, _)| start <= index) - 1],
        };
        // A run never crosses the surrogate gap (`Ast::Class` splits its ranges there).
        char::from_u32(u32::from(first) + (index - start)).expect("a run holds only chars")
    }

    /// The one character of a class of one.
    fn single(&self) -> Option<char> {
        (self.len == 1).then(|| self.get(0))
    }
}

/// The ranges of a class in draw order: its printable ASCII characters from `'0'` to
/// `'~'`, then from `' '` to `'/'`, then the rest (control characters, DEL, non-ASCII) in
/// code point order.
fn draw_order(ranges: &[(char, char)]) -> Vec<(char, char)> {
    let within = |from: char, to: char| {
        ranges.iter().filter_map(move |&(lo, hi)| {
            let (lo, hi) = (lo.max(from), hi.min(to));
            (lo <= hi).then_some((lo, hi))
        })
    };
    within('0', '~')
        .chain(within(' ', '/'))
        .chain(within('\0', '\x1F'))
        .chain(within('\x7F', char::MAX))
        .collect()
}

/// Compiles `node`, numbering the labels from `*next`.
pub(super) fn compile(node: &Ast, next: &mut u64) -> Part {
    let mut label = || {
        *next += 1;
        *next
    };
    let label = match node {
        Ast::Concat(_) | Ast::Alternation(_) | Ast::Repeat { .. } => label(),
        Ast::Empty | Ast::Literal(_) | Ast::Class(_) => 0,
    };
    match node {
        Ast::Empty => Part::Text("".into()),
        Ast::Literal(c) => Part::Text(c.to_string().into()),
        Ast::Class(ranges) => {
            let class = Class::new(ranges);
            match class.single() {
                Some(c) => Part::Text(c.to_string().into()),
                None => Part::Class(class),
            }
        }
        Ast::Concat(nodes) => {
            let mut parts: Vec<Part> = Vec::with_capacity(nodes.len());
            for node in nodes {
                match (parts.last_mut(), compile(node, next)) {
                    (_, Part::Text(text)) if text.is_empty() => {}
                    (Some(Part::Text(last)), Part::Text(text)) => {
                        *last = format!("{last}{text}").into();
                    }
                    (_, part) => parts.push(part),
                }
            }
            match parts.len() {
                0 => Part::Text("".into()),
                1 => parts.swap_remove(0),
                _ => Part::Concat {
                    label,
                    parts: parts.into(),
                },
            }
        }
        Ast::Alternation(nodes) => Part::Alternation {
            label,
            alternatives: nodes.iter().map(|node| compile(node, next)).collect(),
        },
        Ast::Repeat { node, min, max } => match (compile(node, next), max) {
            (_, Some(0)) => Part::Text("".into()),
            (Part::Text(text), Some(max)) if max == min => {
                Part::Text(text.repeat(*min as usize).into())
            }
            (part, Some(1)) if *min == 1 => part,
            (part, max) => Part::Repeat {
                label,
                part: Box::new(part),
                min: *min,
                max: *max,
            },
        },
    }
}

/// The most bytes `part` generates, when an unbounded repetition repeats at most
/// `max_repeat` times past its minimum.
pub(super) fn max_len(part: &Part, max_repeat: u32) -> usize {
    match part {
        Part::Text(text) => text.len(),
        // The last character in draw order has the largest code point, unless the class
        // is all ASCII.
        Part::Class(class) => class.get(class.len() - 1).len_utf8(),
        Part::Concat { parts, .. } => parts
            .iter()
            .fold(0, |sum, part| sum.saturating_add(max_len(part, max_repeat))),
        Part::Alternation { alternatives, .. } => alternatives
            .iter()
            .map(|part| max_len(part, max_repeat))
            .max()
            .unwrap_or(0),
        Part::Repeat { part, min, max, .. } => {
            let most = max.unwrap_or_else(|| min.saturating_add(max_repeat));
            max_len(part, max_repeat).saturating_mul(most as usize)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(pattern: &str) -> String {
        let Ok(Ast::Class(ranges)) = greduce_regex::parse(pattern) else {
            panic!("{pattern} is no class");
        };
        let class = Class::new(&ranges);
        (0..class.len().min(12)).map(|i| class.get(i)).collect()
    }

    #[test]
    fn classes_draw_printable_ascii_from_0_first() {
        assert_eq!(order("[a-z]"), "abcdefghijkl");
        assert_eq!(order(r"\d"), "0123456789");
        assert_eq!(order(r"\w"), "0123456789AB");
        assert_eq!(order(r"\s"), " \t\n\x0B\x0C\r");
        assert_eq!(order("."), "0123456789:;");
        assert_eq!(order("[^x]"), "0123456789:;");
        assert_eq!(order("[^0]"), "123456789:;<");
        assert_eq!(order(r"\D"), ":;<=>?@ABCDE");
        assert_eq!(order(r"\W"), ":;<=>?@[\\]^`");
        assert_eq!(order(r"\S"), "0123456789:;");
        assert_eq!(order("[ -~]"), "0123456789:;");
        assert_eq!(order("[-+*/]"), "*+-/");
        assert_eq!(order("[a-c!é\n]"), "abc!\né");
        assert_eq!(
            order(r"[^\x00-\x7F]"),
            "\u{80}\u{81}\u{82}\u{83}\u{84}\u{85}\u{86}\u{87}\u{88}\u{89}\u{8A}\u{8B}"
        );
    }

    #[test]
    fn the_last_characters_of_dot() {
        let Ok(Ast::Class(ranges)) = greduce_regex::parse(".") else {
            unreachable!()
        };
        let class = Class::new(&ranges);
        // All of Unicode but the newline and the surrogates.
        assert_eq!(class.len(), 0x11_0000 - 0x800 - 1);
        assert_eq!(class.get(class.len() - 1), char::MAX);
        let at = |c: char| (0..class.len()).find(|&i| class.get(i) == c).unwrap();
        assert_eq!(class.get(at('\u{D7FF}') + 1), '\u{E000}');
        assert_eq!(at('~') + 1, at(' '));
        assert_eq!(class.get(at('/') + 1), '\0');
        assert_eq!(class.get(at('\x1F') + 1), '\x7F');
    }

    #[test]
    fn literal_runs_merge_and_fixed_repetitions_of_text_unroll() {
        let compiled = |pattern: &str| compile(&greduce_regex::parse(pattern).unwrap(), &mut 0);
        let Part::Text(text) = compiled(r"ab[c](d)\.e{3}(fg){2}()x{1,1}y{0}") else {
            panic!("not text")
        };
        assert_eq!(&*text, "abcd.eeefgfgx");
        let Part::Concat { parts, .. } = compiled("ab[xy]cd") else {
            panic!("not a concatenation")
        };
        assert!(
            matches!(&parts[..], [Part::Text(a), Part::Class(_), Part::Text(b)] if &**a == "ab" && &**b == "cd")
        );
        assert_eq!(max_len(&compiled("a[bc]{2,5}(d|ef)"), 8), 8);
        assert_eq!(max_len(&compiled("a*é"), 8), 10);
        assert_eq!(max_len(&compiled(".?"), 8), 4);
    }
}
