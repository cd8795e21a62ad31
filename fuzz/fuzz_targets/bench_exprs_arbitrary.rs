//! Benchmark (BENCHMARKS.md, "Fuzzing", 1): the expression trees of `bench_exprs_greduce`,
//! built by hand from `arbitrary`'s `Unstructured`, decision for decision as the greduce
//! generator draws them, under the same property.
#![no_main]

use arbitrary::{Result, Unstructured};

// Reason: the fields are what the generator builds, as in the greduce target; the property
// reads only the shape.
#[allow(dead_code)]
#[derive(Debug)]
enum Expr {
    Num(u32),
    Var(u8),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    Call(u8, Vec<Expr>),
}

const DEPTH: u32 = 6;

fn expr(u: &mut Unstructured<'_>, depth: u32) -> Result<Expr> {
    if depth == 0 || u.ratio(3u8, 10u8)? {
        return leaf(u);
    }
    Ok(match u.int_in_range(0..=2u8)? {
        0 => Expr::Neg(Box::new(expr(u, depth - 1)?)),
        1 => Expr::Add(Box::new(expr(u, depth - 1)?), Box::new(expr(u, depth - 1)?)),
        _ => {
            let name = u.int_in_range(0..=7u8)?;
            let mut args = Vec::new();
            for _ in 0..u.int_in_range(0..=3u8)? {
                args.push(expr(u, depth - 1)?);
            }
            Expr::Call(name, args)
        }
    })
}

fn leaf(u: &mut Unstructured<'_>) -> Result<Expr> {
    Ok(if u.ratio(1u8, 2u8)? {
        Expr::Num(u.int_in_range(0..=999u32)?)
    } else {
        Expr::Var(u.int_in_range(0..=4u8)?)
    })
}

fn depth(e: &Expr) -> u32 {
    match e {
        Expr::Num(_) | Expr::Var(_) => 1,
        Expr::Neg(a) => 1 + depth(a),
        Expr::Add(a, b) => 1 + depth(a).max(depth(b)),
        Expr::Call(_, args) => 1 + args.iter().map(depth).max().unwrap_or(0),
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(e) = expr(&mut Unstructured::new(data), DEPTH) else {
        return;
    };
    assert!(depth(&e) <= DEPTH + 1);
});
