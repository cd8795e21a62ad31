//! Standalone reproductions of the bugs `hunt js` found in Rust's JavaScript tools (see
//! `greduce-hunts/FINDINGS.md`): each runs the tool directly (through the hunt's parsing
//! helper only, no greduce) and asserts today's wrong behaviour (it passes today and fails
//! when upstream fixes the bug; then flip its assertion). Feature `js` (on by default).
#![cfg(feature = "js")]

use greduce_hunts::hunt_js::swc_script;
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
