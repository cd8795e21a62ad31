//! What the code written by `#[generator]` calls. Not public API: no semver guarantees.
//!
//! An annotated generator asks `active` (one thread-local read) when it is called: outside
//! a run it runs its original statements, so it draws exactly what the un-annotated one
//! draws; inside a run it takes the run's handle (`run`) and passes it to every entry
//! point here, which asks the handle whether it is still on a run. An entry point reached
//! with a handle whose run has ended (a closure or iterator kept past it) calls `direct`, a
//! closure holding the user's own rand call. Inside a run,
//! recording also calls `direct` (so `greduce::record(g, seed)` sees the values `g` gives
//! with that seed) and replaying answers from the reduced trace.

use crate::run;
use crate::trace::NONE;
use crate::trace::value::{Args, Value};
use rand::distr::Distribution;
use std::any::type_name;
use std::cell::RefCell;
use std::collections::HashMap;
use std::iter::Take;
use std::ops::{Range, RangeInclusive};

pub use crate::__greduce_require_tokio as require_tokio;
pub use crate::__greduce_site as site;
pub use crate::check::body::{Recorded, run_test, test};
pub use crate::check::executor::{block_on, block_on_default, block_on_tokio};
pub use crate::run::Handle;
pub use crate::run::kinds::Fair;
pub use crate::run::kinds::{BoolArg, FillElem, Int, RangeArg, SampleDistribution, StandardValue};
pub use crate::run::seq::{IteratorDecisions, SliceDecisions, SliceSample};
pub use crate::run::tape::Tape;
pub use crate::trace::site::Site;
pub use rand::distr::StandardUniform;

/// Whether a greduce run is recording or replaying on this thread.
#[inline]
pub fn active() -> bool {
    run::active()
}

/// The current run's handle, taken when an instrumented body starts.
#[inline]
pub fn run() -> Handle {
    Handle::current()
}

/// `let PATTERN = ..;` in a `#[greduce::test]` body drew randomness: its value, for the
/// report.
pub fn bind(pattern: &str, value: &dyn std::fmt::Debug) {
    crate::check::bind(pattern, value);
}

/// Panics with rand's message for an empty range (replay does not call rand).
fn empty_range() -> ! {
    panic!("cannot sample empty range")
}

/// `rng.random_range(arg)`.
#[inline]
pub fn random_range<R: ?Sized, T, A: RangeArg<T> + Clone>(
    arg: A,
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, A) -> T,
) -> T {
    if !handle.active() {
        return direct(rng, arg);
    }
    run::decide(
        handle,
        site,
        arg.args(),
        || {
            let v = direct(rng, arg.clone());
            let recorded = arg.record(&v);
            (v, recorded)
        },
        |value| arg.read(value),
        || {
            let v = arg.simplest().unwrap_or_else(|| empty_range());
            let recorded = arg.record(&v);
            (v, recorded)
        },
    )
}

fn boolean<R: ?Sized, B: BoolArg>(
    arg: B,
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, B) -> bool,
) -> bool {
    if !handle.recording() {
        // Recording calls rand, which panics itself.
        arg.check();
    }
    run::decide(
        handle,
        site,
        arg.args(),
        || {
            let v = direct(rng, arg);
            (v, Value::Bool(v))
        },
        |value| match value {
            Value::Bool(b) if arg.args().admits_bool(*b) => Some(*b),
            _ => None,
        },
        || {
            let simplest = arg.args().simplest_bool();
            (simplest, Value::Bool(simplest))
        },
    )
}

/// `rng.random_bool(p)`.
#[inline]
pub fn random_bool<R: ?Sized>(
    p: f64,
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, f64) -> bool,
) -> bool {
    if !handle.active() {
        return direct(rng, p);
    }
    boolean(p, handle, site, rng, direct)
}

/// `rng.random_ratio(numerator, denominator)`, arguments as a pair.
#[inline]
pub fn random_ratio<R: ?Sized>(
    ratio: (u32, u32),
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, (u32, u32)) -> bool,
) -> bool {
    if !handle.active() {
        return direct(rng, ratio);
    }
    boolean(ratio, handle, site, rng, direct)
}

/// `rng.random::<T>()` for a primitive `T`.
#[inline]
pub fn random<R: ?Sized, T: StandardValue>(
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R) -> T,
) -> T {
    if !handle.active() {
        return direct(rng);
    }
    run::decide(
        handle,
        site,
        Args::Standard { ty: T::PRIM },
        || {
            let v = direct(rng);
            let bits = v.to_bits();
            (v, Value::bits(bits))
        },
        |value| T::from_bits(value.as_bits()?),
        || {
            (
                T::from_bits(0).expect("zero is a value of every recorded primitive"),
                Value::Bits(0),
            )
        },
    )
}

/// `rng.sample(distr)` for one of rand's uniform distributions.
#[inline]
#[allow(clippy::needless_pass_by_value)] // Reason: takes the distribution as rand does.
pub fn sample<R: ?Sized, T, D: SampleDistribution<T>>(
    distr: D,
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, &D) -> T,
) -> T {
    if !handle.active() {
        return direct(rng, &distr);
    }
    run::decide(
        handle,
        site,
        distr.args(),
        || {
            let v = direct(rng, &distr);
            let recorded = distr.record(&v);
            (v, recorded)
        },
        |value| distr.read(value),
        || {
            let v = distr.simplest();
            let recorded = distr.record(&v);
            (v, recorded)
        },
    )
}

/// `rng.sample(distr)` where `distr` is not written as one of the distributions greduce
/// records with their parameters: picks, by `distr`'s type, [`sample`] for those
/// (`KnownDistribution`) and [`drawn`] for any other
/// (autoref specialization: `(&&Pick(&distr)).pick()` finds [`PickKnown`] on `&Pick<D>`
/// when `D` is known, [`PickRaw`] on `Pick<D>` otherwise, and in generic code).
#[derive(Debug)]
pub struct Pick<'d, D>(pub &'d D);

/// [`Pick`] found a distribution greduce knows.
#[derive(Debug)]
pub struct Known<'d, D>(&'d D);

/// [`Pick`] found a distribution greduce does not know.
#[derive(Debug)]
pub struct Raw<'d, D>(&'d D);

/// See [`Pick`].
pub trait PickKnown<'d, D> {
    /// [`Known`].
    fn pick(&self) -> Known<'d, D>;
}

impl<'d, D: crate::run::kinds::KnownDistribution> PickKnown<'d, D> for &Pick<'d, D> {
    fn pick(&self) -> Known<'d, D> {
        Known(self.0)
    }
}

/// See [`Pick`].
pub trait PickRaw<'d, D> {
    /// [`Raw`].
    fn pick(&self) -> Raw<'d, D>;
}

impl<'d, D> PickRaw<'d, D> for Pick<'d, D> {
    fn pick(&self) -> Raw<'d, D> {
        Raw(self.0)
    }
}

impl<D> Known<'_, D> {
    /// [`sample`].
    #[inline]
    pub fn sample<R: ?Sized, T>(
        self,
        handle: &Handle,
        site: &'static Site,
        rng: &mut R,
        direct: impl FnOnce(&mut R, &D) -> T,
    ) -> T
    where
        D: SampleDistribution<T>,
    {
        sample(self.0, handle, site, rng, |r, d| direct(r, d))
    }
}

impl<D> Raw<'_, D> {
    /// [`drawn`].
    #[inline]
    pub fn sample<R: rand::Rng + ?Sized, T>(
        self,
        handle: &Handle,
        site: &'static Site,
        rng: &mut R,
        _direct: impl FnOnce(&mut R, &D) -> T,
    ) -> T
    where
        D: Distribution<T>,
    {
        drawn(self.0, handle, site, rng)
    }
}

/// `rng.random::<T>()` for a `T` that is not a primitive (with `distr` =
/// [`StandardUniform`](rand::distr::StandardUniform)), and `distr.sample(rng)`: a nested
/// generator call when the sampler is a `#[generator]` (a user's `impl Distribution<T>`),
/// else one decision holding the raw rng output the sampler consumed ([`Tape`]), which
/// replays the sample and shrinks like `fill` bytes.
///
/// Recording tells which, and the run remembers it for the site and types; a replay reads
/// it from the reduced trace where that has the site next.
pub fn drawn<R: rand::Rng + ?Sized, T, D: Distribution<T> + ?Sized>(
    distr: &D,
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
) -> T {
    if !handle.active() {
        return distr.sample(rng);
    }
    taped(handle, site, rng, type_name::<D>(), |tape| {
        distr.sample(tape)
    })
}

/// A call of a rand method that takes the rng but is not a decision
/// (`Alphanumeric.sample_string(rng, n)`): `call` makes it with a [`Tape`] for the rng, so
/// its raw rng output is one decision, as [`drawn`]'s is. Outside a run the tape passes
/// the rng's output through.
pub fn raw_call<R: rand::Rng + ?Sized, T>(
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    call: impl Fn(&mut Tape<'_, R>) -> T,
) -> T {
    if !handle.active() {
        return call(&mut Tape::through(rng));
    }
    taped(handle, site, rng, "call", call)
}

/// [`drawn`] and [`raw_call`] in a run: `sample` draws from the tape it is given; `what`
/// names the sampler (with the site and the value's type, the key under which the run
/// remembers whether it is a generator).
fn taped<R: rand::Rng + ?Sized, T>(
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    what: &'static str,
    sample: impl Fn(&mut Tape<'_, R>) -> T,
) -> T {
    let key = (std::ptr::from_ref(site) as usize, what, type_name::<T>());
    let args = || Args::Raw(Box::new(type_name::<T>().to_string()));
    let learn = |raw: bool| RAW_SAMPLERS.with(|known| known.borrow_mut().insert(key, raw));
    // The sampler drew raw output where no decision was made for it: one, after the fact.
    let raw_decision = |value: Value| {
        run::decided_after(
            handle,
            crate::trace::Decision {
                site,
                args: args(),
                value,
            },
        );
    };
    if handle.recording() {
        run::expect_scope(site);
        let mut tape = Tape::recording(rng).watching(handle);
        let t = sample(&mut tape);
        let raw = run::opened_no_scope(site);
        if !raw && tape.drew_itself() {
            mixed_sampler(site, what);
        }
        if raw {
            raw_decision(tape.into_value());
        }
        learn(raw);
        return t;
    }
    // A run on bytes: a raw sampler reads them as its output (a generator reads them
    // through its own decisions, leaving the tape unread).
    if let Some(window) = run::raw_window(handle) {
        run::expect_scope(site);
        let mut tape = Tape::<R>::playing(window);
        let t = sample(&mut tape);
        if run::opened_no_scope(site) {
            let raw = tape.into_bytes();
            run::skip_bytes(handle, raw.len());
            let value = Value::Bytes(Box::new(raw));
            run::decided_on_bytes(
                handle,
                crate::trace::Decision {
                    site,
                    args: args(),
                    value,
                },
            );
            learn(true);
        }
        return t;
    }
    // What a run on this thread found this sampler to be comes first (a generator
    // replayed as raw bytes would record its calls inside `read`); else what the reduced
    // trace holds next; else a generator, which tells when it runs.
    let known = RAW_SAMPLERS.with(|known| known.borrow().get(&key).copied());
    if known.or_else(|| run::next_is_raw(handle, site)) == Some(true) {
        // A recorded value replays when the sampler reads exactly its bytes: one it would
        // reject (rand's `Uniform` rejects a few words) or cut short is not that sample.
        let play = |bytes: Vec<u8>| {
            let mut tape = Tape::<R>::playing(bytes);
            let t = sample(&mut tape);
            let exact = tape.read_exactly();
            (t, tape.into_value(), exact)
        };
        return run::decide(
            handle,
            site,
            args(),
            || {
                let mut tape = Tape::recording(rng);
                let t = sample(&mut tape);
                (t, tape.into_value())
            },
            |value| match value {
                Value::Bytes(bytes) => match play((**bytes).clone()) {
                    (t, _, true) => Some(t),
                    _ => None,
                },
                _ => None,
            },
            || {
                let (t, value, _) = play(Vec::new());
                (t, value)
            },
        );
    }
    // A generator (or not known yet): it replays its own decisions.
    run::expect_scope(site);
    let mut tape = Tape::<R>::playing(Vec::new());
    let t = sample(&mut tape);
    if run::opened_no_scope(site) {
        raw_decision(tape.into_value());
        learn(true);
    }
    t
}

/// `rng.sample_iter(distr)` (and `rng.random_iter()`, with
/// [`StandardUniform`](rand::distr::StandardUniform)): each item is drawn as [`drawn`]
/// draws, when it is pulled.
pub fn sample_iter<'r, R: rand::Rng + ?Sized, T, D: Distribution<T>>(
    distr: D,
    handle: &Handle,
    site: &'static Site,
    rng: &'r mut R,
) -> SampleIter<'r, R, D, T> {
    SampleIter {
        distr,
        handle: handle.clone(),
        site,
        rng,
        item: std::marker::PhantomData,
    }
}

/// The iterator of [`sample_iter`].
pub struct SampleIter<'r, R: ?Sized, D, T> {
    distr: D,
    handle: Handle,
    site: &'static Site,
    rng: &'r mut R,
    item: std::marker::PhantomData<fn() -> T>,
}

impl<R: rand::Rng + ?Sized, T, D: Distribution<T>> Iterator for SampleIter<'_, R, D, T> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        Some(drawn(&self.distr, &self.handle, self.site, self.rng))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (usize::MAX, None)
    }
}

impl<R: ?Sized, D, T> std::fmt::Debug for SampleIter<'_, R, D, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SampleIter")
            .field("site", &self.site)
            .finish_non_exhaustive()
    }
}

/// A sampler that drew from the rng itself and also called a generator: neither a
/// generator call nor one raw decision, so it cannot be replayed.
#[cold]
fn mixed_sampler(site: &'static Site, what: &str) -> ! {
    panic!(
        "greduce: the sampler called at {site} (`{what}`) drew from the rng itself and also \
         called a #[generator], so greduce can record it neither as raw output nor as a \
         generator call; annotate its `sample` with #[generator]"
    );
}

thread_local! {
    /// Whether the sampler at a site, for a distribution and a value type, drew raw output
    /// (`true`) or was a generator (`false`), as runs on this thread found (see [`drawn`]).
    static RAW_SAMPLERS: RefCell<HashMap<(usize, &'static str, &'static str), bool>> =
        RefCell::new(HashMap::new());
}

/// `rng.fill(dest)`.
#[inline]
pub fn fill<R: ?Sized, E: FillElem>(
    dest: &mut [E],
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, &mut [E]),
) {
    if !handle.active() {
        return direct(rng, dest);
    }
    let len = dest.len();
    let bytes = run::decide(
        handle,
        site,
        Args::Fill {
            len: len as u64,
            elem: E::SIZE as u8,
        },
        || {
            direct(rng, &mut *dest);
            let mut bytes = Vec::with_capacity(len * E::SIZE);
            for e in dest.iter() {
                e.put(&mut bytes);
            }
            (None, Value::Bytes(Box::new(bytes)))
        },
        |value| match value {
            Value::Bytes(bytes) if bytes.len() == len * E::SIZE => Some(Some((**bytes).clone())),
            _ => None,
        },
        || {
            let zeros = vec![0u8; len * E::SIZE];
            (Some(zeros.clone()), Value::Bytes(Box::new(zeros)))
        },
    );
    if let Some(bytes) = bytes {
        for (slot, chunk) in dest.iter_mut().zip(bytes.chunks_exact(E::SIZE)) {
            *slot = E::get(chunk);
        }
    }
}

/// Closes the scope of a `#[generator]` function when the function returns or unwinds.
#[must_use]
pub struct ScopeGuard<'h> {
    handle: Option<&'h Handle>,
}

/// Opens the scope of a `#[generator]` function (the first statement of its body).
#[inline]
pub fn scope<'h>(handle: &'h Handle, site: &'static Site) -> ScopeGuard<'h> {
    if !handle.active() {
        return ScopeGuard { handle: None };
    }
    run::open_scope(handle, site);
    ScopeGuard {
        handle: Some(handle),
    }
}

impl Drop for ScopeGuard<'_> {
    #[inline]
    fn drop(&mut self) {
        if let Some(handle) = self.handle {
            run::close(handle);
        }
    }
}

/// The rng passed to the function called at `site`, which must be a `#[generator]`.
#[inline]
pub fn pass_rng<'r, R: ?Sized>(handle: &Handle, site: &'static Site, rng: &'r mut R) -> &'r mut R {
    if handle.active() {
        run::expect_scope(site);
    }
    rng
}

/// The value returned by the call at `site`; checks that the callee opened a scope.
#[inline]
pub fn call_returned<T>(handle: &Handle, site: &'static Site, value: T) -> T {
    if handle.active() {
        run::check_scope_opened(site);
    }
    value
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
    Iterating { run: run::Recording, lp: u32 },
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
        let opened = run::open_counted_loop(
            handle, loop_site, count_site, count.bits, count.ty, count.mask,
        );
        *lp = opened.unwrap_or(NONE);
        opened.is_some()
    }

    /// Every step of the open loop but the hot one ([`LoopIter::pull`]'s): the first and
    /// last steps, a step while replaying, and a step while another loop is innermost.
    /// Inlined, around the call of [`run::step_loop`]: out of line, its frame and the
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
                run::step_loop(handle, *lp, *in_iteration, more);
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
            && let Ok(run) = run::Recording::of(handle.clone())
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
            } => run::step_loop(handle, *lp, *in_iteration, false),
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
    run::open_while_loop(handle, loop_site, Args::Bool { p: 0.5 });
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
            run::close(handle);
        }
        if !handle.recording() {
            arg.check();
        }
        let more = run::while_next(handle, site, arg.args(), || direct(rng, arg));
        self.in_iteration = more;
        more
    }
}

impl Drop for WhileLoop<'_> {
    fn drop(&mut self) {
        if let Some(handle) = self.handle {
            if self.in_iteration {
                run::close(handle);
            }
            run::close(handle);
        }
    }
}

/// `if <boolean decision> { .. } else { .. }`: the branch taken, open until dropped.
#[must_use]
#[derive(Debug)]
pub struct Selection<'h> {
    taken: bool,
    /// The run, when it opened the selection.
    opened: Option<&'h Handle>,
}

impl Selection<'_> {
    /// Whether to run the `then` block.
    #[inline]
    pub fn taken(&self) -> bool {
        self.taken
    }
}

impl Drop for Selection<'_> {
    #[inline]
    fn drop(&mut self) {
        if let Some(handle) = self.opened {
            run::close_choice(handle);
        }
    }
}

/// `if rng.random_bool(p)` (or `random_ratio`, with the pair, or `random::<bool>()`, with
/// [`Fair`]): a reducible selection.
#[inline]
pub fn selection<'h, R: ?Sized, B: BoolArg>(
    arg: B,
    handle: &'h Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, B) -> bool,
) -> Selection<'h> {
    if !handle.active() {
        return Selection {
            taken: direct(rng, arg),
            opened: None,
        };
    }
    if !handle.recording() {
        arg.check();
    }
    let (taken, opened) = run::select(handle, site, &arg.args(), || direct(rng, arg));
    Selection {
        taken,
        opened: opened.then_some(handle),
    }
}

/// `match rng.random_range(arg) { .. }`: the value, with the arm open until dropped.
#[must_use]
#[derive(Debug)]
pub struct Switch<'h, T> {
    value: T,
    /// The run, when it opened the switch.
    opened: Option<&'h Handle>,
}

impl<T: Copy> Switch<'_, T> {
    /// The value to match on.
    #[inline]
    pub fn value(&self) -> T {
        self.value
    }
}

impl<T> Drop for Switch<'_, T> {
    #[inline]
    fn drop(&mut self) {
        if let Some(handle) = self.opened {
            run::close_choice(handle);
        }
    }
}

/// `match rng.random_range(arg) { .. }`: a multi-way selection; reduction may replace the
/// arm taken by the first value of the range.
#[inline]
pub fn switch<'h, R: ?Sized, T, A: RangeArg<T> + Clone>(
    arg: A,
    handle: &'h Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, A) -> T,
) -> Switch<'h, T> {
    if !handle.active() {
        return Switch {
            value: direct(rng, arg),
            opened: None,
        };
    }
    let (value, opened) = run::open_switch(handle, site, &arg, || direct(rng, arg.clone()));
    Switch {
        value,
        opened: opened.then_some(handle),
    }
}

/// `site!("what", "generator", ordinal)`: the `&'static Site` of the code it is written
/// at, the `ordinal`-th site of the generator named `generator` in the module it is in
/// ([`Site::keyed`]: `tests::words#3`). Generated code writes it spanned at the user's
/// tokens, so `line!()` and `column!()` give the user's location.
#[doc(hidden)]
#[macro_export]
macro_rules! __greduce_site {
    ($what:literal, $generator:literal, $ordinal:literal) => {
        const {
            &$crate::__private::Site::new(
                $what,
                ::core::file!(),
                ::core::line!(),
                ::core::column!(),
            )
            .keyed(
                ::core::concat!(::core::module_path!(), "::", $generator),
                $ordinal,
            )
        }
    };
}

/// `require_tokio!();`, an item: nothing with the feature `tokio`; a compile error that
/// names the feature without it. A test that asks for `executor = tokio` writes it next to
/// the test function, spanned at the user's `tokio`, where the error then points.
#[cfg(feature = "tokio")]
#[doc(hidden)]
#[macro_export]
macro_rules! __greduce_require_tokio {
    () => {};
}

/// `require_tokio!();`, an item: nothing with the feature `tokio`; without it, as here, a
/// compile error that names the feature. A test that asks for `executor = tokio` writes it
/// next to the test function, spanned at the user's `tokio`, where the error then points.
#[cfg(not(feature = "tokio"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __greduce_require_tokio {
    () => {
        ::core::compile_error!(
            "`executor = tokio` needs greduce's `tokio` feature \
             (`greduce = { version = \"..\", features = [\"tokio\"] }` in Cargo.toml)"
        );
    };
}
