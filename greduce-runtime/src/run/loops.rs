//! Loops: a `for` over a drawn count and a `while` on a drawn bool, whose iterations are
//! reducible parts. The iterators generated code wraps loops in (`LoopIter`, `WhileLoop`)
//! and the session's side: open the loop, step it, and on replay follow the reduced trace's
//! iterations (a removed one is skipped, an extra one re-aligns).

use super::Aligned;
use super::Handle;
use super::RECORDING;
use super::Recording;
use super::align::Fault;
use super::align::Op;
use super::kinds::BoolArg;
use super::kinds::Int;
use super::ok_or_stop;
use super::scopes::close;
use crate::trace::Count;
use crate::trace::NONE;
use crate::trace::New;
use crate::trace::NodeId;
use crate::trace::site::Site;
use crate::trace::value::Asked;
use crate::trace::value::IntTy;
use crate::trace::value::Value;
use std::iter::Take;
use std::ops::Range;
use std::ops::RangeInclusive;
use std::rc::Rc;

/// `let n = <decision>; .. for _ in start..n`: opens the loop, linking it to the decision
/// that made `n` when that decision was made in the same block.
pub(crate) fn open_counted_loop(
    handle: &Handle,
    loop_site: &'static Site,
    count_site: &'static Site,
    n: u128,
    ty: IntTy,
    mask: u128,
) -> Option<NodeId> {
    ok_or_stop(handle.with(|run| {
        if run.fault.is_some() {
            return Err(());
        }
        if let Some(lean) = &mut run.lean {
            return Ok(lean.open(Some(loop_site)));
        }
        let rec = match run.align(Op::Loop, loop_site)? {
            Aligned::Node(node) => Some(node),
            Aligned::Record | Aligned::Unaligned => None,
        };
        let link = run
            .builder
            .unlinked_count(count_site)
            .and_then(
                |(d, decision)| match (decision.args.as_int(), decision.value.as_offset()) {
                    (Some((lo, _, decided)), Some(off))
                        if decided == ty && lo.wrapping_add(off) & mask == n =>
                    {
                        Some(d)
                    }
                    _ => None,
                },
            );
        let count = link.map_or(Count::Fixed, |decision| Count::Linked { decision });
        let lp = run.builder.open(New::Loop {
            site: loop_site,
            count,
        });
        if let Some(d) = link {
            run.builder.link(d, lp);
        }
        run.push_frame(rec);
        Ok(lp)
    }))
}

/// `while .. rng.random_bool(p)`: opens the loop.
pub(crate) fn open_while_loop(handle: &Handle, loop_site: &'static Site, args: Asked) {
    ok_or_stop(handle.with(|run| {
        if run.fault.is_some() {
            return Err(());
        }
        if let Some(lean) = &mut run.lean {
            lean.open(Some(loop_site));
            return Ok(());
        }
        let rec = match run.align(Op::Loop, loop_site)? {
            Aligned::Node(node) => Some(node),
            Aligned::Record | Aligned::Unaligned => None,
        };
        run.builder.open(New::Loop {
            site: loop_site,
            count: Count::While { args, ended: false },
        });
        run.push_frame(rec);
        Ok(())
    }));
}

/// The condition decision of a `while` loop (the loop's frame is on top). Returns whether
/// to run another iteration, and opens it if so.
pub(crate) fn while_next(
    handle: &Handle,
    site: &'static Site,
    args: Asked,
    record: impl FnOnce() -> bool,
) -> bool {
    let plan = ok_or_stop(handle.with(|run| {
        run.tick(site)?;
        match run.next_draw(&args, site)? {
            Some(Value::Bool(more)) if args.admits_bool(more) => return Ok(Some(more)),
            Some(_) => {
                run.illegal_draw(&args, site);
                return Err(());
            }
            None => {}
        }
        let Some(aligner) = &run.aligner else {
            return Ok(None);
        };
        let lp = aligner.current_loop();
        let more = match lp {
            Some((lp, cursor)) => aligner.has_kept_iteration(lp, cursor),
            None => return Ok(Some(args.simplest_bool())),
        };
        if args.admits_bool(more) {
            Ok(Some(more))
        } else {
            run.illegal(lp.expect("aligned").0, || {
                format!("`while` @ {site} cannot answer {more} for random_bool({args})")
            })?;
            Ok(Some(args.simplest_bool()))
        }
    }));
    let more = match plan {
        Some(Some(more)) => more,
        Some(None) | None => record(),
    };
    handle.with(|run| {
        if let Some(lean) = &mut run.lean {
            if more {
                lean.open(None);
            }
            return;
        }
        let lp = run.builder.current();
        run.builder.set_while(lp, args, !more);
        if more {
            run.builder.open_iteration();
            if let Some(aligner) = &mut run.aligner {
                aligner.iteration();
            }
        }
    });
    more
}

/// Moves the loop `lp` on: closes its iteration that is open (`close_iteration`), then
/// opens the next one (`more`) or closes the loop. One visit to the run for both, as loops
/// are hot.
///
/// Loops nest: the loop (or its open iteration) must be the innermost open node. Two loops
/// iterated at the same time (`a.zip(b)`) are not: recording panics and says so, replaying
/// stops (the trace could not describe them as parts of one another).
#[inline(never)]
pub(crate) fn step_loop(handle: &Handle, lp: NodeId, close_iteration: bool, more: bool) {
    let nested = if handle.recording() {
        // What `Recording::next_iteration` (inlined into the loop) leaves: the first and
        // last steps, and a step while another loop is innermost.
        handle.with(|run| run.builder.step_loop(lp, close_iteration, more))
    } else {
        ok_or_stop(step_loop_replaying(handle, lp, close_iteration, more))
    };
    if nested == Some(false) {
        interleaved(handle);
    }
}

/// [`step_loop`] while replaying.
#[inline(never)]
pub(super) fn step_loop_replaying(
    handle: &Handle,
    lp: NodeId,
    close_iteration: bool,
    more: bool,
) -> Option<Result<bool, ()>> {
    handle.with(|run| {
        let Some(aligner) = &mut run.aligner else {
            if run.lean.is_some() {
                return run.lean_step_loop(lp, close_iteration, more);
            }
            // A scripted run: no trace to align with. Bytes bound its nodes (a loop counted
            // by four bytes and drawing nothing would otherwise run 4 billion times).
            if more && run.builder.len() > run.node_budget && !std::thread::panicking() {
                let runaway = run.builder.innermost_loop_site();
                run.fail(Fault::OverBudget(run.decisions, runaway));
                return Err(());
            }
            return Ok(run.builder.step_loop(lp, close_iteration, more));
        };
        // The hot case first: the next iteration of the innermost loop.
        if close_iteration
            && more
            && run.builder.parent_of(run.builder.current()) == lp
            && aligner.next_iteration()
        {
            return Ok(run.builder.step_loop(lp, true, true));
        }
        // Only a step that opens one more iteration stops the replay: closing steps run
        // from the loop's drop, also while the replay unwinds.
        if more && run.builder.len() > run.node_budget && !std::thread::panicking() {
            let decisions = run.decisions;
            let runaway = run.builder.innermost_loop_site();
            run.fail(Fault::OverBudget(decisions, runaway));
            return Err(());
        }
        let top = run.builder.current();
        let innermost = if close_iteration {
            run.builder.parent_of(top) == lp
        } else {
            top == lp
        };
        if !innermost {
            return Ok(false);
        }
        if close_iteration {
            run.close_frame();
            run.builder.close();
        }
        if more {
            run.builder.open_iteration();
            if let Some(aligner) = &mut run.aligner {
                aligner.iteration();
            }
        } else {
            run.close_frame();
            run.builder.close();
        }
        Ok(true)
    })
}

/// A loop was moved on while another one was innermost.
#[cold]
pub(super) fn interleaved(handle: &Handle) {
    let why = "two reducible loops are iterated at the same time (for example with `zip`): \
               greduce records a loop's iterations as parts nested in the enclosing one; \
               iterate them one after the other, or collect one first";
    let replaying = handle.with(|run| {
        let replaying = run.aligner.is_some();
        if replaying {
            run.fail(Fault::Halt(why.to_string()));
        }
        replaying
    });
    assert!(
        replaying != Some(false) || std::thread::panicking(),
        "greduce: {why}"
    );
}

/// The iterator of a reducible loop: yields what the plain range (or `take`) yields and
/// opens one iteration of the loop in the trace per item.
///
/// The loop opens in the trace when its first item is asked for, so an iterator built now
/// and consumed later, or chained after another loop, is recorded where it runs. A range's
/// items cost nothing, so an iteration opens after its item is pulled (the loop ends exactly
/// when the range does); a `take` pulls its items from a closure that may draw
/// (`repeat_with(|| rng.random())`), so it is *lazy* (`LAZY`): the iteration opens before
/// the item is pulled, while the take's remaining count says whether one comes.
#[derive(Debug)]
pub struct LoopIter<I, const LAZY: bool> {
    inner: I,
    state: LoopState,
}

/// Where a [`LoopIter`] is in its loop.
#[derive(Debug)]
enum LoopState {
    /// Recording, with an iteration of loop `lp` open: the hot state, in which a step
    /// records the next iteration with no other check (the handle's, the run's mode, the
    /// loop's and the iteration's were made when it was entered).
    Iterating { run: Recording, lp: u32 },
    /// Every other state.
    Other {
        handle: Handle,
        /// The loop's node in the trace while it is open; [`NONE`] before it starts (when
        /// `pending`), after it ends, and outside a run.
        lp: u32,
        /// Whether an iteration of the loop is open.
        in_iteration: bool,
        /// In a run, until the loop starts.
        pending: Option<Pending>,
    },
}

/// A loop that has not started yet.
#[derive(Debug, Clone, Copy)]
struct Pending {
    loop_site: &'static Site,
    count_site: &'static Site,
    count: LoopCount,
}

/// A loop count, for linking it to the decision that made it.
#[derive(Debug, Clone, Copy)]
struct LoopCount {
    bits: u128,
    ty: crate::trace::value::IntTy,
    mask: u128,
}

impl<I, const LAZY: bool> LoopIter<I, LAZY> {
    fn new<T: Int>(
        handle: &Handle,
        inner: I,
        n: T,
        (loop_site, count_site): (&'static Site, &'static Site),
    ) -> Self {
        let active = handle.active();
        let pending = active.then(|| Pending {
            loop_site,
            count_site,
            count: LoopCount {
                bits: n.to_bits(),
                ty: T::TY,
                mask: T::MASK,
            },
        });
        LoopIter {
            inner,
            state: LoopState::Other {
                handle: handle.clone(),
                lp: NONE,
                in_iteration: false,
                pending,
            },
        }
    }
}

impl<I: Iterator, const LAZY: bool> LoopIter<I, LAZY> {
    /// Pulls an item with `next` (from the front or the back), opening the loop and its
    /// iterations as they start.
    // Reason: measured (callgrind, draws record): with `#[inline]` LLVM kept the loop's
    // steps out of line, a call and 54 instructions per iteration.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn pull(&mut self, next: impl FnOnce(&mut I) -> Option<I::Item>) -> Option<I::Item> {
        if let LoopState::Iterating { run, lp } = &self.state {
            let lp = *lp;
            if LAZY {
                let more = self.inner.size_hint().1 != Some(0);
                if !(more && run.next_iteration(lp)) {
                    self.state.step(more);
                }
                return next(&mut self.inner);
            }
            let item = next(&mut self.inner);
            if !(item.is_some() && run.next_iteration(lp)) {
                self.state.step(item.is_some());
            }
            return item;
        }
        if !self.state.open() {
            return next(&mut self.inner);
        }
        if LAZY {
            let more = self.inner.size_hint().1 != Some(0);
            self.state.step(more);
            next(&mut self.inner)
        } else {
            let item = next(&mut self.inner);
            self.state.step(item.is_some());
            item
        }
    }
}

impl LoopState {
    /// Whether the loop is open, opening it if it is pending.
    #[inline]
    fn open(&mut self) -> bool {
        match self {
            LoopState::Iterating { .. } => true,
            LoopState::Other { lp, .. } => *lp != NONE || self.start(),
        }
    }

    /// Opens the loop in the trace if it is pending; whether it is open.
    #[cold]
    fn start(&mut self) -> bool {
        let LoopState::Other {
            handle,
            lp,
            pending,
            ..
        } = self
        else {
            return true;
        };
        let Some(Pending {
            loop_site,
            count_site,
            count,
        }) = pending.take()
        else {
            return false;
        };
        let opened = open_counted_loop(
            handle, loop_site, count_site, count.bits, count.ty, count.mask,
        );
        *lp = opened.unwrap_or(NONE);
        opened.is_some()
    }

    /// Every step of the open loop but the hot one ([`LoopIter::pull`]'s): the first and
    /// last steps, a step while replaying, and a step while another loop is innermost.
    /// Inlined, around the call of [`step_loop`]: out of line, its frame and the
    /// fields it reads cost replays 12 instructions more per iteration (callgrind, draws
    /// replay).
    #[inline]
    fn step(&mut self, more: bool) {
        match self {
            LoopState::Other {
                handle,
                lp,
                in_iteration,
                ..
            } => {
                step_loop(handle, *lp, *in_iteration, more);
                if !more {
                    *lp = NONE;
                    return;
                }
                *in_iteration = true;
                if handle.recording() {
                    self.enter();
                }
            }
            LoopState::Iterating { .. } => self.step_iterating(more),
        }
    }

    /// [`LoopState::step`] in the hot state (its hot step failed: the last step, or a step
    /// while another loop is innermost).
    #[cold]
    #[inline(never)]
    fn step_iterating(&mut self, more: bool) {
        if let LoopState::Iterating { run, lp } = self {
            run.step_loop(*lp, more);
            if !more {
                self.leave();
            }
        }
    }

    /// From [`LoopState::Other`] in an iteration to [`LoopState::Iterating`] (recording).
    #[cold]
    fn enter(&mut self) {
        if let LoopState::Other { handle, lp, .. } = self
            && let Ok(run) = Recording::of(handle.clone())
        {
            *self = LoopState::Iterating { run, lp: *lp };
        }
    }

    /// From [`LoopState::Iterating`] to [`LoopState::Other`], the loop ended.
    #[cold]
    fn leave(&mut self) {
        if let LoopState::Iterating { run, .. } = std::mem::replace(self, LoopState::ended()) {
            *self = LoopState::Other {
                handle: run.into_handle(),
                lp: NONE,
                in_iteration: true,
                pending: None,
            };
        }
    }

    /// A loop that has ended (or never started), on no run.
    #[inline]
    fn ended() -> LoopState {
        LoopState::Other {
            handle: Handle::off(),
            lp: NONE,
            in_iteration: false,
            pending: None,
        }
    }

    /// Closes the loop if it is open (the iterator is dropped).
    #[inline]
    fn close(&mut self) {
        let open = match self {
            LoopState::Iterating { .. } => true,
            LoopState::Other { lp, .. } => *lp != NONE,
        };
        if open {
            self.close_open();
        }
    }

    /// [`LoopState::close`] of an open loop.
    #[inline(never)]
    fn close_open(&mut self) {
        match self {
            LoopState::Iterating { run, lp } => run.step_loop(*lp, false),
            LoopState::Other {
                handle,
                lp,
                in_iteration,
                ..
            } => step_loop(handle, *lp, *in_iteration, false),
        }
    }
}

impl<I: Iterator, const LAZY: bool> Iterator for LoopIter<I, LAZY> {
    type Item = I::Item;

    #[allow(clippy::inline_always)] // Reason: as `pull`'s.
    #[inline(always)]
    fn next(&mut self) -> Option<I::Item> {
        self.pull(Iterator::next)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<I: DoubleEndedIterator, const LAZY: bool> DoubleEndedIterator for LoopIter<I, LAZY> {
    #[inline]
    fn next_back(&mut self) -> Option<I::Item> {
        self.pull(DoubleEndedIterator::next_back)
    }
}

impl<I: ExactSizeIterator, const LAZY: bool> ExactSizeIterator for LoopIter<I, LAZY> {}

impl<I, const LAZY: bool> Drop for LoopIter<I, LAZY> {
    #[inline]
    fn drop(&mut self) {
        self.state.close();
    }
}

/// `for _ in start..n` where `n` is a decision made just before (`start..rng.random_range(r)`
/// or `let n = rng.random_range(r); .. start..n`): a reducible loop counted by it.
#[inline]
pub fn counted_loop<T: Int>(
    handle: &Handle,
    start: T,
    n: T,
    loop_site: &'static Site,
    count_site: &'static Site,
) -> LoopIter<Range<T>, false> {
    LoopIter::new(handle, start..n, n, (loop_site, count_site))
}

/// `for _ in start..=n`, as [`counted_loop`].
#[inline]
pub fn counted_loop_inclusive<T: Int>(
    handle: &Handle,
    start: T,
    n: T,
    loop_site: &'static Site,
    count_site: &'static Site,
) -> LoopIter<RangeInclusive<T>, false> {
    LoopIter::new(handle, start..=n, n, (loop_site, count_site))
}

/// `iter.take(n)` (on `repeat_with`), as [`counted_loop`].
#[inline]
pub fn counted_take<I: Iterator>(
    handle: &Handle,
    iter: I,
    n: usize,
    loop_site: &'static Site,
    count_site: &'static Site,
) -> LoopIter<Take<I>, true> {
    LoopIter::new(handle, iter.take(n), n, (loop_site, count_site))
}

/// A `while .. rng.random_bool(p)` loop: each iteration is a reducible part.
#[must_use]
#[derive(Debug)]
pub struct WhileLoop<'h> {
    handle: Option<&'h Handle>,
    in_iteration: bool,
}

/// Opens a `while` loop whose condition ends in a boolean decision.
#[inline]
pub fn while_loop<'h>(handle: &'h Handle, loop_site: &'static Site) -> WhileLoop<'h> {
    if !handle.active() {
        return WhileLoop {
            handle: None,
            in_iteration: false,
        };
    }
    open_while_loop(handle, loop_site, Asked::Bool { p: 0.5 });
    WhileLoop {
        handle: Some(handle),
        in_iteration: false,
    }
}

impl WhileLoop<'_> {
    /// The loop condition's decision: whether to run another iteration.
    #[inline]
    pub fn next<R: ?Sized, B: BoolArg>(
        &mut self,
        arg: B,
        site: &'static Site,
        rng: &mut R,
        direct: impl FnOnce(&mut R, B) -> bool,
    ) -> bool {
        let Some(handle) = self.handle else {
            return direct(rng, arg);
        };
        if self.in_iteration {
            self.in_iteration = false;
            close(handle);
        }
        if !handle.recording() {
            arg.check();
        }
        let more = while_next(handle, site, arg.args(), || direct(rng, arg));
        self.in_iteration = more;
        more
    }
}

impl Drop for WhileLoop<'_> {
    fn drop(&mut self) {
        if let Some(handle) = self.handle {
            if self.in_iteration {
                close(handle);
            }
            close(handle);
        }
    }
}

/// A loop stepped on a recording held by an iterator ([`LoopIter`]).
impl Recording {
    /// [`step_loop`](fn@step_loop) with an iteration of `lp` open.
    pub(crate) fn step_loop(&self, lp: NodeId, more: bool) {
        let handle = Handle {
            slot: Some(Rc::clone(&self.0)),
            mode: RECORDING,
        };
        step_loop(&handle, lp, true, more);
    }

    /// Closes the open iteration of loop `lp` and opens the next, as
    /// [`Builder::next_iteration`](crate::trace::builder::Builder::next_iteration); false, doing nothing, when another loop is innermost or
    /// the run is busy or over.
    #[inline]
    pub(crate) fn next_iteration(&self, lp: NodeId) -> bool {
        match self.0.try_borrow_mut() {
            Ok(mut run) => run.builder.next_iteration(lp),
            Err(_) => false,
        }
    }
}
