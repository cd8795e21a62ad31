//! The second benchmark's generator (BENCHMARKS.md, "Fuzzing", 1): expression trees, a
//! generator with nested calls (each subexpression is a call of `expr`, each leaf of
//! `leaf`), selections (`if rng.random_bool(..)`) and a switch (`match
//! rng.random_range(..)`). `bench_exprs_arbitrary` builds the same trees from `arbitrary`,
//! decision for decision.
use greduce::generator;
use rand::RngExt;

/// An expression.
// Reason: the fields are what the generator builds; the benchmark's property reads only
// the shape.
#[allow(dead_code)]
#[derive(Debug)]
pub enum Expr {
    Num(u32),
    Var(u8),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    Call(u8, Vec<Expr>),
}

/// The deepest an expression goes.
pub const DEPTH: u32 = 6;

#[generator]
pub fn exprs<R: rand::Rng + ?Sized>(rng: &mut R) -> Expr {
    expr(rng, DEPTH)
}

#[generator]
fn expr<R: rand::Rng + ?Sized>(rng: &mut R, depth: u32) -> Expr {
    if depth == 0 || rng.random_bool(0.3) {
        return leaf(rng);
    }
    match rng.random_range(0..3) {
        0 => Expr::Neg(Box::new(expr(rng, depth - 1))),
        1 => Expr::Add(Box::new(expr(rng, depth - 1)), Box::new(expr(rng, depth - 1))),
        _ => {
            let name = rng.random_range(0..8);
            let args = (0..rng.random_range(0..4)).map(|_| expr(rng, depth - 1)).collect();
            Expr::Call(name, args)
        }
    }
}

#[generator]
fn leaf<R: rand::Rng + ?Sized>(rng: &mut R) -> Expr {
    if rng.random_bool(0.5) {
        Expr::Num(rng.random_range(0..1000))
    } else {
        Expr::Var(rng.random_range(0..5))
    }
}

/// How deep `e` goes (a property that holds: at most [`DEPTH`] + 1 levels).
pub fn depth(e: &Expr) -> u32 {
    match e {
        Expr::Num(_) | Expr::Var(_) => 1,
        Expr::Neg(a) => 1 + depth(a),
        Expr::Add(a, b) => 1 + depth(a).max(depth(b)),
        Expr::Call(_, args) => 1 + args.iter().map(depth).max().unwrap_or(0),
    }
}
