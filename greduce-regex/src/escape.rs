//! Escapes (`\n`, `\x41`, `\u{1F600}`, `\d`, `\.`) and bracketed classes (`[^a-z_\d]`).

use crate::class;
use crate::error::PatternError;
use crate::node::Ast;
use crate::parse::Parser;

/// What an escape stands for: one character, or a perl class.
pub(crate) enum Escaped {
    Char(char),
    Class(Vec<(char, char)>),
}

impl Escaped {
    pub(crate) fn into_node(self) -> Ast {
        match self {
            Escaped::Char(c) => Ast::Literal(c),
            Escaped::Class(ranges) => Ast::Class(ranges),
        }
    }
}

/// The escapes that stand for a character, listed in the message of an unknown one.
const KNOWN: &str = "escape punctuation (`\\.`, `\\\\`), or write `\\n`, `\\t`, `\\r`, `\\f`, `\\v`, \
                     `\\a`, `\\x41`, `\\x{..}`, `\\u{..}`, or a class `\\d`, `\\w`, `\\s`, `\\D`, `\\W`, `\\S`";

impl Parser<'_> {
    /// An escape, with `self.pos` after its `\` (at `start`).
    pub(crate) fn escape(&mut self, start: usize) -> Result<Escaped, PatternError> {
        let Some(c) = self.bump() else {
            return Err(PatternError::new(
                start,
                "the pattern ends with a lone `\\`; write `\\\\` to match a backslash",
            ));
        };
        let here = |parser: &Self| &parser.pattern[start..parser.pos];
        let c = match c {
            'd' | 'w' | 's' | 'D' | 'W' | 'S' => {
                return Ok(Escaped::Class(class::perl(c).unwrap_or_default()));
            }
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            'f' => '\x0C',
            'v' => '\x0B',
            'a' => '\x07',
            'x' => self.hex(start, 2)?,
            'u' => self.hex(start, 4)?,
            '1'..='9' => {
                let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
                self.pos += digits;
                return Err(PatternError::unsupported(
                    start,
                    &format!("backreference `{}`", here(self)),
                ));
            }
            'k' => {
                if self.peek() == Some('<')
                    && let Some(end) = self.rest().find('>')
                {
                    self.pos += end + 1;
                }
                return Err(PatternError::unsupported(
                    start,
                    &format!("backreference `{}`", here(self)),
                ));
            }
            '0' => {
                return Err(PatternError::new(
                    start,
                    "unsupported: octal escape `\\0`; write `\\x00` for the nul character",
                ));
            }
            'b' | 'B' | '<' | '>' => {
                return Err(PatternError::unsupported(
                    start,
                    &format!("word boundary `{}`", here(self)),
                ));
            }
            'A' | 'z' | 'Z' => {
                return Err(PatternError::new(
                    start,
                    format!(
                        "unsupported: anchor `{}`; `^` is accepted at the start of the pattern \
                         and `$` at its end",
                        here(self)
                    ),
                ));
            }
            'p' | 'P' => {
                if self.peek() == Some('{') {
                    if let Some(end) = self.rest().find('}') {
                        self.pos += end + 1;
                    }
                } else {
                    self.bump();
                }
                return Err(PatternError::new(
                    start,
                    format!(
                        "unsupported: Unicode class `{}`; write the characters as a class of \
                         ranges, such as `[a-zA-Z]`",
                        here(self)
                    ),
                ));
            }
            c if c.is_ascii_punctuation() || c == ' ' => c,
            _ => {
                return Err(PatternError::new(
                    start,
                    format!("unknown escape `{}`; {KNOWN}", here(self)),
                ));
            }
        };
        Ok(Escaped::Char(c))
    }

    /// The character of `\x41` (`digits` = 2) or `\u0041` (4), or of either with braces
    /// (`\x{41}`, `\u{1F600}`), with `self.pos` after the `x` or `u`.
    fn hex(&mut self, start: usize, digits: usize) -> Result<char, PatternError> {
        let letter = &self.pattern[self.pos - 1..self.pos];
        let (text, len) = if self.peek() == Some('{') {
            match self.rest().find('}') {
                Some(end) => (&self.rest()[1..end], end + 1),
                None => {
                    return Err(PatternError::new(
                        start,
                        format!("unclosed escape `\\{letter}{{`: `{{` has no matching `}}`"),
                    ));
                }
            }
        } else {
            let len = self
                .rest()
                .char_indices()
                .nth(digits)
                .map_or(self.rest().len(), |(i, _)| i);
            (&self.rest()[..len], len)
        };
        let braced = len != text.len();
        let valid_len = if braced {
            (1..=6).contains(&text.len())
        } else {
            text.len() == digits
        };
        let value = if valid_len && text.bytes().all(|b| b.is_ascii_hexdigit()) {
            u32::from_str_radix(text, 16).ok()
        } else {
            None
        };
        self.pos += len;
        let Some(value) = value else {
            return Err(PatternError::new(
                start,
                format!(
                    "invalid escape `{}`; expected `\\{letter}` and {digits} hex digits, or \
                     `\\{letter}{{..}}` with 1 to 6",
                    &self.pattern[start..self.pos]
                ),
            ));
        };
        char::from_u32(value).ok_or_else(|| {
            PatternError::new(
                start,
                format!(
                    "`{}` is not a Unicode scalar value (a surrogate, or above `10FFFF`)",
                    &self.pattern[start..self.pos]
                ),
            )
        })
    }

    /// A bracketed class, with `self.pos` after its `[` (at `open`): its characters,
    /// normalised.
    pub(crate) fn class(&mut self, open: usize) -> Result<Vec<(char, char)>, PatternError> {
        let negated = self.eat('^');
        let mut ranges = Vec::new();
        let mut first = true;
        loop {
            let item = self.pos;
            let rest = self.rest();
            match rest.chars().next() {
                None => {
                    return Err(PatternError::new(
                        open,
                        "unclosed class: `[` has no matching `]`",
                    ));
                }
                // A `]` first is a literal one.
                Some(']') if !first => {
                    self.pos += 1;
                    break;
                }
                Some('[') => {
                    return Err(PatternError::new(
                        item,
                        "unsupported: nested class `[`; escape it to match it: `\\[`",
                    ));
                }
                _ => {}
            }
            first = false;
            self.set_operation()?;
            let item_value = self.class_item()?;
            self.set_operation()?;
            match item_value {
                Escaped::Class(class) => {
                    if self.range_follows() {
                        return Err(PatternError::new(
                            item,
                            format!(
                                "invalid class range: a range cannot start at the class `{}`",
                                &self.pattern[item..self.pos]
                            ),
                        ));
                    }
                    ranges.extend(class);
                }
                Escaped::Char(lo) if self.range_follows() => {
                    self.pos += 1;
                    self.set_operation()?;
                    let end = self.pos;
                    let Escaped::Char(hi) = self.class_item()? else {
                        return Err(PatternError::new(
                            end,
                            format!(
                                "invalid class range: a range cannot end at the class `{}`",
                                &self.pattern[end..self.pos]
                            ),
                        ));
                    };
                    if hi < lo {
                        return Err(PatternError::new(
                            item,
                            format!(
                                "invalid class range `{}`: its start is after its end",
                                &self.pattern[item..self.pos]
                            ),
                        ));
                    }
                    ranges.push((lo, hi));
                }
                Escaped::Char(c) => ranges.push((c, c)),
            }
        }
        let mut ranges = class::normalize(&ranges);
        if negated {
            ranges = class::negate(&ranges);
        }
        if ranges.is_empty() {
            return Err(PatternError::new(
                open,
                format!(
                    "empty class `{}`: it matches no character",
                    &self.pattern[open..self.pos]
                ),
            ));
        }
        Ok(ranges)
    }

    /// One character of a class, or a perl class.
    fn class_item(&mut self) -> Result<Escaped, PatternError> {
        let start = self.pos;
        match self.bump() {
            Some('\\') => self.escape(start),
            Some(c) => Ok(Escaped::Char(c)),
            None => Err(PatternError::new(
                start,
                "unclosed class: `[` has no matching `]`",
            )),
        }
    }

    /// Whether a `-` follows that makes a range (not a `-` before the closing `]`).
    fn range_follows(&self) -> bool {
        let rest = self.rest().as_bytes();
        rest.first() == Some(&b'-') && rest.get(1).is_some_and(|b| *b != b']')
    }

    /// An error at a class set operation (`&&`, `--`, `~~`), which greduce does not accept.
    fn set_operation(&self) -> Result<(), PatternError> {
        let rest = self.rest();
        match ["&&", "--", "~~"]
            .into_iter()
            .find(|op| rest.starts_with(op))
        {
            Some(op) => Err(PatternError::new(
                self.pos,
                format!(
                    "unsupported: class set operation `{op}`; escape `{}` to match it: `\\{}`",
                    &op[..1],
                    &op[..1]
                ),
            )),
            None => Ok(()),
        }
    }
}
