//! The current run: a thread-local that is set while greduce records or replays a
//! generator. Generated code asks [`active`] (one thread-local read) and, outside a run,
//! calls rand directly; inside a run it takes a [`Handle`] once per generator call, and
//! every decision and reducible part goes through here with that handle.
//!
//! Recording and replaying are two modes of the same run: both build the trace of what
//! happens ([`Builder`]); a replay also has an [`Aligner`] that answers decisions from a
//! reduced trace.

use crate::panic_hook;
use crate::run::align::{Aligner, Fault, Op};
use crate::run::kinds::RangeArg;
use crate::trace::builder::Builder;
use crate::trace::describe::describe;
use crate::trace::keys::KeyArgs;
use crate::trace::node::Form;
use crate::trace::site::Site;
use crate::trace::value::{Args, IntTy, Value};
use crate::trace::{Count, Decision, Kind, NONE, New, Node, NodeId, Store, Tag, Trace};
use bytes::Reader;
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::rc::Rc;

pub(crate) mod align;
pub(crate) mod bytes;
pub(crate) mod kinds;
mod lean;
pub(crate) mod legal;
pub(crate) mod record;
pub(crate) mod replay;
pub(crate) mod seq;
pub(crate) mod tape;
pub(crate) mod uniform;

thread_local! {
    /// Whether a run is [`RECORDING`] or [`REPLAYING`] on this thread, or neither
    /// ([`OFF`]). Kept apart from the run itself so that the check an annotated generator
    /// makes on each call is one thread-local read.
    static MODE: Cell<u8> = const { Cell::new(OFF) };
    /// The run on this thread, where generated code fetches its [`Handle`].
    static CURRENT: RefCell<Option<Rc<Slot>>> = const { RefCell::new(None) };
    /// The call site that was just passed the rng ([`pass_rng`]): the callee's scope records
    /// it, and [`call_returned`] checks that the callee took it (was a generator). Per
    /// thread, not per handle, so that caller and callee agree even when they hold handles
    /// on different runs (a run started inside a generator); each run starts with none.
    static PENDING_CALL: Cell<Option<&'static Site>> = const { Cell::new(None) };
}

const OFF: u8 = 0;
const RECORDING: u8 = 1;
const REPLAYING: u8 = 2;
/// A run on bytes that builds no trace ([`lean`]).
const LEAN: u8 = 3;

/// Where a run lives while it runs. A handle that outlives its run (an iterator kept past
/// it) finds the cell borrowed for good (see [`execute`]) and does nothing: one check of
/// the borrow flag on every event, where an `Option` emptied at the end took a second.
type Slot = RefCell<Session>;

/// Whether a greduce run is recording or replaying on this thread.
#[inline]
pub(crate) fn active() -> bool {
    MODE.with(Cell::get) != OFF
}

/// A generator's handle on the current run (not public API: generated code takes one when
/// an annotated function starts and passes it to each decision and reducible part).
///
/// Reaching the run through a handle instead of the thread-local costs one pointer and one
/// `RefCell` flag per event: with about a million events per run, the thread-local lookups
/// were most of what recording cost.
#[derive(Clone)]
pub struct Handle {
    /// `None` outside a run.
    slot: Option<Rc<Slot>>,
    /// The run's mode ([`MODE`]) when the handle was taken: [`RECORDING`], [`REPLAYING`],
    /// or [`LEAN`], which the replaying entry points hand over to the lean ones first.
    mode: u8,
}

impl std::fmt::Debug for Handle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Handle")
            .field("active", &self.slot.is_some())
            .field("mode", &self.mode)
            .finish()
    }
}

impl Handle {
    /// The current run's handle (an inactive one outside a run).
    #[inline]
    pub(crate) fn current() -> Handle {
        let mode = MODE.with(Cell::get);
        if mode == OFF {
            return Handle::off();
        }
        Handle {
            slot: CURRENT.with(|c| c.borrow().clone()),
            mode,
        }
    }

    /// A handle on no run.
    pub(crate) const fn off() -> Handle {
        Handle {
            slot: None,
            mode: OFF,
        }
    }

    /// Whether this handle is on a run (which may have ended since).
    #[inline]
    pub(crate) fn active(&self) -> bool {
        self.slot.is_some()
    }

    /// Whether the run records (rather than replays).
    #[inline]
    pub(crate) fn recording(&self) -> bool {
        self.mode == RECORDING
    }

    /// Whether the run is lean (see `lean.rs`).
    #[inline]
    fn lean(&self) -> bool {
        self.mode == LEAN
    }

    /// Whether the run replays.
    #[inline]
    pub(crate) fn replaying(&self) -> bool {
        self.slot.is_some() && self.mode != RECORDING
    }

    /// Calls `f` on the run. `None` outside a run, after it ended, or while the run is
    /// busy (a `Drop` running inside greduce's own call).
    #[inline]
    fn with<T>(&self, f: impl FnOnce(&mut Session) -> T) -> Option<T> {
        let mut session = self.slot.as_ref()?.try_borrow_mut().ok()?;
        Some(f(&mut session))
    }
}

/// A recording run's handle, known to be on a run: what a loop holds while it iterates
/// while recording (see [`crate::__private::LoopIter`]), so that its hot step checks
/// nothing but the run's borrow flag.
pub(crate) struct Recording(Rc<Slot>);

impl std::fmt::Debug for Recording {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Recording")
    }
}

impl Recording {
    /// `handle`'s run when it records; else `handle` back.
    #[inline]
    pub(crate) fn of(handle: Handle) -> Result<Recording, Handle> {
        match handle {
            Handle {
                slot: Some(slot),
                mode: RECORDING,
            } => Ok(Recording(slot)),
            handle => Err(handle),
        }
    }

    /// The handle again.
    #[inline]
    pub(crate) fn into_handle(self) -> Handle {
        Handle {
            slot: Some(self.0),
            mode: RECORDING,
        }
    }

    /// [`step_loop`] with an iteration of `lp` open.
    pub(crate) fn step_loop(&self, lp: NodeId, more: bool) {
        let handle = Handle {
            slot: Some(Rc::clone(&self.0)),
            mode: RECORDING,
        };
        step_loop(&handle, lp, true, more);
    }

    /// Closes the open iteration of loop `lp` and opens the next, as
    /// [`Builder::next_iteration`]; false, doing nothing, when another loop is innermost or
    /// the run is busy or over.
    #[inline]
    pub(crate) fn next_iteration(&self, lp: NodeId) -> bool {
        match self.0.try_borrow_mut() {
            Ok(mut run) => run.builder.next_iteration(lp),
            Err(_) => false,
        }
    }
}

/// The payload a replay unwinds with when it stops on purpose (halt, bypass, budget).
pub(crate) struct Stop;

/// One recording or replaying run of a generator.
pub(crate) struct Session {
    pub(crate) builder: Builder,
    pub(crate) aligner: Option<Aligner>,
    decisions: u64,
    /// Times this replay unwound to stop (more than once only if the generator catches it).
    stops: u32,
    budget: u64,
    /// Nodes a replay may build at most: a loop that re-align keeps going without making
    /// decisions (nothing for the decision budget to count) stops there instead of filling
    /// memory.
    node_budget: usize,
    pub(crate) fault: Option<Fault>,
    /// Scripted draws: each decision takes the next value (see [`crate::replay_draws`]).
    script: Option<Script>,
    /// A lean run's open nodes: it builds no trace, and `builder` stays idle ([`lean`]).
    lean: Option<lean::Lean>,
}

/// What answers a scripted run's decisions, in the order they are made.
pub(crate) enum Script {
    /// Draws, one per decision (see [`crate::replay_draws`]).
    Draws { values: Vec<u64>, next: usize },
    /// A fuzzer's bytes, a fixed-width slice per decision (see [`crate::run::bytes`]).
    Bytes(Reader),
}

/// Decisions a run on bytes may make past the ones its bytes pay for, and nodes it may
/// build (`Session::with_bytes`): enough for any generator whose loops end on simplest
/// values, and a bound for one whose loop ends only on another value.
const BYTES_DECISIONS: u64 = 100_000;
const BYTES_NODES: usize = 1_000_000;

/// The decision and node budgets of a run on `len` bytes (see [`Session::with_bytes`]).
fn bytes_budgets(len: usize) -> (u64, usize) {
    (
        BYTES_DECISIONS.saturating_add(len as u64),
        BYTES_NODES.saturating_add(len.saturating_mul(64)),
    )
}

impl Session {
    pub(crate) fn record() -> Session {
        Session::new(None, u64::MAX, 0)
    }

    pub(crate) fn replay(aligner: Aligner, budget: u64) -> Session {
        // The new trace is usually about as long as the one replayed: no regrowing.
        let capacity = aligner.trace().len();
        let mut session = Session::new(Some(aligner), budget, capacity);
        session.node_budget = capacity.saturating_mul(4).saturating_add(4096);
        session
    }

    pub(crate) fn with_draws(values: Vec<u64>) -> Session {
        let mut session = Session::new(None, u64::MAX, values.len());
        session.script = Some(Script::Draws { values, next: 0 });
        session
    }

    /// A run whose decisions read `data` (see [`crate::run::bytes`]). It stops, over budget, when
    /// it makes more decisions than its bytes could pay for (one byte each) and
    /// [`BYTES_DECISIONS`] more, or builds more than [`BYTES_NODES`] nodes and 64 per byte.
    pub(crate) fn with_bytes(data: Vec<u8>) -> Session {
        let (budget, node_budget) = bytes_budgets(data.len());
        let mut session = Session::new(None, budget, 0);
        session.node_budget = node_budget;
        session.script = Some(Script::Bytes(Reader::new(data)));
        session
    }

    /// [`Session::with_bytes`] that builds no trace ([`lean`]): the same answers, budgets
    /// and faults, the same output.
    pub(crate) fn lean_bytes(data: Vec<u8>) -> Session {
        let (budget, node_budget) = bytes_budgets(data.len());
        Session {
            builder: Builder::lean(),
            aligner: None,
            decisions: 0,
            stops: 0,
            budget,
            node_budget,
            fault: None,
            script: Some(Script::Bytes(Reader::new(data))),
            lean: Some(lean::Lean::new()),
        }
    }

    /// The draws a scripted run left unused (none for bytes: what a run does not read is
    /// not an error).
    pub(crate) fn unused_draws(&self) -> usize {
        match &self.script {
            Some(Script::Draws { values, next }) => values.len() - next,
            _ => 0,
        }
    }

    /// Whether the run reads bytes: a value they give that a decision finds illegal (a
    /// zero weight, a surrogate) is replaced by the simplest one instead of stopping it.
    fn on_bytes(&self) -> bool {
        matches!(self.script, Some(Script::Bytes(_)))
    }

    /// The next scripted draw, as the value of a decision with `args` at `site`; `None` when
    /// the run is not scripted.
    fn next_draw(&mut self, args: &Args, site: &Site) -> Result<Option<Value>, ()> {
        let (values, next) = match &mut self.script {
            None => return Ok(None),
            Some(Script::Bytes(reader)) => return Ok(bytes::decode(args, reader)),
            Some(Script::Draws { values, next }) => (values, next),
        };
        let index = *next;
        let Some(&draw) = values.get(index) else {
            let why = format!("the draws ran out at {}({args}) @ {site}", site.what);
            self.fail(Fault::Halt(why));
            return Err(());
        };
        *next += 1;
        let value = match args {
            Args::Int { .. } | Args::WideInt(..) => Some(Value::Offset(draw)),
            Args::Bool { .. } | Args::Ratio { .. } => Some(Value::Bool(draw != 0)),
            Args::Index { .. } => Some(Value::Index(draw)),
            _ => None,
        };
        let Some(value) = value else {
            let why = format!(
                "draw {index} answers {}({args}) @ {site}: scripted draws answer integer \
                 ranges, booleans and choices only",
                site.what
            );
            self.fail(Fault::Halt(why));
            return Err(());
        };
        Ok(Some(value))
    }

    /// Fails a scripted run whose draw is not legal for its decision.
    fn illegal_draw(&mut self, args: &Args, site: &Site) {
        let index = match &self.script {
            Some(Script::Draws { next, .. }) => next.saturating_sub(1),
            _ => 0,
        };
        let why = format!(
            "draw {index} is out of range for {}({args}) @ {site}",
            site.what
        );
        self.fail(Fault::Halt(why));
    }

    /// A session that records nothing, left to the handles that outlive a run.
    fn idle() -> Session {
        Session {
            builder: Builder::idle(),
            aligner: None,
            decisions: 0,
            stops: 0,
            budget: 0,
            node_budget: 0,
            fault: None,
            script: None,
            lean: None,
        }
    }

    fn new(aligner: Option<Aligner>, budget: u64, capacity: usize) -> Session {
        Session {
            builder: Builder::with_capacity(capacity),
            aligner,
            decisions: 0,
            stops: 0,
            budget,
            node_budget: usize::MAX,
            fault: None,
            script: None,
            lean: None,
        }
    }

    pub(crate) fn into_trace(self) -> Trace {
        self.builder.finish()
    }

    /// Ends a lean run ([`Session::lean_bytes`]), giving its buffers back.
    pub(crate) fn release(self) {
        self.builder.release();
    }

    fn fail(&mut self, fault: Fault) {
        if self.fault.is_none() {
            self.fault = Some(fault);
        }
    }

    /// Counts a decision (at `site`) against the replay budget and reports a pending
    /// fault.
    fn tick(&mut self, site: &'static Site) -> Result<(), ()> {
        if self.fault.is_some() {
            return Err(());
        }
        self.decisions += 1;
        if self.decisions > self.budget {
            // Where it ran away: the loop it is in, or else the decision; but only when the
            // run was going on past the reduced trace in a body or an iteration. A run
            // stopped inside a branch or an arm made more decisions than the input it would
            // replace (another `match` arm that draws more): larger, not running away.
            let away = self.aligner.as_ref().is_none_or(Aligner::past_the_trace);
            let runaway = away.then(|| self.innermost_loop_site().unwrap_or(site));
            self.fail(Fault::OverBudget(self.decisions - 1, runaway));
            return Err(());
        }
        Ok(())
    }

    /// [`step_loop`] in a lean run: stops it past its node budget, as the traced run.
    fn lean_step_loop(
        &mut self,
        lp: NodeId,
        close_iteration: bool,
        more: bool,
    ) -> Result<bool, ()> {
        let lean = self.lean.as_mut().expect("a lean run");
        if more && lean.nodes() > self.node_budget && !std::thread::panicking() {
            let runaway = lean.innermost_loop_site();
            self.fail(Fault::OverBudget(self.decisions, runaway));
            return Err(());
        }
        Ok(lean.step_loop(lp, close_iteration, more))
    }

    /// The site of the innermost open loop, if any.
    fn innermost_loop_site(&self) -> Option<&'static Site> {
        match &self.lean {
            Some(lean) => lean.innermost_loop_site(),
            None => self.builder.innermost_loop_site(),
        }
    }

    /// Aligns a structural or decision operation; `Err` when the replay must stop.
    fn align(&mut self, op: Op, site: &'static Site) -> Result<Aligned, ()> {
        let Some(aligner) = &mut self.aligner else {
            return Ok(Aligned::Record);
        };
        match aligner.op(op, site) {
            Ok(Some(node)) => Ok(Aligned::Node(node)),
            Ok(None) => Ok(Aligned::Unaligned),
            Err(fault) => {
                self.fail(fault);
                Err(())
            }
        }
    }

    fn illegal(&mut self, node: NodeId, why: impl FnOnce() -> String) -> Result<(), ()> {
        let aligner = self.aligner.as_mut().expect("only replays align");
        aligner.illegal(node, why).map_err(|fault| self.fail(fault))
    }

    fn push_frame(&mut self, rec: Option<NodeId>) {
        if let Some(aligner) = &mut self.aligner {
            aligner.push(rec);
        }
    }

    // Reason: measured (callgrind, isra replay): with `#[inline]`, LLVM left it out of line
    // in `close_replaying`, 47 instructions more per closed scope.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn close_frame(&mut self) {
        if let Some(aligner) = &mut self.aligner
            && let Err(fault) = aligner.close()
            && !std::thread::panicking()
        {
            self.fail(fault);
        }
    }
}

enum Aligned {
    /// Recording: nothing to align with.
    Record,
    /// Aligned with this recorded node.
    Node(NodeId),
    /// Replaying unaligned (re-align).
    Unaligned,
}

/// Runs `f` with `run` installed as this thread's current run; returns what `f` returned
/// (or its panic) and the run. With `quiet`, panics inside print nothing.
pub(crate) fn execute<T>(
    run: Session,
    quiet: bool,
    f: impl FnOnce() -> T,
) -> (Result<T, Box<dyn Any + Send>>, Session) {
    // A scripted run takes the replaying paths, which ask the run for each value.
    let mode = if run.lean.is_some() {
        LEAN
    } else if run.aligner.is_some() || run.script.is_some() {
        REPLAYING
    } else {
        RECORDING
    };
    let slot: Rc<Slot> = Rc::new(RefCell::new(run));
    let previous = CURRENT.with(|c| c.replace(Some(Rc::clone(&slot))));
    let was = MODE.with(|m| m.replace(mode));
    let pending = PENDING_CALL.with(|p| p.replace(None));
    let result = panic_hook::quiet_if(quiet, || catch_unwind(AssertUnwindSafe(f)));
    PENDING_CALL.with(|p| p.set(pending));
    MODE.with(|m| m.set(was));
    CURRENT.with(|c| c.replace(previous));
    let run = match Rc::try_unwrap(slot) {
        Ok(cell) => cell.into_inner(),
        Err(slot) => {
            // Handles outlive the run (an iterator kept past it): they get a cell that stays
            // borrowed, where they find the run busy and do nothing.
            let mut cell = slot.borrow_mut();
            let run = std::mem::replace(&mut *cell, Session::idle());
            std::mem::forget(cell);
            run
        }
    };
    (result, run)
}

/// Calls `f` on this thread's current run (for the few paths that have no handle).
fn with_current<T>(f: impl FnOnce(&mut Session) -> T) -> Option<T> {
    let slot = CURRENT.with(|c| c.borrow().clone())?;
    let mut session = slot.try_borrow_mut().ok()?;
    Some(f(&mut session))
}

/// How many times a replay may be stopped before greduce concludes that the generator
/// catches the unwinding (`catch_unwind` around a generator call) and would run forever.
const STOP_LIMIT: u32 = 1000;

/// Stops the replay by unwinding (no panic message: `resume_unwind` skips the hook).
fn stop() -> ! {
    let stops = with_current(|run| {
        run.stops += 1;
        run.stops
    });
    if stops.is_some_and(|n| n > STOP_LIMIT) {
        eprintln!(
            "greduce: a replay was stopped {STOP_LIMIT} times and the generator kept running: \
             it catches unwinding (`catch_unwind` around a generator call), which greduce uses \
             to stop replays. Generators must not catch panics. Aborting."
        );
        std::process::abort();
    }
    resume_unwind(Box::new(Stop))
}

fn ok_or_stop<T>(r: Option<Result<T, ()>>) -> Option<T> {
    match r {
        Some(Ok(t)) => Some(t),
        Some(Err(())) => stop(),
        None => None,
    }
}

/// How a replayed decision is answered.
enum Plan {
    /// The recorded value (adjusted for a linked loop count), `None` when no legal value
    /// could be derived.
    Recorded {
        node: NodeId,
        value: Option<Value>,
    },
    Simplest,
    /// The next draw of a scripted run.
    Scripted(Value),
    /// What a run's bytes answer; the simplest value if the decision finds it illegal (a
    /// zero weight).
    FromBytes(Value),
    /// A decision with no byte form, in a run on bytes: it draws from the run's rng.
    Drawn,
}

/// A plain decision. `record` draws with the real rng (recording); `read` reads a recorded
/// value back if legal; `simplest` gives the value re-align answers.
///
/// Recording is the hot path: it is inlined into the caller (draw, then append the decision
/// through the handle); replaying is outlined, so its size does not weigh on the recording
/// path's registers and frame.
#[inline]
pub(crate) fn decide<T>(
    handle: &Handle,
    site: &'static Site,
    args: Args,
    record: impl FnOnce() -> (T, Value),
    read: impl Fn(&Value) -> Option<T>,
    simplest: impl FnOnce() -> (T, Value),
) -> T {
    if handle.recording() {
        let (t, value) = record();
        // Written out rather than calling `record` below: the call, though inlined, makes
        // the recording path about 40 % costlier (callgrind, draws benchmark).
        handle.with(|run| run.builder.decision(Decision { site, args, value }));
        return t;
    }
    decide_replaying(handle, site, args, record, read, simplest)
}

/// [`decide`] while replaying.
#[inline(never)]
fn decide_replaying<T>(
    handle: &Handle,
    site: &'static Site,
    args: Args,
    record: impl FnOnce() -> (T, Value),
    read: impl Fn(&Value) -> Option<T>,
    simplest: impl FnOnce() -> (T, Value),
) -> T {
    // The common case first: the run makes the decision that was recorded next, and the
    // recorded value is legal today. The same answer as the general path below, in a
    // fraction of its work (replaying a decision cost about 400 instructions through it).
    let recorded = handle.with(|run| {
        if run.fault.is_some() || run.decisions >= run.budget {
            return None;
        }
        let aligner = run.aligner.as_mut()?;
        let (at, node) = aligner.next_node(Tag::Decision)?;
        if node.linked() || aligner.forced(at).is_some() {
            // A loop count (its value is adjusted for the removed iterations), or a value
            // an edit forces: the general path.
            return None;
        }
        let (value, shifted) = recorded_answer(&aligner.trace().store, node, site, &args)?;
        let value = aligner.take_shift(shifted).unwrap_or(value);
        Some((at, at + 1, value))
    });
    // `read` runs outside the run, as on the general path: it may call user code (the
    // weights of `choose_weighted`).
    let mut args = args;
    if let Some(Some((at, end, value))) = recorded
        && let Some(t) = read(&value)
    {
        let taken = handle.with(|run| {
            let Some(aligner) = run.aligner.as_mut().filter(|a| a.is_next(at)) else {
                return Err(args);
            };
            aligner.advance(end);
            run.decisions += 1;
            run.builder.decision(Decision { site, args, value });
            Ok(())
        });
        match taken {
            Some(Ok(())) => return t,
            Some(Err(back)) => args = back,
            None => return record().0,
        }
    }
    decide_by_plan(handle, site, args, record, read, simplest)
}

/// [`decide_replaying`] past its common case: aligns the decision, and answers it by the
/// recorded node, the script (draws or bytes), or the simplest value.
#[cold]
#[inline(never)]
fn decide_by_plan<T>(
    handle: &Handle,
    site: &'static Site,
    args: Args,
    record: impl FnOnce() -> (T, Value),
    read: impl Fn(&Value) -> Option<T>,
    simplest: impl FnOnce() -> (T, Value),
) -> T {
    // A lean run has no recorded decision: it comes here, and no further.
    if handle.lean() {
        return lean_decide(handle, site, &args, record, read, simplest);
    }
    let plan = ok_or_stop(handle.with(|run| {
        run.tick(site)?;
        Ok(match run.align(Op::Decision, site)? {
            Aligned::Record => match run.next_draw(&args, site)? {
                Some(value) if run.on_bytes() => Plan::FromBytes(value),
                Some(value) => Plan::Scripted(value),
                None => Plan::Drawn,
            },
            Aligned::Unaligned => Plan::Simplest,
            Aligned::Node(node) => {
                let aligner = run.aligner.as_ref().expect("replaying");
                let Kind::Decision { decision } = aligner.trace().kind(node) else {
                    unreachable!("aligned by kind")
                };
                let link = aligner.trace().link(node);
                let value = if !decision.args.same_kind(&args) {
                    None
                } else if let Some(forced) = aligner.forced(node) {
                    Some(forced.clone())
                } else if link == NONE {
                    let (value, shifted) = (
                        decision.value.clone(),
                        args.shifted(&decision.args, &decision.value),
                    );
                    let aligner = run.aligner.as_mut().expect("replaying");
                    Some(aligner.take_shift(shifted).unwrap_or(value))
                } else {
                    // `let n = <decision>; for _ in 0..n`: n shrinks by the removed iterations.
                    let removed = aligner.removed_iterations(link);
                    decision
                        .value
                        .as_offset()
                        .and_then(|off| off.checked_sub(removed))
                        .map(Value::offset)
                };
                Plan::Recorded { node, value }
            }
        })
    }));
    let Some(plan) = plan else { return record().0 };
    let (t, value) = match plan {
        Plan::Simplest => simplest(),
        Plan::Scripted(value) => {
            let t = read(&value).unwrap_or_else(|| stop_illegal_draw(handle, &args, site));
            (t, value)
        }
        Plan::FromBytes(value) => match read(&value) {
            Some(t) => (t, value),
            None => simplest(),
        },
        Plan::Drawn => record(),
        Plan::Recorded { node, value } => {
            let read = value.and_then(|v| read(&v).map(|t| (t, v)));
            if let Some(read) = read {
                read
            } else {
                ok_or_stop(handle.with(|run| {
                    let trace = run.aligner.as_ref().expect("replaying").trace().clone();
                    run.illegal(node, || not_legal(&trace, node, site, &args))
                }));
                simplest()
            }
        }
    };
    handle.with(|run| {
        run.builder.decision(Decision { site, args, value });
    });
    t
}

/// What the recorded decision leaf `node` answers the decision at `site` with `args`: its
/// value, and the value shifted for the choices `args` lost (see [`Args::shifted`]);
/// `None` when it was made at another site or is of another kind (see [`Args::same_kind`]).
/// Reads a decision stored in its node without rebuilding it: this runs on every decision
/// a replay reads back. The match below applies `Args::same_kind`, `lost_choices` and
/// `shifted` to the key's arguments; rebuilding the decision and calling them, as
/// [`recorded_whole_answer`] does, cost about 100 instructions more per replayed decision
/// (callgrind, `overhead once draws replay`: 505 M to 603 M less recording).
// Reason: measured (callgrind, draws replay): out of line, it cost 53 instructions per
// decision, most of them saving registers for the path of a decision kept whole.
#[allow(clippy::inline_always)]
#[inline(always)]
fn recorded_answer(
    store: &Store,
    node: Node,
    site: &Site,
    args: &Args,
) -> Option<(Value, Option<Value>)> {
    if node.form() == Form::Full {
        return recorded_whole_answer(store, node, site, args);
    }
    let (recorded_site, recorded_args) = store.keys[node.key() as usize];
    if recorded_site != site {
        return None;
    }
    // The span or length, and the value (as `Args::lost_choices` and `Args::shifted` read
    // them).
    let (was, value) = (u64::from(node.word1()), u64::from(node.word2()));
    match (recorded_args, args) {
        (
            KeyArgs::Int { lo, ty },
            Args::Int {
                lo: now_lo,
                span,
                ty: now_ty,
            },
        ) if ty == *now_ty => {
            let shifted = (*span < was && lo == *now_lo)
                .then(|| value.checked_sub(was - span).map(Value::Offset))
                .flatten();
            Some((Value::Offset(value), shifted))
        }
        (KeyArgs::Int { ty, .. }, Args::WideInt(_, now_ty)) if ty == *now_ty => {
            Some((Value::Offset(value), None))
        }
        (KeyArgs::Bool { .. }, Args::Bool { .. }) => Some((Value::Bool(value != 0), None)),
        (KeyArgs::Index, Args::Index { len }) => {
            let shifted = (*len < was)
                .then(|| value.checked_sub(was - len).map(Value::Index))
                .flatten();
            Some((Value::Index(value), shifted))
        }
        _ => None,
    }
}

/// [`recorded_answer`] for a decision kept whole.
#[inline(never)]
fn recorded_whole_answer(
    store: &Store,
    node: Node,
    site: &Site,
    args: &Args,
) -> Option<(Value, Option<Value>)> {
    let recorded = store.leaf_decision(node);
    if recorded.site != site || !recorded.args.same_kind(args) {
        return None;
    }
    // Only a range or list that lost choices can shift: a decision with the recorded
    // arguments (every one of a replay of the trace as recorded) skips `shifted`.
    let value = recorded.value.clone();
    let shifted = (args.lost_choices(&recorded.args))
        .then(|| args.shifted(&recorded.args, &value))
        .flatten();
    Some((value, shifted))
}

/// Why the recorded decision `node` cannot answer the decision at `site` with `args`.
fn not_legal(trace: &Trace, node: NodeId, site: &Site, args: &Args) -> String {
    let recorded = describe(trace, node);
    // A value of another type (a generic generator called with another type) reads like a
    // legal one; say what differs.
    let types = match trace.kind(node) {
        Kind::Decision { decision } => match (decision.args.type_name(), args.type_name()) {
            (Some(was), Some(now)) if was != now => {
                format!(" (it was a `{was}`, this one is a `{now}`)")
            }
            _ => String::new(),
        },
        _ => String::new(),
    };
    format!(
        "the recorded {recorded} is not legal for {}({args}){types}",
        site.what
    )
}

/// Stops a scripted run whose draw is not legal for the decision at `site`.
fn stop_illegal_draw(handle: &Handle, args: &Args, site: &'static Site) -> ! {
    ok_or_stop(handle.with(|run| {
        run.illegal_draw(args, site);
        Err::<(), ()>(())
    }));
    unreachable!("a scripted run is current")
}

/// `if <decision>`: returns the branch to take and whether the run opened the selection
/// and its branch (then [`close_choice`] must close them).
#[inline]
pub(crate) fn select(
    handle: &Handle,
    site: &'static Site,
    args: &Args,
    record: impl FnOnce() -> bool,
) -> (bool, bool) {
    if handle.recording() {
        let taken = record();
        let branch = if taken { Tag::Then } else { Tag::Else };
        // `open_selection` without its frame: recording aligns nothing (and the extra
        // check costs a measurable 1 % of recording a graph generator).
        let opened = handle.with(|run| run.builder.open_selection(site, args, taken, branch));
        return (taken, opened.is_some());
    }
    select_replaying(handle, site, args, record)
}

/// Opens the selection and the branch taken; `rec` is the recorded branch it aligns with.
#[inline]
fn open_selection(
    run: &mut Session,
    site: &'static Site,
    args: Args,
    taken: bool,
    rec: Option<NodeId>,
) {
    let decision = Decision {
        site,
        args,
        value: Value::Bool(taken),
    };
    let branch = if taken { Tag::Then } else { Tag::Else };
    run.builder.open_choice(Tag::Selection, decision, branch);
    run.push_frame(rec);
}

/// [`select`] while replaying.
#[inline(never)]
fn select_replaying(
    handle: &Handle,
    site: &'static Site,
    args: &Args,
    record: impl FnOnce() -> bool,
) -> (bool, bool) {
    if handle.lean() {
        return lean_select(handle, site, args, record);
    }
    let simplest = args.simplest_bool();
    let opened = ok_or_stop(handle.with(|run| {
        // The common case first: the selection that was recorded next, answered as recorded.
        if run.fault.is_none()
            && run.decisions < run.budget
            && let Some(aligner) = &mut run.aligner
            && let Some((rec, node)) = aligner.next_node(Tag::Selection)
            && aligner.trace().store.selection_site(node) == site
            && let Some(branch) = aligner.only_child(rec)
        {
            let then = aligner.trace().node(branch).is(Tag::Then);
            let taken = then && !aligner.is_removed(branch);
            if args.admits_bool(taken) {
                aligner.advance(node.end(rec));
                run.decisions += 1;
                open_selection(
                    run,
                    site,
                    args.clone(),
                    taken,
                    (taken == then).then_some(branch),
                );
                return Ok(taken);
            }
        }
        run.tick(site)?;
        let (taken, rec) = match run.align(Op::Selection, site)? {
            Aligned::Record => match run.next_draw(args, site)? {
                Some(Value::Bool(taken)) if args.admits_bool(taken) => (taken, None),
                Some(_) => {
                    run.illegal_draw(args, site);
                    return Err(());
                }
                None => unreachable!("recording is handled by `select`"),
            },
            Aligned::Unaligned => (simplest, None),
            Aligned::Node(node) => {
                let aligner = run.aligner.as_ref().expect("replaying");
                let branch = aligner.only_child(node);
                let then = branch.is_some_and(|b| {
                    matches!(aligner.trace().kind(b), Kind::Branch { then: true })
                });
                let mut taken = then && branch.is_some_and(|b| !aligner.is_removed(b));
                if !args.admits_bool(taken) {
                    run.illegal(node, || {
                        format!("`if` @ {site} cannot answer {taken} for random_bool({args})")
                    })?;
                    taken = simplest;
                }
                // The branch aligns with the recorded one when the run takes the same branch.
                (taken, branch.filter(|_| taken == then))
            }
        };
        open_selection(run, site, args.clone(), taken, rec);
        Ok(taken)
    }));
    match opened {
        Some(taken) => (taken, true),
        None => (record(), false),
    }
}

/// Closes a selection (its branch and itself) or a switch (its arm and itself).
#[inline]
pub(crate) fn close_choice(handle: &Handle) {
    if handle.recording() {
        handle.with(|run| run.builder.close_two());
    } else {
        close_choice_replaying(handle);
    }
}

/// [`close_choice`] while replaying.
#[inline(never)]
fn close_choice_replaying(handle: &Handle) {
    if handle.lean() {
        return lean_close(handle, 2);
    }
    handle.with(|run| {
        run.close_frame();
        run.builder.close_two();
    });
}

/// `match rng.random_range(..)`: returns the value and whether the run opened the switch
/// and its arm (then [`close_choice`] must close them).
#[inline]
pub(crate) fn open_switch<T, A: RangeArg<T>>(
    handle: &Handle,
    site: &'static Site,
    arg: &A,
    record: impl FnOnce() -> T,
) -> (T, bool) {
    if handle.recording() {
        let t = record();
        let decision = Decision {
            site,
            args: arg.args(),
            value: arg.record(&t),
        };
        let opened = handle.with(|run| {
            run.builder.open_choice(Tag::Switch, decision, Tag::Arm);
        });
        return (t, opened.is_some());
    }
    switch_replaying(handle, site, arg, record)
}

/// [`switch`] while replaying.
#[inline(never)]
fn switch_replaying<T, A: RangeArg<T>>(
    handle: &Handle,
    site: &'static Site,
    arg: &A,
    record: impl FnOnce() -> T,
) -> (T, bool) {
    enum Answer {
        Record,
        Simplest,
        Scripted(Value),
        Recorded {
            node: NodeId,
            value: Value,
            arm: Option<NodeId>,
        },
    }
    if handle.lean() {
        return lean_switch(handle, site, arg, record);
    }
    let args = arg.args();
    let answer = ok_or_stop(handle.with(|run| {
        run.tick(site)?;
        Ok(match run.align(Op::Switch, site)? {
            Aligned::Record => match run.next_draw(&args, site)? {
                Some(value) => Answer::Scripted(value),
                None => Answer::Record,
            },
            Aligned::Unaligned => Answer::Simplest,
            Aligned::Node(node) => {
                let aligner = run.aligner.as_ref().expect("replaying");
                let Kind::Switch { decision } = aligner.trace().kind(node) else {
                    unreachable!("aligned by kind")
                };
                let arm = aligner.only_child(node);
                let removed = arm.is_some_and(|a| aligner.is_removed(a));
                // A removed arm is replaced by the simplest value of the range. A value
                // an edit forces takes another arm, which aligns with the recorded arm's
                // operations as far as they match (arms often make the same calls).
                let value = if let Some(forced) = aligner.forced(node) {
                    forced.clone()
                } else if removed {
                    Value::offset(decision.args.simplest_offset().unwrap_or(0))
                } else {
                    decision.value.clone()
                };
                Answer::Recorded {
                    node,
                    value,
                    arm: arm.filter(|_| !removed),
                }
            }
        })
    }));
    let Some(answer) = answer else {
        return (record(), false);
    };
    let simplest = || {
        arg.simplest()
            .unwrap_or_else(|| panic!("cannot sample empty range"))
    };
    let (t, rec) = match answer {
        Answer::Record => (record(), None),
        Answer::Simplest => (simplest(), None),
        Answer::Scripted(value) => {
            let t = arg
                .read(&value)
                .unwrap_or_else(|| stop_illegal_draw(handle, &args, site));
            (t, None)
        }
        Answer::Recorded { node, value, arm } => {
            if let Some(t) = arg.read(&value) {
                (t, arm)
            } else {
                ok_or_stop(handle.with(|run| {
                    run.illegal(node, || {
                        format!(
                            "the recorded `match` value @ {site} is not legal for \
                             random_range({args})"
                        )
                    })
                }));
                (simplest(), None)
            }
        }
    };
    let value = arg.record(&t);
    let opened = handle.with(|run| {
        run.builder
            .open_choice(Tag::Switch, Decision { site, args, value }, Tag::Arm);
        run.push_frame(rec);
    });
    (t, opened.is_some())
}

/// Labels the innermost open scope of the current run (see [`crate::call_label`]).
pub(crate) fn label_scope(label: u64) {
    if active() {
        let _ = Handle::current().with(|run| {
            if run.lean.is_none() {
                run.builder.label_scope(label);
            }
        });
    }
}

/// Opens a scope for a `#[generator]` function.
#[inline]
pub(crate) fn open_scope(handle: &Handle, site: &'static Site) {
    if handle.recording() {
        let call = take_pending_call();
        handle.with(|run| run.builder.open_scope(site, call));
    } else {
        open_scope_replaying(handle, site);
    }
}

/// [`open_scope`] while replaying.
#[inline(never)]
fn open_scope_replaying(handle: &Handle, site: &'static Site) {
    let call = take_pending_call();
    if handle.lean() {
        return lean_open_scope(handle);
    }
    ok_or_stop(handle.with(|run| {
        if run.fault.is_some() {
            return Err(());
        }
        // The common case first: the call that was recorded next.
        if let Some(aligner) = &mut run.aligner
            && let Some((rec, node)) = aligner.next_node(Tag::Scope)
            && aligner.trace().store.scopes[node.data() as usize].0 == site
        {
            aligner.advance(node.end(rec));
            aligner.push_call(Some(rec));
            run.builder.open_scope(site, call);
            return Ok(());
        }
        let rec = match run.align(Op::Scope, site)? {
            Aligned::Node(node) => Some(node),
            Aligned::Record | Aligned::Unaligned => None,
        };
        run.builder.open(New::Scope { site, call });
        if let Some(aligner) = &mut run.aligner {
            aligner.push_call(rec);
        }
        Ok(())
    }));
}

/// Closes the innermost frame (scope or iteration) and its node.
#[inline]
pub(crate) fn close(handle: &Handle) {
    if handle.recording() {
        // Recording aligns nothing: no frame to close.
        handle.with(|run| run.builder.close());
    } else {
        close_replaying(handle);
    }
}

/// [`close`] while replaying.
#[inline(never)]
fn close_replaying(handle: &Handle) {
    if handle.lean() {
        return lean_close(handle, 1);
    }
    handle.with(|run| {
        if run.aligner.is_some() {
            run.close_frame();
        }
        run.builder.close();
    });
}

/// Takes the call site that passed the rng (see [`PENDING_CALL`]).
#[inline]
fn take_pending_call() -> Option<&'static Site> {
    // Whether a run is current, not whether some handle's run is: see `PENDING_CALL`.
    if active() {
        PENDING_CALL.with(Cell::take)
    } else {
        None
    }
}

/// The rng is being passed to the function called at `site`; it must open a scope.
#[inline]
pub(crate) fn expect_scope(site: &'static Site) {
    if active() {
        PENDING_CALL.with(|p| p.set(Some(site)));
    }
}

/// The call at `site` returned: whether it opened no scope (the rng it was passed with
/// [`pass_rng`] went to code that is not a generator).
#[inline]
pub(crate) fn opened_no_scope(site: &'static Site) -> bool {
    take_pending_call().is_some_and(|p| p == site)
}

/// What the reduced trace holds next for the sampler called at `site` while replaying:
/// `Some(true)` a decision of that site (the sampler drew raw output), `Some(false)` a
/// generator call from that site, `None` neither (or not replaying).
pub(crate) fn next_is_raw(handle: &Handle, site: &'static Site) -> Option<bool> {
    handle
        .with(|run| {
            let aligner = run.aligner.as_ref()?;
            if let Some((_, node)) = aligner.next_node(Tag::Decision) {
                let recorded = aligner.trace().store.leaf_site(node);
                return (recorded == site).then_some(true);
            }
            let (_, node) = aligner.next_node(Tag::Scope)?;
            let (_, call) = aligner.trace().store.scopes[node.data() as usize];
            (call == Some(site)).then_some(false)
        })
        .flatten()
}

/// In a run on bytes, what a sampler greduce does not know sees of them (see
/// [`Reader::window`]); `None` in other runs.
pub(crate) fn raw_window(handle: &Handle) -> Option<Vec<u8>> {
    handle
        .with(|run| match &run.script {
            Some(Script::Bytes(reader)) => Some(reader.window()),
            _ => None,
        })
        .flatten()
}

/// In a run on bytes, reads the `n` bytes a sampler consumed from [`raw_window`].
pub(crate) fn skip_bytes(handle: &Handle, n: usize) {
    handle.with(|run| {
        if let Some(Script::Bytes(reader)) = &mut run.script {
            reader.skip(n);
        }
    });
}

/// The innermost open node of the run `handle` is on (`None` outside a run).
pub(crate) fn open_node(handle: &Handle) -> Option<NodeId> {
    handle
        .with(|run| run.lean.is_none().then(|| run.builder.open_node()))
        .flatten()
}

/// A decision made outside [`decide`], after the fact: a sampler the run took for a
/// generator drew raw output instead, from a tape playing nothing back (so the answer is
/// the same a re-aligned decision gets).
pub(crate) fn decided_after(handle: &Handle, decision: Decision) {
    handle.with(|run| {
        run.decisions += 1;
        match &mut run.lean {
            Some(lean) => lean.leaf(),
            None => {
                run.builder.decision(decision);
            }
        }
    });
}

/// [`decided_after`] in a run on bytes: the decision counts against the run's budget, which
/// stops it (a loop that ends only on a raw sample the bytes, run out, never give).
pub(crate) fn decided_on_bytes(handle: &Handle, decision: Decision) {
    ok_or_stop(handle.with(|run| {
        run.tick(decision.site)?;
        match &mut run.lean {
            Some(lean) => lean.leaf(),
            None => {
                run.builder.decision(decision);
            }
        }
        Ok(())
    }));
}

/// The call at `site` returned: if it did not open a scope, it is not a generator.
#[inline]
pub(crate) fn check_scope_opened(site: &'static Site) {
    if take_pending_call().is_some_and(|p| p == site) {
        not_a_generator(site);
    }
}

/// What the panic of [`not_a_generator`] says, after the callee and its site: a check
/// that meets it in a case reports it as it is (the user's code is wrong, not the input).
pub(crate) const NOT_A_GENERATOR: &str = "but is not a #[generator] function";

/// The function called at `site` received the rng but opened no scope.
#[cold]
fn not_a_generator(site: &'static Site) -> ! {
    panic!(
        "greduce: `{}` received the generator rng at {site} {NOT_A_GENERATOR}, so its \
         decisions cannot be recorded; annotate it with #[generator], or pass \
         `greduce::unrecorded(rng)` to opt out",
        site.what
    );
}

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
pub(crate) fn open_while_loop(handle: &Handle, loop_site: &'static Site, args: Args) {
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
    args: Args,
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
fn step_loop_replaying(
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
fn interleaved(handle: &Handle) {
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

/// Records a decision made outside [`decide`] (recording only: seq decisions whose value
/// comes back from rand together with data that cannot be rebuilt from the value).
#[inline]
pub(crate) fn record(handle: &Handle, site: &'static Site, args: Args, value: Value) {
    handle.with(|run| {
        run.builder.decision(Decision { site, args, value });
    });
}

// Lean runs (see `lean.rs`): the replaying entry points above hand a lean run over to these.

/// The bytes' answer to a decision with `args` (`None`: it has no byte form), counted
/// against the budget as the traced run counts it.
#[inline]
fn lean_answer(run: &mut Session, site: &'static Site, args: &Args) -> Result<Option<Value>, ()> {
    run.tick(site)?;
    let Some(Script::Bytes(reader)) = &mut run.script else {
        return Ok(None);
    };
    // The most frequent decision, an unsigned range, in the fewest steps (under a
    // fuzzer's instrumentation every comparison on this path is traced).
    if let Args::Int { span, ty, .. } = *args
        && !ty.is_signed()
        && ty != IntTy::Char
    {
        return Ok(Some(Value::Offset(bytes::decode_unsigned(span, reader))));
    }
    Ok(bytes::decode(args, reader))
}

/// [`decide`] in a lean run: all but reading the value back is shared by every decision
/// site (a generic function's code is copied for each, and a fuzzer counts each copy's
/// branches apart).
#[inline(never)]
fn lean_decide<T>(
    handle: &Handle,
    site: &'static Site,
    args: &Args,
    record: impl FnOnce() -> (T, Value),
    read: impl Fn(&Value) -> Option<T>,
    simplest: impl FnOnce() -> (T, Value),
) -> T {
    match lean_value(handle, site, args) {
        Some(value) => read(&value).unwrap_or_else(|| simplest().0),
        None => record().0,
    }
}

/// [`lean_decide`]'s value: `None` when the run is busy or over, or the decision has no
/// byte form (the rng answers it then, as in the traced run).
#[inline(never)]
fn lean_value(handle: &Handle, site: &'static Site, args: &Args) -> Option<Value> {
    ok_or_stop(handle.with(|run| {
        let value = lean_answer(run, site, args)?;
        if let Some(lean) = &mut run.lean {
            lean.leaf();
        }
        Ok(value)
    }))
    .flatten()
}

/// [`select`] in a lean run.
#[inline(never)]
fn lean_select(
    handle: &Handle,
    site: &'static Site,
    args: &Args,
    record: impl FnOnce() -> bool,
) -> (bool, bool) {
    let taken = ok_or_stop(handle.with(|run| match lean_answer(run, site, args)? {
        Some(Value::Bool(taken)) if args.admits_bool(taken) => {
            if let Some(lean) = &mut run.lean {
                lean.open(None);
                lean.open(None);
            }
            Ok(taken)
        }
        _ => {
            run.illegal_draw(args, site);
            Err(())
        }
    }));
    match taken {
        Some(taken) => (taken, true),
        None => (record(), false),
    }
}

/// [`switch`] in a lean run.
#[inline(never)]
fn lean_switch<T, A: RangeArg<T>>(
    handle: &Handle,
    site: &'static Site,
    arg: &A,
    record: impl FnOnce() -> T,
) -> (T, bool) {
    let args = arg.args();
    let Some(answered) = ok_or_stop(handle.with(|run| lean_answer(run, site, &args))) else {
        return (record(), false);
    };
    let t = match answered {
        Some(value) => arg
            .read(&value)
            .unwrap_or_else(|| stop_illegal_draw(handle, &args, site)),
        None => record(),
    };
    let opened = handle.with(|run| {
        if let Some(lean) = &mut run.lean {
            lean.open(None);
            lean.open(None);
        }
    });
    (t, opened.is_some())
}

/// [`open_scope`] in a lean run (the pending call already taken).
fn lean_open_scope(handle: &Handle) {
    ok_or_stop(handle.with(|run| {
        if run.fault.is_some() {
            return Err(());
        }
        if let Some(lean) = &mut run.lean {
            lean.open(None);
        }
        Ok(())
    }));
}

/// [`close`] (`n` 1) and [`close_choice`] (`n` 2: the branch or arm and its selection or
/// switch) in a lean run.
fn lean_close(handle: &Handle, n: usize) {
    handle.with(|run| {
        if let Some(lean) = &mut run.lean {
            for _ in 0..n {
                lean.close();
            }
        }
    });
}
