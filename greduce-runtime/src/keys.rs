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

use crate::node::KEY_LIMIT;
use crate::site::Site;
use crate::value::IntTy;
use std::collections::HashMap;

/// The arguments of a decision stored in its node, without their length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum KeyArgs {
    /// An integer range: its start and type (`Args::Int` without its span).
    Int { lo: u64, ty: IntTy },
    /// `random_bool(p)`: the bits of `p`.
    Bool { p: u64 },
    /// A choice from a list (`Args::Index` without its length).
    Index,
}

/// The keys of a trace: (site, arguments) by key.
pub(crate) type KeyTable = Vec<(&'static Site, KeyArgs)>;

/// How many entries the cache holds (a power of two).
const CACHE: usize = 128;

/// One entry of the cache: a site's address, arguments it drew with, their key.
#[derive(Clone, Copy, Debug)]
struct Entry {
    site: usize,
    args: KeyArgs,
    key: u32,
}

/// Finds or adds the key of a (site, arguments) pair while a trace is built; held by
/// whatever builds the trace, not by the trace.
#[derive(Debug)]
pub(crate) struct Interner {
    /// The pairs found last, by [`slot`].
    cache: Box<[Entry; CACHE]>,
    /// Keys by (site address, arguments).
    map: HashMap<(usize, KeyArgs), u32, foldhash::fast::FixedState>,
}

impl Default for Interner {
    fn default() -> Interner {
        Interner {
            // No site is at address 0.
            cache: Box::new(
                [Entry {
                    site: 0,
                    args: KeyArgs::Index,
                    key: 0,
                }; CACHE],
            ),
            map: HashMap::default(),
        }
    }
}

/// The cache entry of a site at `address` drawing with `args`: the address in 8-byte words
/// plus a little of the arguments, modulo the cache's size. The sites of a generator are
/// statics laid out one after the other (40 bytes each), which this spreads over distinct
/// entries (a hash would let some share one and take turns missing it); the arguments
/// part keeps apart the draws of one site with other arguments (or of two sites whose
/// statics the compiler merged, having the same text: a `macro_rules!` generator's).
/// Usually a constant where it is inlined.
#[inline]
fn slot(address: usize, args: KeyArgs) -> usize {
    let mix = match args {
        KeyArgs::Int { lo, ty } => (lo as usize).wrapping_add(ty as usize * 17),
        KeyArgs::Bool { p } => (p >> 45) as usize,
        KeyArgs::Index => 3,
    };
    (address >> 3).wrapping_add(mix) % CACHE
}

impl Interner {
    /// The key of `site` with `args` in `table`, added when new; `None` when the table is
    /// full ([`KEY_LIMIT`]).
    // Reason: on recording's hot path, inlined where the site and arguments are constants
    // (see `Store::push_decision`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn key(
        &mut self,
        table: &mut KeyTable,
        site: &'static Site,
        args: KeyArgs,
    ) -> Option<u32> {
        let address = std::ptr::from_ref(site) as usize;
        let entry = &self.cache[slot(address, args)];
        if entry.site == address && entry.args == args {
            return Some(entry.key);
        }
        self.missed(table, site, args)
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
        self.cache[slot(address, args)] = Entry {
            site: address,
            args,
            key,
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
    }
}
