//! Every rejected pattern: its message and offset.

use greduce_regex::parse;

const ACCEPTED: &str =
    "greduce generates from literals, classes, groups, alternation and repetition";

/// The offset and message `pattern` is rejected with.
fn error(pattern: &str) -> (usize, String) {
    let err = parse(pattern).expect_err(pattern);
    (err.offset(), err.to_string())
}

#[track_caller]
fn rejects(pattern: &str, offset: usize, message: &str) {
    assert_eq!(error(pattern), (offset, message.to_owned()), "{pattern}");
}

#[track_caller]
fn unsupported(pattern: &str, offset: usize, what: &str) {
    rejects(pattern, offset, &format!("unsupported: {what}; {ACCEPTED}"));
}

#[test]
fn backreferences() {
    unsupported(r"(a)\1", 3, r"backreference `\1`");
    unsupported(r"(a)\12b", 3, r"backreference `\12`");
    unsupported(r"(?P<x>a)\k<x>", 8, r"backreference `\k<x>`");
    unsupported(r"(?P<x>a)(?P=x)", 8, "backreference `(?P=`");
}

#[test]
fn lookaround_and_other_groups() {
    unsupported("a(?=b)", 1, "lookahead `(?=`");
    unsupported("a(?!b)", 1, "negative lookahead `(?!`");
    unsupported("(?<=a)b", 0, "lookbehind `(?<=`");
    unsupported("(?<!a)b", 0, "negative lookbehind `(?<!`");
    unsupported("(?>a)", 0, "atomic group `(?>`");
    unsupported("(?#note)", 0, "comment group `(?#`");
    rejects(
        "a(?",
        1,
        "invalid group after `(?`; a group is `(..)`, `(?:..)`, `(?P<name>..)` or `(?<name>..)`",
    );
    rejects(
        "(?%a)",
        0,
        "invalid group after `(?`; a group is `(..)`, `(?:..)`, `(?P<name>..)` or `(?<name>..)`",
    );
}

#[test]
fn flags() {
    unsupported("(?i)abc", 0, "flags `(?i)`");
    unsupported("x(?i:abc)", 1, "flags `(?i:`");
    unsupported("(?s-m)a", 0, "flags `(?s-m)`");
}

#[test]
fn group_names() {
    rejects("(?P<a", 0, "unclosed group name: `<` has no matching `>`");
    rejects(
        "(?<>a)",
        0,
        "empty group name; a name is ASCII letters, digits and `_`, not starting with a digit",
    );
    rejects(
        "(?P<1a>x)",
        4,
        "invalid group name `1a`; a name is ASCII letters, digits and `_`, not starting with a digit",
    );
    rejects(
        "(?<a b>x)",
        3,
        "invalid group name `a b`; a name is ASCII letters, digits and `_`, not starting with a digit",
    );
}

#[test]
fn escapes() {
    unsupported(r"a\bc", 1, r"word boundary `\b`");
    unsupported(r"\B", 0, r"word boundary `\B`");
    unsupported(r"\<a\>", 0, r"word boundary `\<`");
    unsupported(r"[\b]", 1, r"word boundary `\b`");
    for (pattern, anchor) in [(r"\Aa", r"\A"), (r"a\z", r"\z"), (r"a\Z", r"\Z")] {
        rejects(
            pattern,
            pattern.find('\\').unwrap(),
            &format!(
                "unsupported: anchor `{anchor}`; `^` is accepted at the start of the pattern and `$` at its end"
            ),
        );
    }
    let unicode = |class: &str| {
        format!(
            "unsupported: Unicode class `{class}`; write the characters as a class of ranges, such as `[a-zA-Z]`"
        )
    };
    rejects(r"a\p{Greek}", 1, &unicode(r"\p{Greek}"));
    rejects(r"\PL", 0, &unicode(r"\PL"));
    rejects(r"[\pN]", 1, &unicode(r"\pN"));
    rejects(
        r"\0",
        0,
        r"unsupported: octal escape `\0`; write `\x00` for the nul character",
    );
    let known = r"escape punctuation (`\.`, `\\`), or write `\n`, `\t`, `\r`, `\f`, `\v`, `\a`, `\x41`, `\x{..}`, `\u{..}`, or a class `\d`, `\w`, `\s`, `\D`, `\W`, `\S`";
    rejects(r"a\q", 1, &format!(r"unknown escape `\q`; {known}"));
    rejects(r"\é", 0, &format!(r"unknown escape `\é`; {known}"));
    rejects(r"[a\y]", 2, &format!(r"unknown escape `\y`; {known}"));
    rejects(
        r"ab\",
        2,
        r"the pattern ends with a lone `\`; write `\\` to match a backslash",
    );
}

#[test]
fn hex_escapes() {
    rejects(
        r"\x4g",
        0,
        r"invalid escape `\x4g`; expected `\x` and 2 hex digits, or `\x{..}` with 1 to 6",
    );
    rejects(
        r"a\x4",
        1,
        r"invalid escape `\x4`; expected `\x` and 2 hex digits, or `\x{..}` with 1 to 6",
    );
    rejects(
        r"\u12",
        0,
        r"invalid escape `\u12`; expected `\u` and 4 hex digits, or `\u{..}` with 1 to 6",
    );
    rejects(
        r"\u{}",
        0,
        r"invalid escape `\u{}`; expected `\u` and 4 hex digits, or `\u{..}` with 1 to 6",
    );
    rejects(
        r"\x{1234567}",
        0,
        r"invalid escape `\x{1234567}`; expected `\x` and 2 hex digits, or `\x{..}` with 1 to 6",
    );
    rejects(
        r"\u{41",
        0,
        r"unclosed escape `\u{`: `{` has no matching `}`",
    );
    rejects(
        r"\u{D800}",
        0,
        r"`\u{D800}` is not a Unicode scalar value (a surrogate, or above `10FFFF`)",
    );
    rejects(
        r"\x{110000}",
        0,
        r"`\x{110000}` is not a Unicode scalar value (a surrogate, or above `10FFFF`)",
    );
}

#[test]
fn anchors_in_the_middle() {
    rejects(
        "a^b",
        1,
        "anchor `^` is accepted only at the start of the pattern",
    );
    rejects(
        "(^a)",
        1,
        "anchor `^` is accepted only at the start of the pattern",
    );
    rejects(
        "a|^b",
        2,
        "anchor `^` is accepted only at the start of the pattern",
    );
    rejects(
        "a$b",
        1,
        "anchor `$` is accepted only at the end of the pattern",
    );
    rejects(
        "(a$)",
        2,
        "anchor `$` is accepted only at the end of the pattern",
    );
    rejects(
        "a$|b",
        1,
        "anchor `$` is accepted only at the end of the pattern",
    );
}

#[test]
fn unbalanced_parentheses() {
    rejects("a(b", 1, "unclosed group: `(` has no matching `)`");
    rejects("(a(b)", 0, "unclosed group: `(` has no matching `)`");
    rejects("(a$", 0, "unclosed group: `(` has no matching `)`");
    rejects(
        "a)b",
        1,
        r"unmatched `)`; escape it to match it literally: `\)`",
    );
    rejects(
        "(a))",
        3,
        r"unmatched `)`; escape it to match it literally: `\)`",
    );
    let deep = format!("{}a{}", "(".repeat(129), ")".repeat(129));
    rejects(
        &deep,
        128,
        "groups nested too deeply; greduce accepts up to 128 levels",
    );
}

#[test]
fn unbalanced_brackets() {
    rejects("ab[c", 2, "unclosed class: `[` has no matching `]`");
    rejects("[", 0, "unclosed class: `[` has no matching `]`");
    rejects("[]", 0, "unclosed class: `[` has no matching `]`");
    rejects("[^]", 0, "unclosed class: `[` has no matching `]`");
    rejects("x[a-", 1, "unclosed class: `[` has no matching `]`");
    rejects(r"[a\]", 0, "unclosed class: `[` has no matching `]`");
}

#[test]
fn class_ranges_and_operations() {
    rejects(
        "[z-a]",
        1,
        "invalid class range `z-a`: its start is after its end",
    );
    rejects(
        r"[a\x41-\x40]",
        2,
        r"invalid class range `\x41-\x40`: its start is after its end",
    );
    rejects(
        r"[\d-z]",
        1,
        r"invalid class range: a range cannot start at the class `\d`",
    );
    rejects(
        r"[a-\w]",
        3,
        r"invalid class range: a range cannot end at the class `\w`",
    );
    rejects(
        "[a[bc]]",
        2,
        r"unsupported: nested class `[`; escape it to match it: `\[`",
    );
    rejects(
        "[[:alpha:]]",
        1,
        r"unsupported: nested class `[`; escape it to match it: `\[`",
    );
    for (pattern, offset, op) in [("[a&&b]", 2, "&&"), ("[a--b]", 2, "--"), ("[~~a]", 1, "~~")] {
        let c = &op[..1];
        rejects(
            pattern,
            offset,
            &format!("unsupported: class set operation `{op}`; escape `{c}` to match it: `\\{c}`"),
        );
    }
}

#[test]
fn empty_classes() {
    rejects(
        r"[^\s\S]",
        0,
        r"empty class `[^\s\S]`: it matches no character",
    );
    rejects(
        r"a[^\x00-\u{10FFFF}]",
        1,
        r"empty class `[^\x00-\u{10FFFF}]`: it matches no character",
    );
}

#[test]
fn repetitions() {
    let invalid = r"invalid repetition after `{`; expected `{n}`, `{n,}` or `{n,m}`, or `\{` for a literal brace";
    rejects("a{", 1, invalid);
    rejects("a{x}", 1, invalid);
    rejects("a{2", 1, invalid);
    rejects("a{2,", 1, invalid);
    rejects("a{2,x}", 1, invalid);
    rejects("a{,3}", 1, invalid);
    rejects("a{ 2}", 1, invalid);
    rejects(
        "ab{3,2}",
        2,
        "invalid repetition `{3,2}`: the minimum is larger than the maximum",
    );
    rejects(
        "a{100001}",
        2,
        "repetition count `100001` is too large; counts go up to 100000",
    );
    rejects(
        "a{1,99999999999}",
        4,
        "repetition count `99999999999` is too large; counts go up to 100000",
    );
}

#[test]
fn quantifiers_with_nothing_to_repeat() {
    for (pattern, offset, q) in [
        ("*a", 0, '*'),
        ("a|+", 2, '+'),
        ("(?:?)", 3, '?'),
        ("^*", 1, '*'),
        ("{2}", 0, '{'),
    ] {
        rejects(
            pattern,
            offset,
            &format!(
                "quantifier `{q}` has nothing to repeat; escape it to match it literally: `\\{q}`"
            ),
        );
    }
}

#[test]
fn quantifiers_after_quantifiers() {
    rejects(
        "a**",
        2,
        "quantifier `*` follows another quantifier; to repeat a repetition, group it: `(a*)*`",
    );
    rejects(
        "xa*+",
        3,
        "quantifier `+` follows another quantifier; to repeat a repetition, group it: `(a*)+`",
    );
    rejects(
        "[ab]{2}{3}",
        7,
        "quantifier `{` follows another quantifier; to repeat a repetition, group it: `([ab]{2}){..}`",
    );
    rejects(
        "a???",
        3,
        "quantifier `?` follows another quantifier; to repeat a repetition, group it: `(a??)?`",
    );
}
