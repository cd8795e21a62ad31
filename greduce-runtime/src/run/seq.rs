//! Decisions on slices and iterators (`choose`, `choose_mut`, `choose_weighted`, `sample`,
//! `shuffle`, `partial_shuffle`), where rand takes the rng as an argument.
//!
//! Slice and iterator methods share names, so `#[generator]` cannot tell them apart by
//! syntax: it writes a method call (`xs.__greduce_choose(..)`) and method resolution picks
//! [`SliceDecisions`] (for anything that derefs to a slice) or [`IteratorDecisions`], exactly
//! as it picks rand's `IndexedRandom` or `IteratorRandom` for the user's original call.
//!
//! Each decision is recorded as an index (or a permutation / list of indices), so replay can
//! check it against today's length. Recording draws exactly what rand would: a chosen
//! element's index is read off the returned reference, permutations come from shuffling an
//! index vector of the same length (rand's draws depend only on the length), and iterator
//! choices run rand's own algorithm on the enumerated iterator (same size hints, same draws).

use crate::run::legal;
use crate::run::{self, Handle};
use crate::trace::site::Site;
use crate::trace::value::{Asked, UNKNOWN, Value};
use rand::Rng;
use rand::distr::uniform::{SampleBorrow, SampleUniform};
use rand::distr::weighted::{Error as WeightError, Weight, WeightedIndex};
use rand::seq::{IteratorRandom, SliceRandom};

/// The index of `elem` within the slice starting at `base` (0 for zero-sized elements).
fn index_of<T>(base: *const T, elem: *const T) -> usize {
    (elem as usize - base as usize)
        .checked_div(size_of::<T>())
        .unwrap_or(0)
}

/// Reads a recorded index back if it is below `len`.
fn read_index(value: &Value, len: usize) -> Option<usize> {
    value.as_index().filter(|i| *i < len)
}

/// Decides an index into a sequence of `len` elements (`len > 0`).
fn decide_index(
    handle: &Handle,
    site: &'static Site,
    len: Option<usize>,
    known: usize,
    record: impl FnOnce() -> usize,
    legal: impl Fn(usize) -> bool,
    simplest: usize,
) -> usize {
    run::decisions::decide(
        handle,
        site,
        Asked::Index {
            len: len.map_or(UNKNOWN, |len| len as u64),
        },
        || {
            let i = record();
            (i, Value::index(i))
        },
        |value| read_index(value, known).filter(|i| legal(*i)),
        || (simplest, Value::index(simplest)),
    )
}

/// An empty slice or iterator: rand answers `None` without drawing, but the call is still
/// an operation of the generator, recorded (with no index) so replay stays aligned with it.
/// A recorded index is not a legal answer for an empty sequence (nor the reverse).
fn decide_empty(handle: &Handle, site: &'static Site) {
    run::decisions::decide(
        handle,
        site,
        Asked::Index { len: 0 },
        || ((), Value::indices(Vec::new())),
        |value| {
            value
                .as_indices()
                .is_some_and(<[usize]>::is_empty)
                .then_some(())
        },
        || ((), Value::indices(Vec::new())),
    );
}

/// Rearranges `slice` so that `slice[k]` becomes the old `slice[perm[k]]`. `perm` must be
/// a permutation of the slice's positions (replay checks it: see [`legal`]); a repeated
/// index would make a cycle that never closes.
fn apply_permutation<T>(slice: &mut [T], perm: &[usize]) {
    debug_assert!(legal::is_permutation(perm) && perm.len() == slice.len());
    let mut done = vec![false; perm.len()];
    for start in 0..perm.len() {
        if done[start] {
            continue;
        }
        let mut j = start;
        loop {
            done[j] = true;
            let k = perm[j];
            if k == start {
                break;
            }
            slice.swap(j, k);
            j = k;
        }
    }
}

/// A recorded permutation restricted to its first `len` values (the order of the elements
/// that are still there), if it covers `len` elements.
fn read_permutation(value: &Value, len: usize) -> Option<Vec<usize>> {
    match value.as_indices() {
        Some(perm) if perm.len() >= len => {
            let induced: Vec<usize> = perm.iter().copied().filter(|i| *i < len).collect();
            (induced.len() == len && legal::is_permutation(&induced)).then_some(induced)
        }
        _ => None,
    }
}

/// Decisions on slices (anything that derefs to `[T]`). Called by generated code only.
pub trait SliceDecisions {
    /// Element type.
    type Elem;

    /// `xs.choose(rng)`.
    fn __greduce_choose<'a, R: ?Sized>(
        &'a self,
        rng: &mut R,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(&'a Self, &mut R) -> Option<&'a Self::Elem>,
    ) -> Option<&'a Self::Elem>;

    /// `xs.choose_mut(rng)`.
    fn __greduce_choose_mut<'a, R: ?Sized>(
        &'a mut self,
        rng: &mut R,
        handle: &Handle,
        site: &'static Site,
        direct: impl for<'b> FnOnce(&'b mut Self, &mut R) -> Option<&'b mut Self::Elem>,
    ) -> Option<&'a mut Self::Elem>;

    /// `xs.choose_weighted(rng, weight)`.
    ///
    /// # Errors
    ///
    /// rand's weight errors (no positive weight, a negative or non-finite weight).
    fn __greduce_choose_weighted<'a, R: ?Sized, F, B, X>(
        &'a self,
        rng: &mut R,
        weight: F,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(&'a Self, &mut R, F) -> Result<&'a Self::Elem, WeightError>,
    ) -> Result<&'a Self::Elem, WeightError>
    where
        F: Fn(&Self::Elem) -> B,
        B: SampleBorrow<X>,
        X: SampleUniform + Weight + PartialOrd<X>;

    /// `xs.sample(rng, amount)`.
    fn __greduce_sample<'a, R: ?Sized, D: Iterator<Item = &'a Self::Elem>>(
        &'a self,
        rng: &mut R,
        amount: usize,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(&'a Self, &mut R, usize) -> D,
    ) -> SliceSample<'a, Self::Elem, D>
    where
        Self::Elem: 'a;

    /// `xs.shuffle(rng)`.
    fn __greduce_shuffle<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(&mut Self, &mut R),
    );

    /// `xs.partial_shuffle(rng, amount)`.
    #[allow(clippy::type_complexity)] // Reason: rand's own return type.
    fn __greduce_partial_shuffle<'a, R: Rng + ?Sized>(
        &'a mut self,
        rng: &mut R,
        amount: usize,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(&'a mut Self, &mut R, usize) -> (&'a mut [Self::Elem], &'a mut [Self::Elem]),
    ) -> (&'a mut [Self::Elem], &'a mut [Self::Elem]);
}

impl<T> SliceDecisions for [T] {
    type Elem = T;

    #[inline]
    fn __greduce_choose<'a, R: ?Sized>(
        &'a self,
        rng: &mut R,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(&'a Self, &mut R) -> Option<&'a T>,
    ) -> Option<&'a T> {
        if !handle.active() {
            return direct(self, rng);
        }
        if self.is_empty() {
            decide_empty(handle, site);
            return None;
        }
        let base = self.as_ptr();
        let len = self.len();
        let i = decide_index(
            handle,
            site,
            Some(len),
            len,
            || direct(self, rng).map_or(0, |elem| index_of(base, elem)),
            |_| true,
            0,
        );
        self.get(i)
    }

    #[inline]
    fn __greduce_choose_mut<'a, R: ?Sized>(
        &'a mut self,
        rng: &mut R,
        handle: &Handle,
        site: &'static Site,
        direct: impl for<'b> FnOnce(&'b mut Self, &mut R) -> Option<&'b mut T>,
    ) -> Option<&'a mut T> {
        if !handle.active() {
            return direct(self, rng);
        }
        if self.is_empty() {
            decide_empty(handle, site);
            return None;
        }
        let base = self.as_ptr();
        let len = self.len();
        let i = decide_index(
            handle,
            site,
            Some(len),
            len,
            || direct(&mut *self, rng).map_or(0, |elem| index_of(base, elem)),
            |_| true,
            0,
        );
        self.get_mut(i)
    }

    #[inline]
    fn __greduce_choose_weighted<'a, R: ?Sized, F, B, X>(
        &'a self,
        rng: &mut R,
        weight: F,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(&'a Self, &mut R, F) -> Result<&'a T, WeightError>,
    ) -> Result<&'a T, WeightError>
    where
        F: Fn(&T) -> B,
        B: SampleBorrow<X>,
        X: SampleUniform + Weight + PartialOrd<X>,
    {
        if !handle.active() {
            return direct(self, rng, weight);
        }
        let len = self.len();
        if !handle.replaying() {
            let base = self.as_ptr();
            let chosen = direct(self, rng, weight)?;
            let i = index_of(base, chosen);
            run::decisions::record(
                handle,
                site,
                Asked::Index { len: len as u64 },
                Value::index(i),
            );
            return Ok(chosen);
        }
        // rand checks the weights before drawing; so does replay, with the same errors.
        WeightedIndex::<X>::new(self.iter().map(&weight))?;
        let positive = |i: usize| *weight(&self[i]).borrow() > X::ZERO;
        let simplest = (0..len).find(|i| positive(*i)).unwrap_or(0);
        let i = decide_index(
            handle,
            site,
            Some(len),
            len,
            || unreachable!("replaying"),
            positive,
            simplest,
        );
        Ok(&self[i])
    }

    #[inline]
    fn __greduce_sample<'a, R: ?Sized, D: Iterator<Item = &'a T>>(
        &'a self,
        rng: &mut R,
        amount: usize,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(&'a Self, &mut R, usize) -> D,
    ) -> SliceSample<'a, T, D>
    where
        T: 'a,
    {
        if !handle.active() {
            return SliceSample::Direct(direct(self, rng, amount));
        }
        let base = self.as_ptr();
        let len = self.len();
        let want = amount.min(len);
        let indices = run::decisions::decide(
            handle,
            site,
            Asked::Sample {
                len: len as u64,
                amount: amount as u64,
            },
            || {
                let ix: Vec<usize> = direct(self, rng, amount)
                    .map(|e| index_of(base, e))
                    .collect();
                (ix.clone(), Value::indices(ix))
            },
            |value| {
                value
                    .as_indices()
                    .filter(|ix| ix.len() == want && legal::distinct_below(ix, len))
                    .map(<[usize]>::to_vec)
            },
            || {
                let ix: Vec<usize> = (0..want).collect();
                (ix.clone(), Value::indices(ix))
            },
        );
        SliceSample::Replayed(
            indices
                .iter()
                .map(|i| &self[*i])
                .collect::<Vec<_>>()
                .into_iter(),
        )
    }

    #[inline]
    fn __greduce_shuffle<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(&mut Self, &mut R),
    ) {
        let len = self.len();
        if !handle.active() {
            return direct(self, rng);
        }
        // Recorded for every length (rand draws nothing for 0 or 1 elements; the call is
        // still an operation replay aligns with).
        let perm = run::decisions::decide(
            handle,
            site,
            Asked::Shuffle { len: len as u64 },
            || {
                let mut perm: Vec<usize> = (0..len).collect();
                perm.shuffle(rng);
                (perm.clone(), Value::indices(perm))
            },
            |value| read_permutation(value, len),
            || {
                let id: Vec<usize> = (0..len).collect();
                (id.clone(), Value::indices(id))
            },
        );
        apply_permutation(self, &perm);
    }

    #[inline]
    fn __greduce_partial_shuffle<'a, R: Rng + ?Sized>(
        &'a mut self,
        rng: &mut R,
        amount: usize,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(&'a mut Self, &mut R, usize) -> (&'a mut [T], &'a mut [T]),
    ) -> (&'a mut [T], &'a mut [T]) {
        if !handle.active() {
            return direct(self, rng, amount);
        }
        let len = self.len();
        let perm = run::decisions::decide(
            handle,
            site,
            Asked::PartialShuffle {
                len: len as u64,
                amount: amount as u64,
            },
            || {
                let mut perm: Vec<usize> = (0..len).collect();
                let _ = perm.partial_shuffle(rng, amount);
                (perm.clone(), Value::indices(perm))
            },
            |value| {
                value
                    .as_indices()
                    .filter(|perm| {
                        perm.len() == len && legal::partial_shuffle_returns(perm, amount)
                    })
                    .map(<[usize]>::to_vec)
            },
            || {
                let id: Vec<usize> = (0..len).collect();
                (id.clone(), Value::indices(id))
            },
        );
        apply_permutation(self, &perm);
        let (rest, chosen) = self.split_at_mut(len.saturating_sub(amount));
        (chosen, rest)
    }
}

/// The iterator `sample` on a slice returns: rand's own outside a run, the replayed
/// elements inside one.
#[derive(Debug)]
pub enum SliceSample<'a, T, D> {
    /// Outside a run: rand's iterator.
    Direct(D),
    /// Inside a run: the recorded (or replayed) elements.
    Replayed(std::vec::IntoIter<&'a T>),
}

impl<'a, T, D: Iterator<Item = &'a T>> Iterator for SliceSample<'a, T, D> {
    type Item = &'a T;

    #[inline]
    fn next(&mut self) -> Option<&'a T> {
        match self {
            SliceSample::Direct(d) => d.next(),
            SliceSample::Replayed(r) => r.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            SliceSample::Direct(d) => d.size_hint(),
            SliceSample::Replayed(r) => r.size_hint(),
        }
    }
}

impl<'a, T, D: ExactSizeIterator<Item = &'a T>> ExactSizeIterator for SliceSample<'a, T, D> {}

/// Decisions on iterators. Called by generated code only.
pub trait IteratorDecisions: Iterator + Sized {
    /// `iter.choose(rng)`.
    fn __greduce_choose<R: Rng + ?Sized>(
        self,
        rng: &mut R,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(Self, &mut R) -> Option<Self::Item>,
    ) -> Option<Self::Item>;

    /// `iter.sample(rng, amount)`.
    fn __greduce_sample<R: Rng + ?Sized>(
        self,
        rng: &mut R,
        amount: usize,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(Self, &mut R, usize) -> Vec<Self::Item>,
    ) -> Vec<Self::Item>;
}

fn exact_len<I: Iterator>(iter: &I) -> Option<usize> {
    match iter.size_hint() {
        (lo, Some(hi)) if lo == hi => Some(lo),
        _ => None,
    }
}

impl<I: Iterator> IteratorDecisions for I {
    #[inline]
    fn __greduce_choose<R: Rng + ?Sized>(
        self,
        rng: &mut R,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(Self, &mut R) -> Option<Self::Item>,
    ) -> Option<Self::Item> {
        if !handle.active() {
            return direct(self, rng);
        }
        if handle.replaying() {
            let mut items: Vec<I::Item> = self.collect();
            if items.is_empty() {
                decide_empty(handle, site);
                return None;
            }
            let len = items.len();
            let i = decide_index(handle, site, Some(len), len, || 0, |_| true, 0);
            return Some(items.swap_remove(i));
        }
        // Recording: rand's algorithm on the enumerated iterator draws what it would draw on
        // the iterator itself, and tells the index.
        let len = exact_len(&self);
        if let Some((i, item)) = self.enumerate().choose(rng) {
            run::decisions::record(
                handle,
                site,
                Asked::Index {
                    len: len.map_or(UNKNOWN, |len| len as u64),
                },
                Value::index(i),
            );
            Some(item)
        } else {
            run::decisions::record(
                handle,
                site,
                Asked::Index { len: 0 },
                Value::indices(Vec::new()),
            );
            None
        }
    }

    #[inline]
    fn __greduce_sample<R: Rng + ?Sized>(
        self,
        rng: &mut R,
        amount: usize,
        handle: &Handle,
        site: &'static Site,
        direct: impl FnOnce(Self, &mut R, usize) -> Vec<Self::Item>,
    ) -> Vec<Self::Item> {
        if !handle.active() {
            return direct(self, rng, amount);
        }
        if handle.replaying() {
            let mut items: Vec<Option<I::Item>> = self.map(Some).collect();
            let len = items.len();
            let want = amount.min(len);
            let ix = run::decisions::decide(
                handle,
                site,
                Asked::Sample {
                    len: len as u64,
                    amount: amount as u64,
                },
                || unreachable!("replaying"),
                |value| {
                    value
                        .as_indices()
                        .filter(|ix| legal::reservoir_returns(ix, len, amount))
                        .map(<[usize]>::to_vec)
                },
                || {
                    let ix: Vec<usize> = (0..want).collect();
                    (ix.clone(), Value::indices(ix))
                },
            );
            return ix.iter().filter_map(|i| items[*i].take()).collect();
        }
        let len = exact_len(&self);
        let picked = self.enumerate().sample(rng, amount);
        let ix: Vec<usize> = picked.iter().map(|(i, _)| *i).collect();
        run::decisions::record(
            handle,
            site,
            Asked::Sample {
                len: len.map_or(UNKNOWN, |len| len as u64),
                amount: amount as u64,
            },
            Value::indices(ix),
        );
        picked.into_iter().map(|(_, item)| item).collect()
    }
}
