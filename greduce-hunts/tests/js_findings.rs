//! Standalone reproductions of the bugs `hunt js` found in Rust's JavaScript tools (see
//! `greduce-hunts/FINDINGS.md`): each runs the tool directly (through the hunt's parsing
//! helper only, no greduce) and asserts today's wrong behaviour (it passes today and fails
//! when upstream fixes the bug; then flip its assertion). Feature `js` (on by default).
#![cfg(feature = "js")]

use greduce_hunts::hunt_js::{
    Ran, oxc_minify, oxc_parses, run, swc_minify, swc_parses, swc_script,
};
use swc_common::Mark;
use swc_ecma_transforms_base::{fixer::fixer, resolver};

/// `src` parsed by swc as a script, through `resolver` and `fixer` (the last transform of
/// every swc pipeline, minifier or not), and printed.
fn swc_fixed(src: &str) -> Result<String, String> {
    swc_script(src, |script, cm| {
        let program = swc_ecma_ast::Program::Script(script)
            .apply(resolver(Mark::new(), Mark::new(), false))
            .apply(fixer(None));
        swc_ecma_codegen::to_code_default(cm, None, &program)
    })
}

/// J1: `new (++a)` (construct the result of `++a`, a `TypeError` at run time) comes out of
/// swc's `fixer` as `new ++a`, which is no JavaScript: `new` takes a member expression, so
/// the parentheses are needed. swc's own parser rejects its output.
#[test]
fn j1_swc_prints_new_of_a_prefix_update_without_parentheses() {
    for (src, printed) in [
        ("new (++a)", "new ++a;\n"),
        ("new (--a.b)", "new --a.b;\n"),
        ("(new (++ ((0).a_0)))", "new ++0..a_0;\n"),
    ] {
        let out = swc_fixed(src).unwrap();
        assert_eq!(out, printed);
        assert!(swc_fixed(&out).is_err(), "{out} parses");
    }
}

/// J2: swc's minifier takes the braces off an `if` whose block holds only a function
/// declaration: `if (a) { function f() {} }` comes out as `if (a) function f() {}`, which
/// swc's own parser refuses (`DeclNotAllowed`). That form is legal only in sloppy scripts
/// under ECMA-262's Annex B (function declarations as the clauses of an `if`),
/// where it means the braced form: oxc parses it and boa (with `annex-b`) runs it, and
/// oxc's minifier keeps the braces. A second pass of swc over its own output fails, and so
/// would any strict or non-Annex-B consumer.
#[test]
fn j2_swc_unwraps_a_function_declaration_from_an_if_block() {
    for (src, minified) in [
        ("if (a) { function f(){} }", "if (a) function f() {}\n"),
        (
            "if ((a_0)) { function a_0(a_0){  } }",
            "if (a_0) function a_0(a_0) {}\n",
        ),
    ] {
        assert_eq!(swc_parses(src), Ok(()));
        let out = swc_minify(src).expect("swc parses the program");
        assert_eq!(out, minified);
        assert_eq!(swc_parses(&out), Err("DeclNotAllowed".to_string()));
        assert_eq!(oxc_parses(&out), Ok(()));
        assert!(!matches!(run(&out, &[], false), Ran::Rejected(_)));
    }
}

/// J3: swc's minifier evaluates a property that a literal does not have (`({}).b`,
/// `[0][1]`, `"x".b`) to `undefined` and prints it as `void 0`, also where the property is
/// the target of `++`, `--` or a `for .. in`: `++({}).b` comes out as `++void 0`, which swc's
/// own parser refuses (`TS2406`, an invalid target). The program is valid and runs (the
/// property becomes `NaN`, or takes the keys; the hunt's case throws the `ReferenceError`
/// of an identifier no prelude defines here). An assignment's target is kept apart
/// (swc-project/swc#5343, fixed in 2022): `({}).b = 1` is dropped, as it may be. A property
/// the literal has is kept (`++({a: 0}).a`). oxc keeps every form.
#[test]
fn j3_swc_replaces_a_missing_property_of_a_literal_by_void_0_where_it_is_updated() {
    for (src, minified) in [
        (r#"(++ ((" ").a_0))"#, "++void 0;\n"),
        // The hunt's case, before shrinking: the literal's value is kept for its effects.
        (
            "throw (++ (({b_0: (b_0)})[(typeof ((undefined) | (null)))]))",
            "throw ++void b_0;\n",
        ),
        ("(++ (({a_0: (0)})[(0)]))", "++void 0;\n"),
        ("++({}).b", "++void 0;\n"),
        (r#"++"".a"#, "++void 0;\n"),
        ("[0][1]--", "void 0--;\n"),
        (
            "for (({})[0] in {x: 1});",
            "for(void 0 in {\n    x: 1\n});\n",
        ),
    ] {
        assert_eq!(swc_parses(src), Ok(()), "{src}");
        assert!(matches!(run(src, &[], false), Ran::Ended { .. }), "{src}");
        let out = swc_minify(src).expect("swc parses the program");
        assert_eq!(out, minified, "{src}");
        assert_eq!(swc_parses(&out), Err("TS2406".to_string()), "{src}");
        let oxc = oxc_minify(src).expect("oxc parses the program");
        assert_eq!(oxc_parses(&oxc), Ok(()), "{src}: {oxc}");
    }
    // Where swc gets it right: an assignment's target, and a property the literal has.
    assert_eq!(swc_minify("({}).b = 1").as_deref(), Some(""));
    assert_eq!(
        swc_minify("++({a: 0}).a").as_deref(),
        Some("++({\n    a: 0\n}).a;\n")
    );
}

/// J3's sequence form: where the literal held two values or more read for their effects,
/// swc's minifier makes the updated missing property a sequence, `++[a, b].c` becoming
/// `++(a, void b)`, and prints it without the sequence's parentheses: `++a, void b`, which
/// parses and updates `a` itself. The program leaves `a_0` (a function, after the hunt's
/// prelude) as it is; swc's output makes it `NaN`. oxc keeps the update.
#[test]
fn j3_swc_updates_the_first_value_of_a_literal_whose_missing_property_is_updated() {
    let names = ["a_0", "b_1"];
    for (src, minified) in [
        ("(++ (([(a_0), (a_0)]).a_0))", "++a_0, void a_0;\n"),
        ("++[a_0, b_1].c", "++a_0, void b_1;\n"),
        ("[a_0, a_0].b++", "a_0, void a_0++;\n"),
        ("--({x: a_0, y: b_1})[0]", "--a_0, void b_1;\n"),
    ] {
        let out = swc_minify(src).expect("swc parses the program");
        assert_eq!(out, minified, "{src}");
        assert_eq!(swc_parses(&out), Ok(()), "{src}");
        let before = run(src, &names, false);
        let after = run(&out, &names, false);
        assert_eq!(
            before,
            Ran::Ended {
                end: "normal".into(),
                state: "a_0: function; b_1: number 1".into()
            },
            "{src}"
        );
        assert!(
            matches!(&after, Ran::Ended { state, .. } if state.starts_with("a_0: number NaN")),
            "{src}: {after:?}"
        );
        let oxc = oxc_minify(src).expect("oxc parses the program");
        assert_eq!(run(&oxc, &names, false), before, "{src}: {oxc}");
    }
}

/// J4: a prefix update called (or tagged, or called optionally), `(++a)(0)`, comes out of
/// swc's `fixer` as `++a(0)`, which is the update of a call: no JavaScript (an invalid
/// target, `TS2406` in swc's own parser, a `SyntaxError` in boa). The program itself
/// parses and throws a `TypeError` (a number is no function). J1's sibling: the fixer's
/// list of callees to wrap (`wrap_callee`) lacks update expressions, as its list for `new`
/// does. A member of an update (`(++a).b`) keeps its parentheses; oxc keeps them in every
/// form.
#[test]
fn j4_swc_prints_a_call_of_a_prefix_update_without_parentheses() {
    for (src, printed) in [
        ("((++ (a_0))((0)))", "++a_0(0);\n"),
        ("(--a)()", "--a();\n"),
        ("(++a.b)()", "++a.b();\n"),
        ("(++a)`x`", "++a`x`;\n"),
        ("(++a)?.()", "++a?.();\n"),
    ] {
        assert!(
            matches!(run(src, &["a_0"], false), Ran::Ended { .. }),
            "{src}"
        );
        let out = swc_fixed(src).unwrap();
        assert_eq!(out, printed, "{src}");
        assert_eq!(swc_fixed(&out), Err("TS2406".to_string()), "{src}");
        assert!(matches!(run(&out, &[], false), Ran::Rejected(_)), "{src}");
        assert_eq!(swc_minify(src).as_deref(), Some(printed), "{src}");
        let oxc = oxc_minify(src).expect("oxc parses the program");
        assert_eq!(oxc_parses(&oxc), Ok(()), "{src}: {oxc}");
    }
    assert_eq!(swc_fixed("(++a).b").unwrap(), "(++a).b;\n");
}

/// Not a difference in behaviour, and one the hunt's release build cannot see: oxc 0.146's
/// minifier fails its own debug-only check of its scoping ("incremental scoping
/// under-prune: reference 1 is still in a symbol's resolved-references list but its node is
/// gone from the program", `oxc_minifier`'s `compression_pass.rs`, compiled only with debug
/// assertions) on a dead loop whose body writes a parameter of a function it passes. Without
/// debug assertions (the hunt's `--release` build) the check is compiled out and the output
/// is right: the dead loop is removed. cargo-fuzz builds its targets with debug assertions,
/// which is why the `js_oxc` target's crash file `crash-9ab83766` fails there and passes on
/// replay in `hunt js-artifacts`.
#[test]
fn oxc_fails_its_debug_scoping_check_on_a_dead_loop() {
    let src = "while(0)if(f(a=>a++))break";
    let minified = std::panic::catch_unwind(|| oxc_minify(src));
    if cfg!(debug_assertions) {
        let payload = minified.expect_err("oxc's debug check panics");
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default();
        assert!(
            message.contains("incremental scoping under-prune"),
            "{message}"
        );
    } else {
        assert_eq!(minified.expect("no panic").as_deref(), Some(""));
    }
}

/// `src` and swc's output run in boa after the prelude of `names`: how each ended.
fn before_and_after(src: &str, names: &[&str]) -> (Ran, Ran, String) {
    let out = swc_minify(src).expect("swc parses the program");
    (run(src, names, false), run(&out, names, false), out)
}

fn ended(end: &str, state: &str) -> Ran {
    Ran::Ended {
        end: end.into(),
        state: state.into(),
    }
}

/// J5: swc's minifier flattens a block that holds a function declaration into the statements
/// around it (`drop_useless_blocks`, which counts a function declaration as fine to lift),
/// so the function, bound in a sloppy script when its block runs (ECMA-262 Annex B), is bound
/// when its scope starts: `{ throw 0; function f(){} }` leaves `f` as it was, swc's `throw
/// 0; function f() {}` makes it a function first; `r = typeof f; { function f(){} }` reads
/// the function. Through an `if`'s `else` after a `throw` too, and in a `switch`, the lifted
/// function shadows the case's test (`case a_0:` now sees the new function, so the case is
/// not taken). oxc keeps the blocks.
#[test]
fn j5_swc_lifts_a_function_declaration_out_of_its_block() {
    let names = ["a_0", "a_1", "r_0"];
    for (src, minified, before, after) in [
        (
            "{ throw 0; function a_1(){} }",
            "throw 0;\nfunction a_1() {}\n",
            ended(
                "throws number 0",
                "a_0: function; a_1: number 1; r_0: function",
            ),
            ended(
                "throws number 0",
                "a_0: function; a_1: function; r_0: function",
            ),
        ),
        (
            "r_0 = typeof a_1; { function a_1(){} }",
            "r_0 = typeof a_1;\nfunction a_1() {}\n",
            ended("normal", "a_0: function; a_1: function; r_0: string number"),
            ended(
                "normal",
                "a_0: function; a_1: function; r_0: string function",
            ),
        ),
        (
            "if ((a_0)) { throw (0) } else { function a_1(a_0){  } }",
            "if (a_0) throw 0;\nfunction a_1(a_01) {}\n",
            ended(
                "throws number 0",
                "a_0: function; a_1: number 1; r_0: function",
            ),
            ended(
                "throws number 0",
                "a_0: function; a_1: function; r_0: function",
            ),
        ),
        (
            "switch((a_0)) {case (a_0): { throw (0);function a_0(a_0){  } }}",
            "switch(a_0){\n    case a_0:\n        throw 0;\n        function a_0(a_0) {}\n}\n",
            ended(
                "throws number 0",
                "a_0: function; a_1: number 1; r_0: function",
            ),
            ended("normal", "a_0: function; a_1: number 1; r_0: function"),
        ),
    ] {
        let (b, a, out) = before_and_after(src, &names);
        assert_eq!(out, minified, "{src}");
        assert_eq!(b, before, "{src}");
        assert_eq!(a, after, "{src}");
        let oxc = oxc_minify(src).expect("oxc parses the program");
        assert_eq!(run(&oxc, &names, false), before, "{src}: {oxc}");
    }
}

/// J6: swc's minifier folds `typeof` of an array or object literal to `"object"` where the
/// result is used, and drops the literal's values with it: `a = typeof [b++]` becomes `a =
/// "object"` (`b` is not updated), and the shrunk fuzz case `0[typeof [0(0)]]` becomes
/// `0..object` (the `TypeError` of calling `0` is gone). As a statement of its own the
/// values are kept (`typeof [b++]` becomes `b++`). oxc keeps them.
#[test]
fn j6_swc_folds_typeof_of_a_literal_and_drops_its_values() {
    let names = ["a_0", "b_1"];
    for (src, minified, before, after) in [
        (
            "a_0 = typeof [(b_1)++]",
            "a_0 = \"object\";\n",
            ended("normal", "a_0: string object; b_1: number 2"),
            ended("normal", "a_0: string object; b_1: number 1"),
        ),
        (
            "a_0 = typeof {a_0: (b_1)++}",
            "a_0 = \"object\";\n",
            ended("normal", "a_0: string object; b_1: number 2"),
            ended("normal", "a_0: string object; b_1: number 1"),
        ),
        (
            "((0)[(typeof ([((0)((0)))]))])",
            "0..object;\n",
            ended("TypeError", "a_0: function; b_1: number 1"),
            ended("normal", "a_0: function; b_1: number 1"),
        ),
    ] {
        let (b, a, out) = before_and_after(src, &names);
        assert_eq!(out, minified, "{src}");
        assert_eq!(b, before, "{src}");
        assert_eq!(a, after, "{src}");
        let oxc = oxc_minify(src).expect("oxc parses the program");
        assert_eq!(run(&oxc, &names, false), before, "{src}: {oxc}");
    }
    assert_eq!(swc_minify("typeof [(b_1)++]").as_deref(), Some("b_1++;\n"));
}

/// J7: swc's minifier drops an update or a compound assignment (`a++`, `a += 1`, `a %= 0`)
/// of a top-level `var` that nothing reads, as it may in a function; in a script a top-level
/// `var` is a global, which other scripts see (the prelude here). swc keeps a plain
/// assignment (`a = 2`: swc-project/swc#7581, 2023) and keeps the `var`; its
/// `drop_unused_op_assign` and `drop_unused_update` check the variable is declared and
/// function-local, not the `toplevel` option. oxc keeps them.
#[test]
fn j7_swc_drops_an_update_of_a_top_level_var_that_nothing_reads() {
    let names = ["a_0"];
    for (src, before) in [
        ("{ var a_0;((a_0) %= (0)) }", "a_0: number NaN"),
        ("var a_0; a_0 += 1", "a_0: string function1"),
        ("var a_0; (a_0)++", "a_0: number NaN"),
        (
            "var a_0; (function(){ a_0 += 1 })()",
            "a_0: string function1",
        ),
    ] {
        let (b, a, out) = before_and_after(src, &names);
        assert_eq!(out, "var a_0;\n", "{src}");
        assert_eq!(b, ended("normal", before), "{src}");
        assert_eq!(a, ended("normal", "a_0: function"), "{src}");
        let oxc = oxc_minify(src).expect("oxc parses the program");
        assert_eq!(run(&oxc, &names, false), b, "{src}: {oxc}");
    }
    assert_eq!(
        swc_minify("var a_0; a_0 = 2").as_deref(),
        Some("var a_0;\na_0 = 2;\n")
    );
}

/// Not a bug to swc: its minifier drops an `in` or an `instanceof` whose result is unused,
/// keeping its operands for their effects, though it throws a `TypeError` when the right side
/// is not an object (`0 in 0`) or not callable (`undefined instanceof 0`). This is terser's
/// treatment, kept on purpose (swc-project/swc#12111, open, 2026: a maintainer answers that
/// discarding `instanceof` "is fine" under swc's assumptions, and the fix proposed for its
/// folding, #12110, leaves it; Closure Compiler documents "instanceof is assumed to never
/// throw"). oxc keeps both.
#[test]
fn swc_drops_an_unused_in_or_instanceof_that_throws() {
    let names = ["a_0", "a_1"];
    for (src, minified) in [
        ("((0) in (0))", ""),
        ("((undefined) instanceof (0))", ""),
        ("((a_0) in (a_1))", "a_0, a_1;\n"),
        ("((a_0) instanceof (a_1))", "a_0, a_1;\n"),
    ] {
        let (b, a, out) = before_and_after(src, &names);
        assert_eq!(out, minified, "{src}");
        assert!(
            matches!(&b, Ran::Ended { end, .. } if end == "TypeError"),
            "{src}: {b:?}"
        );
        assert!(
            matches!(&a, Ran::Ended { end, .. } if end == "normal"),
            "{src}: {a:?}"
        );
        let oxc = oxc_minify(src).expect("oxc parses the program");
        assert_eq!(run(&oxc, &names, false), b, "{src}: {oxc}");
    }
}

/// B1's program: the generator's `a_0` is a function after the hunt's prelude, whose
/// `toString` answers `"function"`, so the first `+=` makes a 16-character string and
/// each further one doubles it.
const B1: &str = "for(;;){ ((a_0) += (a_0)) }";

/// B1: boa's `+` builds a string of any length (`JsString::concat_array` allocates the sum
/// of the lengths, with no check against the maximum of 2^32 - 1 code units that
/// `String.prototype.repeat` enforces), and none of boa's runtime limits (instructions,
/// recursion, loop iterations, stack) counts memory: a loop that doubles a string takes a
/// few instructions per doubling, so the hunt's budget of 200 000 instructions allows
/// thousands of doublings and memory, not a limit, ends the run. Upstream: boa-dev/boa#4409
/// (open). This asserts the growth where it is still small: 24 doublings, a string of
/// 16 MiB, within 300 instructions.
#[test]
fn b1_boa_doubles_a_string_in_a_few_instructions() {
    use boa_engine::{Context, Source};
    for (doublings, budget) in [(8u32, 300usize), (16, 300), (24, 300)] {
        let mut ctx = Context::builder()
            .instructions_remaining(budget)
            .build()
            .unwrap();
        let src =
            format!("var s = 'a'; for (var i = 0; i < {doublings}; i++) {{ s += s }} s.length");
        let length = ctx.eval(Source::from_bytes(&src)).unwrap();
        assert_eq!(
            length.as_number(),
            Some(f64::from(2u32.pow(doublings))),
            "{src}"
        );
    }
    // boa's own maximum string length, which `repeat` enforces and `+` does not.
    let mut ctx = Context::builder()
        .instructions_remaining(1_000)
        .build()
        .unwrap();
    let err = ctx
        .eval(Source::from_bytes("'a'.repeat(2 ** 32)"))
        .unwrap_err();
    assert!(err.to_string().contains("RangeError"), "{err}");
}

/// B1's program run as the hunt runs it (`run`: the prelude, 200 000 instructions, recursion
/// 256), in a child process of this test under a 1 GB address-space cap (`ulimit -v`): no
/// limit of boa's stops it, and the child aborts on a failed allocation. (Without a cap, the
/// release hunt replaying the fuzzer's file grew to 23.8 GB before the kernel killed it.)
#[test]
fn b1_boa_runs_out_of_memory_within_the_hunts_limits() {
    const CHILD: &str = "GREDUCE_B1_CHILD";
    if std::env::var_os(CHILD).is_some() {
        let ran = run(B1, &["a_0"], false);
        println!("the run ended: {ran:?}");
        return;
    }
    let me = std::env::current_exe().expect("this test's binary");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1000000; exec \"$0\" b1_boa_runs_out_of_memory_within_the_hunts_limits --exact --nocapture --test-threads=1")
        .arg(&me)
        .env(CHILD, "1")
        .output()
        .expect("runs the child");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stdout}\n{stderr}");
    assert!(!stdout.contains("the run ended"), "{stdout}");
    assert!(stderr.contains("memory allocation of"), "{stderr}");
}
