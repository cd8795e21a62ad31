//! Trace-aligned replay: walks a reduced trace while the generator runs again, telling each
//! operation the run asks for which recorded operation it aligns with, and what to do when
//! none does (the [`Strategy`]).
//!
//! The run's structure (scopes, loops and their iterations, selection branches, switch
//! arms) is mirrored by a stack of frames. A frame knows the recorded node it aligns with,
//! or none when the run is somewhere the reduced trace has nothing for (an `else` branch
//! after its `then` block was removed, an extra iteration, a call that replaced another).
//! Within a recorded block, operations align one to one and in order: removals never happen
//! *between* a block's operations, only inside loops (iterations) and selections (blocks).

use crate::config::Strategy;
use crate::trace::describe::describe;
use crate::trace::edit::Overlay;
use crate::trace::site::Site;
use crate::trace::value::Value;
use crate::trace::{Kind, Node, NodeId, Tag, Trace};
use std::fmt;

/// The kinds of operation the run asks to align.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub(crate) enum Op {
    Decision,
    Scope,
    Loop,
    Selection,
    Switch,
}

impl Op {
    fn matches(self, kind: Kind<'_>, site: &Site) -> bool {
        match (self, kind) {
            (Op::Decision, Kind::Decision { decision, .. })
            | (Op::Selection, Kind::Selection { decision })
            | (Op::Switch, Kind::Switch { decision }) => decision.site == site,
            (Op::Scope, Kind::Scope { site: s, .. }) | (Op::Loop, Kind::Loop { site: s, .. }) => {
                s == site
            }
            _ => false,
        }
    }
}

/// Why a replay stopped.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Fault {
    /// Halt (or bypass with nothing to remove): the candidate is rejected.
    Halt(String),
    /// Bypass: replay again with this part removed as well.
    Bypass { part: NodeId, why: String },
    /// The replay made far more decisions than the original; the loop it was in, if any
    /// (where a runaway runs away).
    OverBudget(u64, Option<&'static Site>),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Halt(why) => write!(f, "halted: {why}"),
            Fault::Bypass { why, .. } => write!(f, "bypassed: {why}"),
            Fault::OverBudget(n, _) => write!(f, "over budget: stopped after {n} decisions"),
        }
    }
}

/// A descent under way ([`Aligner::push_call`]).
#[derive(Clone, Copy, Debug)]
struct Descent {
    /// The recorded nested call the first call of its generator aligns with.
    target: NodeId,
    /// How many frames are open while the descending call's frame is.
    depth: usize,
}

#[derive(Debug)]
struct Frame {
    /// The recorded node this frame aligns with; `None` when unaligned.
    rec: Option<NodeId>,
    /// Next child of `rec` to align with.
    cursor: NodeId,
    /// A see-through frame: a selection, switch or call that aligned with nothing recorded
    /// runs its operations against its parent's recorded block, from the parent's cursor,
    /// and gives the cursor back when it closes (see [`Aligner::op`]).
    through: bool,
    /// The frame of a generator's body or of a loop iteration (not of a selection's
    /// branch or a switch's arm): where a loop that re-align keeps going runs away.
    body: bool,
}

/// What re-align did in one replay: the first few operations it could not align, described,
/// and how many there were. Bounded: a replay that runs unaligned through a million
/// decisions must not format a million lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Notes {
    /// The first [`Notes::KEPT`] notes.
    pub(crate) lines: Vec<String>,
    /// All of them.
    pub(crate) count: usize,
    /// Decisions that aligned with nothing where the block's next recorded operation was a
    /// decision of another site: those whose value [`Edit::carry`](crate::trace::edit::Edit) would
    /// have carried (or, with it, did).
    pub(crate) carriable: usize,
    /// Recorded picks whose range lost choices and whose value
    /// [`Edit::shift`](crate::trace::edit::Edit) would have moved down (or, with it, did).
    pub(crate) shiftable: usize,
}

impl Notes {
    /// How many notes are kept as text.
    pub(crate) const KEPT: usize = 8;

    /// Counts a note, formatting it only when it is among the first few.
    fn push(&mut self, note: impl FnOnce() -> String) {
        if self.lines.len() < Notes::KEPT {
            self.lines.push(note());
        }
        self.count += 1;
    }

    /// The kept lines, then how many more there were.
    pub(crate) fn described(&self) -> Vec<String> {
        let mut out = self.lines.clone();
        if self.count > self.lines.len() {
            out.push(format!("... {} more", self.count - self.lines.len()));
        }
        out
    }
}

/// The replay side of a run: the reduced trace (a trace read through an [`Overlay`]) and
/// the alignment state.
#[derive(Debug)]
pub(crate) struct Aligner {
    trace: Trace,
    overlay: Overlay,
    strategy: Strategy,
    frames: Vec<Frame>,
    /// The next frame pushed is see-through ([`Frame::through`]).
    through_next: bool,
    /// A descent under way: a call the edit replays as a nested call of another generator
    /// runs unaligned until it first calls that generator (see [`Aligner::push_call`]).
    descent: Option<Descent>,
    /// Iterations an edit moved ([`Edit::moves`]) that replayed so far: one that never
    /// does (its new loop ended before it, a count below the range's start) makes the
    /// candidate a removal, which the edit did not mean.
    ///
    /// [`Edit::moves`]: crate::trace::edit::Edit
    moves_taken: usize,
    /// Re-align decisions taken in this replay, for the reducer's explanations.
    pub(crate) notes: Notes,
}

impl Aligner {
    pub(crate) fn new(trace: Trace, overlay: Overlay, strategy: Strategy) -> Aligner {
        let mut aligner = Aligner {
            trace,
            overlay,
            strategy,
            frames: Vec::new(),
            through_next: false,
            descent: None,
            moves_taken: 0,
            notes: Notes::default(),
        };
        aligner.push(Some(0));
        aligner.top().body = true;
        aligner
    }

    pub(crate) fn trace(&self) -> &Trace {
        &self.trace
    }

    /// The overlay the replay read, given back for the next candidate.
    pub(crate) fn into_overlay(self) -> Overlay {
        self.overlay
    }

    /// `shifted`: a recorded pick moved down because its range lost choices
    /// ([`Asked::shifted`](crate::trace::value::Asked::shifted)), if it could be. Counts it, and
    /// gives it back when the edit shifts ([`Edit::shift`](crate::trace::edit::Edit)).
    #[inline]
    pub(crate) fn take_shift(&mut self, shifted: Option<Value>) -> Option<Value> {
        let shifted = shifted?;
        self.notes.shiftable += 1;
        self.overlay.shifts().then_some(shifted)
    }

    /// The value an edit forces on the decision at `node`, if any.
    #[inline]
    pub(crate) fn forced(&self, node: NodeId) -> Option<&Value> {
        self.overlay.value(node)
    }

    /// `cursor`, or the first child of `block` after it that the edit did not delete.
    #[inline]
    fn settle(&self, block: NodeId, cursor: NodeId) -> NodeId {
        if self.overlay.deletes() {
            self.skip_removed(block, cursor)
        } else {
            cursor
        }
    }

    /// The first child of `parent` at or after position `c` that is not removed (a removed
    /// run is jumped over at once), or the end of `parent`.
    #[inline]
    fn skip_removed(&self, parent: NodeId, mut c: NodeId) -> NodeId {
        let end = self.trace.end(parent);
        while c < end {
            match self.overlay.run_at(c) {
                Some(run) => c = self.trace.end(run.last),
                None => break,
            }
        }
        c
    }

    /// Moves the top frame's cursor to `cursor` (past deleted children).
    #[inline]
    fn move_to(&mut self, cursor: NodeId) {
        let frame = self.frames.last().expect("the root frame stays");
        let cursor = match frame.rec {
            Some(block) => self.settle(block, cursor),
            None => cursor,
        };
        self.top().cursor = cursor;
    }

    #[inline]
    fn top(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("the root frame stays")
    }

    /// The fault for an operation that cannot be aligned, under a strict strategy.
    /// `near` is the recorded node the operation should have aligned with (or the closest
    /// aligned node above it).
    fn infeasible(&self, near: Option<NodeId>, why: String) -> Fault {
        match self.strategy {
            Strategy::Bypass => {
                let near = near.or_else(|| self.frames.iter().rev().find_map(|f| f.rec));
                // In an iteration an edit moved, the recorded parts around the operation
                // are those of its old place, not of where it replays: removing them would
                // not help.
                if near.is_some_and(|n| {
                    self.overlay
                        .moved()
                        .any(|x| (x..self.trace.end(x)).contains(&n))
                }) {
                    return Fault::Halt(format!("{why}; in a moved iteration"));
                }
                let removed = |id| self.overlay.contains(id);
                match near.and_then(|n| self.trace.enclosing_part(n, removed)) {
                    Some(part) => Fault::Bypass { part, why },
                    None => Fault::Halt(format!("{why}; no enclosing reducible part to remove")),
                }
            }
            Strategy::Halt | Strategy::Realign => Fault::Halt(why),
        }
    }

    /// Aligns an operation at `site` with the next recorded operation of the current frame.
    /// `Ok(Some(node))`: aligned with `node`. `Ok(None)`: runs unaligned (re-align).
    pub(crate) fn op(&mut self, op: Op, site: &'static Site) -> Result<Option<NodeId>, Fault> {
        self.through_next = false;
        // The common case, aligned with the next recorded operation, borrows in place.
        let frame = self.frames.last().expect("the root frame stays");
        if let Some(block) = frame.rec
            && frame.cursor < self.trace.end(block)
            && op.matches(self.trace.kind(frame.cursor), site)
        {
            let aligned = frame.cursor;
            self.move_to(self.trace.end(aligned));
            return Ok(Some(aligned));
        }
        let trace = self.trace.clone();
        if op == Op::Scope
            && let Some(descent) = self.descent
            && op.matches(trace.kind(descent.target), site)
        {
            // The descending call reached the generator of its nested call.
            self.descent = None;
            return Ok(Some(descent.target));
        }
        let frame = self.frames.last().expect("the root frame stays");
        let Some(block) = frame.rec else {
            return self.unaligned(None, || {
                format!(
                    "{} @ {site} runs where the reduced trace has nothing",
                    what(op, site)
                )
            });
        };
        let end = trace.end(block);
        let expected = (frame.cursor < end).then_some(frame.cursor);
        let why = || match expected {
            Some(c) => format!(
                "{} @ {site} does not align with the recorded {}",
                what(op, site),
                describe(&trace, c)
            ),
            None => format!(
                "{} @ {site} comes after the last recorded operation of its block",
                what(op, site)
            ),
        };
        if self.strategy != Strategy::Realign {
            return Err(self.infeasible(expected, why()));
        }
        // Re-align: a later operation of this block at the same site is where the run came
        // back to the reduced trace; skip to it.
        if let Some(c) = expected {
            let mut next = c;
            while next < end {
                if !self.overlay.contains(next) && op.matches(trace.kind(next), site) {
                    self.move_to(trace.end(next));
                    self.notes.push(|| {
                        format!(
                            "{}; skipped ahead to the recorded one at the same site",
                            why()
                        )
                    });
                    return Ok(Some(next));
                }
                next = trace.end(next);
            }
            // A call that replaced another call: run it unaligned and continue after the
            // recorded call (paper 4.4.2, re-align on Case 1).
            if op == Op::Scope && matches!(trace.kind(c), Kind::Scope { .. }) {
                self.move_to(trace.end(c));
                self.notes
                    .push(|| format!("{}; runs unaligned in its place", why()));
                return Ok(None);
            }
        }
        // Carry: a decision of another site stands where this one runs. When the edit
        // carries, this one takes its value (if legal) and the replay moves on past it.
        if op == Op::Decision
            && let Some(c) = expected
            && matches!(trace.kind(c), Kind::Decision { .. })
        {
            self.notes.carriable += 1;
            if self.overlay.carries() {
                self.move_to(trace.end(c));
                self.notes
                    .push(|| format!("{}; takes its value by position", why()));
                return Ok(Some(c));
            }
        }
        // Nothing recorded here: a selection, switch or call runs its operations against the
        // recorded block it stands in, so what it draws aligns with what was recorded there
        // (a recursive call hoisted from below a depth limit draws a leaf's value where its
        // new depth first draws whether to recurse: the `if` aligns with nothing, its `else`
        // branch's value with the recorded one).
        let aligned = self.unaligned(expected, why)?;
        self.through_next = matches!(op, Op::Selection | Op::Switch | Op::Scope);
        Ok(aligned)
    }

    /// Whether the run is going on past the reduced trace in a generator's body or a loop
    /// iteration (where a loop that re-align keeps going runs away): the innermost frame
    /// is one of those, and aligns with nothing recorded or has passed its last recorded
    /// operation.
    pub(crate) fn past_the_trace(&self) -> bool {
        self.frames
            .last()
            .is_none_or(|f| f.body && f.rec.is_none_or(|rec| f.cursor >= self.trace.end(rec)))
    }

    /// The recorded node the next operation aligns with, when it has `tag` (replay's common
    /// case: the run does what was recorded): the top frame is aligned and has a next child.
    /// Does not move the cursor ([`Aligner::advance`] does).
    #[inline]
    pub(crate) fn next_node(&self, tag: Tag) -> Option<(NodeId, Node)> {
        let frame = self.frames.last()?;
        let block = frame.rec?;
        let cursor = frame.cursor;
        if cursor >= self.trace.end(block) {
            return None;
        }
        let node = self.trace.node(cursor);
        node.is(tag).then_some((cursor, node))
    }

    /// Whether `node` is still the next operation of the top frame.
    #[inline]
    pub(crate) fn is_next(&self, node: NodeId) -> bool {
        self.frames
            .last()
            .is_some_and(|f| f.rec.is_some() && f.cursor == node)
    }

    /// Moves the top frame's cursor past the node [`Aligner::next_node`] returned, which ends
    /// at `end`.
    #[inline]
    pub(crate) fn advance(&mut self, end: NodeId) {
        if self.overlay.deletes() {
            self.move_to(end);
        } else {
            self.top().cursor = end;
        }
    }

    fn unaligned(
        &mut self,
        near: Option<NodeId>,
        why: impl FnOnce() -> String,
    ) -> Result<Option<NodeId>, Fault> {
        if self.strategy == Strategy::Realign {
            self.notes
                .push(|| format!("{}; answered the simplest value", why()));
            Ok(None)
        } else {
            Err(self.infeasible(near, why()))
        }
    }

    /// The recorded value at `node` is not legal for today's arguments (paper's Case 2).
    /// `Ok(())`: answer the simplest value (re-align).
    pub(crate) fn illegal(
        &mut self,
        node: NodeId,
        why: impl FnOnce() -> String,
    ) -> Result<(), Fault> {
        if self.strategy == Strategy::Realign {
            self.notes
                .push(|| format!("{}; answered the simplest value", why()));
            Ok(())
        } else {
            Err(self.infeasible(Some(node), why()))
        }
    }

    /// Opens a frame aligned with `rec` (a block-like node or a loop).
    pub(crate) fn push(&mut self, rec: Option<NodeId>) {
        if std::mem::take(&mut self.through_next)
            && rec.is_none()
            && let Some(parent) = self.frames.last()
            && parent.rec.is_some()
        {
            let (rec, cursor) = (parent.rec, parent.cursor);
            self.frames.push(Frame {
                rec,
                cursor,
                through: true,
                body: false,
            });
            return;
        }
        let cursor = rec.map_or(0, |r| self.settle(r, r + 1));
        self.frames.push(Frame {
            rec,
            cursor,
            through: false,
            body: false,
        });
    }

    /// Opens the frame of a generator call aligned with the recorded call `rec`: the call's
    /// own recording, or the nested call an edit hoists in its place. When that nested call
    /// is of another generator (a descent), the call runs unaligned, answering the simplest
    /// values, until it first calls that generator, whose call aligns with the nested one
    /// ([`Aligner::op`]); if it returns without calling it, the replay halts
    /// ([`Aligner::close`]).
    #[inline]
    pub(crate) fn push_call(&mut self, rec: Option<NodeId>) {
        let hoisted = rec.map(|r| self.overlay.hoisted(r));
        if let (Some(r), Some(h)) = (rec, hoisted)
            && h != r
            && !same_generator(&self.trace, r, h)
        {
            self.push(None);
            self.top().body = true;
            self.descent = Some(Descent {
                target: h,
                depth: self.frames.len(),
            });
            return;
        }
        self.push(hoisted);
        let top = self.top();
        top.body = !top.through;
    }

    /// The recorded child of the current frame's node (selection branch, switch arm),
    /// aligned when its kind is what the run took.
    #[inline]
    pub(crate) fn only_child(&self, rec: NodeId) -> Option<NodeId> {
        self.trace.children(rec).next()
    }

    /// Whether `node` is removed (a removed part, or a node the edit deleted).
    #[inline]
    pub(crate) fn is_removed(&self, node: NodeId) -> bool {
        self.overlay.contains(node)
    }

    /// The first child of `parent` at or after position `from` that is not removed.
    // Reason: measured (callgrind, draws replay): with `#[inline]`, LLVM left it out of line
    // in `step_loop_replaying` after unrelated changes moved code between codegen units,
    // 11 to 30 instructions more per replayed iteration.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn next_kept(&self, parent: NodeId, from: NodeId) -> Option<NodeId> {
        let c = self.skip_removed(parent, from.max(parent + 1));
        (c < self.trace.end(parent)).then_some(c)
    }

    /// Number of removed iterations of a recorded loop.
    pub(crate) fn removed_iterations(&self, lp: NodeId) -> u128 {
        self.overlay.removed_children(lp, self.trace.end(lp))
    }

    /// The loop frame on top, with its cursor, when it is aligned.
    pub(crate) fn current_loop(&self) -> Option<(NodeId, NodeId)> {
        let frame = self.frames.last()?;
        frame.rec.map(|rec| (rec, frame.cursor))
    }

    /// Whether loop `lp` has a kept iteration at or after child position `cursor`.
    pub(crate) fn has_kept_iteration(&self, lp: NodeId, cursor: NodeId) -> bool {
        self.next_kept(lp, cursor).is_some()
    }

    /// Starts the next iteration of the loop whose frame is on top: aligned with the next
    /// kept recorded iteration, or unaligned when none is left.
    pub(crate) fn iteration(&mut self) {
        let (rec, cursor) = {
            let frame = self.top();
            (frame.rec, frame.cursor)
        };
        let mut aligned = rec.and_then(|lp| self.next_kept(lp, cursor));
        if let Some(c) = aligned {
            let next = self.trace.end(c);
            self.move_to(next);
        } else if let Some((moved, past)) = rec.and_then(|lp| self.moved_next(lp, cursor)) {
            self.top().cursor = past;
            self.moves_taken += 1;
            aligned = Some(moved);
        }
        self.push(aligned);
        self.top().body = true;
    }

    /// The iteration an edit moves to the end of loop `lp` ([`Edit::moves`]) that comes
    /// next, when the loop's frame is at `cursor` past its own kept iterations, and the
    /// cursor after it. Past the loop's end, the cursor counts the moved iterations taken:
    /// `end + k` once `k` are.
    ///
    /// [`Edit::moves`]: crate::trace::edit::Edit
    #[cold]
    fn moved_next(&self, lp: NodeId, cursor: NodeId) -> Option<(NodeId, NodeId)> {
        let end = self.trace.end(lp);
        let taken = cursor.saturating_sub(end);
        let moved = self.overlay.moved_in(lp, taken as usize)?;
        Some((moved, end + taken + 1))
    }

    /// Closes the loop iteration on top and starts the next one (the hot case of a loop),
    /// as [`Aligner::close`] then [`Aligner::iteration`] would. Returns false, changing
    /// nothing, when the closed iteration may have recorded operations left that halt and
    /// bypass must report (cautiously: also when all that is left was removed); the caller
    /// takes the general path then.
    #[inline]
    pub(crate) fn next_iteration(&mut self) -> bool {
        let [.., lp, iteration] = &self.frames[..] else {
            return false;
        };
        if self.strategy != Strategy::Realign
            && let Some(rec) = iteration.rec
            && iteration.cursor < self.trace.end(rec)
        {
            return false;
        }
        let aligned = lp.rec.and_then(|lp_rec| self.next_kept(lp_rec, lp.cursor));
        if aligned.is_none() && self.overlay.moves_some() {
            // An iteration an edit moved may come next: the general path
            // ([`Aligner::iteration`]) takes it, off this hot one.
            return false;
        }
        let [.., lp, iteration] = &mut self.frames[..] else {
            unreachable!("checked above")
        };
        if let Some(c) = aligned {
            lp.cursor = self.trace.end(c);
        }
        *iteration = Frame {
            rec: aligned,
            cursor: aligned.map_or(0, |r| r + 1),
            through: false,
            body: true,
        };
        if let Some(r) = aligned
            && self.overlay.deletes()
        {
            let cursor = self.settle(r, r + 1);
            self.top().cursor = cursor;
        }
        true
    }

    /// Closes the top frame. Under halt and bypass, recorded operations the run did not
    /// reach are an infeasible alignment (the run must match the reduced trace one to one).
    #[inline]
    pub(crate) fn close(&mut self) -> Result<(), Fault> {
        let frame = self.frames.pop().expect("frames are balanced with opens");
        if self.frames.is_empty() {
            self.frames.push(frame); // never pop the root
            return Ok(());
        }
        if let Some(descent) = self.descent
            && self.frames.len() < descent.depth
        {
            return Err(self.descent_missed(descent));
        }
        if frame.through {
            // What it aligned with is its parent's: the parent goes on after it.
            self.top().cursor = frame.cursor;
            return Ok(());
        }
        // Nothing left to check (the common case) without the call.
        if self.strategy == Strategy::Realign
            || frame
                .rec
                .is_none_or(|rec| frame.cursor >= self.trace.end(rec))
        {
            return Ok(());
        }
        self.check_leftovers(&frame)
    }

    fn check_leftovers(&self, frame: &Frame) -> Result<(), Fault> {
        if self.strategy == Strategy::Realign {
            return Ok(());
        }
        match frame.rec.and_then(|rec| self.next_kept(rec, frame.cursor)) {
            Some(c) => {
                let why = format!("the run left out the recorded {}", describe(&self.trace, c));
                Err(self.infeasible(Some(c), why))
            }
            None => Ok(()),
        }
    }

    /// A descending call returned without calling its nested call's generator: the
    /// candidate is not the one the edit meant (the call's simplest form is another edit's).
    #[cold]
    fn descent_missed(&mut self, descent: Descent) -> Fault {
        self.descent = None;
        Fault::Halt(format!(
            "the call descending to the recorded {} returned without calling its generator",
            describe(&self.trace, descent.target)
        ))
    }

    /// At the end of the run: recorded operations left in the frames still open.
    pub(crate) fn finish(&mut self) -> Result<(), Fault> {
        if let Some(descent) = self.descent {
            return Err(self.descent_missed(descent));
        }
        if let Some(lost) = self.overlay.moved().nth(self.moves_taken) {
            return Err(Fault::Halt(format!(
                "the moved {} never replayed: its new loop ended first",
                describe(&self.trace, lost)
            )));
        }
        while let Some(frame) = self.frames.pop() {
            self.check_leftovers(&frame)?;
        }
        Ok(())
    }
}

/// Whether the recorded calls `a` and `b` are of the same generator.
pub(crate) fn same_generator(trace: &Trace, a: NodeId, b: NodeId) -> bool {
    match (trace.kind(a), trace.kind(b)) {
        (Kind::Scope { site: s, .. }, Kind::Scope { site: t, .. }) => s == t,
        _ => false,
    }
}

fn what(op: Op, site: &Site) -> String {
    match op {
        Op::Decision => format!("decision `{}`", site.what),
        Op::Scope => format!("call of `{}`", site.what),
        Op::Loop => "loop".to_string(),
        Op::Selection => "`if`".to_string(),
        Op::Switch => "`match`".to_string(),
    }
}

#[cfg(test)]
#[path = "align_tests.rs"]
mod tests;
