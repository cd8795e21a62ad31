//! Delta debugging on inputs users already have (`greduce::dd`): the worked examples of the
//! Debugging Book's chapter "Reducing Failure-Inducing Inputs", test for test.

use greduce::SameFailure;
use greduce::dd::{self, DeltaDebugger, Outcome, StartError, Text};
use std::cell::RefCell;

/// Fails when a `(` comes before a `)` (the book's `mystery`, its characters decoded).
fn mystery(inp: &str) {
    let x = inp.find('(');
    let y = inp.find(')');
    if let (Some(x), Some(y)) = (x, y) {
        assert!(x >= y, "Invalid input");
    }
}

const FAILING: &str = r#"V"/+!aF-(V4EOz*+s/Q,7)2@0_"#;

/// `test`, recording each input it is called on (the cache answers the others).
fn recorded(calls: &RefCell<Vec<String>>) -> impl FnMut(&Text) + '_ {
    |t: &Text| {
        calls.borrow_mut().push(t.to_string());
        mystery(t);
    }
}

#[test]
fn mystery_reduces_to_two_characters_as_in_the_book() {
    let calls = RefCell::new(Vec::new());
    let min = DeltaDebugger::new(recorded(&calls))
        .named("mystery")
        .min(Text::chars(FAILING))
        .unwrap();
    assert_eq!(min.to_string(), r#"mystery("()")"#);
    // The book's log of `DeltaDebugger(log=True)` on this input has 24 tests. The first 12
    // are ours too. From #13 on, the book splits `-(V47)2` as `{-, 7, ), 2}` and `{(, V, 4}`:
    // CPython iterates that set of indices {7, 8, 9, 10, 20, 21, 22} in hash-slot order
    // (20, 21, 22, 7, 8, 9, 10), where we keep input order, so our last 13 tests differ.
    let book_first_12 = [
        FAILING,
        "",
        r#"V"/+!aF-(V4EO"#,
        "z*+s/Q,7)2@0_",
        "-(V4EOz*+s/Q,7)2@0_",
        "*+s/Q,7)2@0_",
        "-(V4EOz7)2@0_",
        "7)2@0_",
        "-(V4EOz",
        "-(V47)2@0_",
        "-(V4@0_",
        "-(V47)2",
    ];
    let ours_after = [
        "-(V4", "7)2", "-(V42", "-(V47)", "V47)", "-(7)", "7)", "-(", "-7)", "-()", "()", "(", ")",
    ];
    let expected: Vec<&str> = book_first_12.iter().chain(&ours_after).copied().collect();
    assert_eq!(*calls.borrow(), expected);
    assert_eq!(min.stats.tests, 25);
    assert!(min.stats.cache_hits > 0);
    let failure = min.failure.unwrap();
    assert!(
        failure.contains("Invalid input") && failure.contains("tests/dd.rs"),
        "{failure}"
    );
}

#[test]
fn mystery_difference_is_one_parenthesis() {
    let calls = RefCell::new(Vec::new());
    let isolated = DeltaDebugger::new(recorded(&calls))
        .named("mystery")
        .diff(Text::chars(FAILING))
        .unwrap();
    assert_eq!(isolated.passing.as_str(), "z*+s/Q,7)2@0_");
    assert_eq!(isolated.failing.as_str(), "(z*+s/Q,7)2@0_");
    assert_eq!(isolated.difference.as_str(), "(");
    // The book's log of `min_arg_diff()` has 9 tests and the same result; its #8 tests
    // `(Vz*+s/Q,7)2@0_` (CPython's set order again), ours `-(z*+s/Q,7)2@0_`.
    let expected = [
        FAILING,
        "",
        r#"V"/+!aF-(V4EO"#,
        "z*+s/Q,7)2@0_",
        r#"V"/+!aFz*+s/Q,7)2@0_"#,
        "-(V4EOz*+s/Q,7)2@0_",
        "-(Vz*+s/Q,7)2@0_",
        "-(z*+s/Q,7)2@0_",
        "-z*+s/Q,7)2@0_",
        "(z*+s/Q,7)2@0_",
    ];
    assert_eq!(*calls.borrow(), expected);
    assert_eq!(
        isolated.to_string(),
        "passes:     mystery(\"z*+s/Q,7)2@0_\")\n\
         fails:      mystery(\"(z*+s/Q,7)2@0_\")\n\
         difference: \"(\""
    );
}

#[test]
fn mystery_maximal_passing_input_lacks_only_the_parenthesis() {
    let calls = RefCell::new(Vec::new());
    let max = DeltaDebugger::new(recorded(&calls))
        .max(Text::chars(FAILING))
        .unwrap();
    assert_eq!(max.args.as_str(), r#"V"/+!aF-V4EOz*+s/Q,7)2@0_"#);
    assert_eq!(max.failure, None);
    // The book's `max_args()` reaches the same input in 8 tests (its #7 `V"/+!aF-4EOz...` is
    // CPython's set order); ours takes 9.
    assert_eq!(calls.borrow().len(), 9);
}

/// A tiny evaluator of `+ - * /` on integers with parentheses and spaces: a division by
/// zero panics (Rust's `/` does); input it cannot parse is an `Err`.
fn myeval(inp: &str) -> Result<i64, String> {
    struct Parser<'s> {
        s: &'s [u8],
        at: usize,
    }
    impl Parser<'_> {
        fn peek(&mut self) -> Option<u8> {
            while self.s.get(self.at) == Some(&b' ') {
                self.at += 1;
            }
            self.s.get(self.at).copied()
        }
        fn expr(&mut self) -> Result<i64, String> {
            let mut v = self.term()?;
            while let Some(op @ (b'+' | b'-')) = self.peek() {
                self.at += 1;
                let r = self.term()?;
                v = if op == b'+' { v + r } else { v - r };
            }
            Ok(v)
        }
        fn term(&mut self) -> Result<i64, String> {
            let mut v = self.atom()?;
            while let Some(op @ (b'*' | b'/')) = self.peek() {
                self.at += 1;
                let r = self.atom()?;
                v = if op == b'*' { v * r } else { v / r };
            }
            Ok(v)
        }
        fn atom(&mut self) -> Result<i64, String> {
            if self.peek() == Some(b'(') {
                self.at += 1;
                let v = self.expr()?;
                if self.peek() != Some(b')') {
                    return Err(format!("expected ')' at {}", self.at));
                }
                self.at += 1;
                return Ok(v);
            }
            let start = self.at;
            while self.s.get(self.at).is_some_and(u8::is_ascii_digit) {
                self.at += 1;
            }
            std::str::from_utf8(&self.s[start..self.at])
                .unwrap()
                .parse()
                .map_err(|_| format!("expected a number at {start}"))
        }
    }
    let mut p = Parser {
        s: inp.as_bytes(),
        at: 0,
    };
    let v = p.expr()?;
    match p.peek() {
        None => Ok(v),
        Some(_) => Err(format!("unexpected input at {}", p.at)),
    }
}

#[test]
fn division_by_zero_reduces_to_three_characters() {
    assert_eq!(myeval("1 + 2 * (3 - 1)"), Ok(5));
    let min = DeltaDebugger::new(|s: &Text| myeval(s))
        .named("myeval")
        .min(Text::chars("1 + 2 * 3 / 0"))
        .unwrap();
    assert_eq!(min.to_string(), r#"myeval("3/0")"#);
    assert!(min.failure.unwrap().contains("attempt to divide by zero"));
}

#[test]
fn both_arguments_of_a_call_are_reduced() {
    fn string_error(s1: &str, s2: &str) {
        assert!(!s2.contains(s1), "no substrings");
    }
    fn list_error(l1: &[u8], l2: &[u8], max: usize) {
        assert!(l1.len() + l2.len() < max, "too long");
    }
    let min = DeltaDebugger::new(|(s1, s2): &(String, String)| string_error(s1, s2))
        .named("string_error")
        .min(("foo".to_string(), "foobar".to_string()))
        .unwrap();
    assert_eq!(min.args, (String::new(), String::new()));
    assert_eq!(min.to_string(), r#"string_error("", "")"#);

    // Reducing one argument makes another reducible again: turns repeat until none changes.
    let min = dd::ddmin(
        (vec![1u8, 2, 3], vec![4u8, 5, 6], vec![(); 5]),
        |(l1, l2, max): &(Vec<u8>, Vec<u8>, Vec<()>)| list_error(l1, l2, max.len()),
    )
    .unwrap();
    assert_eq!(min.args, (vec![], vec![], vec![]));
}

#[test]
fn an_input_that_does_not_fail_is_refused() {
    let error = DeltaDebugger::new(|s: &Text| mystery(s))
        .named("mystery")
        .min(Text::chars("An input that does not fail"))
        .unwrap_err();
    assert_eq!(
        error,
        StartError::NotFailing {
            call: r#"mystery("An input that does not fail")"#.to_string()
        }
    );
    assert_eq!(
        error.to_string(),
        r#"mystery("An input that does not fail") did not fail: delta debugging reduces a failing input, and this one passes"#
    );
    // `dd` refuses the same, and refuses to start when the empty input fails too.
    assert!(matches!(
        dd::dd(Text::chars("ok"), |_: &Text| true),
        Err(StartError::NotFailing { .. })
    ));
    assert_eq!(
        dd::dd(Text::chars("ab"), |_: &Text| false).unwrap_err(),
        StartError::NotPassing {
            call: r#"test("")"#.to_string()
        }
    );
    assert_eq!(
        dd::ddmin(Text::chars("ab"), |_: &Text| Outcome::Unresolved).unwrap_err(),
        StartError::Unresolved {
            call: r#"test("ab")"#.to_string()
        }
    );
}

#[test]
fn another_failure_is_unresolved_not_a_reduction() {
    // Fails "the same way" only with the original's panic; the shorter input would hit
    // another assertion, so it must not be taken.
    let test = |v: &Vec<u32>| {
        assert!(v.len() != 1, "one element");
        assert!(!v.contains(&7), "a seven");
    };
    let min = dd::ddmin(vec![1, 7, 2], test).unwrap();
    assert_eq!(min.args.len(), 2);
    assert!(min.args.contains(&7));
    // With `SameFailure::Any`, any failure will do: one element fails too.
    let any = DeltaDebugger::new(test)
        .same_failure(SameFailure::Any)
        .min(vec![1, 7, 2])
        .unwrap();
    assert_eq!(any.args.len(), 1);
    // `assume` rejects a candidate: unresolved as well.
    let min = dd::ddmin(vec![1, 7, 2], |v: &Vec<u32>| {
        greduce::assume(v.len() != 1);
        !v.contains(&7)
    })
    .unwrap();
    assert_eq!(min.args.len(), 2);
}

#[test]
fn granularities() {
    let source = "let a = 1;\nlet b = a / 0;\nprint(b);\n";
    let fails = |t: &Text| !(t.contains('/') && t.contains('0'));
    let lines = dd::ddmin(Text::lines(source), fails).unwrap();
    assert_eq!(lines.args.as_str(), "let b = a / 0;\n");
    let tokens = dd::ddmin(Text::tokens(source), fails).unwrap();
    assert_eq!(tokens.args.as_str(), "/0");
    let bytes = dd::ddmin(source.as_bytes().to_vec(), |b: &Vec<u8>| {
        !(b.contains(&b'/') && b.contains(&b'0'))
    })
    .unwrap();
    assert_eq!(bytes.args, b"/0");
}

#[test]
// The function under test takes `&A`, here `&Vec<_>`.
#[allow(clippy::ptr_arg)]
fn a_function_item_names_the_call() {
    fn no_sevens(v: &Vec<u32>) -> bool {
        !v.contains(&7)
    }
    fn shorter_than<T>(v: &Vec<T>) -> bool {
        v.len() < 2
    }
    assert_eq!(
        dd::ddmin(vec![1, 7], no_sevens).unwrap().to_string(),
        "no_sevens([7])"
    );
    assert_eq!(
        dd::ddmin(vec![1, 2, 3], shorter_than::<u8>)
            .unwrap()
            .to_string(),
        "shorter_than([1, 2])"
    );
    let pointer: fn(&Vec<u32>) -> bool = no_sevens;
    assert_eq!(
        dd::ddmin(vec![7], pointer).unwrap().to_string(),
        "test([7])"
    );
}
