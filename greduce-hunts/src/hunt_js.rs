//! Hunting bugs in Rust's JavaScript tools (issue 32) with the paper's third domain: programs
//! of JQF's JavaScript generator ([`greduce_domains::js`]), minified by oxc and by swc and run
//! in boa, a JavaScript engine in Rust.
//!
//! ```text
//! cargo run --release -p greduce-hunts -- js [--cases N]
//! ```
//!
//! A program first has to be one the tools' assumptions cover: it parses (in oxc, in swc and
//! in boa, which also applies the early errors: a `break` outside a loop) as a script. Others
//! pass every check. Then, one property each:
//!
//! 1. **oxc minifies**: oxc's minifier (compression at its `smallest`, no mangling) and
//!    code generator do not panic.
//! 2. **oxc output parses**: what oxc prints parses again, in oxc and in boa (with its
//!    early errors).
//! 3. **oxc keeps behaviour**: the program and oxc's output, each run in boa ([`run`]), end
//!    the same way and leave the same state. A difference must show in boa with and without
//!    its optimizer to count (so that a bug of boa's optimizer is not blamed on oxc).
//! 4. to 6. the same for swc (`swc_ecma_minifier` with terser's default compression, no
//!    mangling, after `resolver` and `paren_remover`, then `hygiene` and `fixer`, as swc's
//!    own minifier pipeline runs them).
//! 7. **boa's optimizer**: boa with its optimizer (constant folding and the rest) and without
//!    it end the same way and leave the same state.
//!
//! Running a program ([`run`]): generated programs often use identifiers before defining
//! them (without the prelude, a quarter of those that parse throw a `ReferenceError`), so
//! each runs after a prelude, evaluated on its own (never minified), that defines
//! every identifier of the form the generator makes (`a_0`, `q_17`) as a global: a function
//! for even numbers, the number itself for odd ones. `Function.prototype.toString` answers
//! `"function"` (minification changes source text, and that is not behaviour). After the
//! program, a second script reads every such global: its `typeof` and, for a primitive, its
//! value. How the program ended is "normal", the kind of error it threw (its constructor's
//! name, not its message, which names positions and identifiers), or the thrown value's
//! type and primitive value. A run is inconclusive when boa stops it at a limit: 200 000
//! instructions, recursion 256 deep; neither a limit nor an inconclusive run fails a check.
//! A panic in boa makes a program unchecked for the minifiers' rows and fails only the
//! last check's.
//!
//! Programs above [`LARGEST`] non-blank characters are not checked (they pass): the
//! generator's programs are heavy-tailed, a few hundred thousand characters now and then.

// Reason: every property's error is its failure message, which says what went wrong.
#![allow(clippy::missing_errors_doc)]

pub use crate::hunt::Row;
use crate::hunt::{guarded, hunt};
use boa_engine::optimizer::OptimizerOptions;
use boa_engine::{Context, JsValue, Source, js_string};
use greduce_domains::js::javascript;
use std::fmt;

/// A generated program.
#[derive(Clone, PartialEq, Eq)]
pub struct Program(pub String);

impl fmt::Debug for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A program of the JavaScript generator.
pub fn js_program<R: rand::Rng + ?Sized>(rng: &mut R) -> Program {
    Program(javascript(rng))
}

/// Characters other than white space: the paper's size of a program.
#[must_use]
pub fn non_blank(text: &str) -> usize {
    text.chars().filter(|c| !c.is_whitespace()).count()
}

/// A program's size for the hunt's table: `(non-blank characters, 0)`.
fn size(program: &Program) -> (usize, usize) {
    (non_blank(&program.0), 0)
}

/// Programs larger than this many non-blank characters are not checked.
pub const LARGEST: usize = 20_000;

/// oxc's parse of `text` as a script: `Err` with the first diagnostic.
pub fn oxc_parses(text: &str) -> Result<(), String> {
    use oxc::allocator::Allocator;
    use oxc::parser::Parser;
    use oxc::span::SourceType;
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, text, SourceType::script()).parse();
    if parsed.panicked {
        return Err("oxc's parser gave up".to_string());
    }
    match parsed.diagnostics.first() {
        Some(e) => Err(format!("{e}")),
        None => Ok(()),
    }
}

/// `text` minified by oxc (`CompressOptions::smallest`, no mangling), as its code generator
/// prints it; `None` when oxc does not parse `text`.
pub fn oxc_minify(text: &str) -> Option<String> {
    use oxc::allocator::Allocator;
    use oxc::codegen::{Codegen, CodegenOptions};
    use oxc::minifier::{CompressOptions, Minifier, MinifierOptions};
    use oxc::parser::Parser;
    use oxc::span::SourceType;
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, text, SourceType::script()).parse();
    if parsed.panicked || !parsed.diagnostics.is_empty() {
        return None;
    }
    let mut program = parsed.program;
    let options = MinifierOptions {
        mangle: None,
        mangle_properties: None,
        compress: Some(CompressOptions::smallest()),
    };
    let minified = Minifier::new(options).minify(&allocator, &mut program);
    let code = Codegen::new()
        .with_options(CodegenOptions::minify())
        .with_scoping(minified.scoping)
        .build(&program)
        .code;
    Some(code)
}

/// swc's parse of `text` as a script: `Err` with the first error.
pub fn swc_parses(text: &str) -> Result<(), String> {
    swc_script(text, |_, _| String::new()).map(|_| ())
}

/// `text` parsed by swc as a script (`Err` with the first error), then given with its source
/// map to `then`, inside swc's globals (which marks and transforms need).
pub fn swc_script(
    text: &str,
    then: impl FnOnce(swc_ecma_ast::Script, swc_common::sync::Lrc<swc_common::SourceMap>) -> String,
) -> Result<String, String> {
    use swc_common::sync::Lrc;
    use swc_common::{FileName, GLOBALS, Globals, SourceMap};
    use swc_ecma_parser::{EsSyntax, Parser, StringInput, Syntax};

    let cm: Lrc<SourceMap> = Lrc::default();
    let fm = cm.new_source_file(Lrc::new(FileName::Anon), text.to_string());
    GLOBALS.set(&Globals::new(), || {
        let syntax = Syntax::Es(EsSyntax::default());
        let mut parser = Parser::new(syntax, StringInput::from(&*fm), None);
        let script = parser
            .parse_script()
            .map_err(|e| format!("{:?}", e.kind()))?;
        if let Some(e) = parser.take_errors().first() {
            return Err(format!("{:?}", e.kind()));
        }
        Ok(then(script, cm.clone()))
    })
}

/// `text` minified by swc (terser's default compression, no mangling, after `resolver` and
/// `paren_remover`, then `hygiene` and `fixer`), printed by its code generator; `None` when
/// swc does not parse `text`.
pub fn swc_minify(text: &str) -> Option<String> {
    use swc_common::Mark;
    use swc_ecma_ast::Program as SwcProgram;
    use swc_ecma_minifier::option::terser::TerserCompressorOptions;
    use swc_ecma_minifier::option::{ExtraOptions, MinifyOptions};
    use swc_ecma_transforms_base::fixer::{fixer, paren_remover};
    use swc_ecma_transforms_base::hygiene::hygiene;
    use swc_ecma_transforms_base::resolver;

    swc_script(text, |script, cm| {
        let unresolved_mark = Mark::new();
        let top_level_mark = Mark::new();
        let program = SwcProgram::Script(script)
            .apply(resolver(unresolved_mark, top_level_mark, false))
            .apply(paren_remover(None));
        let options = MinifyOptions {
            compress: Some(TerserCompressorOptions::default().into_config(cm.clone())),
            ..Default::default()
        };
        let extra = ExtraOptions {
            unresolved_mark,
            top_level_mark,
            mangle_name_cache: None,
        };
        let program =
            swc_ecma_minifier::optimize(program, cm.clone(), None, None, &options, &extra)
                .apply(hygiene())
                .apply(fixer(None));
        swc_ecma_codegen::to_code_default(cm, None, &program)
    })
    .ok()
}

/// How a run in boa ended, and the state it left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ran {
    /// The program ran: how it ended (`"normal"`, `"TypeError"`, `"throws number 3"`) and
    /// every generator identifier's `typeof` and primitive value afterwards.
    Ended {
        /// How the program ended.
        end: String,
        /// The globals afterwards.
        state: String,
    },
    /// Boa rejected the program before running it (a syntax or early error).
    Rejected(String),
    /// A limit stopped the run: inconclusive.
    Limit,
    /// Boa panicked (its message).
    Panicked(String),
}

/// The identifiers of the generator's form (`<letter>_<digits>`) in `text`, each once, in
/// order of first use.
fn identifiers(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out: Vec<&str> = Vec::new();
    let mut i = 0;
    while i + 2 < bytes.len() {
        let starts = bytes[i].is_ascii_lowercase()
            && bytes[i + 1] == b'_'
            && bytes[i + 2].is_ascii_digit()
            && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_'));
        if !starts {
            i += 1;
            continue;
        }
        let mut end = i + 2;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
        let word = &text[i..end];
        if !out.contains(&word) {
            out.push(word);
        }
        i = end;
    }
    out
}

/// The prelude for the identifiers `names`, and the script that reads them afterwards.
fn prelude_and_reader(names: &[&str]) -> (String, String) {
    use std::fmt::Write as _;
    let mut prelude =
        String::from("Function.prototype.toString = function () { return \"function\"; };\n");
    for name in names {
        let n: u64 = name[2..].parse().unwrap_or(0);
        if n.is_multiple_of(2) {
            let _ = writeln!(prelude, "var {name} = function () {{ return {n}; }};");
        } else {
            let _ = writeln!(prelude, "var {name} = {n};");
        }
    }
    prelude.push_str(
        "function __describe(v) {\n\
         \x20 if (v === null || (typeof v !== \"object\" && typeof v !== \"function\")) {\n\
         \x20   return typeof v + \" \" + (typeof v === \"symbol\" ? \"\" : String(v));\n\
         \x20 }\n\
         \x20 return typeof v;\n\
         }\n",
    );
    let reader = format!(
        "[{}].join(\"; \")",
        names
            .iter()
            .map(|n| format!(
                "\"{n}: \" + __describe(typeof {n} === \"undefined\" ? undefined : {n})"
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    (prelude, reader)
}

/// Runs `text` in boa (optimizer on or off) after the prelude of `names`, then reads the
/// globals; a panic in boa is caught.
pub fn run(text: &str, names: &[&str], optimize: bool) -> Ran {
    guarded(|| run_unguarded(text, names, optimize)).unwrap_or_else(Ran::Panicked)
}

fn run_unguarded(text: &str, names: &[&str], optimize: bool) -> Ran {
    let (prelude, reader) = prelude_and_reader(names);
    let Ok(mut ctx) = Context::builder().instructions_remaining(200_000).build() else {
        return Ran::Limit;
    };
    ctx.runtime_limits_mut().set_recursion_limit(256);
    ctx.set_optimizer_options(if optimize {
        OptimizerOptions::OPTIMIZE_ALL
    } else {
        OptimizerOptions::empty()
    });
    if ctx.eval(Source::from_bytes(&prelude)).is_err() {
        return Ran::Limit;
    }
    // Parse first: an early error rejects the program before any of it runs.
    if let Err(e) = boa_engine::Script::parse(Source::from_bytes(text), None, &mut ctx) {
        return Ran::Rejected(e.to_string());
    }
    let end = match ctx.eval(Source::from_bytes(text)) {
        Ok(_) => "normal".to_string(),
        Err(e) if e.as_engine().is_some() => return Ran::Limit,
        Err(e) => {
            let Ok(value) = e.into_opaque(&mut ctx) else {
                return Ran::Limit;
            };
            describe_thrown(&value, &mut ctx)
        }
    };
    match ctx.eval(Source::from_bytes(&reader)) {
        Ok(state) => Ran::Ended {
            end,
            state: state
                .to_string(&mut ctx)
                .map(|s| s.to_std_string_escaped())
                .unwrap_or_default(),
        },
        Err(_) => Ran::Limit,
    }
}

/// A thrown value: an error's constructor name, else its type and primitive value.
fn describe_thrown(value: &JsValue, ctx: &mut Context) -> String {
    let global = ctx.global_object();
    if global
        .set(js_string!("__thrown"), value.clone(), false, ctx)
        .is_err()
    {
        return "thrown".to_string();
    }
    let describe = "(__thrown instanceof Error) ? __thrown.constructor.name : \
                    \"throws \" + __describe(__thrown)";
    match ctx.eval(Source::from_bytes(describe)) {
        Ok(v) => v
            .to_string(ctx)
            .map(|s| s.to_std_string_escaped())
            .unwrap_or_default(),
        Err(_) => "thrown".to_string(),
    }
}

/// Whether `text` is a valid program: oxc, swc and boa (with its early errors) parse it.
/// Not bounded in size (the hunt's [`LARGEST`] is not a matter of validity).
#[must_use]
pub fn valid(text: &str) -> bool {
    guarded(|| oxc_parses(text)).is_ok_and(|r| r.is_ok())
        && guarded(|| swc_parses(text)).is_ok_and(|r| r.is_ok())
        && !matches!(
            run(text, &identifiers(text), false),
            Ran::Rejected(_) | Ran::Panicked(_)
        )
}

/// Whether `text` fails as finding `name` of [`KNOWN`] does: its check fails with a message
/// the finding claims (so `text` is [`valid`], and at most [`LARGEST`] non-blank
/// characters, as every check asks).
#[must_use]
pub fn fails_as(text: &str, name: &str) -> bool {
    let Some(known) = KNOWN.iter().find(|k| k.name == name) else {
        return false;
    };
    let Some((_, check)) = CHECKS.iter().find(|(check, _)| *check == known.check) else {
        return false;
    };
    check(&Program(text.to_string())).is_err_and(|message| (known.matches)(&message, text))
}

/// Whether the hunt checks `program`: small enough, and parsed by oxc, swc and boa.
fn checked(program: &Program) -> bool {
    non_blank(&program.0) <= LARGEST && valid(&program.0)
}

/// A minifier: `text` minified, `None` when it does not parse.
pub type Minify = fn(&str) -> Option<String>;

/// A parser: `Err` with the first error.
pub type Parses = fn(&str) -> Result<(), String>;

/// The minifiers, by name, with their own parsers.
pub const MINIFIERS: [(&str, Minify, Parses); 2] = [
    ("oxc", oxc_minify, oxc_parses),
    ("swc", swc_minify, swc_parses),
];

fn minified(program: &Program, minifier: usize) -> Result<Option<String>, String> {
    let (_, minify, _) = MINIFIERS[minifier];
    guarded(|| minify(&program.0))
}

/// Check 1 and 4: the minifier does not panic.
fn minifies(program: &Program, minifier: usize) -> Result<(), String> {
    if !checked(program) {
        return Ok(());
    }
    minified(program, minifier).map(|_| ())
}

/// Whether `out` parses in the minifier's own parser and in boa (early errors included).
fn parses_again(out: &str, minifier: usize) -> Result<(), String> {
    let (_, _, parses) = MINIFIERS[minifier];
    guarded(|| parses(out)).and_then(|r| r)?;
    match run(out, &[], false) {
        Ran::Rejected(e) => Err(format!("boa: {e}")),
        _ => Ok(()),
    }
}

/// Check 2 and 5: the minifier's output parses again, in the minifier's parser and in boa.
fn output_parses(program: &Program, minifier: usize) -> Result<(), String> {
    if !checked(program) {
        return Ok(());
    }
    match minified(program, minifier) {
        Ok(Some(out)) => parses_again(&out, minifier).map_err(|e| format!("{e}\noutput: {out}")),
        _ => Ok(()),
    }
}

/// Check 3 and 6: the program and the minifier's output end the same way and leave the
/// same state in boa, with its optimizer and without.
fn keeps_behaviour(program: &Program, minifier: usize) -> Result<(), String> {
    if !checked(program) {
        return Ok(());
    }
    let Ok(Some(out)) = minified(program, minifier) else {
        return Ok(());
    };
    // An output that does not parse is check 2's or 5's failure.
    if parses_again(&out, minifier).is_err() {
        return Ok(());
    }
    let names = identifiers(&program.0);
    let mut first = None;
    for optimize in [true, false] {
        let before = run(&program.0, &names, optimize);
        let after = run(&out, &names, optimize);
        match (&before, &after) {
            (Ran::Limit | Ran::Panicked(_), _) | (_, Ran::Limit | Ran::Panicked(_)) => {
                return Ok(());
            }
            _ if before == after => return Ok(()),
            _ => {
                first.get_or_insert(format!("original {before:?}\nminified {after:?}"));
            }
        }
    }
    let first = first.unwrap_or_default();
    Err(format!(
        "behaviour differs (with and without boa's optimizer)\n{first}\noutput: {out}"
    ))
}

/// Check 7: boa with and without its optimizer.
pub fn optimizer_agrees_prop(program: &Program) -> Result<(), String> {
    if !checked(program) {
        return Ok(());
    }
    let names = identifiers(&program.0);
    let on = run(&program.0, &names, true);
    let off = run(&program.0, &names, false);
    match (&on, &off) {
        (Ran::Panicked(message), _) | (_, Ran::Panicked(message)) => {
            Err(format!("boa panicked: {message}"))
        }
        (Ran::Limit, _) | (_, Ran::Limit) => Ok(()),
        _ if on == off => Ok(()),
        _ => Err(format!("optimised {on:?}\nunoptimised {off:?}")),
    }
}

/// One of the hunt's checks: `Err` with what went wrong.
pub type Check = fn(&Program) -> Result<(), String>;

/// The checks, by name.
pub const CHECKS: [(&str, Check); 7] = [
    ("oxc minifies", |p| minifies(p, 0)),
    ("oxc output parses", |p| output_parses(p, 0)),
    ("oxc keeps behaviour", |p| keeps_behaviour(p, 0)),
    ("swc minifies", |p| minifies(p, 1)),
    ("swc output parses", |p| output_parses(p, 1)),
    ("swc keeps behaviour", |p| keeps_behaviour(p, 1)),
    ("boa's optimizer", optimizer_agrees_prop),
];

/// The checks of one engine (`"oxc"`, `"swc"` or `"boa"`: the checks whose names start so)
/// on `program`, in order; the first that fails names the failure. What the JavaScript
/// fuzz targets (`fuzz/fuzz_targets/js_*.rs`) check.
///
/// # Errors
///
/// The first failing check's name and its message.
pub fn engine_checks(program: &Program, engine: &str) -> Result<(), String> {
    for (name, check) in CHECKS.iter().filter(|(name, _)| name.starts_with(engine)) {
        check(program).map_err(|why| format!("{name}: {why}"))?;
    }
    Ok(())
}

/// The signature of a JavaScript fuzz target's artifact for `engine`'s checks: the first
/// failing check and the written-up finding it is, or its message's first words (numbers
/// masked) for a failure no finding claims; `passes` when every check passes.
#[must_use]
pub fn artifact_signature(data: &[u8], engine: &str) -> String {
    let program = match greduce::fuzz::from_bytes(data, js_program) {
        Ok(run) => run.output,
        Err(e) => return format!("not replayed: {e}"),
    };
    let Err(message) = engine_checks(&program, engine) else {
        return "passes".to_string();
    };
    let (check, why) = message.split_once(": ").unwrap_or((&message, ""));
    classify(check, why, &program.0).map_or_else(
        || format!("{check} (new): {}", crate::hunt::masked(why)),
        str::to_string,
    )
}

/// A finding already written up (`greduce-hunts/FINDINGS.md`): the check it fails and how
/// to tell its failures from others (by the failure's message).
#[derive(Clone, Copy, Debug)]
pub struct Known {
    /// Its number in `FINDINGS.md` and a few words.
    pub name: &'static str,
    /// The check it fails (a name in [`CHECKS`]).
    pub check: &'static str,
    /// Whether a failure's message (first) of a program (second) is this finding.
    pub matches: fn(&str, &str) -> bool,
}

/// The findings written up so far.
pub const KNOWN: [Known; 9] = [
    Known {
        name: "J1: swc prints `new (++x)` as `new ++x`",
        check: "swc output parses",
        matches: |message, _| {
            let output = message.rsplit("output: ").next().unwrap_or("");
            output.contains("new ++") || output.contains("new --")
        },
    },
    Known {
        name: "J2: swc unwraps a function declaration from an `if`'s block",
        check: "swc output parses",
        // swc's parser refuses a declaration where a statement is expected.
        matches: |message, _| message.starts_with("DeclNotAllowed"),
    },
    Known {
        name: "J3: swc replaces a missing property of a literal by `void 0` where it is updated",
        check: "swc output parses",
        // swc's parser refuses a `void` as the target of `++`, `--` or `for .. in` (TS2406):
        // `void 0`, or `void b_0` when the literal held a value read for its effects.
        matches: |message, _| {
            let output = message.rsplit("output: ").next().unwrap_or("");
            message.starts_with("TS2406") && output.contains("void ")
        },
    },
    Known {
        name: "J3: swc's `void` for a missing property, as a sequence, updates another value",
        check: "swc keeps behaviour",
        // J3 where the literal held two values or more read for their effects: `++[a, b].c`
        // becomes `++(a, void b)`, printed `++a, void b`, which parses and updates `a`.
        matches: |message, _| updates_a_sequence(message.rsplit("output: ").next().unwrap_or("")),
    },
    Known {
        name: "J4: swc prints `(++x)(0)` as `++x(0)`",
        check: "swc output parses",
        // swc's parser refuses the call as the target of `++` or `--` (TS2406).
        matches: |message, _| {
            let output = message.rsplit("output: ").next().unwrap_or("");
            message.starts_with("TS2406") && update_called(output)
        },
    },
    Known {
        name: "J5: swc lifts a function declaration out of its block",
        check: "swc keeps behaviour",
        // The function of a block is bound when the block runs; lifted out, it is bound when
        // its scope starts: a global the program left as it was is a function after the
        // output's run, which declares it (`function v_1(`); or, in a `switch`, the lifted
        // function shadows a case's test (`case a_0:` and `function a_0(`).
        matches: |message, _| lifts_a_function(message),
    },
    Known {
        name: "swc drops an unused `in` or `instanceof` that throws (its assumption, swc-project/swc#12111)",
        check: "swc keeps behaviour",
        // Not a bug to swc (terser's treatment, kept on purpose): `0 in 0` and
        // `undefined instanceof 0` throw a `TypeError`, their unused results are dropped.
        matches: |message, program| {
            let ops =
                |text: &str| text.matches(" in ").count() + text.matches(" instanceof ").count();
            let output = message.rsplit("output: ").next().unwrap_or("");
            ends(message, "original ") == Some("TypeError")
                && ends(message, "minified ") != Some("TypeError")
                && ops(output) < ops(program)
        },
    },
    Known {
        name: "J6: swc folds `typeof` of an array or object literal to \"object\" and drops its values",
        check: "swc keeps behaviour",
        // `typeof [a++]` becomes `"object"`: the program has a `typeof` of a literal, the
        // output none.
        matches: |message, program| {
            let squeezed = |text: &str| text.replace([' ', '(', '\n'], "");
            let literal = |text: &str| text.contains("typeof[") || text.contains("typeof{");
            let output = message.rsplit("output: ").next().unwrap_or("");
            literal(&squeezed(program)) && !literal(&squeezed(output))
        },
    },
    Known {
        name: "J7: swc drops an update of a top-level `var` that nothing reads",
        check: "swc keeps behaviour",
        // `var a; a += 1` becomes `var a;` in a script, where `a` is a global: a global whose
        // value differs is declared by the output and used nowhere else in it.
        matches: |message, _| drops_an_update(message),
    },
];

/// How a run of a "keeps behaviour" failure ended: the `end` of its line starting with
/// `which` (`"original "` or `"minified "`).
fn ends<'a>(message: &'a str, which: &str) -> Option<&'a str> {
    let line = message.lines().find(|l| l.starts_with(which))?;
    line.split("end: \"").nth(1)?.split('"').next()
}

/// The globals a run of a "keeps behaviour" failure left (`name`, `value`), from its line
/// starting with `which`.
fn state<'a>(message: &'a str, which: &str) -> Vec<(&'a str, &'a str)> {
    let Some(line) = message.lines().find(|l| l.starts_with(which)) else {
        return Vec::new();
    };
    let state = line.split("state: \"").nth(1).unwrap_or("");
    let state = state.strip_suffix("\" }").unwrap_or(state);
    state
        .split("; ")
        .filter_map(|pair| pair.split_once(": "))
        .collect()
}

/// The globals whose values differ between the two runs of a "keeps behaviour" failure,
/// with the value after the output's run.
fn changed(message: &str) -> Vec<(&str, &str)> {
    let before = state(message, "original ");
    state(message, "minified ")
        .into_iter()
        .filter(|pair| !before.contains(pair))
        .collect()
}

/// The places of `name` in `text` as a whole identifier.
fn uses(text: &str, name: &str) -> usize {
    let part = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '$');
    text.match_indices(name)
        .filter(|(at, _)| {
            !text[..*at].ends_with(part) && !text[at + name.len()..].starts_with(part)
        })
        .count()
}

/// Whether the output of a "keeps behaviour" failure declares, out of its block, a function
/// the program declared in one (J5).
fn lifts_a_function(message: &str) -> bool {
    let output = message.rsplit("output: ").next().unwrap_or("");
    let hoisted = changed(message)
        .into_iter()
        .any(|(name, value)| value == "function" && output.contains(&format!("function {name}(")));
    let shadows = output.match_indices("case ").any(|(at, _)| {
        let test = output[at + 5..].split(':').next().unwrap_or("");
        !test.is_empty() && output.contains(&format!("function {test}("))
    });
    hoisted || shadows
}

/// Whether the output of a "keeps behaviour" failure declares a global whose value differs
/// and uses it nowhere else (J7).
fn drops_an_update(message: &str) -> bool {
    let output = message.rsplit("output: ").next().unwrap_or("");
    changed(message).into_iter().any(|(name, _)| {
        uses(output, name) == 1
            && output
                .match_indices("var ")
                .any(|(at, _)| uses(output[at..].split(';').next().unwrap_or(""), name) == 1)
    })
}

/// The operand of a prefix update at each `++` or `--` in `text`: the identifier and
/// member characters that follow (`a_0.b`), and what comes after them.
fn update_operands(text: &str) -> impl Iterator<Item = (&str, &str)> {
    let part = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.');
    ["++", "--"].into_iter().flat_map(move |op| {
        text.match_indices(op).map(move |(at, _)| {
            let rest = &text[at + 2..];
            let end = rest.find(|c: char| !part(c)).unwrap_or(rest.len());
            rest.split_at(end)
        })
    })
}

/// Whether `output` calls a prefix update's operand where the program called the update:
/// `++a(0)`, ``++a`x` ``, `++a?.()` (J4).
fn update_called(output: &str) -> bool {
    update_operands(output).any(|(operand, after)| {
        !operand.is_empty()
            && (after.starts_with('(') || after.starts_with('`') || after.starts_with("?.("))
    })
}

/// Whether `output` updates the first value of a sequence that ends in a `void`, or the
/// `void`'s operand, where J3's replacement made the update's operand that sequence: `++a,
/// void b` and `a, void b++` (printed without the sequence's parentheses).
fn updates_a_sequence(output: &str) -> bool {
    let statement = |rest: &str| rest.split([';', '\n']).next().unwrap_or("").to_string();
    let prefix = update_operands(output).any(|(operand, after)| {
        !operand.is_empty() && after.starts_with(", ") && statement(after).contains(" void ")
    });
    let postfix = output.match_indices("void ").any(|(at, _)| {
        let rest = &output[at + 5..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.')))
            .unwrap_or(rest.len());
        end > 0 && (rest[end..].starts_with("++") || rest[end..].starts_with("--"))
    });
    prefix || postfix
}

/// The first finding of [`KNOWN`] for `check` that a failure's `message` (of `program`) is.
#[must_use]
pub fn classify(check: &str, message: &str, program: &str) -> Option<&'static str> {
    KNOWN
        .iter()
        .find(|k| k.check == check && (k.matches)(message, program))
        .map(|k| k.name)
}

/// Runs every check on `cases` programs each: for each check, one row for the failures that
/// are no known finding, then one row per known finding of that check, so that a known bug
/// does not hide the next (as the tract hunt does). The rows run on two threads.
#[must_use]
pub fn hunt_all(cases: u64) -> Vec<Row> {
    // Each row: its title, its check (name and property), the finding it counts, its seed.
    let mut jobs: Vec<(String, &'static str, Check, Option<&'static str>, u64)> = Vec::new();
    for ((check, prop), seed) in CHECKS.iter().zip(0x15_0000u64..) {
        let known: Vec<&Known> = KNOWN.iter().filter(|k| k.check == *check).collect();
        let other = if known.is_empty() {
            (*check).to_string()
        } else {
            format!("{check} (other than the findings below)")
        };
        jobs.push((other, check, *prop, None, seed));
        for k in known {
            jobs.push((
                format!("{check}: {}", k.name),
                check,
                *prop,
                Some(k.name),
                seed,
            ));
        }
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let rows: std::sync::Mutex<Vec<Option<Row>>> = std::sync::Mutex::new(vec![None; jobs.len()]);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((title, check, prop, finding, seed)) = jobs.get(i) else {
                        break;
                    };
                    let only = |program: &Program| match prop(program) {
                        Err(message) if classify(check, &message, &program.0) == *finding => {
                            Err(message)
                        }
                        _ => Ok(()),
                    };
                    let row = hunt(title, cases, *seed, js_program, size, only, None);
                    rows.lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)[i] = Some(row);
                }
            });
        }
    });
    rows.into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .into_iter()
        .flatten()
        .collect()
}

/// The summary table.
#[must_use]
pub fn table(rows: &[Row]) -> String {
    crate::hunt::table(rows, "check", "non-blank characters, 0")
}

/// How the generator's programs fare, on the seeds `0..cases` (`hunt js-shares`): how many
/// oxc, swc and boa parse (boa with the early errors), and how the ones all three parse end
/// in boa with the prelude and without it (where an identifier used before any definition
/// throws a `ReferenceError`).
#[must_use]
pub fn shares(cases: u64) -> String {
    use rand::SeedableRng;
    use std::collections::BTreeMap;
    use std::fmt::Write as _;
    let (mut oxc, mut swc, mut boa, mut all) = (0u64, 0u64, 0u64, 0u64);
    let mut ends: [BTreeMap<String, u64>; 2] = [BTreeMap::new(), BTreeMap::new()];
    for seed in 0..cases {
        let program = js_program(&mut rand::rngs::StdRng::seed_from_u64(seed));
        let text = &program.0;
        let o = guarded(|| oxc_parses(text)).is_ok_and(|r| r.is_ok());
        let s = guarded(|| swc_parses(text)).is_ok_and(|r| r.is_ok());
        let names = identifiers(text);
        let b = !matches!(run(text, &[], false), Ran::Rejected(_));
        oxc += u64::from(o);
        swc += u64::from(s);
        boa += u64::from(b);
        if o && s && b {
            all += 1;
            for (k, names) in [names.as_slice(), &[]].into_iter().enumerate() {
                let end = match run(text, names, false) {
                    Ran::Ended { end, .. } => end.split(' ').take(2).collect::<Vec<_>>().join(" "),
                    Ran::Limit => "a limit".to_string(),
                    Ran::Rejected(_) => "rejected".to_string(),
                    Ran::Panicked(_) => "a panic in boa".to_string(),
                };
                *ends[k].entry(end).or_default() += 1;
            }
        }
    }
    let pct = |n: u64, of: u64| 100.0 * n as f64 / of.max(1) as f64;
    let mut out = format!(
        "{cases} programs (seeds 0..{cases}): oxc parses {oxc} ({:.1} %), swc {swc} ({:.1} %), \
         boa {boa} ({:.1} %), all three {all} ({:.1} %)\n",
        pct(oxc, cases),
        pct(swc, cases),
        pct(boa, cases),
        pct(all, cases)
    );
    for (k, title) in ["with the prelude", "without it"].iter().enumerate() {
        let _ = writeln!(out, "how the {all} end in boa, {title}:");
        let mut rows: Vec<_> = ends[k].iter().collect();
        rows.sort_by(|a, b| b.1.cmp(a.1));
        for (end, n) in rows {
            let _ = writeln!(out, "  {end}: {n} ({:.1} %)", pct(*n, all));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The signatures of J3's sequence form and of J4 claim the failures of the fuzzing
    /// campaign's crash files (`crash-6c84c6f1` and `crash-66aa111d`, November 29) and not
    /// J3's own.
    #[test]
    fn the_sequence_form_of_j3_and_j4_have_their_signatures() {
        let j3 = "J3: swc replaces a missing property of a literal by `void 0` where it is updated";
        let sequence =
            "J3: swc's `void` for a missing property, as a sequence, updates another value";
        let j4 = "J4: swc prints `(++x)(0)` as `++x(0)`";
        let parses = "swc output parses";
        let behaviour = "swc keeps behaviour";
        assert_eq!(
            classify(
                parses,
                "TS2406\noutput: --undefined((!1)(a_0), !0 != a_0);\n",
                ""
            ),
            Some(j4)
        );
        assert_eq!(
            classify(parses, "TS2406\noutput: ++a_1.b`x`;\n", ""),
            Some(j4)
        );
        assert_eq!(
            classify(parses, "TS2406\noutput: ++void 0;\n", ""),
            Some(j3)
        );
        assert_eq!(
            classify(parses, "TS2406\noutput: throw ++void b_0;\n", ""),
            Some(j3)
        );
        let differs = "behaviour differs (with and without boa's optimizer)\noriginal Ended { \
                       end: \"normal\", state: \"l_0: function\" }\nminified Ended { end: \
                       \"normal\", state: \"l_0: number NaN\" }\noutput: ";
        for output in [
            "++l_0, void w_2;\n",
            "a_0, void a_0++;\n",
            "--a_0, a_0, void b_1;\n",
        ] {
            assert_eq!(
                classify(behaviour, &format!("{differs}{output}"), ""),
                Some(sequence)
            );
        }
        assert_eq!(classify(behaviour, &format!("{differs}++a_0;\n"), ""), None);
        assert!(fails_as("((++ (a_0))((0)))", j4));
        assert!(fails_as("(++ (([(a_0), (a_0)]).a_0))", sequence));
    }

    /// The signatures of J5, J6, J7 and swc's `in` assumption claim the failures of the crash
    /// files of the November 29 `js_swc` campaigns (their messages, shortened) and their
    /// shrunk programs, and not each other's.
    #[test]
    fn j5_to_j7_and_the_in_assumption_have_their_signatures() {
        let j5 = "J5: swc lifts a function declaration out of its block";
        let assumption = "swc drops an unused `in` or `instanceof` that throws (its assumption, \
                          swc-project/swc#12111)";
        let j6 = "J6: swc folds `typeof` of an array or object literal to \"object\" and drops \
                  its values";
        let j7 = "J7: swc drops an update of a top-level `var` that nothing reads";
        let behaviour = "swc keeps behaviour";
        let differs = |before: &str, after: &str, output: &str| {
            format!(
                "behaviour differs (with and without boa's optimizer)\noriginal Ended {{ \
                 {before} }}\nminified Ended {{ {after} }}\noutput: {output}"
            )
        };
        let hoisted = differs(
            "end: \"throws number 0\", state: \"a_0: function; a_1: number 1\"",
            "end: \"throws number 0\", state: \"a_0: function; a_1: function\"",
            "if (a_0) throw 0;\nfunction a_1(a_01) {}\n",
        );
        assert_eq!(classify(behaviour, &hoisted, ""), Some(j5));
        let shadows = differs(
            "end: \"throws number 0\", state: \"a_0: function\"",
            "end: \"normal\", state: \"a_0: function\"",
            "switch(a_0){\n    case a_0:\n        throw 0;\n        function a_0(a_0) {}\n}\n",
        );
        assert_eq!(classify(behaviour, &shadows, ""), Some(j5));
        let thrown = |output: &str| {
            differs(
                "end: \"TypeError\", state: \"a_0: function; a_1: number 1\"",
                "end: \"normal\", state: \"a_0: function; a_1: number 1\"",
                output,
            )
        };
        assert_eq!(
            classify(behaviour, &thrown(""), "((0) in (0))"),
            Some(assumption)
        );
        assert_eq!(
            classify(
                behaviour,
                &thrown("a_0, a_1;\n"),
                "((a_0) instanceof (a_1))"
            ),
            Some(assumption)
        );
        assert_eq!(
            classify(
                behaviour,
                &thrown("0..object;\n"),
                "((0)[(typeof ([((0)((0)))]))])"
            ),
            Some(j6)
        );
        assert_eq!(classify(behaviour, &thrown("0..object;\n"), "0[0]"), None);
        let dropped = differs(
            "end: \"normal\", state: \"a_0: number NaN\"",
            "end: \"normal\", state: \"a_0: function\"",
            "var a_0;\n",
        );
        assert_eq!(classify(behaviour, &dropped, ""), Some(j7));
        let kept = differs(
            "end: \"normal\", state: \"a_0: number NaN\"",
            "end: \"normal\", state: \"a_0: function\"",
            "var a_0;\na_0 %= 1;\n",
        );
        assert_eq!(classify(behaviour, &kept, ""), None);
        assert!(fails_as(
            "if ((a_0)) { throw (0) } else { function a_1(a_0){  } }",
            j5
        ));
        assert!(fails_as(
            "switch((a_0)) {case (a_0): { throw (0);function a_0(a_0){  } }}",
            j5
        ));
        assert!(fails_as("((0) in (0))", assumption));
        assert!(fails_as("((0)[(typeof ([((0)((0)))]))])", j6));
        assert!(fails_as("{ var a_0;((a_0) %= (0)) }", j7));
    }

    #[test]
    fn identifiers_are_found_once_each() {
        assert_eq!(
            identifiers("(a_0)(b_12, a_0); xa_1; \"q_3\""),
            ["a_0", "b_12", "q_3"]
        );
    }

    #[test]
    fn a_run_ends_normally_or_throws_or_stops_at_a_limit() {
        let names = ["a_0", "b_1"];
        assert_eq!(
            run("b_1 = b_1 + 1", &names, true),
            Ran::Ended {
                end: "normal".into(),
                state: "a_0: function; b_1: number 2".into()
            }
        );
        assert!(
            matches!(run("(b_1)()", &names, true), Ran::Ended { end, .. } if end == "TypeError")
        );
        assert!(
            matches!(run("throw (a_0)()", &names, false), Ran::Ended { end, .. } if end == "throws number 0")
        );
        assert_eq!(run("while (true) {}", &names, true), Ran::Limit);
        assert!(matches!(run("break", &names, true), Ran::Rejected(_)));
    }
}
