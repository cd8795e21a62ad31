//! The accepted syntax: each construct's tree.

use greduce_regex::{Ast, parse};

fn lit(c: char) -> Ast {
    Ast::Literal(c)
}

fn class(ranges: &[(char, char)]) -> Ast {
    Ast::Class(ranges.to_vec())
}

fn concat(nodes: Vec<Ast>) -> Ast {
    Ast::Concat(nodes)
}

fn repeat(node: Ast, min: u32, max: Option<u32>) -> Ast {
    Ast::Repeat {
        node: Box::new(node),
        min,
        max,
    }
}

fn text(s: &str) -> Ast {
    concat(s.chars().map(lit).collect())
}

/// Every character but those of `ranges` (sorted), as `Ast::Class` holds them.
fn complement(ranges: &[(char, char)]) -> Ast {
    let mut out = Vec::new();
    let mut next = 0u32;
    for &(lo, hi) in ranges {
        if u32::from(lo) > next {
            out.push((next, u32::from(lo) - 1));
        }
        next = u32::from(hi) + 1;
    }
    out.push((next, u32::from(char::MAX)));
    let mut split = Vec::new();
    for (lo, hi) in out {
        for (s_lo, s_hi) in [(0, 0xD7FF), (0xE000, u32::from(char::MAX))] {
            let (lo, hi) = (lo.max(s_lo), hi.min(s_hi));
            if lo <= hi {
                split.push((char::from_u32(lo).unwrap(), char::from_u32(hi).unwrap()));
            }
        }
    }
    Ast::Class(split)
}

#[test]
fn literals_and_empty() {
    assert_eq!(parse("").unwrap(), Ast::Empty);
    assert_eq!(parse("a").unwrap(), lit('a'));
    assert_eq!(parse("abc").unwrap(), text("abc"));
    assert_eq!(parse("é ü").unwrap(), text("é ü"));
    // `]` and `}` alone are literal.
    assert_eq!(parse("a]}").unwrap(), text("a]}"));
    assert_eq!(parse("()").unwrap(), Ast::Empty);
    assert_eq!(parse("a()b").unwrap(), text("ab"));
}

#[test]
fn escapes() {
    assert_eq!(
        parse(r"\.\\\-\*\+\?\(\)\[\]\{\}\|\^\$\/\ ").unwrap(),
        text(r".\-*+?()[]{}|^$/ ")
    );
    assert_eq!(parse(r"\n\t\r\f\v\a").unwrap(), text("\n\t\r\x0C\x0B\x07"));
    assert_eq!(parse(r"\x41").unwrap(), lit('A'));
    assert_eq!(parse(r"\x{41}").unwrap(), lit('A'));
    assert_eq!(parse(r"\x{10FFFF}").unwrap(), lit(char::MAX));
    assert_eq!(parse(r"\u00e9").unwrap(), lit('é'));
    assert_eq!(parse(r"\u{1F600}").unwrap(), lit('😀'));
    assert_eq!(parse(r"\x414").unwrap(), text("A4"));
}

#[test]
fn perl_classes() {
    let digits = [('0', '9')];
    let word = [('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')];
    let space = [('\t', '\r'), (' ', ' ')];
    assert_eq!(parse(r"\d").unwrap(), class(&digits));
    assert_eq!(parse(r"\w").unwrap(), class(&word));
    assert_eq!(parse(r"\s").unwrap(), class(&space));
    assert_eq!(parse(r"\D").unwrap(), complement(&digits));
    assert_eq!(parse(r"\W").unwrap(), complement(&word));
    assert_eq!(parse(r"\S").unwrap(), complement(&space));
}

#[test]
fn dot_is_all_but_the_newline() {
    assert_eq!(parse(".").unwrap(), complement(&[('\n', '\n')]));
    assert_eq!(
        parse(".").unwrap(),
        class(&[('\0', '\t'), ('\x0B', '\u{D7FF}'), ('\u{E000}', char::MAX)])
    );
}

#[test]
fn bracketed_classes() {
    assert_eq!(parse("[abc]").unwrap(), class(&[('a', 'c')]));
    assert_eq!(parse("[cab]").unwrap(), class(&[('a', 'c')]));
    assert_eq!(
        parse("[a-z0-9_]").unwrap(),
        class(&[('0', '9'), ('_', '_'), ('a', 'z')])
    );
    assert_eq!(parse("[a-cb-f]").unwrap(), class(&[('a', 'f')]));
    assert_eq!(parse("[x]").unwrap(), class(&[('x', 'x')]));
    // `]` first, `-` first or last, `^` not first: literal.
    assert_eq!(parse("[]a]").unwrap(), class(&[(']', ']'), ('a', 'a')]));
    assert_eq!(parse("[-a]").unwrap(), class(&[('-', '-'), ('a', 'a')]));
    assert_eq!(parse("[a-]").unwrap(), class(&[('-', '-'), ('a', 'a')]));
    assert_eq!(parse("[a^]").unwrap(), class(&[('^', '^'), ('a', 'a')]));
    assert_eq!(
        parse("[.*+?(|)$]").unwrap(),
        class(&[('$', '$'), ('(', '+'), ('.', '.'), ('?', '?'), ('|', '|')])
    );
    // Escapes inside, perl classes included.
    assert_eq!(
        parse(r"[\]\-\\\n]").unwrap(),
        class(&[('\n', '\n'), ('-', '-'), ('\\', ']')])
    );
    assert_eq!(parse(r"[\da-f]").unwrap(), class(&[('0', '9'), ('a', 'f')]));
    assert_eq!(parse(r"[\x41-\x43]").unwrap(), class(&[('A', 'C')]));
    assert_eq!(parse(r"[\s\S]").unwrap(), complement(&[]));
    // Across the surrogate gap: split in two.
    assert_eq!(
        parse(r"[\u{D000}-\u{F000}]").unwrap(),
        class(&[('\u{D000}', '\u{D7FF}'), ('\u{E000}', '\u{F000}')])
    );
}

#[test]
fn negated_classes() {
    assert_eq!(parse("[^x]").unwrap(), complement(&[('x', 'x')]));
    assert_eq!(parse("[^a-z]").unwrap(), complement(&[('a', 'z')]));
    assert_eq!(parse(r"[^\d]").unwrap(), parse(r"\D").unwrap());
    assert_eq!(parse(r"[^\D]").unwrap(), parse(r"\d").unwrap());
    assert_eq!(parse("[^]]").unwrap(), complement(&[(']', ']')]));
}

#[test]
fn groups() {
    assert_eq!(parse("(ab)").unwrap(), text("ab"));
    assert_eq!(parse("(?:ab)c").unwrap(), text("abc"));
    assert_eq!(parse("(?P<name>ab)").unwrap(), text("ab"));
    assert_eq!(parse("(?<n_1>ab)").unwrap(), text("ab"));
    assert_eq!(parse("((a)(b))").unwrap(), text("ab"));
    assert_eq!(parse("(ab)*").unwrap(), repeat(text("ab"), 0, None));
    assert_eq!(parse("()*").unwrap(), Ast::Empty);
    // 128 levels of groups are accepted.
    let deep = format!("{}a{}", "(".repeat(128), ")".repeat(128));
    assert_eq!(parse(&deep).unwrap(), lit('a'));
}

#[test]
fn alternation() {
    assert_eq!(
        parse("ab|c").unwrap(),
        Ast::Alternation(vec![text("ab"), lit('c')])
    );
    assert_eq!(
        parse("a|").unwrap(),
        Ast::Alternation(vec![lit('a'), Ast::Empty])
    );
    assert_eq!(
        parse("|").unwrap(),
        Ast::Alternation(vec![Ast::Empty, Ast::Empty])
    );
    assert_eq!(
        parse("x(a|b)y").unwrap(),
        concat(vec![
            lit('x'),
            Ast::Alternation(vec![lit('a'), lit('b')]),
            lit('y')
        ])
    );
    // Nested alternations are kept as written.
    assert_eq!(
        parse("(a|b)|c").unwrap(),
        Ast::Alternation(vec![Ast::Alternation(vec![lit('a'), lit('b')]), lit('c')])
    );
}

#[test]
fn quantifiers() {
    let a = || lit('a');
    assert_eq!(parse("a*").unwrap(), repeat(a(), 0, None));
    assert_eq!(parse("a+").unwrap(), repeat(a(), 1, None));
    assert_eq!(parse("a?").unwrap(), repeat(a(), 0, Some(1)));
    assert_eq!(parse("a{3}").unwrap(), repeat(a(), 3, Some(3)));
    assert_eq!(parse("a{3,}").unwrap(), repeat(a(), 3, None));
    assert_eq!(parse("a{3,5}").unwrap(), repeat(a(), 3, Some(5)));
    assert_eq!(parse("a{0,0}").unwrap(), repeat(a(), 0, Some(0)));
    assert_eq!(
        parse("a{100000}").unwrap(),
        repeat(a(), 100_000, Some(100_000))
    );
    // Lazy: the same strings.
    assert_eq!(parse("a*?").unwrap(), parse("a*").unwrap());
    assert_eq!(parse("a+?").unwrap(), parse("a+").unwrap());
    assert_eq!(parse("a??").unwrap(), parse("a?").unwrap());
    assert_eq!(parse("a{2,4}?").unwrap(), parse("a{2,4}").unwrap());
    // A quantifier takes the atom before it.
    assert_eq!(
        parse("ab*").unwrap(),
        concat(vec![a(), repeat(lit('b'), 0, None)])
    );
    assert_eq!(
        parse("[ab]+c").unwrap(),
        concat(vec![repeat(class(&[('a', 'b')]), 1, None), lit('c')])
    );
}

#[test]
fn anchors_at_the_ends_are_ignored() {
    assert_eq!(parse("^abc$").unwrap(), text("abc"));
    assert_eq!(parse("^").unwrap(), Ast::Empty);
    assert_eq!(parse("$").unwrap(), Ast::Empty);
    assert_eq!(parse("^$").unwrap(), Ast::Empty);
    assert_eq!(
        parse("a|$").unwrap(),
        Ast::Alternation(vec![lit('a'), Ast::Empty])
    );
    // An escaped `$` at the end, or one in a class, is literal.
    assert_eq!(parse(r"a\$").unwrap(), text("a$"));
    assert_eq!(parse(r"\\$").unwrap(), lit('\\'));
    assert_eq!(parse("[$]").unwrap(), class(&[('$', '$')]));
}

#[test]
fn the_brief_example() {
    let email = parse(r"[a-z]{1,8}@[a-z]{2,4}\.(com|org)").unwrap();
    let az = || class(&[('a', 'z')]);
    assert_eq!(
        email,
        concat(vec![
            repeat(az(), 1, Some(8)),
            lit('@'),
            repeat(az(), 2, Some(4)),
            lit('.'),
            Ast::Alternation(vec![text("com"), text("org")]),
        ])
    );
}
