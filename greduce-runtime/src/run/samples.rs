//! Samples: a value drawn from a distribution, a slice or an iterator (`sample`, `fill`,
//! `sample_iter`, the rand calls a generator makes through a distribution). A known
//! distribution is a decision; an unknown one draws from a tape of raw bytes (`tape.rs`).
//! The session's side: raw windows and the bytes they skip.

use super::Handle;
use super::Script;
use super::decisions::decide;
use super::kinds::FillElem;
use super::kinds::SampleDistribution;
use super::ok_or_stop;
use super::scopes::expect_scope;
use super::scopes::opened_no_scope;
use super::tape::Tape;
use crate::trace::Decision;
use crate::trace::Tag;
use crate::trace::site::Site;
use crate::trace::value::Asked;
use crate::trace::value::Value;
use rand::distr::Distribution;
use std::any::type_name;
use std::cell::RefCell;
use std::collections::HashMap;

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
/// [`Reader::window`](super::bytes::Reader::window)); `None` in other runs.
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
    decide(
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
    let args = || Asked::Raw(Box::new(type_name::<T>().to_string()));
    let learn = |raw: bool| RAW_SAMPLERS.with(|known| known.borrow_mut().insert(key, raw));
    // The sampler drew raw output where no decision was made for it: one, after the fact.
    let raw_decision = |value: Value| {
        decided_after(
            handle,
            crate::trace::Decision {
                site,
                args: args(),
                value,
            },
        );
    };
    if handle.recording() {
        expect_scope(site);
        let mut tape = Tape::recording(rng).watching(handle);
        let t = sample(&mut tape);
        let raw = opened_no_scope(site);
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
    if let Some(window) = raw_window(handle) {
        expect_scope(site);
        let mut tape = Tape::<R>::playing(window);
        let t = sample(&mut tape);
        if opened_no_scope(site) {
            let raw = tape.into_bytes();
            skip_bytes(handle, raw.len());
            let value = Value::Bytes(Box::new(raw));
            decided_on_bytes(
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
    if known.or_else(|| next_is_raw(handle, site)) == Some(true) {
        // A recorded value replays when the sampler reads exactly its bytes: one it would
        // reject (rand's `Uniform` rejects a few words) or cut short is not that sample.
        let play = |bytes: Vec<u8>| {
            let mut tape = Tape::<R>::playing(bytes);
            let t = sample(&mut tape);
            let exact = tape.read_exactly();
            (t, tape.into_value(), exact)
        };
        return decide(
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
    expect_scope(site);
    let mut tape = Tape::<R>::playing(Vec::new());
    let t = sample(&mut tape);
    if opened_no_scope(site) {
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
    let bytes = decide(
        handle,
        site,
        Asked::Fill {
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
