//! The recursive-descent parser: alternation, then concatenation, then quantified atoms
//! (groups, classes, escapes, literals). Character classes and escapes are in `escape.rs`.

use crate::class;
use crate::error::PatternError;
use crate::node::Ast;

/// How deep groups may nest (each level is a recursive call, in the macro too).
pub(crate) const MAX_DEPTH: usize = 128;

/// The largest repetition count: a string longer than this is no test input, and a larger
/// count is more likely a typo.
pub(crate) const MAX_COUNT: u32 = 100_000;

pub(crate) struct Parser<'a> {
    pub(crate) pattern: &'a str,
    /// The byte offset of the next character.
    pub(crate) pos: usize,
    depth: usize,
}

pub(crate) fn parse(pattern: &str) -> Result<Ast, PatternError> {
    let mut parser = Parser {
        pattern,
        pos: 0,
        depth: 0,
    };
    let node = parser.alternation()?;
    match parser.peek() {
        // `alternation` stops only at the end or at a `)` that closes no group.
        Some(_) => Err(PatternError::new(
            parser.pos,
            "unmatched `)`; escape it to match it literally: `\\)`",
        )),
        None => Ok(node),
    }
}

impl Parser<'_> {
    pub(crate) fn rest(&self) -> &str {
        &self.pattern[self.pos..]
    }

    pub(crate) fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// The next character, consumed.
    pub(crate) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// Consumes `c` when it comes next.
    pub(crate) fn eat(&mut self, c: char) -> bool {
        let next = self.peek() == Some(c);
        if next {
            self.pos += c.len_utf8();
        }
        next
    }

    /// Alternatives separated by `|`, up to the end or a `)`.
    fn alternation(&mut self) -> Result<Ast, PatternError> {
        let mut alternatives = vec![self.concat()?];
        while self.eat('|') {
            alternatives.push(self.concat()?);
        }
        Ok(if alternatives.len() == 1 {
            alternatives.swap_remove(0)
        } else {
            Ast::Alternation(alternatives)
        })
    }

    /// Quantified atoms, up to the end, a `|` or a `)`. A group without a quantifier is
    /// flattened into the concatenation; an empty one is left out.
    fn concat(&mut self) -> Result<Ast, PatternError> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            match c {
                '|' | ')' => break,
                // The anchors where they are accepted: they match where the whole string
                // starts and ends anyway.
                '^' if self.pos == 0 => {
                    self.pos += 1;
                    continue;
                }
                '$' if self.pos + 1 == self.pattern.len() => {
                    self.pos += 1;
                    continue;
                }
                _ => {}
            }
            let start = self.pos;
            let atom = self.atom()?;
            match self.quantified(atom, start)? {
                Ast::Empty => {}
                Ast::Concat(nodes) => items.extend(nodes),
                node => items.push(node),
            }
        }
        Ok(match items.len() {
            0 => Ast::Empty,
            1 => items.swap_remove(0),
            _ => Ast::Concat(items),
        })
    }

    /// One atom: a group, a class, `.`, an escape or a literal character.
    fn atom(&mut self) -> Result<Ast, PatternError> {
        let start = self.pos;
        let Some(c) = self.bump() else {
            return Ok(Ast::Empty);
        };
        match c {
            '(' => self.group(start),
            '[' => self.class(start).map(Ast::Class),
            '.' => Ok(Ast::Class(class::any_but_newline())),
            '\\' => Ok(self.escape(start)?.into_node()),
            '^' => Err(PatternError::new(
                start,
                "anchor `^` is accepted only at the start of the pattern",
            )),
            '$' => Err(PatternError::new(
                start,
                "anchor `$` is accepted only at the end of the pattern",
            )),
            '*' | '+' | '?' | '{' => Err(PatternError::new(
                start,
                format!(
                    "quantifier `{c}` has nothing to repeat; escape it to match it literally: `\\{c}`"
                ),
            )),
            c => Ok(Ast::Literal(c)),
        }
    }

    /// The atom that starts at `start` with its quantifier, if one follows (a lazy one,
    /// `*?`, gives the same strings).
    fn quantified(&mut self, atom: Ast, start: usize) -> Result<Ast, PatternError> {
        let quantifier = self.pos;
        let (min, max) = match self.peek() {
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('?') => (0, Some(1)),
            Some('{') => self.counts()?,
            _ => return Ok(atom),
        };
        if self.pos == quantifier {
            self.pos += 1;
        }
        self.eat('?');
        if let Some(c @ ('*' | '+' | '?' | '{')) = self.peek() {
            let repeated = &self.pattern[start..self.pos];
            let again = if c == '{' { "{..}" } else { &self.rest()[..1] };
            return Err(PatternError::new(
                self.pos,
                format!(
                    "quantifier `{c}` follows another quantifier; to repeat a repetition, \
                     group it: `({repeated}){again}`"
                ),
            ));
        }
        Ok(match atom {
            Ast::Empty => Ast::Empty,
            atom => Ast::Repeat {
                node: Box::new(atom),
                min,
                max,
            },
        })
    }

    /// `{n}`, `{n,}` or `{n,m}`, with `self.pos` at the `{`; consumes it all.
    fn counts(&mut self) -> Result<(u32, Option<u32>), PatternError> {
        let open = self.pos;
        self.pos += 1;
        let invalid = || {
            PatternError::new(
                open,
                "invalid repetition after `{`; expected `{n}`, `{n,}` or `{n,m}`, \
                 or `\\{` for a literal brace",
            )
        };
        let min = self.count()?.ok_or_else(invalid)?;
        let max = if self.eat(',') {
            if self.peek() == Some('}') {
                None
            } else {
                Some(self.count()?.ok_or_else(invalid)?)
            }
        } else {
            Some(min)
        };
        if !self.eat('}') {
            return Err(invalid());
        }
        if let Some(max) = max
            && min > max
        {
            return Err(PatternError::new(
                open,
                format!(
                    "invalid repetition `{}`: the minimum is larger than the maximum",
                    &self.pattern[open..self.pos]
                ),
            ));
        }
        Ok((min, max))
    }

    /// A decimal count, if digits follow.
    fn count(&mut self) -> Result<Option<u32>, PatternError> {
        let start = self.pos;
        let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Ok(None);
        }
        self.pos += digits;
        let text = &self.pattern[start..self.pos];
        match text.parse::<u32>() {
            Ok(n) if n <= MAX_COUNT => Ok(Some(n)),
            _ => Err(PatternError::new(
                start,
                format!("repetition count `{text}` is too large; counts go up to {MAX_COUNT}"),
            )),
        }
    }

    /// A group, with `self.pos` after its `(`: `(..)`, `(?:..)`, `(?P<name>..)` or
    /// `(?<name>..)`.
    fn group(&mut self, open: usize) -> Result<Ast, PatternError> {
        if self.depth == MAX_DEPTH {
            return Err(PatternError::new(
                open,
                format!("groups nested too deeply; greduce accepts up to {MAX_DEPTH} levels"),
            ));
        }
        if self.eat('?') {
            self.group_kind(open)?;
        }
        self.depth += 1;
        let node = self.alternation()?;
        self.depth -= 1;
        if !self.eat(')') {
            return Err(PatternError::new(
                open,
                "unclosed group: `(` has no matching `)`",
            ));
        }
        Ok(node)
    }

    /// What follows `(?`: `:`, or a group name; everything else is an error.
    fn group_kind(&mut self, open: usize) -> Result<(), PatternError> {
        let rest = self.rest();
        let unsupported = |what: &str, len: usize| {
            PatternError::unsupported(
                open,
                &format!("{what} `{}`", &self.pattern[open..self.pos + len]),
            )
        };
        if rest.starts_with(':') {
            self.pos += 1;
            return Ok(());
        }
        for (prefix, what) in [
            ("P<", None),
            ("<=", Some("lookbehind")),
            ("<!", Some("negative lookbehind")),
            ("<", None),
            ("=", Some("lookahead")),
            ("!", Some("negative lookahead")),
            ("P=", Some("backreference")),
            (">", Some("atomic group")),
            ("#", Some("comment group")),
        ] {
            if rest.starts_with(prefix) {
                if let Some(what) = what {
                    return Err(unsupported(what, prefix.len()));
                }
                self.pos += prefix.len();
                return self.group_name(open);
            }
        }
        let flags = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphabetic() || *b == b'-')
            .count();
        if flags > 0 && matches!(rest.as_bytes().get(flags), Some(b')' | b':')) {
            return Err(unsupported("flags", flags + 1));
        }
        Err(PatternError::new(
            open,
            "invalid group after `(?`; a group is `(..)`, `(?:..)`, `(?P<name>..)` or `(?<name>..)`",
        ))
    }

    /// A group's name and its `>`, with `self.pos` after the `<`.
    fn group_name(&mut self, open: usize) -> Result<(), PatternError> {
        let Some(len) = self.rest().find('>') else {
            return Err(PatternError::new(
                open,
                "unclosed group name: `<` has no matching `>`",
            ));
        };
        let name = &self.rest()[..len];
        if name.is_empty() {
            return Err(PatternError::new(
                open,
                "empty group name; a name is ASCII letters, digits and `_`, not starting with a digit",
            ));
        }
        let valid = name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && name.bytes().next().is_some_and(|b| !b.is_ascii_digit());
        if !valid {
            return Err(PatternError::new(
                self.pos,
                format!(
                    "invalid group name `{name}`; a name is ASCII letters, digits and `_`, \
                     not starting with a digit"
                ),
            ));
        }
        self.pos += len + 1;
        Ok(())
    }
}
