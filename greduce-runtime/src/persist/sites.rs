//! Sites read back from saved traces. A trace holds `&'static Site`s (those `#[generator]`
//! writes are statics), so a site read from text has to live for the rest of the process:
//! each distinct site is allocated once per process and shared by every later parse that
//! names it, so parsing the same saved failures again (each test run, each fuzz input)
//! costs no memory. The table is bounded: a process that reads more than [`LIMIT`]
//! distinct sites gets an error instead of growing without end.

use crate::trace::site::Site;
use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, PoisonError};

/// Distinct sites one process keeps at most.
pub(crate) const LIMIT: usize = 1 << 16;

/// A site's parts: operation, file, line, column, and key (generator and number).
type Parts = (String, String, u32, u32, Option<(String, u32)>);

#[derive(Default)]
struct Table {
    /// Sites by their place, operation and key.
    sites: HashMap<Parts, &'static Site>,
    /// The strings the sites point to (many sites share a file).
    strings: HashSet<&'static str>,
}

static TABLE: Mutex<Option<Table>> = Mutex::new(None);

/// The process's one site with these parts, as read back from a saved trace
/// ([`Site::read_back`]: equal to this process's site with its key); `None` when the table
/// is full.
pub(crate) fn intern(
    what: &str,
    file: &str,
    line: u32,
    column: u32,
    site_key: Option<(&str, u32)>,
) -> Option<&'static Site> {
    let mut guard = TABLE.lock().unwrap_or_else(PoisonError::into_inner);
    let table = guard.get_or_insert_with(Table::default);
    let key = (
        what.to_string(),
        file.to_string(),
        line,
        column,
        site_key.map(|(g, n)| (g.to_string(), n)),
    );
    if let Some(site) = table.sites.get(&key) {
        return Some(site);
    }
    if table.sites.len() >= LIMIT {
        return None;
    }
    let mut keep = |s: &str| -> &'static str {
        if let Some(kept) = table.strings.get(s) {
            return kept;
        }
        let kept: &'static str = Box::leak(s.to_string().into_boxed_str());
        table.strings.insert(kept);
        kept
    };
    let mut site = Site::new(keep(what), keep(file), line, column);
    if let Some((generator, ordinal)) = site_key {
        site = site.keyed(keep(generator), ordinal);
    }
    let site: &'static Site = Box::leak(Box::new(site.read_back()));
    table.sites.insert(key, site);
    Some(site)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_site_is_allocated_once() {
        let a = intern("random_range", "src/a.rs", 3, 9, None).unwrap();
        let b = intern("random_range", "src/a.rs", 3, 9, None).unwrap();
        assert!(std::ptr::eq(a, b));
        let c = intern("choose", "src/a.rs", 4, 9, None).unwrap();
        assert!(!std::ptr::eq(a, c));
        assert!(std::ptr::eq(a.file, c.file), "one copy of a file name");
        let keyed = intern("random_range", "src/a.rs", 3, 9, Some(("g", 2))).unwrap();
        assert!(!std::ptr::eq(a, keyed));
        assert_eq!(keyed.key(), Some(("g", 2)));
    }

    #[test]
    fn a_site_read_back_equals_the_site_with_its_key_wherever_it_moved() {
        static LIVE: Site = Site::new("random_range", "src/a.rs", 7, 9).keyed("g", 2);
        static OTHER: Site = Site::new("random_range", "src/a.rs", 3, 9).keyed("g", 3);
        let read = intern("random_range", "src/a.rs", 3, 9, Some(("g", 2))).unwrap();
        assert_eq!(*read, LIVE);
        assert_eq!(LIVE, *read);
        // Live sites keep to their places: same line, other key, not the same site.
        assert_ne!(LIVE, OTHER);
        assert_ne!(*read, OTHER);
        let elsewhere = intern("random_range", "src/b.rs", 3, 9, Some(("g", 2))).unwrap();
        assert_ne!(*elsewhere, LIVE);
        // The same file under another absolute path (a dependency, on another machine).
        let moved = intern(
            "random_range",
            "/home/a/greduce/src/a.rs",
            1,
            9,
            Some(("g", 2)),
        );
        assert_eq!(*moved.unwrap(), LIVE);
        // An old entry, without a key, still matches by place.
        let unkeyed = intern("random_range", "src/a.rs", 3, 9, None).unwrap();
        assert_eq!(*unkeyed, OTHER);
    }
}
