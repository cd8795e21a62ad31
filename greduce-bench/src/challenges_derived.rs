//! The shrinking challenge's seven properties again, each input type written with
//! `#[derive(Generate)]` instead of a hand-written `#[generator]` (issue 45: "the same
//! minimal-class shares"). The properties and minimal classes are `challenges`'s; each
//! derived value is converted to the hand-written type before it is judged, and shown as
//! that type. What the derive cannot say is said in its place:
//!
//! - binheap's keys are at least their parent's: a derived type has no parameter to carry
//!   the bound. Two ways are measured: `binheap` draws each child's key as a difference
//!   from its parent's (a `u32` added to it, saturating), so every tree is a heap; `binheap
//!   (filtered)` draws any keys and the property rejects (as unresolved) a tree that is not
//!   a heap;
//! - deletion's integers come from `-20..=20` (`range`), where the hand-written generator
//!   draws a quarter of them there and the rest full-range;
//! - calculator's expressions end by the derive's own depth limit (8) rather than the
//!   hand-written 4;
//! - nestedlists' zeros are each a decision of one value (`range = 0..=0`), where the
//!   hand-written loop pushes a literal 0.

use crate::challenges::{
    Challenge, Ending, Expr, Heap, calculator_property, coupling_property, deletion_property,
    heap_property, length_list_property, minimal_heap, nested_lists_property, reverse, run_as,
};
use greduce::{Generate, Outcome};
use std::fmt::Debug;

/// reverse: 0 to 10 full-range integers.
#[derive(Debug, Generate)]
pub struct Ints(#[generate(len = 0..=10)] pub Vec<i32>);

/// lengthlist: 1 to 100 integers in `0..=1000`.
#[derive(Debug, Generate)]
pub struct LengthList(#[generate(len = 1..=100, range = 0..=1000)] pub Vec<u32>);

/// nestedlists: 0 to 10 lists of zeros.
#[derive(Debug, Generate)]
pub struct NestedLists(#[generate(len = 0..=10)] pub Vec<Zeros>);

/// 0 to 20 zeros.
#[derive(Debug, Generate)]
pub struct Zeros(#[generate(len = 0..=20, range = 0..=0)] pub Vec<u8>);

/// calculator's expressions.
#[derive(Debug, Generate)]
pub enum Calc {
    /// A literal.
    Int(i32),
    /// `a + b`.
    Add(Box<Calc>, Box<Calc>),
    /// `a / b`.
    Div(Box<Calc>, Box<Calc>),
}

/// binheap's trees, heap-ordered or not.
#[derive(Debug, Generate)]
pub enum Tree {
    /// The empty heap.
    Empty,
    /// A key and two sub-heaps.
    Node(i32, Box<Tree>, Box<Tree>),
}

/// binheap's heaps, as differences: the root's key, then each child's key as how much it
/// is above its parent's.
#[derive(Debug, Generate)]
pub enum Rooted {
    /// The empty heap.
    Empty,
    /// The root's key and its two sub-heaps.
    Node(i32, Box<Above>, Box<Above>),
}

/// A sub-heap whose keys are at least its parent's.
#[derive(Debug, Generate)]
pub enum Above {
    /// The empty heap.
    Empty,
    /// How much the key is above the parent's, and two sub-heaps.
    Node(u32, Box<Above>, Box<Above>),
}

fn rooted(tree: &Rooted) -> Heap {
    fn above(sub: &Above, parent: i32) -> Heap {
        match sub {
            Above::Empty => Heap::Empty,
            Above::Node(delta, left, right) => {
                let key = parent.saturating_add_unsigned(*delta);
                Heap::Node(key, Box::new(above(left, key)), Box::new(above(right, key)))
            }
        }
    }
    match tree {
        Rooted::Empty => Heap::Empty,
        Rooted::Node(key, left, right) => Heap::Node(
            *key,
            Box::new(above(left, *key)),
            Box::new(above(right, *key)),
        ),
    }
}

/// coupling: 0 to 10 integers in `0..=10`.
#[derive(Debug, Generate)]
pub struct Coupling(#[generate(len = 0..=10, range = 0..=10)] pub Vec<usize>);

/// deletion: 0 to 10 integers in `-20..=20`, and an index in `0..=10`.
#[derive(Debug, Generate)]
pub struct Deletion {
    /// The list.
    #[generate(len = 0..=10, range = -20..=20)]
    pub xs: Vec<i32>,
    /// The index.
    #[generate(range = 0..=10)]
    pub i: usize,
}

fn expr(c: &Calc) -> Expr {
    match c {
        Calc::Int(n) => Expr::Int(*n),
        Calc::Add(a, b) => Expr::Add(Box::new(expr(a)), Box::new(expr(b))),
        Calc::Div(a, b) => Expr::Div(Box::new(expr(a)), Box::new(expr(b))),
    }
}

fn heap(t: &Tree) -> Heap {
    match t {
        Tree::Empty => Heap::Empty,
        Tree::Node(k, l, r) => Heap::Node(*k, Box::new(heap(l)), Box::new(heap(r))),
    }
}

/// Whether every key is at most its children's.
fn is_heap(h: &Heap) -> bool {
    match h {
        Heap::Empty => true,
        Heap::Node(k, l, r) => [l, r].iter().all(|c| match &***c {
            Heap::Empty => true,
            Heap::Node(kc, ..) => kc >= k && is_heap(c),
        }),
    }
}

/// binheap's property on heaps; a tree that is not a heap is unresolved.
fn heap_order_property(h: &Heap) -> Outcome {
    if is_heap(h) {
        heap_property(h)
    } else {
        Outcome::Unresolved
    }
}

/// [`run_as`] with `T`'s derived generator.
fn run_derived<T: Generate + Debug, U: Debug>(
    run: (u64, u64, greduce::PassSet),
    convert: fn(&T) -> U,
    property: fn(&U) -> Outcome,
    minimal: fn(&U) -> bool,
) -> Option<Ending> {
    run_as(run, greduce::any::<T>(), convert, property, minimal)
}

/// The seven challenges with derived input types, in `challenges()`'s order (binheap twice:
/// as differences, then filtered).
pub fn derived_challenges() -> Vec<Challenge> {
    vec![
        Challenge {
            name: "reverse",
            canonical: "[0, 1]",
            hypothesis: (100.0, 17.9),
            run: |seed, cases, passes| {
                run_derived(
                    (seed, cases, passes),
                    |t: &Ints| t.0.clone(),
                    reverse,
                    |xs| xs.len() == 2 && xs.contains(&0) && xs.iter().all(|x| x.abs() <= 1),
                )
            },
        },
        Challenge {
            name: "lengthlist",
            canonical: "[900]",
            hypothesis: (100.0, 82.0),
            run: |seed, cases, passes| {
                run_derived(
                    (seed, cases, passes),
                    |t: &LengthList| t.0.clone(),
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
                run_derived(
                    (seed, cases, passes),
                    |t: &NestedLists| t.0.iter().map(|z| z.0.clone()).collect::<Vec<_>>(),
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
                run_derived((seed, cases, passes), expr, calculator_property, |e| {
                    crate::challenges::expr_size(e) == (3, 2)
                })
            },
        },
        Challenge {
            name: "binheap",
            canonical: "Node(0, Empty, Node(0, Node(0, Empty, Empty), Node(1, Empty, Empty)))",
            hypothesis: (93.0, 128.8),
            run: |seed, cases, passes| {
                run_derived((seed, cases, passes), rooted, heap_property, minimal_heap)
            },
        },
        Challenge {
            name: "binheap (filtered)",
            canonical: "Node(0, Empty, Node(0, Node(0, Empty, Empty), Node(1, Empty, Empty)))",
            hypothesis: (93.0, 128.8),
            run: |seed, cases, passes| {
                run_derived(
                    (seed, cases, passes),
                    heap,
                    heap_order_property,
                    minimal_heap,
                )
            },
        },
        Challenge {
            name: "coupling",
            canonical: "[1, 0]",
            hypothesis: (31.0, 39.8),
            run: |seed, cases, passes| {
                run_derived(
                    (seed, cases, passes),
                    |t: &Coupling| t.0.clone(),
                    coupling_property,
                    |xs| *xs == [1, 0],
                )
            },
        },
        Challenge {
            name: "deletion",
            canonical: "([0, 0], 0)",
            hypothesis: (100.0, 27.9),
            run: |seed, cases, passes| {
                run_derived(
                    (seed, cases, passes),
                    |t: &Deletion| (t.xs.clone(), t.i),
                    deletion_property,
                    |(xs, _)| *xs == [0, 0],
                )
            },
        },
    ]
}
