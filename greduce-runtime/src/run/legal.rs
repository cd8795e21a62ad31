//! What rand's sequence calls can return, checked before a replayed value reaches user
//! code: a saved trace may be corrupt or hand-edited, and a value rand could never produce
//! would make the generator build an input that cannot occur (or, for a permutation that
//! repeats an index, loop forever while applying it). A value that fails its check is an
//! infeasible alignment, handled by the replay strategy like any other.
//!
//! The checks follow rand 0.10's algorithms:
//!
//! - `shuffle`: any permutation.
//! - `partial_shuffle(amount)` runs Durstenfeld's steps `i = n..len` (with
//!   `n = len - amount`), each swapping position `i` with one at or below it: the
//!   permutations it returns are exactly those that undoing the steps from the last one
//!   (swap element `i` back to position `i`) turns into the identity on `0..n`
//!   (`len! / n!` of them).
//! - slice `sample(amount)`: distinct indices in range, in any order (rand documents the
//!   order as arbitrary; its three algorithms reach every order).
//! - iterator `sample(amount)` (a reservoir): the first `amount` items fill the slots in
//!   order and later items overwrite random slots, so slot `k` holds `k` or an index of at
//!   least `amount`.

/// Whether `perm` is a permutation of `0..perm.len()`.
pub(crate) fn is_permutation(perm: &[usize]) -> bool {
    distinct_below(perm, perm.len())
}

/// Whether the indices are distinct and below `len`.
pub(crate) fn distinct_below(indices: &[usize], len: usize) -> bool {
    let mut seen = vec![false; len];
    indices
        .iter()
        .all(|&i| i < len && !std::mem::replace(&mut seen[i], true))
}

/// Whether `partial_shuffle(amount)` on `perm.len()` elements can leave them in the order
/// `perm` (`perm[k]` is the index of the element that ends at position `k`).
pub(crate) fn partial_shuffle_returns(perm: &[usize], amount: usize) -> bool {
    if !is_permutation(perm) {
        return false;
    }
    let len = perm.len();
    let n = len.saturating_sub(amount);
    let mut at = perm.to_vec();
    let mut position = vec![0; len];
    for (k, &e) in at.iter().enumerate() {
        position[e] = k;
    }
    // Undo the steps, last first: step `i` moved element `i` from position `i` to the
    // position it was swapped with.
    for i in (n..len).rev() {
        let j = position[i];
        at.swap(i, j);
        position[at[j]] = j;
        position[i] = i;
    }
    at[..n].iter().enumerate().all(|(k, &e)| k == e)
}

/// Whether an iterator's `sample(amount)` over `len` items can return the items at
/// `indices`, in that order.
pub(crate) fn reservoir_returns(indices: &[usize], len: usize, amount: usize) -> bool {
    indices.len() == amount.min(len)
        && distinct_below(indices, len)
        && indices
            .iter()
            .enumerate()
            .all(|(slot, &i)| i == slot || i >= amount)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::{IteratorRandom, SliceRandom};
    use std::collections::HashSet;

    /// Every permutation of `0..len`.
    fn permutations(len: usize) -> Vec<Vec<usize>> {
        if len == 0 {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for p in permutations(len - 1) {
            for at in 0..=p.len() {
                let mut q = p.clone();
                q.insert(at, len - 1);
                out.push(q);
            }
        }
        out
    }

    #[test]
    fn partial_shuffles_pass_exactly_what_rand_returns() {
        for len in 0..=5 {
            for amount in 0..=len + 1 {
                let mut returned = HashSet::new();
                for seed in 0..3000 {
                    let mut perm: Vec<usize> = (0..len).collect();
                    let _ = perm.partial_shuffle(&mut StdRng::seed_from_u64(seed), amount);
                    returned.insert(perm);
                }
                let legal: HashSet<Vec<usize>> = permutations(len)
                    .into_iter()
                    .filter(|p| partial_shuffle_returns(p, amount))
                    .collect();
                assert_eq!(legal, returned, "len {len}, amount {amount}");
            }
        }
    }

    #[test]
    fn reservoir_samples_pass_exactly_what_rand_returns() {
        for len in 0..=5 {
            for amount in 0..=len + 1 {
                let mut returned = HashSet::new();
                for seed in 0..3000 {
                    let picked = (0..len).sample(&mut StdRng::seed_from_u64(seed), amount);
                    returned.insert(picked);
                }
                for candidate in &returned {
                    assert!(reservoir_returns(candidate, len, amount), "{candidate:?}");
                }
                // Every arrangement of distinct indices that passes was returned.
                let legal: HashSet<Vec<usize>> = permutations(len)
                    .into_iter()
                    .map(|p| p[..amount.min(len)].to_vec())
                    .filter(|ix| reservoir_returns(ix, len, amount))
                    .collect();
                assert_eq!(legal, returned, "len {len}, amount {amount}");
            }
        }
    }

    #[test]
    fn repeated_or_out_of_range_indices_are_refused() {
        assert!(!is_permutation(&[0, 0]));
        assert!(!is_permutation(&[0, 2]));
        assert!(is_permutation(&[1, 0]));
        assert!(!distinct_below(&[30, 30], 40));
        assert!(!distinct_below(&[3], 3));
        assert!(!partial_shuffle_returns(&[1, 1, 0], 1));
        assert!(!reservoir_returns(&[2, 2], 5, 2));
    }
}
