//! Seed 000's assignment language with its context hooks, and seed 001's arithmetic
//! expressions, for `greduce::grammar`; greduce's grammar tests (`tests/grammar.rs`) and
//! the `grammars` benchmark (`greduce-bench`) use them.

use greduce::grammar::{Context, Tree};

/// Seed 000's assignment language, its hooks as labels: `@define` on an assignment's
/// variable, `@use` on a variable in an expression, `@end` on the end of a statement.
pub const ASSIGNMENTS: &str = r#"
<start>       ::= <assignments>
<assignments> ::= <assign> ";\n"@end | <assign> ";\n"@end <assignments>
<assign>      ::= <var>@define " = " <expr>
<expr>        ::= <expr> " + " <expr> | <expr> " - " <expr> | "(" <expr> ")"
                | <var>@use | <digit>
<digit>       ::= "0" | "1"
<var>         ::= [a-z]
"#;

/// Seed 001's arithmetic expressions (its `EXPR_GRAMMAR`).
pub const EXPRESSIONS: &str = r#"
<start>   ::= <expr>
<expr>    ::= <term> "+" <expr> | <term> "-" <expr> | <term>
<term>    ::= <factor> "*" <term> | <factor> "/" <term> | <factor>
<factor>  ::= "+" <factor> | "-" <factor> | "(" <expr> ")"
            | <integer> "." <integer> | <integer>
<integer> ::= <digit> <integer> | <digit>
<digit>   ::= "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9"
"#;

/// Seed 000's `defined_var`, `defining_var` and `sync`: a variable is used only once its
/// assignment is complete. Where no variable is assigned yet, a use writes `00`, as the
/// seed does (`SEED`), or `0`, a number of the grammar, so that a program the hooks write
/// is one the grammar derives (`Defined<false>`).
#[derive(Debug, Default)]
pub struct Defined<const SEED: bool = true> {
    vars: Vec<String>,
    pending: Vec<String>,
}

impl<const SEED: bool> Context for Defined<SEED> {
    fn pre(&mut self, label: &str, pick: &mut dyn FnMut(usize) -> usize) -> Option<String> {
        match label {
            "use" if self.vars.is_empty() => Some(if SEED { "00" } else { "0" }.into()),
            "use" => Some(self.vars[pick(self.vars.len())].clone()),
            _ => None,
        }
    }

    fn post(&mut self, label: &str, tree: &Tree) {
        match label {
            "define" => self.pending.push(tree.text()),
            "end" => self.vars.append(&mut self.pending),
            _ => {}
        }
    }
}

/// Whether every variable an assignment uses was assigned by an earlier one (and every
/// statement is an assignment).
pub fn defined_before_use(program: &str) -> bool {
    let mut defined: Vec<char> = Vec::new();
    for statement in program.split(";\n").filter(|s| !s.is_empty()) {
        let Some((var, expr)) = statement.split_once(" = ") else {
            return false;
        };
        if expr
            .chars()
            .any(|c| c.is_ascii_lowercase() && !defined.contains(&c))
        {
            return false;
        }
        defined.extend(var.chars().next());
    }
    true
}
