//! Reordering, so that simpler things come first:
//!
//! - the iterations of a loop sorted by their values (`[5, 0]` becomes `[0, 5]` when the
//!   order of elements does not matter). Only iterations of the same shape are sorted (the
//!   same decisions, at the same sites, with the same arguments): their values are
//!   swapped, which replays exactly. The whole loop is tried sorted first, then each
//!   adjacent pair that is out of order;
//! - two calls of the same generator in one block swapped, when the second is simpler
//!   (a tree's left and right subtrees): each call replays the other's recording;
//! - a value moved later: a decision's value swapped with that of a later decision at the
//!   same site with the same arguments whose value ranks first (`"AA0A"` becomes `"AAA0"`
//!   when only the presence of the digit matters), which keeps every decision and makes
//!   the earlier one simpler. It reaches what the sorting above cannot: the decisions of a
//!   fixed-count loop (which no loop node covers), and values in different iterations'
//!   shapes or in different calls;
//! - an iteration moved to a later loop of the same site: the last iteration of a loop
//!   counted by a decision replays after the last iteration of a later loop at the same
//!   site (the last such loop whose count can take one more, else the next one), the first
//!   loop's count one lower and the second's one higher (`[[], [-51], [-100], [], []]`
//!   becomes `[[], [], [-100], [], [-51]]` when only the sum matters; a set's elements move
//!   into a later set). The earlier count is the first decision that changes, and it is
//!   lower: always simpler. When the first loop's count cannot go lower (a list of at
//!   least one element), the iteration of the enclosing loop that holds it is removed
//!   instead, so that two sets merge into one. Only iterations that make a value decision
//!   are moved (moving an empty one only moves a count, which the redistributing pass
//!   does). A moved iteration that never replays (its new loop `2..n` runs nothing at a
//!   count of 1 either) would make the candidate a removal: its replay halts instead,
//!   before the property.

use super::counted::{Counted, counted_loops};
use super::probe::{Probe, each_node};
use crate::config::passes::Pass;
use crate::reduce::order::rank;
use crate::trace::edit::{Edit, Siblings};
use crate::trace::site::Site;
use crate::trace::value::Value;
use crate::trace::{Kind, NodeId, Trace};
use std::cmp::Ordering;
use std::collections::HashMap;

pub(super) fn run(probe: &mut dyn Probe, limited: bool) {
    probe.begin(Pass::Reorder, limited);
    each_node(probe, |probe, trace, id| {
        if matches!(trace.kind(id), Kind::Loop { .. }) {
            sort_loop(probe, trace, id);
        } else if trace.end(id) > id + 1 {
            swap_calls(probe, trace, id);
        }
        false
    });
    move_iterations(probe);
    move_later(probe);
}

/// Moves iterations to later loops of the same site (see the module docs): for each loop
/// counted by a decision, in trace order, its last iteration to the last later loop of its
/// site that can take one more, else to the next later one. Two candidates per loop at
/// most, each a replay of O(change) to build; the targets are found by a binary search in
/// the site's loops that can take one more (found once per input).
fn move_iterations(probe: &mut dyn Probe) {
    let mut generation = None;
    // The current input's counted loops, in trace order of the loops.
    let mut loops: Vec<Counted> = Vec::new();
    // Each site's loops that can take one more iteration (positions in `loops`, in trace
    // order).
    let mut open: HashMap<*const Site, Vec<usize>> = HashMap::new();
    let mut i = 0;
    while !probe.give_up() {
        if generation != Some(probe.generation()) {
            generation = Some(probe.generation());
            loops = counted_loops(probe.current());
            loops.sort_by_key(|l| l.lp);
            open.clear();
            for (at, lp) in loops.iter().enumerate() {
                let group = open.entry(std::ptr::from_ref(lp.site)).or_default();
                if lp.one_more().is_some() {
                    group.push(at);
                }
            }
            i = 0;
        }
        let Some(a) = loops.get(i) else {
            return;
        };
        i += 1;
        let trace = probe.current().clone();
        let Some(&x) = a.iterations.last() else {
            continue;
        };
        if !(x..trace.end(x)).any(|n| trace.is_value_decision(n)) {
            continue;
        }
        // The later loops that can take one more, past `x` (a loop inside `x` goes with it).
        let group = &open[&std::ptr::from_ref(a.site)];
        let later = &group[group.partition_point(|at| loops[*at].lp < trace.end(x))..];
        let last = later.last();
        let next = later.first().filter(|n| Some(*n) != last);
        for &at in last.into_iter().chain(next) {
            let b = &loops[at];
            let Some(more) = b.one_more() else {
                continue;
            };
            let mut edit = if let Some(less) = a.one_less() {
                let mut edit = Edit::setting(vec![(a.count, less), (b.count, more)]);
                edit.removed = vec![Siblings::one(x)];
                edit
            } else {
                // The loop cannot lose an iteration (its count is at its range's start):
                // the iteration of an enclosing loop that holds it goes with it, when the
                // later loop is not in it.
                let holder = trace.parent(a.lp);
                if !matches!(trace.kind(holder), Kind::Iteration)
                    || (holder..trace.end(holder)).contains(&b.lp)
                {
                    continue;
                }
                let mut edit = Edit::setting(vec![(b.count, more)]);
                edit.removed = vec![Siblings::one(holder)];
                edit
            };
            edit.moves = vec![(b.lp, x)];
            if probe.consider(edit) || probe.give_up() {
                break;
            }
        }
    }
}

/// How many later decisions of a site [`move_later`] looks at for each decision, from the
/// last one back.
const LATER: usize = 16;

/// Moves values later (see the module docs): for each decision, the last of the [`LATER`]
/// last decisions at its site after it whose value ranks first takes its value, and it
/// takes theirs.
fn move_later(probe: &mut dyn Probe) {
    let mut generation = None;
    let mut trace = probe.current().clone();
    let mut nodes: Vec<NodeId> = Vec::new();
    let mut by_site: HashMap<*const Site, Vec<NodeId>> = HashMap::new();
    let mut i = 0;
    while !probe.give_up() {
        if generation != Some(probe.generation()) {
            generation = Some(probe.generation());
            trace = probe.current().clone();
            nodes = (0..trace.len() as NodeId)
                .filter(|n| matches!(trace.kind(*n), Kind::Decision { .. }))
                .filter(|n| trace.is_value_decision(*n))
                .collect();
            by_site.clear();
            for &n in &nodes {
                let site = trace.decision_at(n).expect("a decision").site;
                by_site.entry(std::ptr::from_ref(site)).or_default().push(n);
            }
        }
        let Some(&a) = nodes.get(i) else {
            return;
        };
        i += 1;
        let da = trace.decision_at(a).expect("a decision");
        let group = &by_site[&std::ptr::from_ref(da.site)];
        let after = group.partition_point(|n| *n <= a);
        let later = &group[after.max(group.len().saturating_sub(LATER))..];
        let simpler = later.iter().rev().find(|b| {
            let db = trace.decision_at(**b).expect("a decision");
            db.args == da.args && rank(&db.args, &db.value) < rank(&da.args, &da.value)
        });
        if let Some(&b) = simpler {
            let db = trace.decision_at(b).expect("a decision");
            probe.consider(Edit::setting(vec![
                (a, db.value.clone()),
                (b, da.value.clone()),
            ]));
        }
    }
}

/// Sorts the iterations of loop `lp` (all of them, else one adjacent pair).
fn sort_loop(probe: &mut dyn Probe, trace: &Trace, lp: NodeId) {
    let Some(rows) = rows(trace, lp) else {
        return;
    };
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|a, b| cmp_rows(trace, &rows[*a], &rows[*b]));
    if order.iter().enumerate().all(|(i, o)| i == *o) {
        return;
    }
    if probe.consider(permuted(trace, &rows, &order)) {
        return;
    }
    for i in 0..rows.len() - 1 {
        if probe.give_up() {
            return;
        }
        if cmp_rows(trace, &rows[i + 1], &rows[i]) == Ordering::Less {
            let mut order: Vec<usize> = (0..rows.len()).collect();
            order.swap(i, i + 1);
            if probe.consider(permuted(trace, &rows, &order)) {
                return;
            }
        }
    }
}

/// Swaps pairs of calls of the same generator among the children of `block` (each call
/// with the next call of the same generator), when the second is simpler than the first.
fn swap_calls(probe: &mut dyn Probe, trace: &Trace, block: NodeId) {
    let calls: Vec<NodeId> = trace
        .children(block)
        .filter(|c| matches!(trace.kind(*c), Kind::Scope { .. }))
        .collect();
    for (i, &a) in calls.iter().enumerate() {
        let Kind::Scope { site, .. } = trace.kind(a) else {
            continue;
        };
        let Some(&b) = calls[i + 1..]
            .iter()
            .find(|c| matches!(trace.kind(**c), Kind::Scope { site: s, .. } if s == site))
        else {
            continue;
        };
        if probe.give_up() {
            return;
        }
        if swap_is_simpler(trace, a, b)
            && probe.consider(Edit {
                hoists: vec![(a, b), (b, a)],
                ..Edit::default()
            })
        {
            return;
        }
    }
}

/// Whether the input is simpler with the calls at `a` and `b` (in that order) swapped:
/// the total number of decisions stays, so it is whether `b`'s decisions then `a`'s rank
/// before `a`'s then `b`'s, lexicographically.
fn swap_is_simpler(trace: &Trace, a: NodeId, b: NodeId) -> bool {
    let decisions = |n: NodeId| (n..trace.end(n)).filter_map(|d| trace.decision_at(d));
    let swapped = decisions(b).chain(decisions(a));
    let kept = decisions(a).chain(decisions(b));
    for (x, y) in swapped.zip(kept) {
        match rank(&x.args, &x.value).cmp(&rank(&y.args, &y.value)) {
            Ordering::Equal => {}
            other => return other == Ordering::Less,
        }
    }
    false
}

/// The value decisions of each iteration of `lp`, when there are two or more iterations
/// and all have the same shape.
fn rows(trace: &Trace, lp: NodeId) -> Option<Vec<Vec<NodeId>>> {
    let rows: Vec<Vec<NodeId>> = trace
        .children(lp)
        .map(|it| {
            (it..trace.end(it))
                .filter(|n| trace.is_value_decision(*n))
                .collect()
        })
        .collect();
    if rows.len() < 2 || rows[0].is_empty() {
        return None;
    }
    let shape = |row: &Vec<NodeId>| -> Vec<_> {
        row.iter()
            .map(|n| {
                let d = trace.decision_at(*n).expect("a value decision");
                (d.site, d.args.clone())
            })
            .collect()
    };
    let first = shape(&rows[0]);
    rows.iter()
        .all(|r| r.len() == rows[0].len() && shape(r) == first)
        .then_some(rows)
}

fn cmp_rows(trace: &Trace, a: &[NodeId], b: &[NodeId]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        let (x, y) = (
            trace.decision_at(*x).expect("a value decision"),
            trace.decision_at(*y).expect("a value decision"),
        );
        match rank(&x.args, &x.value).cmp(&rank(&y.args, &y.value)) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    Ordering::Equal
}

/// The edit that gives iteration `i` the values of iteration `order[i]`.
fn permuted(trace: &Trace, rows: &[Vec<NodeId>], order: &[usize]) -> Edit {
    let mut values: Vec<(NodeId, Value)> = Vec::new();
    for (i, from) in order.iter().enumerate() {
        if i == *from {
            continue;
        }
        for (to, src) in rows[i].iter().zip(&rows[*from]) {
            let value = trace
                .decision_at(*src)
                .expect("a value decision")
                .value
                .clone();
            values.push((*to, value));
        }
    }
    Edit::setting(values)
}
