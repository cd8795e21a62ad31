//! The shrinking challenge (jlink/shrinking-challenge): seven properties with known minimal
//! counterexamples, written as ordinary `#[generator]`s, for `bench -- challenges`.
//!
//! Where the challenge says "Int", the generators draw full-range `i32`s with no bias
//! towards small values (`rng.random()`), except deletion, whose failure needs two equal
//! elements: there a quarter of the integers come from `-20..=20` ([`small_biased_int`]), as
//! Hypothesis' `integers()` favour small values. Where it says "List", a list is a count drawn
//! from a range, then that many elements (`for _ in 0..rng.random_range(..)`): the ranges
//! are documented on each generator; Hypothesis' lists are unbounded with a mean of about
//! five, ours are bounded so that every minimal counterexample is inside them.
//!
//! Each [`Challenge`] has its property (a failure, a pass, or a rejected input for the
//! challenges with a precondition), the test for its class of minimal counterexamples and
//! the canonical one (the member of the class that the shortlex order picks, as Hypothesis
//! does).

// Reason for `ptr_arg`: a property takes what its generator returns (`&Vec<T>`), as the
// reducer calls it; a slice parameter would not fit `fn(&Vec<T>) -> Outcome`.
#![allow(clippy::ptr_arg)]

use greduce::{Outcome, generator};
use rand::RngExt;
use std::fmt::Debug;

/// A list of full-range integers, 0 to 10 long.
#[generator]
pub fn ints<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<i32> {
    let mut xs = Vec::new();
    for _ in 0..rng.random_range(0..=10) {
        xs.push(rng.random());
    }
    xs
}

/// reverse's property: the list equals its reverse (fails when it differs).
pub fn reverse(xs: &Vec<i32>) -> Outcome {
    let mut r = xs.clone();
    r.reverse();
    Outcome::from(r == *xs)
}

/// lengthlist: a length in `1..=100`, then that many integers in `0..=1000` (the list's
/// length is a decision the elements depend on: shrinking it must keep the element that
/// fails).
#[generator]
pub fn length_list<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let n = rng.random_range(1..=100);
    let mut xs = Vec::new();
    for _ in 0..n {
        xs.push(rng.random_range(0..=1000));
    }
    xs
}

/// lengthlist's property: every element is below 900 (fails when the largest is at least
/// 900).
pub fn length_list_property(xs: &Vec<u32>) -> Outcome {
    Outcome::from(xs.iter().all(|m| *m < 900))
}

/// nestedlists: 0 to 10 lists of 0 to 20 elements that carry no information (zeros).
#[generator]
pub fn nested_lists<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Vec<u8>> {
    let mut xss = Vec::new();
    for _ in 0..rng.random_range(0..=10) {
        let mut xs = Vec::new();
        // Reason: one iteration per element is the reducible loop (not `vec![0; n]`).
        #[allow(clippy::same_item_push)]
        for _ in 0..rng.random_range(0..=20) {
            xs.push(0);
        }
        xss.push(xs);
    }
    xss
}

/// nestedlists' property: at most 10 elements in all (fails with more).
pub fn nested_lists_property(xss: &Vec<Vec<u8>>) -> Outcome {
    Outcome::from(xss.iter().map(Vec::len).sum::<usize>() <= 10)
}

/// An arithmetic expression (calculator).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A literal.
    Int(i32),
    /// `a + b`.
    Add(Box<Expr>, Box<Expr>),
    /// `a / b`.
    Div(Box<Expr>, Box<Expr>),
}

/// calculator: an expression, each node a literal, an addition or a division with equal
/// chances, at most `depth` levels deep (then a literal).
#[generator]
pub fn expr<R: rand::Rng + ?Sized>(rng: &mut R, depth: u32) -> Expr {
    if depth == 0 {
        return Expr::Int(rng.random());
    }
    match rng.random_range(0..3) {
        0 => Expr::Int(rng.random()),
        1 => Expr::Add(
            Box::new(expr(rng, depth - 1)),
            Box::new(expr(rng, depth - 1)),
        ),
        _ => Expr::Div(
            Box::new(expr(rng, depth - 1)),
            Box::new(expr(rng, depth - 1)),
        ),
    }
}

/// calculator's expressions: at most 4 levels deep.
#[generator]
pub fn calculator<R: rand::Rng + ?Sized>(rng: &mut R) -> Expr {
    expr(rng, 4)
}

/// The value of an expression with wrapping arithmetic; `None` on a division by zero.
pub fn eval(e: &Expr) -> Option<i32> {
    match e {
        Expr::Int(i) => Some(*i),
        Expr::Add(a, b) => Some(eval(a)?.wrapping_add(eval(b)?)),
        Expr::Div(a, b) => {
            let d = eval(b)?;
            if d == 0 {
                None
            } else {
                Some(eval(a)?.wrapping_div(d))
            }
        }
    }
}

/// Whether an expression divides by the literal 0 somewhere.
fn divides_by_literal_zero(e: &Expr) -> bool {
    match e {
        Expr::Int(_) => false,
        Expr::Add(a, b) => divides_by_literal_zero(a) || divides_by_literal_zero(b),
        Expr::Div(a, b) => {
            **b == Expr::Int(0) || divides_by_literal_zero(a) || divides_by_literal_zero(b)
        }
    }
}

/// calculator's property: evaluating never divides by zero (fails when it does);
/// expressions that divide by the literal 0 are unresolved.
pub fn calculator_property(e: &Expr) -> Outcome {
    if divides_by_literal_zero(e) {
        return Outcome::Unresolved;
    }
    Outcome::from(eval(e).is_some())
}

pub(crate) fn expr_size(e: &Expr) -> (usize, usize) {
    match e {
        Expr::Int(_) => (1, 0),
        Expr::Add(a, b) | Expr::Div(a, b) => {
            let (la, oa) = expr_size(a);
            let (lb, ob) = expr_size(b);
            (la + lb, oa + ob + 1)
        }
    }
}

/// A binary heap: every node's key is at most its children's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heap {
    /// The empty heap.
    Empty,
    /// A key and two sub-heaps.
    Node(i32, Box<Heap>, Box<Heap>),
}

/// binheap: a heap with a size budget `size`: a branch in `0..8` is drawn, and the node is
/// empty when it is 0 or the budget is 0, else a key at least `bound` and two children with
/// half the budget. As in the challenge, the branch is drawn even when the budget is spent,
/// so every empty child is one decision and fewer decisions means fewer nodes.
#[generator]
pub fn heap_at<R: rand::Rng + ?Sized>(rng: &mut R, bound: i32, size: u32) -> Heap {
    match rng.random_range(0..8) {
        0 => Heap::Empty,
        _ if size == 0 => Heap::Empty,
        _ => {
            let key = rng.random_range(bound..=i32::MAX);
            Heap::Node(
                key,
                Box::new(heap_at(rng, key, size / 2)),
                Box::new(heap_at(rng, key, size / 2)),
            )
        }
    }
}

/// binheap: a budget in `0..=20`, then a heap.
#[generator]
pub fn heap<R: rand::Rng + ?Sized>(rng: &mut R) -> Heap {
    let size = rng.random_range(0..=20);
    heap_at(rng, i32::MIN, size)
}

/// The keys in depth-first order, right child first (as the challenge's stack-based walk).
pub fn heap_values(h: &Heap) -> Vec<i32> {
    let mut out = Vec::new();
    let mut stack = vec![h];
    while let Some(h) = stack.pop() {
        if let Heap::Node(k, l, r) = h {
            out.push(*k);
            stack.push(l);
            stack.push(r);
        }
    }
    out
}

/// The skew-heap merge: the smaller root wins.
fn merge(a: &Heap, b: &Heap) -> Heap {
    match (a, b) {
        (Heap::Empty, h) | (h, Heap::Empty) => h.clone(),
        (Heap::Node(ka, la, ra), Heap::Node(kb, ..)) if ka <= kb => {
            Heap::Node(*ka, Box::new(merge(ra, b)), la.clone())
        }
        _ => merge(b, a),
    }
}

/// The challenge's wrong "to sorted list": the root, then the merged children's keys in
/// depth-first order.
fn wrong_to_sorted_list(h: &Heap) -> Vec<i32> {
    match h {
        Heap::Empty => Vec::new(),
        Heap::Node(k, l, r) => {
            let mut out = vec![*k];
            out.extend(heap_values(&merge(l, r)));
            out
        }
    }
}

/// binheap's property: the wrong sorted list is sorted and holds the heap's keys (fails
/// otherwise).
pub fn heap_property(h: &Heap) -> Outcome {
    let l2 = wrong_to_sorted_list(h);
    let mut sorted2 = l2.clone();
    sorted2.sort_unstable();
    let mut l1 = heap_values(h);
    l1.sort_unstable();
    Outcome::from(l2 == sorted2 && l1 == l2)
}

pub(crate) fn heap_nodes(h: &Heap) -> usize {
    match h {
        Heap::Empty => 0,
        Heap::Node(_, l, r) => 1 + heap_nodes(l) + heap_nodes(r),
    }
}

/// coupling: a list of 0 to 10 integers in `0..=10`.
#[generator]
pub fn coupling<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<usize> {
    let mut xs = Vec::new();
    for _ in 0..rng.random_range(0..=10) {
        xs.push(rng.random_range(0..=10));
    }
    xs
}

/// coupling's property: no two elements point at each other (`xs[i] = j != i` and
/// `xs[j] = i` fails); lists with an element that is not an index of the list are
/// unresolved.
pub fn coupling_property(xs: &Vec<usize>) -> Outcome {
    if xs.iter().any(|x| *x >= xs.len()) {
        return Outcome::Unresolved;
    }
    Outcome::from(!xs.iter().enumerate().any(|(i, &j)| j != i && xs[j] == i))
}

/// A full-range integer, biased towards small ones as Hypothesis' `integers()` are: one in
/// four comes from `-20..=20`.
#[generator]
pub fn small_biased_int<R: rand::Rng + ?Sized>(rng: &mut R) -> i32 {
    match rng.random_range(0..4) {
        0 => rng.random_range(-20..=20),
        _ => rng.random(),
    }
}

/// deletion: a list of 0 to 10 integers ([`small_biased_int`]) and an index in `0..=10`.
#[generator]
pub fn deletion<R: rand::Rng + ?Sized>(rng: &mut R) -> (Vec<i32>, usize) {
    let mut xs = Vec::new();
    for _ in 0..rng.random_range(0..=10) {
        xs.push(small_biased_int(rng));
    }
    let i = rng.random_range(0..=10);
    (xs, i)
}

/// deletion's property: removing the first occurrence of `xs[i]` leaves none (fails when
/// it leaves another); inputs whose index is past the list are unresolved.
pub fn deletion_property((xs, i): &(Vec<i32>, usize)) -> Outcome {
    let Some(&x) = xs.get(*i) else {
        return Outcome::Unresolved;
    };
    let mut ys = xs.clone();
    let first = ys.iter().position(|y| *y == x).expect("x is in xs");
    ys.remove(first);
    Outcome::from(!ys.contains(&x))
}

/// One challenge, type-erased for the benchmark: generate (from a seed), reduce, judge.
pub struct Challenge {
    /// Its name in the challenge.
    pub name: &'static str,
    /// The canonical minimal counterexample, as `Debug` prints it.
    pub canonical: &'static str,
    /// Hypothesis 6.170's figures on 100 seeds: % in the minimal class, mean calls.
    pub hypothesis: (f64, f64),
    /// Runs the challenge from seed `seed`: generates up to `cases` inputs until one fails,
    /// then reduces it with `reduce`.
    pub run: fn(seed: u64, cases: u64, passes: greduce::PassSet) -> Option<Ending>,
}

/// What one run of a challenge ended with.
#[derive(Clone, Debug)]
pub struct Ending {
    /// The final counterexample, as `Debug` prints it.
    pub shown: String,
    /// Whether it is in the class of minimal counterexamples.
    pub minimal: bool,
    /// Property calls, from the first failure (included).
    pub calls: u64,
}

/// Generates inputs from seed `seed` until one fails, then reduces it.
fn run_one<T: Debug + Clone>(
    seed: u64,
    cases: u64,
    passes: greduce::PassSet,
    generator: fn(&mut rand::rngs::StdRng) -> T,
    property: fn(&T) -> Outcome,
    minimal: fn(&T) -> bool,
) -> Option<Ending> {
    run_as(
        (seed, cases, passes),
        generator,
        T::clone,
        property,
        minimal,
    )
}

/// Generates inputs from seed `seed` until one fails `property` once converted (one seed of
/// each case in `0..cases`), then reduces it; shown and judged as the converted value.
pub(crate) fn run_as<T: Debug, U: Debug>(
    (seed, cases, passes): (u64, u64, greduce::PassSet),
    generator: fn(&mut rand::rngs::StdRng) -> T,
    convert: fn(&T) -> U,
    property: fn(&U) -> Outcome,
    minimal: fn(&U) -> bool,
) -> Option<Ending> {
    let run = (0..cases)
        .map(|case| greduce::record(generator, seed.wrapping_mul(1_000_003).wrapping_add(case)))
        .find(|run| property(&convert(&run.output)) == Outcome::Fails)?;
    let reduced = greduce::Reducer::new(generator)
        .passes(passes)
        .reduce(&run.trace, |t: &T| property(&convert(t)));
    let output = convert(&reduced.output);
    Some(Ending {
        shown: format!("{output:?}"),
        minimal: minimal(&output),
        calls: reduced.stats.property_calls,
    })
}

/// binheap's minimal class: four nodes with the keys 0, 0, 0 and 1.
pub(crate) fn minimal_heap(h: &Heap) -> bool {
    let mut keys = heap_values(h);
    keys.sort_unstable();
    heap_nodes(h) == 4 && keys == [0, 0, 0, 1]
}

/// The seven challenges.
pub fn challenges() -> Vec<Challenge> {
    vec![
        Challenge {
            name: "reverse",
            canonical: "[0, 1]",
            hypothesis: (100.0, 17.9),
            run: |seed, cases, passes| {
                // Two distinct elements nearest zero: [0, 1], [1, 0], [0, -1] or [-1, 0].
                run_one(seed, cases, passes, ints, reverse, |xs| {
                    xs.len() == 2 && xs.contains(&0) && xs.iter().all(|x| x.abs() <= 1)
                })
            },
        },
        Challenge {
            name: "lengthlist",
            canonical: "[900]",
            hypothesis: (100.0, 82.0),
            run: |seed, cases, passes| {
                run_one(
                    seed,
                    cases,
                    passes,
                    length_list,
                    length_list_property,
                    |xs| *xs == [900],
                )
            },
        },
        Challenge {
            name: "nestedlists",
            canonical: "[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]",
            hypothesis: (100.0, 61.6),
            run: |seed, cases, passes| {
                run_one(
                    seed,
                    cases,
                    passes,
                    nested_lists,
                    nested_lists_property,
                    |xss| xss.len() == 1 && xss[0].len() == 11,
                )
            },
        },
        Challenge {
            name: "calculator",
            canonical: "Div(Int(0), Add(Int(0), Int(0)))",
            hypothesis: (100.0, 92.5),
            run: |seed, cases, passes| {
                run_one(seed, cases, passes, calculator, calculator_property, |e| {
                    expr_size(e) == (3, 2)
                })
            },
        },
        Challenge {
            name: "binheap",
            canonical: "Node(0, Empty, Node(0, Node(0, Empty, Empty), Node(1, Empty, Empty)))",
            hypothesis: (93.0, 128.8),
            run: |seed, cases, passes| {
                run_one(seed, cases, passes, heap, heap_property, minimal_heap)
            },
        },
        Challenge {
            name: "coupling",
            canonical: "[1, 0]",
            hypothesis: (31.0, 39.8),
            run: |seed, cases, passes| {
                run_one(seed, cases, passes, coupling, coupling_property, |xs| {
                    *xs == [1, 0]
                })
            },
        },
        Challenge {
            name: "deletion",
            canonical: "([0, 0], 0)",
            hypothesis: (100.0, 27.9),
            run: |seed, cases, passes| {
                run_one(
                    seed,
                    cases,
                    passes,
                    deletion,
                    deletion_property,
                    |(xs, _)| *xs == [0, 0],
                )
            },
        },
    ]
}
