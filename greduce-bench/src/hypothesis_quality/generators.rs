//! The strategies of Hypothesis' quality tests, as a Rust user would write them: plain
//! `rand` draws in `#[generator]` functions. Where Hypothesis' strategy is unbounded
//! (`integers()`, `lists()`, `text()`), the generator draws a full-range `i64` and lists of a
//! bounded length that holds the test's minimum; where a test's failure needs what plain
//! uniform draws almost never give (an element that also appears in the list, two equal
//! numbers, ASCII letters), the generator says how it helps, as Hypothesis' own generation
//! does with its bias towards small and repeated values.

use greduce::generator;
use rand::RngExt;
use std::collections::{BTreeMap, BTreeSet};

/// `floats()` without infinities and NaN (which `rand` ranges never draw): a magnitude
/// in `0..=f64::MAX` and a sign (`f64::MIN..=f64::MAX` is not a range `rand` can draw
/// from: its width overflows).
#[generator]
pub fn any_float<R: rand::Rng + ?Sized>(rng: &mut R) -> f64 {
    let x = rng.random_range(0.0..=f64::MAX);
    if rng.random_bool(0.5) { -x } else { x }
}

/// `integers(lo, hi)`.
#[generator]
pub fn int_in<R: rand::Rng + ?Sized>(rng: &mut R, lo: i64, hi: i64) -> i64 {
    rng.random_range(lo..=hi)
}

/// `integers(min_value=lo)`.
#[generator]
pub fn int_from<R: rand::Rng + ?Sized>(rng: &mut R, lo: i64) -> i64 {
    rng.random_range(lo..=i64::MAX)
}

/// `floats(min_value=lo)` (no infinity above).
#[generator]
pub fn float_from<R: rand::Rng + ?Sized>(rng: &mut R, lo: f64) -> f64 {
    rng.random_range(lo..=f64::MAX)
}

/// `floats(lo, hi, exclude_max=True)`.
#[generator]
pub fn float_in<R: rand::Rng + ?Sized>(rng: &mut R, lo: f64, hi: f64) -> f64 {
    rng.random_range(lo..hi)
}

/// `floats(lo, hi)`.
#[generator]
pub fn float_in_inclusive<R: rand::Rng + ?Sized>(rng: &mut R, lo: f64, hi: f64) -> f64 {
    rng.random_range(lo..=hi)
}

/// `fixed_dictionaries({"a": booleans(), "b": booleans()})`, as a pair.
#[generator]
pub fn bool_pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (bool, bool) {
    (rng.random_bool(0.5), rng.random_bool(0.5))
}

/// An integer: a quarter from `-20..=20`, the rest over the full range (Hypothesis'
/// `integers()` favour small values, which duplicates need).
#[generator]
pub fn small_biased<R: rand::Rng + ?Sized>(rng: &mut R) -> i64 {
    if rng.random_bool(0.25) {
        rng.random_range(-20..=20)
    } else {
        rng.random()
    }
}

/// `text()`: 0 to `max` characters, half of them printable ASCII, the rest any `char`
/// (uniform `char`s are almost never letters or repeats, which Hypothesis' text favours).
#[generator]
pub fn text<R: rand::Rng + ?Sized>(rng: &mut R, min: usize, max: usize) -> String {
    let mut s = String::new();
    for _ in 0..rng.random_range(min..=max) {
        let c = if rng.random_bool(0.5) {
            rng.random_range(' '..='~')
        } else {
            rng.random()
        };
        s.push(c);
    }
    s
}

/// `lists(integers())`: `min..=max` full-range integers.
#[generator]
pub fn ints<R: rand::Rng + ?Sized>(rng: &mut R, min: usize, max: usize) -> Vec<i64> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(min..=max) {
        v.push(rng.random());
    }
    v
}

/// `lists(integers())` with small-biased integers.
#[generator]
pub fn small_ints<R: rand::Rng + ?Sized>(rng: &mut R, max: usize) -> Vec<i64> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=max) {
        v.push(small_biased(rng));
    }
    v
}

/// `lists(floats())`: `min..=max` floats.
#[generator]
pub fn floats<R: rand::Rng + ?Sized>(rng: &mut R, min: usize, max: usize) -> Vec<f64> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(min..=max) {
        v.push(any_float(rng));
    }
    v
}

/// `lists(booleans())`: `min..=max` booleans.
#[generator]
pub fn bools<R: rand::Rng + ?Sized>(rng: &mut R, min: usize, max: usize) -> Vec<bool> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(min..=max) {
        v.push(rng.random_bool(0.5));
    }
    v
}

/// `lists(lists(booleans()))`.
#[generator]
pub fn bool_lists<R: rand::Rng + ?Sized>(
    rng: &mut R,
    outer: usize,
    inner: usize,
) -> Vec<Vec<bool>> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=outer) {
        v.push(bools(rng, 0, inner));
    }
    v
}

/// `lists(lists(integers()))`.
#[generator]
pub fn int_lists<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Vec<i64>> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=10) {
        v.push(ints(rng, 0, 4));
    }
    v
}

/// `lists(text())`.
#[generator]
pub fn texts<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<String> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=20) {
        v.push(text(rng, 0, 5));
    }
    v
}

/// `sets(integers())`: up to `max` inserts into a set.
#[generator]
pub fn int_set<R: rand::Rng + ?Sized>(rng: &mut R, max: usize) -> BTreeSet<i64> {
    let mut s = BTreeSet::new();
    for _ in 0..rng.random_range(0..=max) {
        s.insert(rng.random());
    }
    s
}

/// `sets(tuples(integers()))`.
#[generator]
pub fn tuple_set<R: rand::Rng + ?Sized>(rng: &mut R) -> BTreeSet<(i64,)> {
    let mut s = BTreeSet::new();
    for _ in 0..rng.random_range(0..=6) {
        s.insert((rng.random(),));
    }
    s
}

/// `sets(frozensets(integers(1, 100)), min_size=8)`: 8 to 12 sets of up to 4 numbers
/// (fewer than 8 distinct sets is rejected by the property, as `min_size` would be).
#[generator]
pub fn sets_of_sets<R: rand::Rng + ?Sized>(rng: &mut R) -> BTreeSet<BTreeSet<u8>> {
    let mut s = BTreeSet::new();
    for _ in 0..rng.random_range(8..=12) {
        let mut inner = BTreeSet::new();
        for _ in 0..rng.random_range(0..=4) {
            inner.insert(rng.random_range(1..=100));
        }
        s.insert(inner);
    }
    s
}

/// `sets(sampled_from(range(10)), min_size=3)`: 3 to 8 inserts.
#[generator]
pub fn digit_set<R: rand::Rng + ?Sized>(rng: &mut R) -> BTreeSet<u8> {
    let mut s = BTreeSet::new();
    for _ in 0..rng.random_range(3..=8) {
        s.insert(rng.random_range(0..10));
    }
    s
}

/// `booleans().flatmap(lambda x: lists(just(x)))`.
#[generator]
pub fn same_bools<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<bool> {
    let b = rng.random_bool(0.5);
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=20) {
        v.push(b);
    }
    v
}

/// `integers().flatmap(lambda x: lists(just(x)))`.
#[generator]
pub fn same_ints<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<i64> {
    let x: i64 = rng.random();
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=20) {
        v.push(x);
    }
    v
}

/// `integers().flatmap(lambda x: lists(integers()))`: the first integer is not used.
#[generator]
pub fn ignored_then_ints<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<i64> {
    let _ignored: i64 = rng.random();
    ints(rng, 0, 20)
}

/// `integers(0, 10).flatmap(lambda w: lists(lists(sampled_from("ab"), min_size=w,
/// max_size=w)))`: rows of one width.
#[generator]
pub fn rectangles<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Vec<char>> {
    let w = rng.random_range(0..=10);
    let mut rows = Vec::new();
    for _ in 0..rng.random_range(0..=10) {
        let mut row = Vec::new();
        for _ in 0..w {
            row.push(['a', 'b'][rng.random_range(0..2)]);
        }
        rows.push(row);
    }
    rows
}

/// `dictionaries(integers(), text())`.
#[generator]
pub fn int_text_map<R: rand::Rng + ?Sized>(rng: &mut R) -> BTreeMap<i64, String> {
    let mut m = BTreeMap::new();
    for _ in 0..rng.random_range(0..=10) {
        let k = rng.random();
        m.insert(k, text(rng, 0, 5));
    }
    m
}

/// `dictionaries(booleans(), booleans())`.
#[generator]
pub fn bool_map<R: rand::Rng + ?Sized>(rng: &mut R) -> BTreeMap<bool, bool> {
    let mut m = BTreeMap::new();
    for _ in 0..rng.random_range(0..=4) {
        let k = rng.random_bool(0.5);
        m.insert(k, rng.random_bool(0.5));
    }
    m
}

/// `integers(-(2**256), 2**256)` with `i128` (Rust has no wider integer): `-(2^126)..=2^126`.
#[generator]
pub fn wide_int<R: rand::Rng + ?Sized>(rng: &mut R) -> i128 {
    rng.random_range(-(1i128 << 126)..=(1i128 << 126))
}

/// `lists(integers(-(2**256), 2**256))`, as `i128`.
#[generator]
pub fn wide_ints<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<i128> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=30) {
        v.push(wide_int(rng));
    }
    v
}

/// `lists(integers(0, 2**256))`, as `u128` up to 2^126.
#[generator]
pub fn wide_naturals<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u128> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=30) {
        v.push(rng.random_range(0..=(1u128 << 126)));
    }
    v
}

/// `lists(sets(integers(), min_size=1), min_size=1)`: up to 8 sets of up to 16 inserts
/// (Hypothesis' sets have no upper size; the test's minimum is one set of 10).
#[generator]
pub fn list_of_sets<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<BTreeSet<i64>> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(1..=8) {
        let mut s = BTreeSet::new();
        for _ in 0..rng.random_range(1..=16) {
            s.insert(small_biased(rng));
        }
        v.push(s);
    }
    v
}

/// `tuples(lists(integers()), integers())`: half the time the integer is one of the
/// list's (Hypothesis' generation repeats values; uniform ones never meet).
#[generator]
pub fn list_and_member<R: rand::Rng + ?Sized>(rng: &mut R) -> (Vec<i64>, i64) {
    let xs = small_ints(rng, 10);
    let x = if xs.is_empty() || rng.random_bool(0.5) {
        small_biased(rng)
    } else {
        xs[rng.random_range(0..xs.len())]
    };
    (xs, x)
}

/// `lists(sets(booleans()))`.
#[generator]
pub fn bool_sets<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<BTreeSet<bool>> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=10) {
        let mut s = BTreeSet::new();
        for _ in 0..rng.random_range(0..=3) {
            s.insert(rng.random_bool(0.5));
        }
        v.push(s);
    }
    v
}

/// `lists(tuples(integers(), integers()))`.
#[generator]
pub fn pairs<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<(i64, i64)> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=10) {
        v.push((rng.random(), rng.random()));
    }
    v
}

/// `lists(lists(none(), max_size=0))`.
#[generator]
pub fn empty_lists<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Vec<()>> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=10) {
        v.push(Vec::new());
    }
    v
}

/// `lists(tuples(integers(), integers()), unique_by=max)`: a pair is kept when no kept
/// pair has its maximum.
#[generator]
pub fn unique_by_max<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<(i64, i64)> {
    let mut v: Vec<(i64, i64)> = Vec::new();
    for _ in 0..rng.random_range(0..=12) {
        let (a, b) = (small_biased(rng), small_biased(rng));
        if v.iter().all(|&(c, d)| c.max(d) != a.max(b)) {
            v.push((a, b));
        }
    }
    v
}

/// A value of `integers() | text() | booleans()`.
#[derive(Clone, Debug, PartialEq)]
pub enum OneOf {
    /// An integer.
    Int(i64),
    /// A string.
    Text(String),
    /// A boolean.
    Bool(bool),
}

/// `integers() | text() | booleans()`.
#[generator]
pub fn one_of<R: rand::Rng + ?Sized>(rng: &mut R) -> OneOf {
    match rng.random_range(0..3) {
        0 => OneOf::Int(rng.random()),
        1 => OneOf::Text(text(rng, 0, 5)),
        _ => OneOf::Bool(rng.random_bool(0.5)),
    }
}

/// `lists(integers() | text())`.
#[generator]
pub fn mixed<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<OneOf> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=20) {
        v.push(match rng.random_range(0..2) {
            0 => OneOf::Int(rng.random()),
            _ => OneOf::Text(text(rng, 0, 5)),
        });
    }
    v
}

/// `fractions()`: a numerator and a positive denominator, in lowest terms.
#[generator]
pub fn fraction<R: rand::Rng + ?Sized>(rng: &mut R) -> (i64, i64) {
    let (n, d): (i64, i64) = (
        rng.random_range(-1_000_000..=1_000_000),
        rng.random_range(1..=1_000_000),
    );
    let g = gcd(n.unsigned_abs(), d.unsigned_abs()) as i64;
    (n / g, d / g)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

/// `lists(fractions())`.
#[generator]
pub fn fractions<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<(i64, i64)> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(0..=10) {
        v.push(fraction(rng));
    }
    v
}

/// `integers(101, 200) | integers(0, 100)`.
#[generator]
pub fn one_of_slip<R: rand::Rng + ?Sized>(rng: &mut R) -> i64 {
    match rng.random_range(0..2) {
        0 => rng.random_range(101..=200),
        _ => rng.random_range(0..=100),
    }
}

/// `tuples(integers(lo, hi), integers(lo, hi))`.
#[generator]
pub fn int_pair<R: rand::Rng + ?Sized>(rng: &mut R, lo: i64, hi: i64) -> (i64, i64) {
    (rng.random_range(lo..=hi), rng.random_range(lo..=hi))
}

/// `tuples(integers(-10, 10), text(), floats(), integers(-10, 10))`.
#[generator]
pub fn pair_with_gap<R: rand::Rng + ?Sized>(rng: &mut R) -> (i64, String, f64, i64) {
    let a = rng.random_range(-10..=10);
    let t = text(rng, 0, 5);
    let f = any_float(rng);
    (a, t, f, rng.random_range(-10..=10))
}

/// `tuples(floats(0, 1000), floats(0, 1000))`.
#[generator]
pub fn float_pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (f64, f64) {
    (
        rng.random_range(0.0..=1000.0),
        rng.random_range(0.0..=1000.0),
    )
}

/// `tuples(floats(0, 1000), integers(0, 1000))`.
#[generator]
pub fn float_int<R: rand::Rng + ?Sized>(rng: &mut R) -> (f64, i64) {
    (rng.random_range(0.0..=1000.0), rng.random_range(0..=1000))
}

/// `tuples(integers(0, 1000), floats(0, 1000))`.
#[generator]
pub fn int_float<R: rand::Rng + ?Sized>(rng: &mut R) -> (i64, f64) {
    (rng.random_range(0..=1000), rng.random_range(0.0..=1000.0))
}

/// `separated_sum` on integers: the two numbers with other draws between them.
#[generator]
pub fn separated_ints<R: rand::Rng + ?Sized>(rng: &mut R) -> (i64, i64) {
    let a = rng.random_range(0..=1000);
    let _t = text(rng, 0, 5);
    let _b = rng.random_bool(0.5);
    let _i: i64 = rng.random();
    (a, rng.random_range(0..=1000))
}

/// `separated_sum` on floats.
#[generator]
pub fn separated_floats<R: rand::Rng + ?Sized>(rng: &mut R) -> (f64, f64) {
    let a = rng.random_range(0.0..=1000.0);
    let _t = text(rng, 0, 5);
    let _b = rng.random_bool(0.5);
    let _i: i64 = rng.random();
    (a, rng.random_range(0.0..=1000.0))
}

/// `b = lists(integers(-100, 0), max_size=1)`; `tuples(b, b, b, b, b)`.
#[generator]
pub fn bound5<R: rand::Rng + ?Sized>(rng: &mut R) -> [Vec<i64>; 5] {
    let mut lists: [Vec<i64>; 5] = Default::default();
    for list in &mut lists {
        for _ in 0..rng.random_range(0..=1) {
            list.push(rng.random_range(-100..=0));
        }
    }
    lists
}

/// `Poisoned(p)` elements in a `LinearLists` (one length draw) or `Matrices` (`n * m`
/// elements) container: `None` is the poison, `Some(v)` an integer in `0..=10`.
#[generator]
pub fn poisoned<R: rand::Rng + ?Sized>(
    rng: &mut R,
    size: usize,
    p: f64,
    matrix: bool,
) -> Vec<Option<u8>> {
    let count = if matrix {
        let root = (size as f64).sqrt().ceil() as usize;
        rng.random_range(0..=root) * rng.random_range(0..=root)
    } else {
        rng.random_range(0..=size)
    };
    let mut v = Vec::new();
    for _ in 0..count {
        v.push(if rng.random_bool(p) {
            None
        } else {
            Some(rng.random_range(0..=10))
        });
    }
    v
}

/// A tree of `PoisonedTree`.
#[derive(Clone, Debug, PartialEq)]
pub enum Tree {
    /// Two subtrees.
    Branch(Box<Tree>, Box<Tree>),
    /// A leaf's two halves.
    Leaf(u16, u16),
}

/// `PoisonedTree(p)`: a branch (two subtrees) with probability `p`, else a leaf of two
/// 16-bit halves, poisoned when both are `0xFFFF`; at most `depth` levels (Hypothesis
/// bounds it by its buffer size), then a leaf.
#[generator]
pub fn tree<R: rand::Rng + ?Sized>(rng: &mut R, p: f64, depth: u32) -> Tree {
    if depth > 0 && rng.random_bool(p) {
        let a = tree(rng, p, depth - 1);
        Tree::Branch(Box::new(a), Box::new(tree(rng, p, depth - 1)))
    } else {
        Tree::Leaf(
            rng.random_range(0..=u16::MAX),
            rng.random_range(0..=u16::MAX),
        )
    }
}

/// A tree and a 4-byte marker after it.
#[generator]
pub fn tree_and_marker<R: rand::Rng + ?Sized>(rng: &mut R, p: f64) -> (Tree, [u8; 4]) {
    let t = tree(rng, p, 12);
    let mut marker = [0; 4];
    for b in &mut marker {
        *b = rng.random_range(0..=255);
    }
    (t, marker)
}

/// The zig-zag problem's draws: `m`, then `n`, then the marker's bytes (`bits` wide).
#[generator]
pub fn zig_zag<R: rand::Rng + ?Sized>(
    rng: &mut R,
    bits: u32,
    marker: usize,
) -> (u64, u64, Vec<u8>) {
    let top = (1u64 << bits) - 1;
    let m = rng.random_range(0..=top);
    let n = rng.random_range(0..=top);
    let mut bytes = Vec::new();
    for _ in 0..marker {
        bytes.push(rng.random_range(0..=255));
    }
    (m, n, bytes)
}
