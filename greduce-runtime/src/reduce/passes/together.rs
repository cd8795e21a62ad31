//! Values changed together, where changing one alone cannot succeed:
//!
//! - **duplicates**: decisions with equal arguments and equal values lowered together (a
//!   failure that needs two equal elements);
//! - **redistribute**: an amount moved from one number (not a `match` arm; a float by
//!   whole units) to a later one,
//!   at most 4 decisions apart (a failure that needs a sum above a threshold), or from the
//!   later to the earlier (which only a size measure of the user's can prefer); two
//!   negative numbers both moved to the other side of zero (a sum's overflow:
//!   `(-1, i32::MIN)` becomes `(1, i32::MAX)`); and iterations moved from one loop to a
//!   later loop of the same site (a failure that needs enough elements in all,
//!   however they are split);
//! - **lower together**: two numbers (integers, `match` arms, floats by whole units) at most
//!   4 decisions apart lowered by the same amount (a failure that needs a difference; an
//!   operator and its operand changed at once), or, in a full round, when they are on two
//!   sides of their simplest values, shifted by the same amount (`(6, 0)` to `(0, -6)`).

use super::counted::counted_loops;
use super::minimize::{WIDE, largest_move, shrink_distance};
use super::probe::{Cursor, Probe, value_nodes};
use crate::config::passes::Pass;
use crate::reduce::order::Line;
use crate::trace::edit::{Edit, Hash128, Siblings};
use crate::trace::value::{Asked, Value};
use crate::trace::{Kind, NodeId, Trace};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// Lowers groups of equal values together.
pub(super) fn duplicates(probe: &mut dyn Probe, limited: bool) {
    probe.begin(Pass::Duplicates, limited);
    let groups = equal_groups(probe.current());
    let mut cursor = Cursor::new(probe);
    while let Some(g) = cursor.next(probe, groups.len()) {
        let group = &groups[g];
        // An earlier group's change may have changed this one (a re-aligned run).
        let Some(line) = equal_line(probe.current(), group) else {
            continue;
        };
        let below = line.below();
        let mut generation = probe.generation();
        shrink_distance(line.distance(), &mut |d| {
            // After an accepted step, the group must still be what it was (a re-aligned run
            // may have moved its later members).
            if probe.generation() != generation {
                if equal_line(probe.current(), group).is_none() {
                    return false;
                }
                generation = probe.generation();
            }
            let Some(value) = line.at(below, d) else {
                return false;
            };
            let values = group.iter().map(|n| (*n, value.clone())).collect();
            probe.consider(Edit::setting(values))
        });
    }
}

/// The line of the decisions of `group` when they are still value decisions with equal
/// arguments and values, not simplest.
fn equal_line(trace: &Trace, group: &[NodeId]) -> Option<Line> {
    let decision = trace.decision_at(*group.first()?)?;
    let equal = group.iter().all(|n| {
        trace.is_value_decision(*n)
            && trace
                .decision_at(*n)
                .is_some_and(|d| d.args == decision.args && d.value == decision.value)
    });
    Line::of(&decision.args, &decision.value).filter(|l| equal && l.distance() > 0)
}

/// Groups of two or more value decisions (not yet simplest) with equal arguments and
/// values, in trace order of their first member.
fn equal_groups(trace: &Trace) -> Vec<Vec<NodeId>> {
    let mut groups: Vec<Vec<NodeId>> = Vec::new();
    let mut index: HashMap<u64, Vec<usize>> = HashMap::new();
    for node in value_nodes(trace) {
        let decision = trace.decision_at(node).expect("a value decision");
        let Some(line) = Line::of(&decision.args, &decision.value) else {
            continue;
        };
        if line.distance() == 0 {
            continue;
        }
        let mut h = Hash128::new(7);
        decision.args.hash(&mut h);
        decision.value.hash(&mut h);
        let slot = index.entry(h.finish()).or_default();
        let same = slot.iter().copied().find(|g| {
            let first = trace.decision_at(groups[*g][0]).expect("a value decision");
            first.args == decision.args && first.value == decision.value
        });
        if let Some(g) = same {
            groups[g].push(node);
        } else {
            slot.push(groups.len());
            groups.push(vec![node]);
        }
    }
    groups.retain(|g| g.len() > 1);
    groups
}

/// Redistribution and lowering of pairs of numbers, then moving iterations between loops.
pub(super) fn pairs(probe: &mut dyn Probe, limited: bool) {
    probe.begin(Pass::Redistribute, limited);
    // Not between `match` arms: an arm's number names it, and a sum of arm numbers means
    // nothing (a grammar's alternatives, an enum's variants). Lowering two arms at once
    // (below) can still change an operator and its operand together.
    each_pair(probe, 4, false, &mut |probe, a, b, (na, nb)| {
        // Edits of the trace the search started on: `n` counts from there.
        let (base, generation) = (probe.current().clone(), probe.generation());
        // The receiving number moves away on its own side (upwards from its simplest).
        let side = |to: &Number| to.below() && to.distance() > 0;
        // Both below their simplest values (negative): both to the other side at once
        // (`(-1, i32::MIN)` to `(1, i32::MAX)`, when only their sum's overflow matters).
        if set_both(
            probe,
            &base,
            generation,
            (na, a.mirrored()),
            (nb, b.mirrored()),
        ) {
            return;
        }
        // Forward: the first value towards its simplest, the second away.
        if transfer(probe, (&base, generation), (na, a), (nb, b), side(b)) == 0 && b.distance() > 0
        {
            // Backward: a size measure of the user's may prefer it, and so may the default
            // order when the first value decides how many decisions follow.
            transfer(probe, (&base, generation), (nb, b), (na, a), side(a));
        }
    });
    if probe.stopped() {
        return;
    }
    iterations(probe);
    if probe.stopped() {
        return;
    }
    probe.begin(Pass::LowerTogether, limited);
    each_pair(probe, 4, true, &mut |probe, a, b, (na, nb)| {
        let (base, generation) = (probe.current().clone(), probe.generation());
        let moved = largest_move(a.distance().min(b.distance()), &mut |n| {
            set_both(
                probe,
                &base,
                generation,
                (na, a.at(a.below(), a.distance() - n)),
                (nb, b.at(b.below(), b.distance() - n)),
            )
        });
        // The second on the other side of its simplest value (or at it): both shifted by
        // the same amount, the first towards its simplest and the second away (`(6, 0)`
        // to `(0, -6)` when only `b - a` matters).
        // In a full round only: most pairs are not tied by a difference, and the limited
        // rounds would pay for each of them every round.
        let other_side = b.distance() == 0 || b.below() != a.below();
        if moved == 0 && other_side && !limited && a.distance() > 0 && !probe.give_up() {
            // The first goes down when it is above its simplest: the second goes below.
            transfer(probe, (&base, generation), (na, a), (nb, b), !a.below());
        }
    });
}

/// Tries two values at once, as an edit of `base` (of generation `generation`); `false`
/// when either is missing (outside its line).
fn set_both(
    probe: &mut dyn Probe,
    base: &Trace,
    generation: u64,
    (na, va): (NodeId, Option<Value>),
    (nb, vb): (NodeId, Option<Value>),
) -> bool {
    match (va, vb) {
        (Some(va), Some(vb)) => {
            probe.consider_on(base, generation, Edit::setting(vec![(na, va), (nb, vb)]))
        }
        _ => false,
    }
}

/// Moves `from` towards its simplest value and `to` away from its own on side `to_below`
/// by the same amount, the largest accepted (as edits of `base`, of generation
/// `generation`); returns the amount.
fn transfer(
    probe: &mut dyn Probe,
    (base, generation): (&Trace, u64),
    (nf, from): (NodeId, &Number),
    (nt, to): (NodeId, &Number),
    to_below: bool,
) -> u128 {
    largest_move(from.distance().min(to.room(to_below)), &mut |n| {
        set_both(
            probe,
            base,
            generation,
            (nf, from.at(from.below(), from.distance() - n)),
            (nt, to.at(to_below, to.distance() + n)),
        )
    })
}

/// A number the pair passes move amounts between: an integer (a [`Line`]), or a float of
/// a range, moved by whole units while it is below 2^53 from its simplest value (where
/// adding 1 is exact), keeping its fraction (Hypothesis' `redistribute_numeric_pairs`
/// moves integer amounts between floats too).
enum Number {
    Line(Line),
    Float { args: Asked, v: f64, target: f64 },
}

impl Number {
    fn of(args: &Asked, value: &Value) -> Option<Number> {
        if let Value::Float(v) = *value {
            let target = args.simplest_float()?;
            return (v.is_finite() && (v - target).abs() < WIDE).then(|| Number::Float {
                args: args.clone(),
                v,
                target,
            });
        }
        Line::of(args, value)
            .filter(Line::is_number)
            .map(Number::Line)
    }

    /// How far the value is from its simplest one (a float: in whole units).
    fn distance(&self) -> u128 {
        match self {
            Number::Line(l) => l.distance(),
            Number::Float { v, target, .. } => (v - target).abs().floor() as u128,
        }
    }

    /// Whether the value is below its simplest one.
    fn below(&self) -> bool {
        match self {
            Number::Line(l) => l.below(),
            Number::Float { v, target, .. } => v < target,
        }
    }

    /// How far the value can move away from its simplest one on the given side.
    fn room(&self, below: bool) -> u128 {
        match self {
            Number::Line(l) => l.room(below),
            Number::Float { args, v, .. } => {
                let Some((lo, hi)) = args.float_bounds() else {
                    return 0;
                };
                let room = if below { v - lo } else { hi - v };
                room.clamp(0.0, WIDE).floor() as u128
            }
        }
    }

    /// The value `distance` from the simplest one on the given side (a float keeps its
    /// fraction); `None` when outside the range. A float less than one unit from its
    /// simplest value on one side, asked for the other side, moves by `distance` from
    /// where it is (so that a shift or a transfer moves it by the same amount as the
    /// other number).
    fn at(&self, below: bool, distance: u128) -> Option<Value> {
        match self {
            Number::Line(l) => l.at(below, distance),
            Number::Float { args, v, target } => {
                let d = distance as f64;
                let x = if v.to_bits() == target.to_bits() || below == (v < target) {
                    let d = d + (v - target).abs().fract();
                    if below { target - d } else { target + d }
                } else if below {
                    v - d
                } else {
                    v + d
                };
                let x = args.narrow_float(x);
                (x.is_finite() && args.float_in(x)).then_some(Value::Float(x))
            }
        }
    }

    /// For an integer below its simplest value, the value as far above it.
    fn mirrored(&self) -> Option<Value> {
        match self {
            Number::Line(l) => l.mirrored(),
            Number::Float { .. } => None,
        }
    }
}

/// A change to a pair of numbers: the first, the second, and their nodes.
type PairFn<'a> = dyn FnMut(&mut dyn Probe, &Number, &Number, (NodeId, NodeId)) + 'a;

/// Calls `f` on each pair of numbers at most `apart` value decisions apart that are not
/// both simplest, in trace order, reading the numbers afresh from the current trace;
/// `arms`: whether a `match` on a draw counts as a number (its value names an arm).
fn each_pair(probe: &mut dyn Probe, apart: usize, arms: bool, f: &mut PairFn<'_>) {
    let line_at = |trace: &Trace, node: NodeId| {
        if !arms && matches!(trace.kind(node), Kind::Switch { .. }) {
            return None;
        }
        let decision = trace.decision_at(node)?;
        Number::of(&decision.args, &decision.value)
    };
    let mut nodes = value_nodes(probe.current());
    let mut generation = probe.generation();
    let mut cursor = Cursor::new(probe);
    while let Some(i) = cursor.next(probe, nodes.len()) {
        for j in i + 1..nodes.len().min(i + apart + 1) {
            if probe.give_up() {
                return;
            }
            if probe.generation() != generation {
                generation = probe.generation();
                nodes = value_nodes(probe.current());
            }
            if j >= nodes.len() {
                break;
            }
            let trace = probe.current();
            let (Some(a), Some(b)) = (line_at(trace, nodes[i]), line_at(trace, nodes[j])) else {
                continue;
            };
            if a.distance() == 0 && b.distance() == 0 {
                continue;
            }
            f(probe, &a, &b, (nodes[i], nodes[j]));
        }
    }
}

/// Moves iterations from a loop to the next loop of the same site whose count is a
/// decision: the first loop's last iterations are removed, the second's count raised (its
/// new iterations run with the simplest values).
fn iterations(probe: &mut dyn Probe) {
    let mut done = 0;
    loop {
        if probe.give_up() {
            return;
        }
        let trace = probe.current().clone();
        let generation = probe.generation();
        let counts = counted_loops(&trace);
        let Some((a, b)) = counts
            .iter()
            .enumerate()
            .filter_map(|(i, a)| {
                let b = counts[i + 1..].iter().find(|b| b.site == a.site)?;
                Some((a, b))
            })
            .nth(done)
        else {
            return;
        };
        done += 1;
        if a.iterations.is_empty() {
            continue;
        }
        let room = b.span - b.offset.min(b.span);
        let moved = largest_move((a.iterations.len() as u128).min(room), &mut |n| {
            let n = n as usize;
            let raised = b.offset + n as u128;
            let moved = &a.iterations[a.iterations.len() - n..];
            let mut edit = Edit::removing_runs(vec![Siblings {
                first: moved[0],
                last: moved[n - 1],
                count: n as u32,
            }]);
            edit.values = vec![(b.count, Value::offset(raised))];
            // Cut from the trace the search started on: an accepted step changes the
            // current one, and `n` counts from the start.
            probe.consider_on(&trace, generation, edit)
        });
        if moved > 0 {
            done = 0; // the trace changed: start over
        }
    }
}
