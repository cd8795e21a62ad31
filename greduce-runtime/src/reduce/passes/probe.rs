//! What a pass sees of a reduction ([`Probe`]), and the search helpers passes share: a
//! [`Cursor`] over the trace's positions, [`find_integer`] and [`bisect`].

use crate::config::passes::{Pass, Search};
use crate::trace::edit::Edit;
use crate::trace::{NodeId, Trace};

/// What a pass sees of a reduction: the current input's trace, and a way to try a change.
pub(crate) trait Probe {
    /// The current input's trace.
    fn current(&self) -> &Trace;

    /// How many inputs have been accepted so far: identifies the current trace.
    fn generation(&self) -> u64;

    /// The search the structural pass runs.
    fn search(&self) -> Search;

    /// Whether replays re-align (descents run unaligned, which only re-align allows).
    fn realigns(&self) -> bool;

    /// `pass` starts proposing candidates; `limited`: in a limited round (see the module
    /// docs).
    fn begin(&mut self, pass: Pass, limited: bool);

    /// Tries `edit` of the current trace: replays it, asks the property, and makes the
    /// result current when it reproduces and is simpler. Returns whether it was accepted.
    fn consider(&mut self, edit: Edit) -> bool;

    /// [`Probe::consider`] for an edit of `base`, an earlier current trace (the structural
    /// pass cuts all candidates of one level from the trace the level started from) whose
    /// generation was `generation`.
    fn consider_on(&mut self, base: &Trace, generation: u64, edit: Edit) -> bool;

    /// Whether the pass running now should stop: the reduction stopped, or (in a limited
    /// round) the pass failed too often in a row.
    fn give_up(&self) -> bool;

    /// Whether the reduction must stop: a budget ran out, or it stalled.
    fn stopped(&self) -> bool;

    /// Whether a pass was cut short (used up its tries in a limited round) since the last
    /// call; forgets it. A family of passes that was cut short has not shown that the
    /// input is clean for all of them.
    fn cut_short(&mut self) -> bool;

    /// Where the running pass stopped the last time a limited round cut it short (0 in a
    /// full round, or when it last ran to its end).
    fn resume(&self) -> usize;

    /// The running pass stops at position `at` of what it walks (a limited round cut it
    /// short): the next limited round starts it there, so that a pass whose first targets
    /// fail does not spend every round on them.
    fn pause(&mut self, at: usize);

    /// What the replay of the last candidate considered did (all zero when it was not
    /// replayed).
    fn last_replay(&self) -> ReplayEffects;
}

/// What one candidate's replay did, for a pass deciding what to try next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ReplayEffects {
    /// Decisions that aligned with nothing where the reduced trace had a decision of
    /// another site in their place: answered with their simplest value, or carried when
    /// the edit had [`Edit::carry`].
    pub(crate) carriable: usize,
    /// How many fewer decisions the replay made than the trace it edited (in the whole
    /// trace: a change elsewhere that the replay made counts too).
    pub(crate) lost: usize,
    /// Recorded picks whose range lost choices, which [`Edit::shift`] would move down (or,
    /// with it, did).
    pub(crate) shiftable: usize,
    /// The replay halted (under re-align, only a descent that never reached its nested
    /// call's generator halts).
    pub(crate) halted: bool,
}

/// Walks the nodes of the current trace with a [`Cursor`] (so from where the pass stopped
/// in the last limited round), giving `visit` each node with the trace as it is then;
/// `visit` answers whether to visit the same position again (it changed something there).
pub(crate) fn each_node(
    probe: &mut dyn Probe,
    mut visit: impl FnMut(&mut dyn Probe, &Trace, NodeId) -> bool,
) {
    let mut cursor = Cursor::new(probe);
    loop {
        let trace = probe.current().clone();
        let Some(id) = cursor.next(probe, trace.len()) else {
            return;
        };
        if visit(probe, &trace, id as NodeId) {
            cursor.again();
        }
    }
}

/// The positions `0..len` a pass visits, starting where it stopped the last time a limited
/// round cut it short and wrapping around. `len` may change as the input does.
pub(crate) struct Cursor {
    start: usize,
    step: usize,
}

impl Cursor {
    pub(crate) fn new(probe: &dyn Probe) -> Cursor {
        Cursor {
            start: probe.resume(),
            step: 0,
        }
    }

    /// The next position to visit among `0..len`, if any is left (each position once per
    /// run, as long as `len` does not change), or `None` when the pass should stop: it has
    /// visited everything, or it must give up (then the cursor is remembered for the next
    /// limited round).
    pub(crate) fn next(&mut self, probe: &mut dyn Probe, len: usize) -> Option<usize> {
        if self.step >= len {
            return None;
        }
        if probe.give_up() {
            probe.pause(self.start + self.step);
            return None;
        }
        let at = (self.start + self.step) % len;
        self.step += 1;
        Some(at)
    }

    /// Visit the position just visited again (a change there may allow another).
    pub(crate) fn again(&mut self) {
        self.step -= 1;
    }
}

/// Between `holds` (where `test` held) and `fails` (where it did not), the value nearest
/// `fails` where it holds, by bisection (it assumes one boundary between them).
pub(crate) fn bisect(mut holds: u128, mut fails: u128, test: &mut dyn FnMut(u128) -> bool) -> u128 {
    while holds.abs_diff(fails) > 1 {
        let mid = holds.min(fails) + holds.abs_diff(fails) / 2;
        if test(mid) {
            holds = mid;
        } else {
            fails = mid;
        }
    }
    holds
}

/// Calls `f(1)`, `f(2)`, ... while it holds, and returns the largest `n` for which it
/// held (0 if `f(1)` fails), in O(log n) calls: 1 to 4 one by one, then doubling, then
/// bisecting between the last success and the first failure. `f` must answer `false` for
/// values it cannot use.
pub(crate) fn find_integer(mut f: impl FnMut(u128) -> bool) -> u128 {
    for n in 1..=4 {
        if !f(n) {
            return n - 1;
        }
    }
    let mut lo: u128 = 4;
    let mut hi: u128 = 8;
    while f(hi) {
        lo = hi;
        match hi.checked_mul(2) {
            Some(next) => hi = next,
            None => return lo,
        }
    }
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if f(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The decisions whose values the value passes work on, in trace order: plain decisions
/// that do not count a loop, and the decisions of `match`es.
pub(crate) fn value_nodes(trace: &Trace) -> Vec<NodeId> {
    (0..trace.len() as NodeId)
        .filter(|id| trace.is_value_decision(*id))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_integer_finds_the_largest_success() {
        for limit in [0u128, 1, 3, 4, 5, 8, 9, 100, 1000] {
            let mut calls = 0;
            let n = find_integer(|n| {
                calls += 1;
                n <= limit
            });
            assert_eq!(n, limit);
            assert!(
                calls <= 6 + 2 * (128 - limit.leading_zeros()),
                "{limit}: {calls}"
            );
        }
    }
}
