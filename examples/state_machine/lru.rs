//! A small LRU cache with a bug, and the model it is tested against: the system of the
//! stateful example (`cargo run --example state_machine`) and of its proptest-state-machine
//! version (`cargo run --release -p greduce-bench -- stateful`), which includes this
//! example; the facade's crate docs include this file too. Its items are `pub(crate)`: the
//! example's `main.rs` declares it `pub(crate) mod lru`.
//!
//! [`LruCache`] stamps each entry with a logical clock when it is written or read, and
//! evicts the entry with the oldest stamp. Its bug: a read stamps the entry with the clock as
//! it stands, without advancing it, so the entry read ties with the last entry written;
//! eviction takes the first of equal stamps in its list, which can be the entry just read.
//! [`Model`] keeps its entries in a list from the least to the most recently used. The
//! facade's `tests/state_machine.rs` shows the bug on three operations.

/// What the cache and its model both do.
pub(crate) trait Cache {
    /// Stores `value` under `key`; when the cache is full and `key` is new, first evicts
    /// the least recently used entry.
    fn put(&mut self, key: u32, value: u32);
    /// The value under `key`, if any (a use of the entry).
    fn get(&mut self, key: u32) -> Option<u32>;
    /// Removes the entry of `key`; its value, if it had one.
    fn remove(&mut self, key: u32) -> Option<u32>;
    /// The entries, by key.
    fn entries(&self) -> Vec<(u32, u32)>;
}

/// The system under test: an LRU cache of a fixed capacity, with the bug described in the
/// [module docs](self).
#[derive(Clone, Debug)]
pub(crate) struct LruCache {
    capacity: usize,
    entries: Vec<Entry>,
    /// Advanced by every write; an entry's stamp is the clock when it was last used.
    clock: u64,
}

#[derive(Clone, Debug)]
struct Entry {
    key: u32,
    value: u32,
    last_used: u64,
}

impl LruCache {
    /// An empty cache that holds up to `capacity` entries.
    pub(crate) fn new(capacity: usize) -> Self {
        LruCache {
            capacity,
            entries: Vec::new(),
            clock: 0,
        }
    }
}

impl Cache for LruCache {
    fn put(&mut self, key: u32, value: u32) {
        self.clock += 1;
        if let Some(entry) = self.entries.iter_mut().find(|e| e.key == key) {
            entry.value = value;
            entry.last_used = self.clock;
            return;
        }
        if self.entries.len() == self.capacity {
            // The least recently used entry: the oldest stamp (the first, of equal ones).
            if let Some(oldest) = (0..self.entries.len()).min_by_key(|&i| self.entries[i].last_used)
            {
                self.entries.remove(oldest);
            }
        }
        self.entries.push(Entry {
            key,
            value,
            last_used: self.clock,
        });
    }

    fn get(&mut self, key: u32) -> Option<u32> {
        let entry = self.entries.iter_mut().find(|e| e.key == key)?;
        // The bug: the clock is read, not advanced (`self.clock += 1` is missing), so this
        // entry now has the same stamp as the last entry written.
        entry.last_used = self.clock;
        Some(entry.value)
    }

    fn remove(&mut self, key: u32) -> Option<u32> {
        let i = self.entries.iter().position(|e| e.key == key)?;
        Some(self.entries.remove(i).value)
    }

    fn entries(&self) -> Vec<(u32, u32)> {
        let mut entries: Vec<(u32, u32)> = self.entries.iter().map(|e| (e.key, e.value)).collect();
        entries.sort_unstable();
        entries
    }
}

/// The model: the entries as a list from the least to the most recently used, which is
/// what an LRU cache is, written as plainly as possible.
#[derive(Clone, Debug)]
pub(crate) struct Model {
    capacity: usize,
    /// `(key, value)`, the least recently used first.
    by_use: Vec<(u32, u32)>,
}

impl Model {
    /// An empty model of a cache that holds up to `capacity` entries.
    pub(crate) fn new(capacity: usize) -> Self {
        Model {
            capacity,
            by_use: Vec::new(),
        }
    }

    /// The keys it holds, in order.
    pub(crate) fn keys(&self) -> Vec<u32> {
        let mut keys: Vec<u32> = self.by_use.iter().map(|&(k, _)| k).collect();
        keys.sort_unstable();
        keys
    }

    /// The smallest key it does not hold.
    pub(crate) fn free_key(&self) -> u32 {
        (0..=u32::MAX)
            .find(|&key| self.by_use.iter().all(|&(k, _)| k != key))
            .unwrap_or(u32::MAX)
    }
}

impl Cache for Model {
    fn put(&mut self, key: u32, value: u32) {
        if self.remove(key).is_none() && self.by_use.len() == self.capacity {
            self.by_use.remove(0);
        }
        self.by_use.push((key, value));
    }

    fn get(&mut self, key: u32) -> Option<u32> {
        let value = self.remove(key)?;
        self.by_use.push((key, value));
        Some(value)
    }

    fn remove(&mut self, key: u32) -> Option<u32> {
        let i = self.by_use.iter().position(|&(k, _)| k == key)?;
        Some(self.by_use.remove(i).1)
    }

    fn entries(&self) -> Vec<(u32, u32)> {
        let mut entries = self.by_use.clone();
        entries.sort_unstable();
        entries
    }
}
