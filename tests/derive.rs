//! `#[derive(Generate)]`, `greduce::any` and the `Generate` implementations of the standard
//! library's types: what they generate and the exact minimal inputs they shrink to.

// Reason: the fields of the types derived here are read through `Debug` only.
#![allow(dead_code)]

use greduce::{Check, Generate, generator};
use rand::RngExt;
use std::collections::{BTreeMap, HashSet, VecDeque};

/// The report of `property` on `T`'s values from `seed`.
fn shrunk<T: Generate + std::fmt::Debug, P: greduce::IntoOutcome>(
    seed: u64,
    property: impl FnMut(&T) -> P,
) -> String {
    let report = Check::new(greduce::any::<T>())
        .seed(seed)
        .cases(1000)
        .persist(false)
        .try_check(property)
        .expect_err("a failing input is found");
    report.input().expect("an input").to_string()
}

#[derive(Debug, Generate)]
enum Expr {
    Lit(#[generate(range = 0..100)] u32),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
}

fn eval(e: &Expr) -> i64 {
    match e {
        Expr::Lit(n) => i64::from(*n),
        Expr::Neg(e) => -eval(e),
        Expr::Add(a, b) => eval(a) + eval(b),
    }
}

/// A recursive enum: the smallest expression with a negative value, from every seed.
#[test]
fn a_recursive_enum_shrinks_to_its_minimum() {
    for seed in 0..20 {
        assert_eq!(
            shrunk(seed, |e: &Expr| eval(e) >= 0),
            "Neg(Lit(1))",
            "seed {seed}"
        );
    }
}

fn depth(e: &Expr) -> usize {
    match e {
        Expr::Lit(_) => 1,
        Expr::Neg(e) => 1 + depth(e),
        Expr::Add(a, b) => 1 + depth(a).max(depth(b)),
    }
}

/// Recursion ends by construction: from depth 8 an enum takes its simplest variant.
#[test]
fn recursion_ends() {
    let deepest = (0..2000)
        .map(|seed| depth(&greduce::record(greduce::any::<Expr>(), seed).output))
        .max()
        .unwrap();
    assert!((8..=9).contains(&deepest), "{deepest}");
}

/// A tree of collections: lengths halve with depth, so values stay small.
#[derive(Debug, Generate)]
enum Json {
    Null,
    Bool(bool),
    Number(#[generate(range = -9..=9)] i8),
    Array(Vec<Json>),
    Object(BTreeMap<String, Json>),
}

fn nodes(j: &Json) -> usize {
    match j {
        Json::Array(items) => 1 + items.iter().map(nodes).sum::<usize>(),
        Json::Object(map) => 1 + map.values().map(nodes).sum::<usize>(),
        _ => 1,
    }
}

#[test]
fn nested_collections_stay_small() {
    let sizes: Vec<usize> = (0..500)
        .map(|seed| nodes(&greduce::record(greduce::any::<Json>(), seed).output))
        .collect();
    let max = *sizes.iter().max().unwrap();
    assert!(max < 2000, "{max}");
    assert!(sizes.iter().any(|&n| n > 20), "some are large");
    // An object holding an array holding `true`, at least.
    let found = shrunk(1, |j: &Json| {
        let Json::Object(map) = j else { return true };
        !map.values()
            .any(|v| matches!(v, Json::Array(a) if a.iter().any(|x| matches!(x, Json::Bool(true)))))
    });
    assert_eq!(found, r#"Object({"": Array([Bool(true)])})"#);
}

/// Every kind of attribute on one struct, and a property that always fails: each field at
/// its simplest.
#[derive(Debug, Generate)]
struct Everything {
    #[generate(range = 1..=6)]
    dice: u8,
    #[generate(len = 2..5)]
    name: String,
    #[generate(len = 1..=3, range = 10..20)]
    scores: Vec<u32>,
    #[generate(range = 0..=dice)]
    below: u8,
    #[generate(len = usize::from(dice) + 1)]
    flags: Vec<bool>,
    #[generate(with = odd)]
    odd: u32,
    #[generate(value = dice * 2)]
    twice: u8,
    #[generate(range = 'a'..='z')]
    letters: VecDeque<char>,
    #[generate(regex = "[a-z]{2}-[0-9]{1,3}")]
    code: String,
    plain: Option<(bool, i64)>,
}

/// An odd number below 100.
#[generator]
fn odd<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.random_range(0..50) * 2 + 1
}

#[test]
fn every_attribute_at_its_simplest() {
    assert_eq!(
        shrunk(7, |_: &Everything| false),
        "Everything { dice: 1, name: \"00\", scores: [10], below: 0, flags: [false, false], \
         odd: 1, twice: 2, letters: [], code: \"aa-0\", plain: None }"
    );
}

/// Attributes hold: every value respects its field's attribute.
#[test]
fn attributes_hold_for_every_value() {
    for seed in 0..300 {
        let e = greduce::record(greduce::any::<Everything>(), seed).output;
        assert!((1..=6).contains(&e.dice));
        assert!((2..5).contains(&e.name.chars().count()));
        assert!((1..=3).contains(&e.scores.len()));
        assert!(e.scores.iter().all(|s| (10..20).contains(s)));
        assert!(e.below <= e.dice);
        assert_eq!(e.flags.len(), usize::from(e.dice) + 1);
        assert_eq!(e.odd % 2, 1);
        assert_eq!(e.twice, e.dice * 2);
        assert!(e.letters.len() <= 16);
        assert!(e.letters.iter().all(char::is_ascii_lowercase));
        let (two, digits) = e.code.split_once('-').expect("a dash");
        assert!(two.len() == 2 && two.chars().all(|c| c.is_ascii_lowercase()));
        assert!((1..=3).contains(&digits.len()) && digits.chars().all(|c| c.is_ascii_digit()));
    }
}

/// A generic type: `T: Generate` is added to its bounds.
#[derive(Debug, Generate, PartialEq)]
struct Pair<T> {
    left: T,
    right: T,
}

#[test]
fn a_generic_type() {
    assert_eq!(
        shrunk(3, |p: &Pair<u16>| u32::from(p.left) + u32::from(p.right)
            < 1000),
        "Pair { left: 0, right: 1000 }"
    );
    // Elements move from one list to the other: the first at its simplest (empty).
    assert_eq!(
        shrunk(3, |p: &Pair<Vec<u8>>| p.left.len() + p.right.len() < 3),
        "Pair { left: [], right: [0, 0, 0] }"
    );
}

/// Weight 0: never generated. A variant with nothing to draw is the simplest, whatever its
/// place.
#[derive(Debug, Generate, PartialEq)]
enum Weighted {
    #[generate(weight = 0)]
    Never,
    Rare(u8),
    #[generate(weight = 9)]
    Often,
}

#[test]
fn weight_zero_is_never_generated() {
    let values: Vec<Weighted> = (0..2000)
        .map(|seed| greduce::record(greduce::any::<Weighted>(), seed).output)
        .collect();
    assert!(!values.contains(&Weighted::Never));
    let often = values.iter().filter(|v| **v == Weighted::Often).count();
    assert!(
        (1650..1950).contains(&often),
        "{often} of 2000 (9 in 10 expected)"
    );
    // A variant with nothing to draw is simpler than one with a field (fewer decisions
    // come first), whatever their order.
    assert_eq!(shrunk(0, |_: &Weighted| false), "Often");
    assert_eq!(
        shrunk(0, |w: &Weighted| !matches!(w, Weighted::Rare(_))),
        "Rare(0)"
    );
}

/// Unit, tuple and named structs; unit, tuple and named variants.
#[derive(Debug, Generate)]
struct Unit;

#[derive(Debug, Generate)]
struct Tuple(u8, #[generate(range = 5..=_0)] u8);

#[derive(Debug, Generate)]
enum Shapes {
    Empty,
    Point(i8, i8),
    Rect { w: u8, h: u8 },
}

#[test]
fn every_kind_of_struct_and_variant() {
    assert_eq!(shrunk(0, |_: &Unit| false), "Unit");
    // The first variant is the simplest.
    assert_eq!(shrunk(0, |_: &Shapes| false), "Empty");
    assert_eq!(shrunk(0, |t: &Tuple| t.0 < 5), "Tuple(5, 5)");
    assert_eq!(
        shrunk(0, |s: &Shapes| !matches!(s, Shapes::Rect { .. })),
        "Rect { w: 0, h: 0 }"
    );
    assert_eq!(
        shrunk(0, |s: &Shapes| !matches!(s, Shapes::Point(x, _) if *x < 0)),
        "Point(-1, 0)"
    );
}

/// The standard library's types, each at its simplest.
#[test]
fn standard_types_at_their_simplest() {
    type All = (
        u8,
        i64,
        f64,
        bool,
        char,
        String,
        Vec<u8>,
        Option<u8>,
        Result<u8, bool>,
        [u16; 3],
        (BTreeMap<u8, u8>, HashSet<i8>, std::time::Duration),
        Box<std::rc::Rc<std::num::NonZero<u32>>>,
    );
    assert_eq!(
        shrunk(0, |_: &All| false),
        "(0, 0, 0.0, false, '0', \"\", [], None, Ok(0), [0, 0, 0], ({}, {}, 0ns), 1)"
    );
    // Types that draw nothing, inside others (as a generic type's marker field is).
    assert_eq!(
        shrunk(
            0,
            |_: &(u8, (), std::marker::PhantomData<String>, Marked<i8>)| false
        ),
        "(0, (), PhantomData<alloc::string::String>, Marked { value: 0, marker: PhantomData<i8> })"
    );
}

/// A generic type with a marker field.
#[derive(Debug, Generate)]
struct Marked<T> {
    value: u8,
    marker: std::marker::PhantomData<T>,
}

/// `Generate::generate` is a generator like any other: others call it.
#[derive(Debug, Generate)]
struct Point {
    x: i32,
    y: i32,
}

#[generator]
fn path<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Point> {
    (0..rng.random_range(1..6))
        .map(|_| Point::generate(rng))
        .collect()
}

#[test]
fn generators_call_generate() {
    let report = Check::new(path)
        .seed(2)
        .persist(false)
        .try_check(|p: &Vec<Point>| p.iter().all(|pt| pt.x.abs() < 10))
        .unwrap_err();
    // 10 is simpler than -10 (a full-range `i32` shrinks by its bits).
    assert_eq!(report.input(), Some("[Point { x: 10, y: 0 }]"));
}

/// An AST whose recursion goes through another type (`Paren(Spanned)`, `Spanned` holding
/// the enum): at the depth limit the enum takes `Lit`, whose fields name no type that could
/// hold it, though `Paren` has fewer fields.
#[derive(Debug, Generate)]
enum Ast {
    Lit(i64, u32),
    Paren(Spanned),
}

#[derive(Debug, Generate)]
struct Spanned {
    node: Box<Ast>,
    start: u32,
}

/// A tree holding a collection of itself, with a `len` of its own: from the depth limit
/// the collection takes its shortest length.
#[derive(Debug, Generate)]
struct Tree {
    #[generate(len = 0..3)]
    kids: Vec<Tree>,
}

fn tree_depth(t: &Tree) -> usize {
    1 + t.kids.iter().map(tree_depth).max().unwrap_or(0)
}

fn ast_depth(a: &Ast) -> usize {
    match a {
        Ast::Lit(..) => 1,
        Ast::Paren(s) => 1 + ast_depth(&s.node),
    }
}

#[test]
fn recursion_through_other_types_ends() {
    for seed in 0..500 {
        let ast = greduce::record(greduce::any::<Ast>(), seed).output;
        assert!(ast_depth(&ast) <= 5, "{ast:?}");
        let tree = greduce::record(greduce::any::<Tree>(), seed).output;
        assert!(tree_depth(&tree) <= 9, "{tree:?}");
    }
}

/// Types whose every variant names itself never end: the panic says why.
#[derive(Debug, Generate)]
enum Endless {
    Left(Box<Endless>),
    Right(Box<Endless>),
}

#[test]
fn endless_types_are_reported() {
    let panic = std::panic::catch_unwind(|| greduce::record(greduce::any::<Endless>(), 0))
        .expect_err("generation cannot end");
    let message = panic.downcast_ref::<String>().unwrap();
    assert!(
        message.contains("generating `Endless` nested 256 derived types deep"),
        "{message}"
    );
}

/// `#[greduce::test]` parameters drawn from their types, with attributes, beside the rng.
#[greduce::test(cases = 50)]
fn parameters_are_drawn(
    point: Point,
    #[generate(len = 1..4)] names: Vec<String>,
    #[generate(range = 0..names.len())] chosen: usize,
    (a, b): (bool, u8),
) {
    assert!(chosen < names.len());
    let _ = (point, a, b);
}

#[greduce::test(cases = 20)]
fn parameters_and_the_rng(rng: &mut impl rand::Rng, #[generate(range = 1..=6)] dice: u8) {
    let roll = rng.random_range(1..=dice);
    assert!(roll <= dice);
}

/// Names in an attribute's expression that are not fields: closure parameters and a struct
/// literal's field names may share a later field's name.
#[derive(Debug, Generate)]
struct Shadows {
    #[generate(value = (1..=4u32).map(|i| i * 2).collect())]
    evens: Vec<u32>,
    #[generate(value = Limits { retries: 3 })]
    limits: Limits,
    #[generate(value = evens.iter().zip(0..).map(|(j, _)| *j).sum())]
    total: u32,
    #[generate(range = 0..10)]
    i: u32,
    #[generate(range = 0..=3)]
    retries: u8,
    j: bool,
}

#[derive(Debug, Generate)]
struct Limits {
    retries: u8,
}

#[test]
fn closure_parameters_are_not_fields() {
    let s = greduce::record(greduce::any::<Shadows>(), 1).output;
    assert_eq!(s.evens, [2, 4, 6, 8]);
    assert_eq!(s.total, 20);
    assert_eq!(s.limits.retries, 3);
}

/// An address: the generator that fields named like it reach by its path.
#[generator]
fn email<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    format!("user{}@example.com", rng.random_range(0..10))
}

#[derive(Debug, Generate)]
struct Contact {
    #[generate(with = email)]
    email: String,
    #[generate(with = self::email)]
    backup: String,
}

#[test]
fn a_generator_named_like_an_earlier_field_is_reached_by_its_path() {
    assert_eq!(
        shrunk(0, |_: &Contact| false),
        r#"Contact { email: "user0@example.com", backup: "user0@example.com" }"#
    );
}
