//! The grammar's text form:
//!
//! ```text
//! # A comment runs to the end of its line.
//! <start>  ::= <assign>+
//! <assign> ::= <var>@define " = " <expr> ";\n"
//! <expr>   ::= <expr> " + " <expr> | "(" <expr> ")"
//!            | <var>@use | [0-9]
//! <var>    ::= [a-z]
//! ```
//!
//! A rule is a nonterminal in angle brackets, `::=`, and alternatives separated by `|`; it
//! runs until the next `<name> ::=`, so alternatives may continue on the next lines.
//! Terminals are double-quoted (escapes `\n`, `\t`, `\r`, `\"`, `\\`); `""` is the empty
//! alternative. `[a-z_]` is one character of a class (the same escapes, and `\]`, `\-`).
//! An item may be followed by a quantifier (`*`, `+`, `?`) and then by a hook label
//! (`@name`). The first rule's nonterminal is the start symbol.

use super::build::{Atom, GrammarError, Place, Problem, Written, WrittenRule, finish};
use super::rules::Grammar;
use std::str::FromStr;

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Nonterminal(String),
    Terminal(String),
    Class(Vec<char>, String),
    Defines,
    Bar,
    Quantifier(char),
    Hook(String),
}

impl FromStr for Grammar {
    type Err = GrammarError;

    /// Parses the text form (see the module documentation of [`grammar`](super)).
    fn from_str(text: &str) -> Result<Grammar, GrammarError> {
        let tokens = tokens(text)?;
        let mut rules: Vec<WrittenRule> = Vec::new();
        let mut i = 0;
        while i < tokens.len() {
            let (token, place) = &tokens[i];
            let Token::Nonterminal(name) = token else {
                return Err(syntax(place, "expected a rule: `<name> ::= ...`"));
            };
            if tokens.get(i + 1).map(|t| &t.0) != Some(&Token::Defines) {
                return Err(syntax(place, &format!("expected `::=` after `{name}`")));
            }
            i += 2;
            let mut alternatives = vec![Vec::new()];
            while i < tokens.len() {
                let (token, place) = &tokens[i];
                if matches!(token, Token::Nonterminal(_))
                    && tokens.get(i + 1).map(|t| &t.0) == Some(&Token::Defines)
                {
                    break;
                }
                i += 1;
                let atom = match token {
                    Token::Bar => {
                        alternatives.push(Vec::new());
                        continue;
                    }
                    Token::Nonterminal(n) => Atom::Nonterminal(n.clone()),
                    Token::Terminal(t) => Atom::Terminal(t.clone()),
                    Token::Class(chars, text) => Atom::Class(chars.clone(), text.clone()),
                    Token::Defines => return Err(syntax(place, "`::=` must follow a nonterminal")),
                    Token::Quantifier(q) => {
                        return Err(syntax(place, &format!("`{q}` must follow an item")));
                    }
                    Token::Hook(_) => {
                        return Err(syntax(place, "a hook label must follow an item"));
                    }
                };
                let mut written = Written {
                    atom,
                    quantifier: None,
                    hook: None,
                    place: place.clone(),
                };
                if let Some((Token::Quantifier(q), _)) = tokens.get(i) {
                    written.quantifier = Some(*q);
                    i += 1;
                }
                if let Some((Token::Hook(h), _)) = tokens.get(i) {
                    written.hook = Some(h.clone());
                    i += 1;
                }
                if matches!(&written.atom, Atom::Terminal(t) if t.is_empty()) {
                    if written.quantifier.is_some() || written.hook.is_some() {
                        return Err(syntax(&written.place, "`\"\"` takes no quantifier or hook"));
                    }
                    continue;
                }
                alternatives
                    .last_mut()
                    .expect("one alternative at least")
                    .push(written);
            }
            rules.push(WrittenRule {
                name: name.clone(),
                place: place.clone(),
                alternatives,
            });
        }
        finish(rules, None)
    }
}

fn syntax(place: &Place, message: &str) -> GrammarError {
    GrammarError {
        problem: Problem::Syntax(message.to_owned()),
        place: Some(place.clone()),
    }
}

/// The tokens of the text form, each with where it starts.
fn tokens(text: &str) -> Result<Vec<(Token, Place)>, GrammarError> {
    let mut lexer = Lexer {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        column: 1,
    };
    let mut out = Vec::new();
    while let Some(&c) = lexer.chars.get(lexer.at) {
        let place = lexer.place();
        if c.is_whitespace() {
            lexer.advance(1);
            continue;
        }
        if c == '#' {
            while lexer.chars.get(lexer.at).is_some_and(|&c| c != '\n') {
                lexer.advance(1);
            }
            continue;
        }
        let (token, len) = match c {
            '<' => lexer.nonterminal()?,
            '"' => lexer.terminal()?,
            '[' => lexer.class()?,
            ':' if lexer.chars[lexer.at..].starts_with(&[':', ':', '=']) => (Token::Defines, 3),
            '|' => (Token::Bar, 1),
            '*' | '+' | '?' => (Token::Quantifier(c), 1),
            '@' => lexer.hook()?,
            c => {
                return Err(syntax(
                    &place,
                    &format!(
                        "unexpected `{c}`: expected `<name>`, `\"text\"`, `[class]`, `|`, `::=`, \
                         a quantifier or `@hook`"
                    ),
                ));
            }
        };
        out.push((token, place));
        lexer.advance(len);
    }
    Ok(out)
}

/// Reads the text form's characters, keeping the line and column.
struct Lexer {
    chars: Vec<char>,
    at: usize,
    line: usize,
    column: usize,
}

impl Lexer {
    fn place(&self) -> Place {
        Place::Text {
            line: self.line,
            column: self.column,
        }
    }

    fn advance(&mut self, n: usize) {
        for _ in 0..n {
            if self.chars[self.at] == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
            self.at += 1;
        }
    }

    /// The first of `stops` on this line after the current character.
    fn find_on_line(&self, stops: &[char]) -> Option<usize> {
        (self.at + 1..self.chars.len())
            .take_while(|&j| self.chars[j] != '\n' || stops.contains(&'\n'))
            .find(|&j| stops.contains(&self.chars[j]))
    }

    /// `<name>`, and its length.
    fn nonterminal(&self) -> Result<(Token, usize), GrammarError> {
        match self.find_on_line(&['>']) {
            Some(end) if end > self.at + 1 => Ok((
                Token::Nonterminal(self.chars[self.at..=end].iter().collect()),
                end + 1 - self.at,
            )),
            _ => Err(syntax(
                &self.place(),
                "a nonterminal `<name>` is not closed on its line",
            )),
        }
    }

    /// The character escaped by the `\\` at `j`: `\\n`, `\\t`, `\\r`, or one of `literal`
    /// standing for itself; `unknown` (placed at the backslash) for anything else.
    fn escape(&self, j: usize, literal: &[char], unknown: &str) -> Result<char, GrammarError> {
        match self.chars.get(j + 1) {
            Some('n') => Ok('\n'),
            Some('t') => Ok('\t'),
            Some('r') => Ok('\r'),
            Some(c) if literal.contains(c) => Ok(*c),
            _ => {
                let at = Place::Text {
                    line: self.line,
                    column: self.column + (j - self.at),
                };
                Err(syntax(&at, unknown))
            }
        }
    }

    /// `"text"` with its escapes, and its length.
    fn terminal(&self) -> Result<(Token, usize), GrammarError> {
        let mut text = String::new();
        let mut j = self.at + 1;
        loop {
            match self.chars.get(j) {
                None | Some('\n') => {
                    return Err(syntax(
                        &self.place(),
                        "a terminal `\"...\"` is not closed on its line",
                    ));
                }
                Some('"') => return Ok((Token::Terminal(text), j + 1 - self.at)),
                Some('\\') => {
                    text.push(self.escape(
                        j,
                        &['"', '\\'],
                        "unknown escape (use \\n, \\t, \\r, \\\" or \\\\)",
                    )?);
                    j += 2;
                }
                Some(&c) => {
                    text.push(c);
                    j += 1;
                }
            }
        }
    }

    /// `[a-z_]`: its characters, and its length. The terminals' escapes work inside, and
    /// `\]`, `\-` too.
    fn class(&self) -> Result<(Token, usize), GrammarError> {
        // Its characters, each with whether it was escaped (an escaped `-` is no range).
        let mut inner: Vec<(char, bool)> = Vec::new();
        let mut j = self.at + 1;
        let end = loop {
            match self.chars.get(j) {
                Some(']') if !inner.is_empty() => break j,
                None | Some('\n' | ']') => {
                    return Err(syntax(
                        &self.place(),
                        "a class `[...]` is not closed on its line, or empty",
                    ));
                }
                Some('\\') => {
                    let c = self.escape(
                        j,
                        &['\\', ']', '-', '"'],
                        "unknown escape in a class (use \\n, \\t, \\r, \\\", \\\\, \\] or \\-)",
                    )?;
                    inner.push((c, true));
                    j += 2;
                }
                Some(&c) => {
                    inner.push((c, false));
                    j += 1;
                }
            }
        };
        let mut set: Vec<char> = Vec::new();
        let mut k = 0;
        while k < inner.len() {
            if k + 2 < inner.len() && inner[k + 1] == ('-', false) {
                let (from, to) = (inner[k].0, inner[k + 2].0);
                if from > to {
                    return Err(syntax(
                        &self.place(),
                        &format!("the range `{from}-{to}` is backwards"),
                    ));
                }
                set.extend(from..=to);
                k += 3;
            } else {
                set.push(inner[k].0);
                k += 1;
            }
        }
        let mut seen = std::collections::HashSet::new();
        set.retain(|c| seen.insert(*c));
        let written = self.chars[self.at..=end].iter().collect();
        Ok((Token::Class(set, written), end + 1 - self.at))
    }

    /// `@label`, and its length.
    fn hook(&self) -> Result<(Token, usize), GrammarError> {
        let end = (self.at + 1..self.chars.len())
            .find(|&j| {
                !(self.chars[j].is_alphanumeric() || self.chars[j] == '_' || self.chars[j] == '-')
            })
            .unwrap_or(self.chars.len());
        if end == self.at + 1 {
            return Err(syntax(&self.place(), "expected a hook label after `@`"));
        }
        Ok((
            Token::Hook(self.chars[self.at + 1..end].iter().collect()),
            end - self.at,
        ))
    }
}
