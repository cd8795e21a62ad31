//! Origin: technolapin/rlisp, `src/randomizable.rs` (commit 21bc24b4), rand 0.9: random
//! s-expressions for the interpreter's tests, through a `Randomizable` trait implemented for
//! each AST type: recursion, `match` on `random::<u32>() % k`, a `while` loop, an iterator
//! chain.
//!
//! Port: `rand::random` (the thread rng) became draws from an `rng` parameter, added to
//! the trait method. The AST types (from `crate::types` and `crate::ast`) are declared here
//! with the variants used; `Num::make_rational` keeps numerator and denominator.

use greduce::generator;
use rand::RngExt;

/// A symbol.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Sym(String);

/// A number.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Num {
    Z(i64),
    Q(i64, i64),
    R(f64),
    C(f64, f64),
}

impl Num {
    fn make_rational(p: i64, q: i64) -> Self {
        Num::Q(p, q)
    }
}

/// A character.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Char(char);

/// An atom.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Type {
    Sym(Sym),
    Num(Num),
    Char(Char),
    Nil,
}

/// An s-expression.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Sexpr {
    Atom(Type),
    List(Vec<Sexpr>),
}

/// A type whose values can be drawn, up to a depth.
pub(crate) trait Randomizable {
    fn rand<R: rand::Rng + ?Sized>(rng: &mut R, depth: usize) -> Self;
}

impl Randomizable for Type {
    /// A symbol, number or character (`random % 4`), or `Nil`.
    #[generator]
    fn rand<R: rand::Rng + ?Sized>(rng: &mut R, _: usize) -> Self {
        match rng.random::<u32>() % 4 {
            0 => Self::Sym(Randomizable::rand(rng, 0)),
            1 => Self::Num(Randomizable::rand(rng, 0)),
            2 => Self::Char(Randomizable::rand(rng, 0)),
            _ => Self::Nil,
        }
    }
}

impl Randomizable for Sym {
    /// 1 to 20 valid `char`s drawn as raw `u32`s (invalid ones are drawn again).
    #[generator]
    fn rand<R: rand::Rng + ?Sized>(rng: &mut R, _: usize) -> Self {
        let len = rng.random::<u32>() as usize % 20 + 1;
        let mut s = String::new();
        while s.len() < len {
            if let Some(c) = std::char::from_u32(rng.random()) {
                match c {
                    ' ' | '\n' | '(' | ')' => {
                        s.push('\\');
                    }
                    _ => (),
                }
                s.push(c);
            }
        }

        Self(s)
    }
}

impl Randomizable for Num {
    /// An integer, rational, real or complex number (`random % 4`).
    #[generator]
    fn rand<R: rand::Rng + ?Sized>(rng: &mut R, _: usize) -> Self {
        match rng.random::<u32>() % 4 {
            0 => Self::Z(rng.random::<i64>()),
            1 => Self::make_rational(rng.random::<i64>(), rng.random::<i64>()),
            2 => Self::R(rng.random::<f64>()),
            _ => Self::C(rng.random::<f64>(), rng.random::<f64>()),
        }
    }
}

impl Randomizable for Char {
    /// Any `char`.
    #[generator]
    fn rand<R: rand::Rng + ?Sized>(rng: &mut R, _: usize) -> Self {
        let c = rng.random::<char>();
        Self(c)
    }
}

impl Randomizable for Sexpr {
    /// An atom at depth 0 or on an even draw, else a list of 1 to 3 smaller s-expressions.
    #[generator]
    fn rand<R: rand::Rng + ?Sized>(rng: &mut R, depth: usize) -> Self {
        if depth == 0 || rng.random::<u32>() % 2 == 0 {
            Self::Atom(Randomizable::rand(rng, 0))
        } else {
            let len = rng.random::<u32>() as usize % 3 + 1;
            Self::List(
                (0..len)
                    .map(|_| Self::rand(rng, depth - 1))
                    .collect::<Vec<_>>(),
            )
        }
    }
}

/// Lists nested in lists: an atom is 0, a list one more than its deepest element.
fn nesting(e: &Sexpr) -> usize {
    match e {
        Sexpr::Atom(_) => 0,
        Sexpr::List(xs) => 1 + xs.iter().map(nesting).max().unwrap_or(0),
    }
}

#[test]
fn a_nested_list_ends_as_a_list_of_a_list_of_nil() {
    // Property: lists do not nest. Minimal (6 decisions): a list (1, the simplest odd draw)
    // of one element (0), again, then an atom (0) that is `Nil` (3, the simplest draw that
    // is 3 mod 4; `Nil` draws nothing more).
    crate::assert_minimum(
        |rng| <Sexpr as Randomizable>::rand(rng, 3),
        |e: &Sexpr| nesting(e) >= 2,
        Clone::clone,
        &Sexpr::List(vec![Sexpr::List(vec![Sexpr::Atom(Type::Nil)])]),
    );
}
