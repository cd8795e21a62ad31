//! What the code written by `#[generator]` calls. Not public API: no semver guarantees.
//!
//! Every entry point first asks [`active`] (one thread-local read). Outside a greduce run
//! it calls `direct`, a closure holding the user's own rand call, so an annotated generator
//! called with an ordinary rng draws exactly what the un-annotated one draws. Inside a run,
//! recording also calls `direct` (so `greduce::record(g, seed)` sees the values `g` gives
//! with that seed) and replaying answers from the reduced trace.

use crate::decision::{
    BoolArg, FillElem, Int, LoopIndex, RangeArg, SampleDistribution, StandardValue,
};
use crate::run;
use crate::value::{Args, Value};
use std::iter::Take;
use std::ops::{Range, RangeInclusive};

pub use crate::decision::Fair;
pub use crate::seq::{IteratorDecisions, SliceDecisions, SliceSample};
pub use crate::site::Site;

/// Whether a greduce run is recording or replaying on this thread.
#[inline]
pub fn active() -> bool {
    run::active()
}

/// Panics with rand's message for an empty range (replay does not call rand).
fn empty_range() -> ! {
    panic!("cannot sample empty range")
}

/// `rng.random_range(arg)`.
#[inline]
pub fn random_range<R: ?Sized, T, A: RangeArg<T> + Clone>(
    arg: A,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, A) -> T,
) -> T {
    if !active() {
        return direct(rng, arg);
    }
    run::decide(
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
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, B) -> bool,
) -> bool {
    arg.check();
    let args = arg.args();
    let simplest = args.simplest_bool();
    let admits = args.clone();
    run::decide(
        site,
        args,
        || {
            let v = direct(rng, arg);
            (v, Value::Bool(v))
        },
        |value| match value {
            Value::Bool(b) if admits.admits_bool(*b) => Some(*b),
            _ => None,
        },
        || (simplest, Value::Bool(simplest)),
    )
}

/// `rng.random_bool(p)`.
#[inline]
pub fn random_bool<R: ?Sized>(
    p: f64,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, f64) -> bool,
) -> bool {
    if !active() {
        return direct(rng, p);
    }
    boolean(p, site, rng, direct)
}

/// `rng.random_ratio(numerator, denominator)`, arguments as a pair.
#[inline]
pub fn random_ratio<R: ?Sized>(
    ratio: (u32, u32),
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, (u32, u32)) -> bool,
) -> bool {
    if !active() {
        return direct(rng, ratio);
    }
    boolean(ratio, site, rng, direct)
}

/// `rng.random::<T>()` for a primitive `T`.
#[inline]
pub fn random<R: ?Sized, T: StandardValue>(
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R) -> T,
) -> T {
    if !active() {
        return direct(rng);
    }
    run::decide(
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
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, &D) -> T,
) -> T {
    if !active() {
        return direct(rng, &distr);
    }
    run::decide(
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

/// `rng.fill(dest)`.
#[inline]
pub fn fill<R: ?Sized, E: FillElem>(
    dest: &mut [E],
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, &mut [E]),
) {
    if !active() {
        return direct(rng, dest);
    }
    let len = dest.len();
    let bytes = run::decide(
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
pub struct ScopeGuard {
    epoch: Option<u64>,
}

/// Opens the scope of a `#[generator]` function (the first statement of its body).
#[inline]
pub fn scope(site: &'static Site) -> ScopeGuard {
    if !active() {
        return ScopeGuard { epoch: None };
    }
    run::open_scope(site);
    ScopeGuard {
        epoch: run::epoch(),
    }
}

impl Drop for ScopeGuard {
    #[inline]
    fn drop(&mut self) {
        if let Some(epoch) = self.epoch {
            run::close(epoch);
        }
    }
}

/// The rng passed to the function called at `site`, which must be a `#[generator]`.
#[inline]
pub fn pass_rng<'r, R: ?Sized>(site: &'static Site, rng: &'r mut R) -> &'r mut R {
    if active() {
        run::pass_rng(site);
    }
    rng
}

/// The value returned by the call at `site`; checks that the callee opened a scope.
#[inline]
pub fn call_returned<T>(site: &'static Site, value: T) -> T {
    if active() {
        run::call_returned(site);
    }
    value
}

/// The iterator of a reducible loop: yields what the plain range (or `take`) yields and
/// opens one iteration of the loop in the trace per item.
///
/// A range's items cost nothing, so the iteration opens after the item is pulled (and the
/// loop ends exactly when the range does). A `take` pulls its items from a closure that may
/// draw (`repeat_with(|| rng.random())`): it is *lazy*, and the iteration opens before the
/// item is pulled, while the take's remaining count says whether one comes.
#[derive(Debug)]
pub struct LoopIter<I> {
    inner: I,
    epoch: Option<u64>,
    lazy: bool,
    in_iteration: bool,
    done: bool,
}

impl<I> LoopIter<I> {
    #[inline]
    fn plain(inner: I) -> Self {
        LoopIter {
            inner,
            epoch: None,
            lazy: false,
            in_iteration: false,
            done: true,
        }
    }

    fn recorded(inner: I, lazy: bool) -> Self {
        let epoch = run::epoch();
        LoopIter {
            inner,
            epoch,
            lazy,
            in_iteration: false,
            done: epoch.is_none(),
        }
    }
}

impl<I: Iterator> LoopIter<I> {
    #[cold]
    fn next_lazy(&mut self, epoch: u64) -> Option<I::Item> {
        let more = self.inner.size_hint().1 != Some(0);
        self.step(epoch, more);
        self.inner.next()
    }

    fn step(&mut self, epoch: u64, more: bool) {
        if self.done {
            return;
        }
        run::step_loop(epoch, self.in_iteration, more);
        self.in_iteration = more;
        self.done = !more;
    }
}

impl<I: Iterator> Iterator for LoopIter<I> {
    type Item = I::Item;

    #[inline]
    fn next(&mut self) -> Option<I::Item> {
        match self.epoch {
            None => self.inner.next(),
            Some(epoch) if self.lazy => self.next_lazy(epoch),
            Some(epoch) => {
                let item = self.inner.next();
                self.step(epoch, item.is_some());
                item
            }
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<I: ExactSizeIterator> ExactSizeIterator for LoopIter<I> {}

impl<I> Drop for LoopIter<I> {
    fn drop(&mut self) {
        if let Some(epoch) = self.epoch {
            if self.in_iteration {
                run::close(epoch);
            }
            if !self.done {
                run::close(epoch);
            }
        }
    }
}

/// `for _ in start..rng.random_range(arg)`: a reducible loop whose count is a decision.
#[inline]
pub fn reducible_loop<R: ?Sized, T: LoopIndex, A: RangeArg<T> + Clone>(
    start: T,
    arg: A,
    loop_site: &'static Site,
    count_site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, A) -> T,
) -> LoopIter<Range<T>> {
    if !active() {
        return LoopIter::plain(start..direct(rng, arg));
    }
    let end = run::for_loop(loop_site, count_site, &arg, || direct(rng, arg.clone()));
    LoopIter::recorded(start..end, false)
}

/// `for _ in start..=rng.random_range(arg)`.
#[inline]
pub fn reducible_loop_inclusive<R: ?Sized, T: LoopIndex, A: RangeArg<T> + Clone>(
    start: T,
    arg: A,
    loop_site: &'static Site,
    count_site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, A) -> T,
) -> LoopIter<RangeInclusive<T>> {
    if !active() {
        return LoopIter::plain(start..=direct(rng, arg));
    }
    let end = run::for_loop(loop_site, count_site, &arg, || direct(rng, arg.clone()));
    LoopIter::recorded(start..=end, false)
}

/// `iter.take(rng.random_range(arg))` (for example on `repeat_with`).
#[inline]
pub fn reducible_take<R: ?Sized, I: Iterator, A: RangeArg<usize> + Clone>(
    iter: I,
    arg: A,
    loop_site: &'static Site,
    count_site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, A) -> usize,
) -> LoopIter<Take<I>> {
    if !active() {
        return LoopIter::plain(iter.take(direct(rng, arg)));
    }
    let n = run::for_loop(loop_site, count_site, &arg, || direct(rng, arg.clone()));
    LoopIter::recorded(iter.take(n), true)
}

/// `let n = <decision>; .. for _ in start..n`: the loop counted by an earlier decision.
#[inline]
pub fn counted_loop<T: Int>(
    start: T,
    n: T,
    loop_site: &'static Site,
    count_site: &'static Site,
) -> LoopIter<Range<T>> {
    if !active() {
        return LoopIter::plain(start..n);
    }
    run::counted_loop(loop_site, count_site, n);
    LoopIter::recorded(start..n, false)
}

/// `let n = <decision>; .. for _ in start..=n`.
#[inline]
pub fn counted_loop_inclusive<T: Int>(
    start: T,
    n: T,
    loop_site: &'static Site,
    count_site: &'static Site,
) -> LoopIter<RangeInclusive<T>> {
    if !active() {
        return LoopIter::plain(start..=n);
    }
    run::counted_loop(loop_site, count_site, n);
    LoopIter::recorded(start..=n, false)
}

/// `let n = <decision>; .. iter.take(n)`.
#[inline]
pub fn counted_take<I: Iterator>(
    iter: I,
    n: usize,
    loop_site: &'static Site,
    count_site: &'static Site,
) -> LoopIter<Take<I>> {
    if !active() {
        return LoopIter::plain(iter.take(n));
    }
    run::counted_loop(loop_site, count_site, n);
    LoopIter::recorded(iter.take(n), true)
}

/// A `while .. rng.random_bool(p)` loop: each iteration is a reducible part.
#[must_use]
#[derive(Debug)]
pub struct WhileLoop {
    epoch: Option<u64>,
    in_iteration: bool,
}

/// Opens a `while` loop whose condition ends in a boolean decision.
#[inline]
pub fn while_loop(loop_site: &'static Site) -> WhileLoop {
    if !active() {
        return WhileLoop {
            epoch: None,
            in_iteration: false,
        };
    }
    run::while_loop(loop_site, Args::Bool { p: 0.5 });
    WhileLoop {
        epoch: run::epoch(),
        in_iteration: false,
    }
}

impl WhileLoop {
    /// The loop condition's decision: whether to run another iteration.
    #[inline]
    pub fn next<R: ?Sized, B: BoolArg>(
        &mut self,
        arg: B,
        site: &'static Site,
        rng: &mut R,
        direct: impl FnOnce(&mut R, B) -> bool,
    ) -> bool {
        let Some(epoch) = self.epoch else {
            return direct(rng, arg);
        };
        if self.in_iteration {
            self.in_iteration = false;
            run::close(epoch);
        }
        arg.check();
        let more = run::while_next(site, arg.args(), || direct(rng, arg));
        self.in_iteration = more;
        more
    }
}

impl Drop for WhileLoop {
    fn drop(&mut self) {
        if let Some(epoch) = self.epoch {
            if self.in_iteration {
                run::close(epoch);
            }
            run::close(epoch);
        }
    }
}

/// `if <boolean decision> { .. } else { .. }`: the branch taken, open until dropped.
#[must_use]
#[derive(Debug)]
pub struct Selection {
    taken: bool,
    epoch: Option<u64>,
}

impl Selection {
    /// Whether to run the `then` block.
    #[inline]
    pub fn taken(&self) -> bool {
        self.taken
    }
}

impl Drop for Selection {
    #[inline]
    fn drop(&mut self) {
        if let Some(epoch) = self.epoch {
            run::close_choice(epoch);
        }
    }
}

/// `if rng.random_bool(p)` (or `random_ratio`, with the pair, or `random::<bool>()`, with
/// [`Fair`]): a reducible selection.
#[inline]
pub fn selection<R: ?Sized, B: BoolArg>(
    arg: B,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, B) -> bool,
) -> Selection {
    if !active() {
        return Selection {
            taken: direct(rng, arg),
            epoch: None,
        };
    }
    arg.check();
    let (taken, opened) = run::select(site, &arg.args(), || direct(rng, arg));
    Selection {
        taken,
        epoch: if opened { run::epoch() } else { None },
    }
}

/// `match rng.random_range(arg) { .. }`: the value, with the arm open until dropped.
#[must_use]
#[derive(Debug)]
pub struct Switch<T> {
    value: T,
    epoch: Option<u64>,
}

impl<T: Copy> Switch<T> {
    /// The value to match on.
    #[inline]
    pub fn value(&self) -> T {
        self.value
    }
}

impl<T> Drop for Switch<T> {
    #[inline]
    fn drop(&mut self) {
        if let Some(epoch) = self.epoch {
            run::close_choice(epoch);
        }
    }
}

/// `match rng.random_range(arg) { .. }`: a multi-way selection; reduction may replace the
/// arm taken by the first value of the range.
#[inline]
pub fn switch<R: ?Sized, T, A: RangeArg<T> + Clone>(
    arg: A,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, A) -> T,
) -> Switch<T> {
    if !active() {
        return Switch {
            value: direct(rng, arg),
            epoch: None,
        };
    }
    let (value, opened) = run::switch(site, &arg, || direct(rng, arg.clone()));
    Switch {
        value,
        epoch: if opened { run::epoch() } else { None },
    }
}
