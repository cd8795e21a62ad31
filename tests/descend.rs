//! Descents: a call of one generator replaced by a call of another nested in it, the outer
//! call running its simplest way until it reaches that generator (the hoist pass).
//!
//! A toy language: a statement is an expression statement (the simplest form) or a
//! `while` whose condition is an expression and whose body is a statement. The property
//! fails on a doubly negated literal of at least 50 anywhere. Deleting parts cannot take a
//! `while` away without its condition (its statement's simplest form draws a new
//! expression), and hoisting within one generator cannot either: only a descent from the
//! statement to its condition's expression reaches the minimum.

use greduce::{Pass, PassSet, Reducer, generator};
use rand::RngExt;

#[derive(Clone, Debug, PartialEq)]
enum Expr {
    Lit(u8),
    Neg(Box<Expr>),
}

#[derive(Clone, Debug, PartialEq)]
enum Stmt {
    Expr(Expr),
    While(Expr, Box<Stmt>),
}

#[generator]
fn expr<R: rand::Rng + ?Sized>(rng: &mut R) -> Expr {
    if rng.random_bool(0.6) {
        Expr::Neg(Box::new(expr(rng)))
    } else {
        Expr::Lit(rng.random_range(0..100))
    }
}

#[generator]
fn stmt<R: rand::Rng + ?Sized>(rng: &mut R) -> Stmt {
    if rng.random_bool(0.7) {
        let cond = expr(rng);
        Stmt::While(cond, Box::new(stmt(rng)))
    } else {
        Stmt::Expr(expr(rng))
    }
}

fn double_negation(e: &Expr) -> bool {
    match e {
        Expr::Neg(inner) => {
            matches!(&**inner, Expr::Neg(l) if matches!(&**l, Expr::Lit(x) if *x >= 50))
                || double_negation(inner)
        }
        Expr::Lit(_) => false,
    }
}

fn fails(s: &Stmt) -> bool {
    match s {
        Stmt::Expr(e) => double_negation(e),
        Stmt::While(c, body) => double_negation(c) || fails(body),
    }
}

/// A run whose only failing expression is the condition of its outermost `while`, under a
/// few more statements.
fn failing_run() -> greduce::Run<Stmt> {
    (0..10_000)
        .map(|seed| greduce::record(stmt, seed))
        .find(|run| match &run.output {
            Stmt::While(cond, body) => {
                double_negation(cond) && !fails(body) && matches!(&**body, Stmt::While(..))
            }
            Stmt::Expr(_) => false,
        })
        .expect("a seed")
}

/// `--50;`: the smallest failing program.
fn minimum() -> Stmt {
    Stmt::Expr(Expr::Neg(Box::new(Expr::Neg(Box::new(Expr::Lit(50))))))
}

#[test]
fn a_statement_descends_to_the_expression_in_it() {
    let run = failing_run();
    let reduced = Reducer::new(stmt)
        .explain(true)
        .reduce(&run.trace, |s| !fails(s));
    assert_eq!(reduced.output, minimum());
    let hoist = reduced
        .stats
        .passes
        .iter()
        .find(|p| p.pass == Pass::Hoist)
        .expect("hoist ran");
    assert!(hoist.accepted >= 1, "{}", reduced.stats);
    assert!(
        reduced
            .explain()
            .contains("its simplest way down to its nested call of `expr`"),
        "{}",
        reduced.explain()
    );
}

#[test]
fn without_the_hoist_pass_the_while_stays() {
    let run = failing_run();
    let reduced = Reducer::new(stmt)
        .passes(
            PassSet::STRUCTURE
                | PassSet::TRIVIAL
                | PassSet::DELETE
                | PassSet::MINIMIZE
                | PassSet::TOGETHER
                | PassSet::REORDER,
        )
        .reduce(&run.trace, |s| !fails(s));
    assert!(fails(&reduced.output));
    assert!(
        matches!(reduced.output, Stmt::While(..)),
        "{:?}",
        reduced.output
    );
}
