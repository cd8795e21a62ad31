//! Origin: mikemoraned/stuffsack, `src/main.rs` (commit 0a19b29b), rand 0.8 API: a `HashMap`
//! of random keys to random flags, built in `main` with `for_each` over helpers that draw.
//!
//! Port: each helper drew from `thread_rng()`; each takes the `rng` parameter instead
//! (first). The map-building statements of `main` are the generator `plain`, with the key
//! length and the number of entries as parameters.

use greduce::generator;
use rand::RngExt;
use std::collections::{BTreeMap, HashMap};

/// `key_length` capital letters.
#[generator]
fn random_key<R: rand::Rng + ?Sized>(rng: &mut R, key_length: usize) -> String {
    const CHARSET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

    (0..key_length)
        .map(|_| {
            let idx = rng.random_range(0..CHARSET.len());
            CHARSET[idx] as char
        })
        .collect()
}

/// A fair coin.
#[generator]
fn random_value<R: rand::Rng + ?Sized>(rng: &mut R) -> bool {
    rng.random_bool(0.5)
}

/// `num_entries` insertions of a random key and flag.
#[generator]
pub(crate) fn plain<R: rand::Rng + ?Sized>(
    rng: &mut R,
    key_length: usize,
    num_entries: usize,
) -> HashMap<String, bool> {
    let mut plain: HashMap<String, bool> = HashMap::new();
    (0..num_entries).for_each(|_| {
        plain.insert(random_key(rng, key_length), random_value(rng));
    });
    plain
}

#[test]
fn a_map_with_a_set_flag_ends_as_one_entry() {
    // Property: no flag is set. Minimal: every key "AAA" (so one entry), every flag false
    // but the last insertion's.
    crate::assert_minimum(
        |rng| plain(rng, 3, 4),
        |m: &HashMap<String, bool>| m.values().any(|v| *v),
        |m| m.clone().into_iter().collect::<BTreeMap<_, _>>(),
        &BTreeMap::from([("AAA".to_owned(), true)]),
    );
}
