//! JavaScript programs: a port of JQF's `JavaScriptCodeGenerator` as the GReduce paper used
//! it (JQF before May 2024, whose 31 `generate*` methods this follows one by one), for
//! testing JavaScript parsers, minifiers and engines.
//!
//! One call makes one statement (a compound statement holds the rest): statements nest up
//! to depth 6 and expressions up to depth 10, a coin deciding earlier at each level to
//! stop at a terminal (7 terminal statements: an expression, `break`, `continue`, `return`
//! with or without a value, `throw`, `var`, the empty statement; 7 compound ones: `if` with
//! an optional `else`, `for`, `while`, a named function, `switch`, `try`/`catch`, a block).
//! Expressions take 8 forms (binary with 36 operators, unary with 7, ternary, call or `new`
//! call, function, arrow function, property, index), each wrapped in parentheses, or end in
//! a literal (a number in `-10..=1000`, a boolean, an ASCII string, `undefined`, `null`,
//! `this`, an array or an object literal) or an identifier. Identifiers are new
//! (`<letter>_<count>`) or reused from those made so far, at most 100. Lists (a block's
//! statements, parameters, arguments, elements, properties, switch cases, a string's
//! characters) have geometric lengths of at least 1 with JQF's means.
//!
//! Like JQF's, the generator makes programs that are often invalid: a `break` outside a
//! loop, `++(1)`, an identifier used before any definition. Of 1000 programs, oxc parses
//! 41 % and swc and boa (with its early errors) 24 %; a harness that runs them defines the
//! identifiers first (see the JavaScript hunt's prelude).
//!
//! Departures from JQF, each for reduction or for Rust:
//!
//! - **List lengths**: JQF draws one double `u` and takes `ceil(ln(1 - u) / ln(1 - 1/mean))`
//!   items; here the first item is unconditional and each further one follows a coin of
//!   probability `1 - 1/mean` (`while rng.random_bool(..)`): the same distribution of
//!   lengths, but each item is an iteration greduce can remove.
//! - **Coins read so that `false` is the smaller form**: JQF stops at a terminal on `true`,
//!   returns a bare `return` on `true` and calls with `new` on `false`; here each of these
//!   coins reads the other way round (same probabilities), so that reduction, which takes
//!   a selection's `false` side, goes toward terminals, bare `return`s and plain calls.
//! - **Identifiers keep their insertion order** (a `Vec`, not Java's `HashSet`, whose
//!   iteration order would make `choose` depend on hashing).
//! - **Strings are escaped**: JQF puts its characters (0 to 127) between quotes as they
//!   are, so a `"`, a `\` or a line break in a string is a syntax error. Here `"` and `\`
//!   get a backslash and control characters (and DEL) become `\xHH`: the same string
//!   value, always a valid literal.
//!
//! ```
//! use greduce_domains::js::javascript;
//! use rand::SeedableRng;
//! use rand::rngs::StdRng;
//!
//! assert_eq!(javascript(&mut StdRng::seed_from_u64(1)), "var r_0");
//! // Most programs are larger: here a block of two named functions and more.
//! let program = javascript(&mut StdRng::seed_from_u64(2));
//! assert!(program.starts_with("{ function n_0(e_1, n_0, n_0, c_2, e_1, p_3"));
//! ```

use greduce::generator;
use rand::RngExt;
use rand::seq::IndexedRandom;
use std::fmt::Write as _;

/// A grammar (`greduce::grammar`'s text form) that derives every program [`javascript`]
/// makes, space for space: for reducers that work on the text through its parse, such as
/// Perses (`greduce::grammar::perses`). It derives more than the generator makes (deeper
/// nesting, identifiers the generator would not have made yet), as a grammar of the
/// language should. Lists are written as a first item and a `*` of the rest, as Perses
/// wants them, so that any item but the first can go.
///
/// ```
/// use greduce::grammar::Grammar;
/// use greduce_domains::js::{GRAMMAR, javascript};
/// use rand::SeedableRng;
///
/// let grammar: Grammar = GRAMMAR.parse().unwrap();
/// let program = javascript(&mut rand::rngs::StdRng::seed_from_u64(7));
/// assert_eq!(grammar.parse(&program).unwrap().text(), program);
/// ```
pub const GRAMMAR: &str = r#"
<program>        ::= <statement>
<statement>      ::= <if> | <for> | <while> | <named-function> | <switch> | <try> | <block>
                   | <expr> | "break" | "continue" | "return" | "return " <expr>
                   | "throw " <expr> | "var " <identifier> | ""
<block>          ::= "{ " <statement> <more-statement>* " }"
<more-statement> ::= ";" <statement>
<if>             ::= "if (" <expr> ") " <block> <else>?
<else>           ::= " else " <block>
<for>            ::= "for(" <expr>? ";" <expr>? ";" <expr>? ")" <block>
<while>          ::= "while (" <expr> ")" <block>
<named-function> ::= "function " <identifier> "(" <parameters> ")" <block>
<parameters>     ::= <identifier> <more-parameter>*
<more-parameter> ::= ", " <identifier>
<switch>         ::= "switch(" <expr> ") {" <case> <more-case>* "}"
<more-case>      ::= " " <case>
<case>           ::= "case " <expr> ": " <block>
<try>            ::= "try " <block> "catch (" <identifier> ") " <block>
<expr>           ::= "(" <form> ")"
<form>           ::= <expr> " " <binary> " " <expr> | <unary> " " <expr>
                   | <expr> " ? " <expr> " : " <expr>
                   | <expr> "(" <arguments> ")" | "new " <expr> "(" <arguments> ")"
                   | "function(" <parameters> ")" <block>
                   | <expr> "." <identifier> | <expr> "[" <expr> "]"
                   | "(" <parameters> ") => " <block> | "(" <parameters> ") => " <expr>
                   | <literal> | <identifier>
<arguments>      ::= <expr> <more-argument>*
<more-argument>  ::= "," <expr>
<literal>        ::= "[" <expr> <more-element>* "]" | "{" <property> <more-property>* "}"
                   | "-"? [0-9]+ | "true" | "false" | <string> | "undefined" | "null" | "this"
<more-element>   ::= ", " <expr>
<property>       ::= <identifier> ": " <expr>
<more-property>  ::= ", " <property>
<string>         ::= "\"" <character>+ "\""
<character>      ::= [ !#-[\]-~] | "\\\"" | "\\\\" | "\\x" [0-9a-f] [0-9a-f]
<identifier>     ::= [a-z] "_" [0-9]+
<binary>         ::= "!=" | "!==" | "%" | "%=" | "&" | "&&" | "&=" | "*" | "*=" | "+"
                   | "+=" | "," | "-" | "-=" | "/" | "/=" | "<" | "<<" | ">>=" | "<="
                   | "=" | "==" | "===" | ">" | ">=" | ">>" | ">>>" | ">>>=" | "^"
                   | "^=" | "|" | "|=" | "||" | "in" | "instanceof"
<unary>          ::= "!" | "++" | "--" | "~" | "delete" | "new" | "typeof"
"#;

/// Statements nest at most this deep.
pub const MAX_STATEMENT_DEPTH: u32 = 6;
/// Expressions nest at most this deep.
pub const MAX_EXPRESSION_DEPTH: u32 = 10;
/// At most this many distinct identifiers in one program.
pub const MAX_IDENTIFIERS: usize = 100;

/// The unary operators, as JQF lists them.
pub const UNARY_TOKENS: [&str; 7] = ["!", "++", "--", "~", "delete", "new", "typeof"];

/// The binary operators (assignments, `,`, `in` and `instanceof` among them), as JQF lists
/// them (`>>=` twice).
pub const BINARY_TOKENS: [&str; 36] = [
    "!=",
    "!==",
    "%",
    "%=",
    "&",
    "&&",
    "&=",
    "*",
    "*=",
    "+",
    "+=",
    ",",
    "-",
    "-=",
    "/",
    "/=",
    "<",
    "<<",
    ">>=",
    "<=",
    "=",
    "==",
    "===",
    ">",
    ">=",
    ">>",
    ">>=",
    ">>>",
    ">>>=",
    "^",
    "^=",
    "|",
    "|=",
    "||",
    "in",
    "instanceof",
];

/// What one program's generation carries: the identifiers made so far and the depths.
#[derive(Debug, Default)]
struct State {
    identifiers: Vec<String>,
    statement_depth: u32,
    expression_depth: u32,
}

/// What a list holds ([`items`]).
#[derive(Clone, Copy, Debug)]
enum Item {
    Statement,
    Expression,
    Identifier,
    Property,
    Case,
}

/// A random JavaScript program: one statement (JQF's `generate`).
#[generator]
pub fn javascript<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    let mut st = State::default();
    statement(rng, &mut st)
}

/// `ceil(ln(1 - u) / ln(1 - 1/mean))` items in JQF: here one, then one more after each
/// coin of probability `1 - 1/mean` (the same geometric distribution).
#[generator]
fn items<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State, kind: Item, mean: f64) -> Vec<String> {
    let mut out = vec![item(rng, st, kind)];
    while rng.random_bool(1.0 - 1.0 / mean) {
        out.push(item(rng, st, kind));
    }
    out
}

#[generator]
fn item<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State, kind: Item) -> String {
    match kind {
        Item::Statement => statement(rng, st),
        Item::Expression => expression(rng, st),
        Item::Identifier => identifier(rng, st),
        Item::Property => object_property(rng, st),
        Item::Case => case(rng, st),
    }
}

#[generator]
fn expression<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    st.expression_depth += 1;
    let result = if st.expression_depth < MAX_EXPRESSION_DEPTH && rng.random_bool(0.5) {
        match rng.random_range(0..8) {
            0 => binary(rng, st),
            1 => unary(rng, st),
            2 => ternary(rng, st),
            3 => call(rng, st),
            4 => function(rng, st),
            5 => property(rng, st),
            6 => index(rng, st),
            _ => arrow_function(rng, st),
        }
    } else {
        match rng.random_range(0..2) {
            0 => literal(rng, st),
            _ => identifier(rng, st),
        }
    };
    st.expression_depth -= 1;
    format!("({result})")
}

#[generator]
fn statement<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    st.statement_depth += 1;
    let result = if st.statement_depth < MAX_STATEMENT_DEPTH && rng.random_bool(0.5) {
        match rng.random_range(0..7) {
            0 => if_statement(rng, st),
            1 => for_statement(rng, st),
            2 => while_statement(rng, st),
            3 => named_function(rng, st),
            4 => switch(rng, st),
            5 => try_statement(rng, st),
            _ => block(rng, st),
        }
    } else {
        match rng.random_range(0..7) {
            0 => expression(rng, st),
            1 => "break".to_string(),
            2 => "continue".to_string(),
            3 => return_statement(rng, st),
            4 => format!("throw {}", expression(rng, st)),
            5 => format!("var {}", identifier(rng, st)),
            _ => String::new(),
        }
    };
    st.statement_depth -= 1;
    result
}

#[generator]
fn binary<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let token = *BINARY_TOKENS.choose(rng).expect("36 tokens");
    let lhs = expression(rng, st);
    let rhs = expression(rng, st);
    format!("{lhs} {token} {rhs}")
}

#[generator]
fn block<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    format!("{{ {} }}", items(rng, st, Item::Statement, 4.0).join(";"))
}

#[generator]
fn call<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let func = expression(rng, st);
    let args = items(rng, st, Item::Expression, 3.0).join(",");
    if rng.random_bool(0.5) {
        format!("new {func}({args})")
    } else {
        format!("{func}({args})")
    }
}

#[generator]
fn case<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let test = expression(rng, st);
    format!("case {test}: {}", block(rng, st))
}

#[generator]
fn catch<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let name = identifier(rng, st);
    format!("catch ({name}) {}", block(rng, st))
}

#[generator]
fn for_statement<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let mut s = String::from("for(");
    if rng.random_bool(0.5) {
        s += &expression(rng, st);
    }
    s += ";";
    if rng.random_bool(0.5) {
        s += &expression(rng, st);
    }
    s += ";";
    if rng.random_bool(0.5) {
        s += &expression(rng, st);
    }
    s += ")";
    s += &block(rng, st);
    s
}

#[generator]
fn function<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let params = items(rng, st, Item::Identifier, 5.0).join(", ");
    format!("function({params}){}", block(rng, st))
}

#[generator]
fn named_function<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let name = identifier(rng, st);
    let params = items(rng, st, Item::Identifier, 5.0).join(", ");
    format!("function {name}({params}){}", block(rng, st))
}

#[generator]
fn arrow_function<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let params = items(rng, st, Item::Identifier, 3.0).join(", ");
    if rng.random_bool(0.5) {
        format!("({params}) => {}", block(rng, st))
    } else {
        format!("({params}) => {}", expression(rng, st))
    }
}

#[generator]
fn identifier<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let fresh = st.identifiers.is_empty()
        || (st.identifiers.len() < MAX_IDENTIFIERS && rng.random_bool(0.5));
    if fresh {
        let name = format!("{}_{}", rng.random_range('a'..='z'), st.identifiers.len());
        st.identifiers.push(name.clone());
        name
    } else {
        st.identifiers.choose(rng).expect("not empty").clone()
    }
}

#[generator]
fn if_statement<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let test = expression(rng, st);
    let then = block(rng, st);
    if rng.random_bool(0.5) {
        format!("if ({test}) {then} else {}", block(rng, st))
    } else {
        format!("if ({test}) {then}")
    }
}

#[generator]
fn index<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let object = expression(rng, st);
    format!("{object}[{}]", expression(rng, st))
}

#[generator]
fn object_property<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let name = identifier(rng, st);
    format!("{name}: {}", expression(rng, st))
}

#[generator]
fn literal<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    if st.expression_depth < MAX_EXPRESSION_DEPTH && rng.random_bool(0.5) {
        if rng.random_bool(0.5) {
            format!("[{}]", items(rng, st, Item::Expression, 3.0).join(", "))
        } else {
            format!("{{{}}}", items(rng, st, Item::Property, 3.0).join(", "))
        }
    } else {
        match rng.random_range(0..6) {
            0 => rng.random_range(-10..=1000).to_string(),
            1 => rng.random_bool(0.5).to_string(),
            2 => string(rng),
            3 => "undefined".to_string(),
            4 => "null".to_string(),
            _ => "this".to_string(),
        }
    }
}

/// A string literal of ASCII characters (JQF's `AsciiStringGenerator`, `nextByte(0, 127)`
/// each, a geometric length of mean 10), escaped where JQF's is not.
#[generator]
fn string<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    let mut s = String::from("\"");
    let mut push = |c: u8| match c {
        b'"' | b'\\' => {
            s.push('\\');
            s.push(char::from(c));
        }
        0..0x20 | 0x7f => {
            let _ = write!(s, "\\x{c:02x}");
        }
        _ => s.push(char::from(c)),
    };
    push(rng.random_range(0..=127u8));
    while rng.random_bool(0.9) {
        push(rng.random_range(0..=127u8));
    }
    s.push('"');
    s
}

#[generator]
fn property<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let object = expression(rng, st);
    format!("{object}.{}", identifier(rng, st))
}

#[generator]
fn return_statement<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    if rng.random_bool(0.5) {
        format!("return {}", expression(rng, st))
    } else {
        "return".to_string()
    }
}

#[generator]
fn switch<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let test = expression(rng, st);
    format!(
        "switch({test}) {{{}}}",
        items(rng, st, Item::Case, 2.0).join(" ")
    )
}

#[generator]
fn ternary<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let test = expression(rng, st);
    let then = expression(rng, st);
    format!("{test} ? {then} : {}", expression(rng, st))
}

#[generator]
fn try_statement<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let body = block(rng, st);
    format!("try {body}{}", catch(rng, st))
}

#[generator]
fn unary<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let token = *UNARY_TOKENS.choose(rng).expect("7 tokens");
    format!("{token} {}", expression(rng, st))
}

#[generator]
fn while_statement<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State) -> String {
    let test = expression(rng, st);
    format!("while ({test}){}", block(rng, st))
}
