//! Keys: the (site, arguments) pairs that decisions stored in their node share, numbered in
//! the order a trace first uses them (so two traces recorded the same way number them the
//! same way).
//!
//! A key leaves out what changes from one draw to the next at one site (a range's length,
//! a list's length: `random_range(0..pool.len())` keeps one key while the pool shrinks),
//! which the node stores instead.
//!
//! Recording looks a key up for every decision, so [`Interner`] keeps a small
//! direct-mapped cache by site address in front of its map: a site that drew with the same
//! arguments last time finds its key in a few instructions.

use crate::trace::node::{Form, KEY_LIMIT, decision_head, head_key};
use crate::trace::site::Site;
use crate::trace::value::IntTy;
use std::cell::RefCell;
use std::collections::HashMap;

/// The arguments of a decision stored in its node, without their length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum KeyArgs {
    /// An integer range: its start and type (`Asked::Int` without its span).
    Int { lo: u64, ty: IntTy },
    /// `random_bool(p)`: the bits of `p`.
    Bool { p: u64 },
    /// A choice from a list (`Asked::Index` without its length).
    Index,
}

/// The keys of a trace: (site, arguments) by key.
pub(crate) type KeyTable = Vec<(&'static Site, KeyArgs)>;

/// How many entries the cache holds (a power of two).
const CACHE: usize = 1024;

/// One entry of the cache: a site's address, arguments it drew with ([`packed`]), and the
/// head of a decision leaf with their key (see [`Interner::cached_head`]). Aligned to 32 bytes, as it was holding the arguments whole: an entry's offset is a
/// shift of its slot, and no entry straddles two cache lines.
#[derive(Clone, Copy, Debug)]
#[repr(align(32))]
struct Entry {
    site: usize,
    word: u64,
    kind: u32,
    head: u32,
}

/// An empty entry (no site is at address 0).
const EMPTY: Entry = Entry {
    site: 0,
    word: 0,
    kind: 0,
    head: 0,
};

/// `args` as a word and a kind, equal exactly when the arguments are: a lookup compares
/// them in two comparisons, where comparing the enum took three (its tag, `lo` and `ty`;
/// measured with callgrind, draws record: 2 instructions per decision).
#[inline]
fn packed(args: KeyArgs) -> (u64, u32) {
    match args {
        KeyArgs::Int { lo, ty } => (lo, 1 | (ty as u32) << 8),
        KeyArgs::Bool { p } => (p, 2),
        KeyArgs::Index => (0, 3),
    }
}

/// How many interners a thread keeps for its next traces.
const POOLED: usize = 2;

thread_local! {
    static POOL: RefCell<Vec<Interner>> = const { RefCell::new(Vec::new()) };
}

/// Finds or adds the key of a (site, arguments) pair while a trace is built; held by
/// whatever builds the trace, not by the trace. Its cache is large (32 KiB), so each
/// thread keeps the interners of its finished traces ([`Interner::take`],
/// [`Interner::give_back`]) and clears only the entries a trace filled.
#[derive(Debug)]
pub(crate) struct Interner {
    /// The pairs found last, by [`slot`].
    cache: Box<[Entry; CACHE]>,
    /// The entries of `cache` filled since it was last cleared.
    filled: Vec<u16>,
    /// Keys by (site address, arguments).
    map: HashMap<(usize, KeyArgs), u32, foldhash::fast::FixedState>,
}

impl Default for Interner {
    fn default() -> Interner {
        Interner {
            // Built on the heap: 32 KiB would be a large array on the stack.
            cache: vec![EMPTY; CACHE]
                .into_boxed_slice()
                .try_into()
                .expect("CACHE entries"),
            filled: Vec::new(),
            map: HashMap::default(),
        }
    }
}

/// The cache entry of a site at `address` drawing with `args`: the address in 8-byte words
/// plus a multiple of a little of the arguments, modulo the cache's size. The sites of a
/// generator are statics laid out one after the other (40 bytes each), which this spreads
/// over distinct entries (a hash would let some share one and take turns missing it); the
/// arguments part spreads the draws of one site with other arguments (`random_range(i..n)`
/// in a loop over `i`; or two sites whose statics the compiler merged, having the same
/// text: a `macro_rules!` generator's) over the cache. Usually a constant where inlined.
#[inline]
fn slot(address: usize, args: KeyArgs) -> usize {
    let mix = match args {
        KeyArgs::Int { lo, ty } => (lo as usize).wrapping_add(ty as usize * 17),
        KeyArgs::Bool { p } => (p >> 45) as usize,
        KeyArgs::Index => 3,
    };
    (address >> 3).wrapping_add(mix) % CACHE
}

/// The form of a decision leaf whose key has `args`.
#[inline]
fn form_of(args: KeyArgs) -> Form {
    match args {
        KeyArgs::Int { .. } => Form::Int,
        KeyArgs::Bool { .. } => Form::Bool,
        KeyArgs::Index => Form::Index,
    }
}

impl Interner {
    /// A cleared interner from this thread's pool, or a new one.
    pub(crate) fn take() -> Interner {
        POOL.try_with(|pool| pool.borrow_mut().pop())
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// Clears the interner and keeps it in this thread's pool, for the next trace.
    pub(crate) fn give_back(mut self) {
        for slot in self.filled.drain(..) {
            self.cache[usize::from(slot)] = EMPTY;
        }
        self.map.clear();
        // `try_with`: the thread may be tearing down its thread-locals.
        let _ = POOL.try_with(|pool| {
            let mut pool = pool.borrow_mut();
            if pool.len() < POOLED {
                pool.push(self);
            }
        });
    }

    /// The key of `site` with `args` when the cache has it (`None` does not mean that the
    /// trace has no such key: see [`Interner::key`]).
    // Reason: on recording's hot path, inlined where the site and arguments are constants
    // (see `Store::push_decision`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn cached(&self, site: &'static Site, args: KeyArgs) -> Option<u32> {
        self.cached_head(site, args).map(head_key)
    }

    /// The head of a decision leaf of the form `args` is stored in, with the key of `site`
    /// with `args`, when the cache has it: the cache keeps heads rather than keys, which
    /// saves recording the two instructions that made a head of a key (callgrind, draws
    /// record).
    // Reason: as `cached`'s.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn cached_head(&self, site: &'static Site, args: KeyArgs) -> Option<u32> {
        let address = std::ptr::from_ref(site) as usize;
        let entry = &self.cache[slot(address, args)];
        let (word, kind) = packed(args);
        (entry.site == address && entry.word == word && entry.kind == kind).then_some(entry.head)
    }

    /// The key of `site` with `args` in `table`, added when new; `None` when the table is
    /// full ([`KEY_LIMIT`]).
    #[inline]
    pub(crate) fn key(
        &mut self,
        table: &mut KeyTable,
        site: &'static Site,
        args: KeyArgs,
    ) -> Option<u32> {
        // A `match`, not `or_else`: measured (callgrind), replays took 10 instructions more
        // per decision with the closure.
        match self.cached(site, args) {
            Some(key) => Some(key),
            None => self.missed(table, site, args),
        }
    }

    /// [`Interner::key`] past the cache.
    #[inline(never)]
    fn missed(&mut self, table: &mut KeyTable, site: &'static Site, args: KeyArgs) -> Option<u32> {
        let address = std::ptr::from_ref(site) as usize;
        let key = if let Some(key) = self.map.get(&(address, args)) {
            *key
        } else {
            if table.len() >= KEY_LIMIT {
                return None;
            }
            let key = table.len() as u32;
            table.push((site, args));
            self.map.insert((address, args), key);
            key
        };
        let slot = slot(address, args);
        if self.cache[slot].site == 0 {
            self.filled.push(slot as u16);
        }
        let (word, kind) = packed(args);
        self.cache[slot] = Entry {
            site: address,
            word,
            kind,
            head: decision_head(form_of(args), key),
        };
        Some(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static A: Site = Site::new("random_range", "a.rs", 1, 1);
    static B: Site = Site::new("random_range", "a.rs", 2, 1);

    #[test]
    fn keys_are_numbered_in_first_use_order() {
        let (mut interner, mut table) = (Interner::default(), KeyTable::new());
        let int = |lo| KeyArgs::Int { lo, ty: IntTy::U8 };
        assert_eq!(interner.key(&mut table, &B, int(0)), Some(0));
        assert_eq!(interner.key(&mut table, &A, int(0)), Some(1));
        assert_eq!(interner.key(&mut table, &B, int(3)), Some(2));
        // Found again, in the cache or past it.
        assert_eq!(interner.key(&mut table, &B, int(0)), Some(0));
        assert_eq!(interner.key(&mut table, &B, int(3)), Some(2));
        assert_eq!(interner.key(&mut table, &A, int(0)), Some(1));
        assert_eq!(table.len(), 3);
        assert_eq!(table[2], (&B, int(3)));
        // Given back and taken again, it starts over.
        interner.give_back();
        let (mut interner, mut table) = (Interner::take(), KeyTable::new());
        assert_eq!(interner.key(&mut table, &A, int(0)), Some(0));
        assert_eq!(table, [(&A, int(0))]);
    }
}
