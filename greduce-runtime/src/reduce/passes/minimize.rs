//! Minimize each decision: the simplest value first, then a search towards it.
//!
//! An integer-like value (integers, `char`s, indices, booleans, `match` arms) is a distance
//! from its simplest value, on one side of it ([`Line`]). [`shrink_distance`] lowers the
//! distance: 0, then 1, then halving (the largest shift right that still fails), then
//! subtracting (1 to 4, doubling, bisecting); repeated while either helps. A value below its
//! simplest one (a negative integer) is then tried on the other side, which ranks first.
//! Floats try their simplest value, an integer near them or fewer binary digits, and then
//! shrink the integer part (past 2^53, first their position on the floats' grid, down to
//! 2^53);
//! bytes (`fill`, raw rng output) try all zeros, then each byte in turn as a distance from
//! zero; permutations try the simplest one.
//!
//! In a full round, a value the search left 2 or more from its simplest also tries
//! Hypothesis' probes for a property that is not monotone in it ([`unstick`]); and every
//! letter, its other case ([`other_case`]).
//!
//! A `match` on a decision is also tried at the next 16 arms above the one taken, for
//! fewer decisions after it. In a full round (the one that ends a reduction), a full-width
//! byte (`random::<u8>()`) left more than 16 from its simplest is also tried at each of the
//! 16 nearest distances (the search assumes one threshold, and data often has several),
//! and a generator call's first decision at the next 4 values above it (for the first 64
//! calls).
//!
//! Replay re-aligns whatever follows a changed value, so a value can be lowered even when
//! later decisions depend on it (a count, a range bound).
//!
//! A decision that picks a shape (a `match` arm, a `choose`, a call's first decision) runs
//! other code when changed, whose decisions are often drawn at other sites than the
//! recorded ones: re-align answers them with their simplest values and the data that
//! failed is lost. When that happens, the same value is tried again with the recorded
//! values carried by position ([`Edit::carry`]), and when the other shape draws fewer
//! decisions, with as many of the first ones after the changed decision deleted (a `+49`
//! number draws one digit fewer than a `+86` one, and keeps the last digit that fails).

use super::probe::{Cursor, Probe, bisect, find_integer, value_nodes};
use crate::config::passes::Pass;
use crate::reduce::order::{Line, simplest};
use crate::trace::edit::{Edit, Siblings};
use crate::trace::value::{Asked, FloatTy, Prim, Value};
use crate::trace::{Kind, NodeId};
use std::borrow::Cow;

pub(super) fn run(probe: &mut dyn Probe, limited: bool) {
    probe.begin(Pass::Minimize, limited);
    let mut first_calls = FIRST_CALLS;
    let mut nodes = value_nodes(probe.current());
    let mut generation = probe.generation();
    let mut cursor = Cursor::new(probe);
    while let Some(i) = cursor.next(probe, nodes.len()) {
        // The decisions before the one being changed replay as they are, so its node keeps
        // its number; later ones may move when a change re-aligned the run.
        minimize(probe, nodes[i], !limited, &mut first_calls);
        if probe.generation() != generation {
            generation = probe.generation();
            nodes = value_nodes(probe.current());
        }
    }
}

/// Lowers the value of the decision at `node` as far as the property lets it. `thorough`
/// (in a full round, which ends a reduction): also the tries that cost more and succeed
/// less often, small values of a byte and higher values of a call's first decision.
fn minimize(probe: &mut dyn Probe, node: NodeId, thorough: bool, first_calls: &mut u32) {
    let Some(decision) = probe.current().decision_at(node).map(Cow::into_owned) else {
        return;
    };
    if let Some(line) = Line::of(&decision.args, &decision.value) {
        let shape = picks_shape(probe.current(), node);
        shrink_line(probe, &line, &mut |probe, value| {
            if shape {
                set_carrying(probe, node, value)
            } else {
                probe.consider(Edit::setting(vec![(node, value)]))
            }
        });
        if thorough {
            unstick_line(probe, node, shape);
            small_values(probe, node);
            other_case(probe, node);
        }
        let trace = probe.current();
        if matches!(trace.kind(node), Kind::Switch { .. }) {
            fewer_decisions_arm(probe, node, ARMS);
        } else if thorough && *first_calls > 0 && first_of_call(trace, node) {
            *first_calls -= 1;
            fewer_decisions_arm(probe, node, FIRST);
        }
        return;
    }
    if let Asked::Standard {
        ty: Prim::Float(ty),
    } = decision.args
        && let Some(bits) = decision.value.as_bits()
    {
        shrink_unit_float(probe, node, ty, bits);
        return;
    }
    match decision.value {
        Value::Float(v) => shrink_float(probe, node, &decision.args, v),
        Value::Bytes(bytes) => shrink_bytes(probe, node, *bytes),
        _ => {
            if let Some(value) = simplest(&decision.args, &decision.value)
                && value != decision.value
            {
                probe.consider(Edit::setting(vec![(node, value)]));
            }
        }
    }
}

/// Lowers a value on `line` with `set` (which tries a value and answers whether it was
/// accepted): the distance on its side, then the other side when that ranks first.
pub(super) fn shrink_line(
    probe: &mut dyn Probe,
    line: &Line,
    set: &mut dyn FnMut(&mut dyn Probe, Value) -> bool,
) {
    if line.distance() == 0 {
        return;
    }
    let below = line.below();
    let mut try_at = |probe: &mut dyn Probe, below: bool, d: u128| match line.at(below, d) {
        Some(value) => set(probe, value),
        None => false,
    };
    let d = shrink_distance(line.distance(), &mut |d| try_at(probe, below, d));
    // Below the simplest value, the same distance above it ranks first.
    if below && d > 0 && !probe.give_up() && try_at(probe, false, d) {
        shrink_distance(d, &mut |d| try_at(probe, false, d));
    }
}

/// Lowers a distance `current` with `test` (which tries a smaller distance and answers
/// whether it was accepted); returns the distance it ends at.
///
/// 0, then 1; then, when one step down works, bisection between 1 and there (a failure
/// that holds above a threshold ends on the threshold in O(log) calls); when it does not,
/// the largest halving that works. Repeated while either helps. A value that cannot move
/// costs four calls.
pub(super) fn shrink_distance(current: u128, test: &mut dyn FnMut(u128) -> bool) -> u128 {
    if current == 0 || test(0) {
        return 0;
    }
    if current == 1 || test(1) {
        return 1;
    }
    // 0 and 1 failed: every candidate from here on is at least 2.
    let mut current = current;
    loop {
        let before = current;
        if current > 2 && test(current - 1) {
            current = bisect(current - 1, 1, test);
        } else {
            let base = current;
            let k = find_integer(|k| k < 128 && (base >> k) > 1 && test(base >> k));
            current = base >> k;
        }
        if current == before {
            return current;
        }
    }
}

/// In a full round (the one that ends a reduction), a value the search left at 2 or more
/// from its simplest: [`unstick`]'s probes, then the search again from where they lead.
fn unstick_line(probe: &mut dyn Probe, node: NodeId, shape: bool) {
    let Some(decision) = probe.current().decision_at(node).map(Cow::into_owned) else {
        return;
    };
    let Some(line) = Line::of(&decision.args, &decision.value) else {
        return;
    };
    if line.distance() < 2 || probe.give_up() {
        return;
    }
    let below = line.below();
    let mut test = |d: u128| match line.at(below, d) {
        Some(value) if shape => set_carrying(probe, node, value),
        Some(value) => probe.consider(Edit::setting(vec![(node, value)])),
        None => false,
    };
    let moved = unstick(line.distance(), &mut test);
    if moved != line.distance() {
        shrink_distance(moved, &mut test);
    }
}

/// A distance the search toward 0 left where one step down and halving both pass: the
/// property may not be monotone in it (fails at 10 and at 8, passes at 9). Hypothesis'
/// integer shrinker's probes: the high bits dropped, as many as still fail; when none
/// can be, steps of two down, as many as still fail. Two calls when neither helps.
fn unstick(current: u128, test: &mut dyn FnMut(u128) -> bool) -> u128 {
    let bits = 128 - current.leading_zeros();
    // Distances 0 and 1 were tried first and passed.
    let masked = |k: u128| {
        let kept = bits - u32::try_from(k).unwrap_or(bits);
        current & ((1u128 << kept) - 1)
    };
    let k = find_integer(|k| k < u128::from(bits) && masked(k) >= 2 && test(masked(k)));
    if k > 0 {
        return masked(k);
    }
    let n = find_integer(|n| n < current / 2 && test(current - 2 * n));
    current - 2 * n
}

/// The largest `n` in `1..=max` for which `test` holds, trying `max` first, then 1, then
/// bisecting between them (moving an amount: all of it often works, and when some of it
/// does, more is usually harder); 0 when even 1 fails.
pub(super) fn largest_move(max: u128, test: &mut dyn FnMut(u128) -> bool) -> u128 {
    if max == 0 {
        return 0;
    }
    if test(max) {
        return max;
    }
    if max == 1 || !test(1) {
        return 0;
    }
    bisect(1, max, test)
}

/// The widest line [`small_values`] scans (a byte's).
const SMALL_SPAN: u128 = 255;
/// The distances [`small_values`] tries.
const SMALL: u128 = 16;

/// A byte-sized value the search left far from its simplest: each of the [`SMALL`] nearest
/// distances in turn. The search assumes the property fails from some distance on, and a
/// byte often does not (an address's first octet is private at 10 and at 172, not between).
fn small_values(probe: &mut dyn Probe, node: NodeId) {
    let Some(decision) = probe.current().decision_at(node).map(Cow::into_owned) else {
        return;
    };
    let Some(line) = Line::of(&decision.args, &decision.value) else {
        return;
    };
    // A full-width byte (`random::<u8>()`) is data, whose property is often not monotone;
    // a byte-sized range is usually a size or a count, which the search handles.
    let data = matches!(decision.args, Asked::Standard { .. });
    if !data || line.span() > SMALL_SPAN || line.distance() <= SMALL || line.below() {
        return;
    }
    for d in 2..=SMALL {
        if probe.give_up() {
            return;
        }
        let Some(value) = line.at(false, d) else {
            continue;
        };
        if probe.consider(Edit::setting(vec![(node, value.clone())])) {
            if let Some(line) = Line::of(&decision.args, &value) {
                shrink_line(probe, &line, &mut |probe, value| {
                    probe.consider(Edit::setting(vec![(node, value)]))
                });
            }
            return;
        }
    }
}

/// Whether the decision at `node` is the first operation of a generator call, which often
/// picks the call's shape (`match rng.random::<u32>() % 4`, a country code chosen before the
/// digits): a higher value there may draw fewer decisions after it.
fn first_of_call(trace: &crate::trace::Trace, node: NodeId) -> bool {
    // The parent is the node just before, a scope: one whose subtree holds `node` (read
    // directly: a decision does not store its parent).
    matches!(trace.kind(node), Kind::Decision { .. })
        && node > 0
        && matches!(trace.kind(node - 1), Kind::Scope { .. })
        && trace.end(node - 1) > node
}

/// Whether the decision at `node` picks the shape of what follows: a `match` arm, a
/// `choose`, a call's first decision ([`first_of_call`]). Another value there runs other
/// code, whose decisions may be drawn at other sites than the recorded ones. (An `if`'s
/// condition is not a value this pass changes: removing its `then` block is the
/// structural pass's.)
fn picks_shape(trace: &crate::trace::Trace, node: NodeId) -> bool {
    match trace.kind(node) {
        Kind::Switch { .. } => true,
        Kind::Decision { decision } => {
            matches!(decision.value, Value::Index(_)) || first_of_call(trace, node)
        }
        _ => false,
    }
}

/// The most decisions [`set_carrying`] deletes after a changed value.
const LOST: usize = 4;

/// A letter at its other case (one character each way), which the search towards `'0'`
/// passes over when the property is about letters: `'t'` to `'T'` (Hypothesis' shrinker
/// has a pass for case and other natural text changes). The probe keeps it only when it
/// ranks first.
fn other_case(probe: &mut dyn Probe, node: NodeId) {
    let Some(line) = probe
        .current()
        .decision_at(node)
        .and_then(|d| Line::of(&d.args, &d.value))
    else {
        return;
    };
    let Some(c) = line.char() else {
        return;
    };
    let mut upper = c.to_uppercase();
    let mut lower = c.to_lowercase();
    for other in [
        upper.next().filter(|_| upper.next().is_none()),
        lower.next().filter(|_| lower.next().is_none()),
    ] {
        if let Some(value) = other.filter(|o| *o != c).and_then(|o| line.char_value(o))
            && !probe.give_up()
            && probe.consider(Edit::setting(vec![(node, value)]))
        {
            return;
        }
    }
}

/// Sets the decision at `node` (one that [`picks_shape`]) to `value`. When that is not
/// accepted and re-align answered simplest values where the trace had other sites'
/// decisions (the other shape draws its values elsewhere), tries again with those values
/// carried by position ([`Edit::carry`]); when that is not accepted either and the replay
/// made fewer decisions, also deletes as many decisions right after `node` (the other shape
/// draws fewer: which of the recorded values it no longer needs, position alone cannot
/// tell, and the first ones are the likeliest to be its own).
fn set_carrying(probe: &mut dyn Probe, node: NodeId, value: Value) -> bool {
    let mut edit = Edit::setting(vec![(node, value)]);
    if probe.consider(edit.clone()) {
        return true;
    }
    if probe.last_replay().carriable == 0 || probe.give_up() {
        return false;
    }
    edit.carry = true;
    if probe.consider(edit.clone()) {
        return true;
    }
    let fewer = probe.last_replay().lost;
    if fewer == 0 || fewer > LOST || probe.give_up() {
        return false;
    }
    // The decisions right after `node`: a `match`'s are the first ones of the arm it took
    // (its one child); a plain decision's are its next siblings.
    let trace = probe.current();
    let (first, end) = match trace.kind(node) {
        Kind::Switch { .. } if node + 1 < trace.end(node) => (node + 2, trace.end(node + 1)),
        _ => (trace.end(node), trace.end(trace.parent(node))),
    };
    let mut last = first;
    for i in 0..fewer {
        if last >= end || !matches!(trace.kind(last), Kind::Decision { .. }) {
            return false;
        }
        if i + 1 < fewer {
            last = trace.end(last);
        }
    }
    edit.removed = vec![Siblings {
        first,
        last,
        count: fewer as u32,
    }];
    probe.consider(edit)
}

/// The values tried above a call's first decision ([`first_of_call`]).
const FIRST: u128 = 4;
/// The calls whose first decision one run of the pass raises: a trace of thousands of
/// small calls would otherwise cost four replays each, for little.
const FIRST_CALLS: u32 = 64;

/// The most arms of a `match` tried above the one taken.
const ARMS: u128 = 16;

/// A value above the one taken where it picks a shape (a `match` arm, a call's first
/// decision), which ranks after it but may draw fewer decisions (an `Atom(Nil)` where the
/// lowest that fails is `Atom(Sym(s))`): each of the next `arms` values, kept only when the
/// whole input is simpler (a candidate that draws more stops at the replay budget,
/// unjudged).
fn fewer_decisions_arm(probe: &mut dyn Probe, node: NodeId, arms: u128) {
    let Some(decision) = probe.current().decision_at(node).map(Cow::into_owned) else {
        return;
    };
    let Some(line) = Line::of(&decision.args, &decision.value) else {
        return;
    };
    if line.below() {
        return;
    }
    let d = line.distance();
    for up in d + 1..=d.saturating_add(arms) {
        if probe.give_up() {
            return;
        }
        let Some(value) = line.at(false, up) else {
            return;
        };
        if set_carrying(probe, node, value) {
            return;
        }
    }
}

/// How many leading bytes of a value [`shrink_bytes`] lowers one by one.
const BYTES: usize = 64;

/// Bytes: all zeros, then each of the first [`BYTES`] bytes lowered in turn, first to last
/// (bytes rank shortlex, so an earlier byte matters more).
fn shrink_bytes(probe: &mut dyn Probe, node: NodeId, mut bytes: Vec<u8>) {
    let zeros = vec![0; bytes.len()];
    if bytes == zeros || probe.consider(Edit::setting(vec![(node, Value::Bytes(Box::new(zeros)))]))
    {
        return;
    }
    // The first bytes rank first; lowering each of a long buffer's would cost a replay of
    // the whole buffer per byte.
    for i in 0..bytes.len().min(BYTES) {
        if probe.give_up() {
            return;
        }
        let lowest = shrink_distance(u128::from(bytes[i]), &mut |d| {
            let mut candidate = bytes.clone();
            candidate[i] = d as u8;
            probe.consider(Edit::setting(vec![(
                node,
                Value::Bytes(Box::new(candidate)),
            )]))
        });
        bytes[i] = lowest as u8;
    }
}

/// `random::<f32>()` / `random::<f64>()` (a value in `[0, 1)`): zero, then the value
/// rounded down or up to 1, 2, 3, ... binary digits (floats with fewer digits rank first:
/// 0.5, then 0.75 and 0.25, ...), so `x >= 0.5` ends on 0.5 and `x > 0.6` on 0.75.
fn shrink_unit_float(probe: &mut dyn Probe, node: NodeId, ty: FloatTy, bits: u128) {
    let (v, digits) = match ty {
        FloatTy::F32 => (f64::from(f32::from_bits(bits as u32)), 24),
        FloatTy::F64 => (f64::from_bits(bits as u64), 53),
    };
    let set = |probe: &mut dyn Probe, x: f64| {
        let bits = match ty {
            FloatTy::F32 => u64::from((x as f32).to_bits()),
            FloatTy::F64 => x.to_bits(),
        };
        probe.consider(Edit::setting(vec![(node, Value::Bits(bits))]))
    };
    if v.to_bits() == 0 || !(0.0..1.0).contains(&v) || set(probe, 0.0) {
        return;
    }
    let mut v = v;
    for d in 1..=digits {
        if probe.give_up() {
            return;
        }
        let scale = f64::from(2u32).powi(d);
        // Below the value, then above it (still below 1): either may rank first.
        for cut in [(v * scale).floor() / scale, (v * scale).ceil() / scale] {
            if cut.to_bits() != v.to_bits() && cut < 1.0 && set(probe, cut) {
                v = cut;
                break;
            }
        }
    }
}

/// 2^53: from there on, not every integer is an `f64`.
pub(super) const WIDE: f64 = 9_007_199_254_740_992.0;

/// A float at least 2^53 from zero: its position on the grid of floats of its type and
/// sign from 2^53 (`f32`'s grid for an `f32`), shrunk as an integer with `set`. Returns
/// the value it ends at. (Candidates outside the range are refused by `set` before any
/// replay.)
fn shrink_wide(
    probe: &mut dyn Probe,
    v: f64,
    f32_grid: bool,
    set: &mut dyn FnMut(&mut dyn Probe, f64) -> bool,
) -> f64 {
    let (base, position) = if f32_grid {
        let base = u64::from((WIDE as f32).to_bits());
        (
            base,
            u64::from((v.abs() as f32).to_bits()).checked_sub(base),
        )
    } else {
        let base = WIDE.to_bits();
        (base, v.abs().to_bits().checked_sub(base))
    };
    let Some(position) = position else {
        return v;
    };
    let at = |d: u128| {
        let bits = base + d as u64;
        let x = if f32_grid {
            f64::from(f32::from_bits(bits as u32))
        } else {
            f64::from_bits(bits)
        };
        x.copysign(v)
    };
    let d = shrink_distance(u128::from(position), &mut |d| set(probe, at(d)));
    at(d)
}

/// A float with a fraction: the integer part, the next integer away from `target`, then
/// the value rounded down and up to 1, 2, ... 10 binary digits after the point (Hypothesis'
/// float shrinker: integral values rank before fractional ones, fewer digits before more).
/// Returns the value it ends at.
fn fewer_digits(
    probe: &mut dyn Probe,
    v: f64,
    target: f64,
    set: &mut dyn FnMut(&mut dyn Probe, f64) -> bool,
) -> f64 {
    let away = if v < target { -1.0 } else { 1.0 };
    for x in [v.trunc(), v.trunc() + away] {
        if set(probe, x) {
            return x;
        }
    }
    let mut v = v;
    for digits in 1..=10 {
        if probe.give_up() {
            break;
        }
        let scale = f64::from(1u32 << digits);
        for cut in [(v * scale).floor() / scale, (v * scale).ceil() / scale] {
            if cut.to_bits() != v.to_bits() && set(probe, cut) {
                v = cut;
                break;
            }
        }
    }
    v
}

/// Floats: the simplest value of the range, then an integer or fewer binary digits, then
/// the integer part shrunk towards the simplest value.
fn shrink_float(probe: &mut dyn Probe, node: NodeId, args: &Asked, v: f64) {
    let Some(target) = args.simplest_float() else {
        return;
    };
    // A value equal to the current one is not simpler: the probe drops it unreplayed.
    let set = |probe: &mut dyn Probe, x: f64| {
        let x = args.narrow_float(x);
        args.float_in(x) && probe.consider(Edit::setting(vec![(node, Value::Float(x))]))
    };
    if set(probe, target) {
        return;
    }
    if !v.is_finite() {
        return;
    }
    let mut v = v;
    if v.fract() != 0.0 {
        v = fewer_digits(probe, v, target, &mut |probe, x| set(probe, x));
    }
    // Past 2^53 from the target, every float is an integer and not every integer a
    // float: the distance is shrunk as a position on the floats' own grid, down to 2^53
    // (Hypothesis' bijection onto grid positions), and as an integer from there.
    if (v.trunc() - target.trunc()).abs() >= WIDE {
        let f32_grid = matches!(
            args,
            Asked::Float {
                ty: FloatTy::F32,
                ..
            }
        );
        v = shrink_wide(probe, v, f32_grid, &mut |probe, x| set(probe, x));
    }
    let distance = (v.trunc() - target.trunc()).abs();
    if !(2.0..=WIDE).contains(&distance) {
        return;
    }
    let sign = (v - target).signum();
    let fraction = v - v.trunc();
    shrink_distance(distance as u128, &mut |d| {
        set(probe, target.trunc() + sign * d as f64 + fraction)
    });
}
