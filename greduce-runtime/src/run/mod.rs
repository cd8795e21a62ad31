//! The current run: one execution of a generator that greduce records or replays. A
//! thread-local is set while it lasts; generated code asks [`active`] (one thread-local
//! read) and, outside a run, calls rand directly; inside a run it takes a [`Handle`] once
//! per generator call, and every event goes through a [`Session`] with that handle. Each
//! kind of event has its own file, holding both the entry point `#[generator]`'s code calls
//! (re-exported by `__private`) and the session's side of it: [`decisions`] (numbers,
//! bools, ratios), [`samples`] (distributions, with [`tape`] for unknown samplers, and
//! [`seq`] for slices and iterators), [`choices`] (`if` selections, `match` switches),
//! [`scopes`] (generator calls) and [`loops`]. A session answers from one of four sources:
//! the rng (recording), a reduced trace through the [`Aligner`] (replay: halt, bypass or
//! re-align), a fuzzer's bytes ([`bytes`], [`lean`]) or a script of draws; either way it
//! builds the trace of what happens ([`Builder`]). [`record`] and [`replay`] are the two
//! public ways in.

use crate::panic_hook;
use crate::run::align::{Aligner, Fault, Op};
use crate::trace::builder::Builder;
use crate::trace::site::Site;
use crate::trace::value::{Asked, Value};
use crate::trace::{NodeId, Trace};
use bytes::Reader;
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::rc::Rc;

pub(crate) mod align;
pub(crate) mod bytes;
pub(crate) mod choices;
pub(crate) mod decisions;
pub(crate) mod kinds;
mod lean;
pub(crate) mod legal;
pub(crate) mod loops;
pub(crate) mod record;
pub(crate) mod replay;
pub(crate) mod samples;
pub(crate) mod scopes;
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
    fn next_draw(&mut self, args: &Asked, site: &Site) -> Result<Option<Value>, ()> {
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
            Asked::Int { .. } | Asked::WideInt(..) => Some(Value::Offset(draw)),
            Asked::Bool { .. } | Asked::Ratio { .. } => Some(Value::Bool(draw != 0)),
            Asked::Index { .. } => Some(Value::Index(draw)),
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
    fn illegal_draw(&mut self, args: &Asked, site: &Site) {
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

    /// [`step_loop`](loops::step_loop) in a lean run: stops it past its node budget, as the traced run.
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

/// The innermost open node of the run `handle` is on (`None` outside a run).
pub(crate) fn open_node(handle: &Handle) -> Option<NodeId> {
    handle
        .with(|run| run.lean.is_none().then(|| run.builder.open_node()))
        .flatten()
}
