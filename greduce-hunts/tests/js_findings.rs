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
