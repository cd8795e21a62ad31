//! Which parts to remove: ddmin over a list of reducible parts.
//!
//! Sequence-based reduction runs [`ddmin`] once over all parts in trace order; tree-based
//! reduction (HDD) runs it on one level of the part tree at a time (see the reducer).

/// Which reduced traces the reducer proposes.
#[derive(Clone, Copy, Debug, Default, Eq, PartialEq, Hash)]
pub enum Search {
    /// ddmin over all reducible parts in trace order (`G^S` in the paper).
    Sequence,
    /// HDD: ddmin on the outermost parts first, then on the parts inside the kept ones,
    /// level by level, repeated until a whole round changes nothing (`G^T`).
    #[default]
    Tree,
}

/// Splits `items` into `n` chunks of near-equal size, in order.
fn chunks<T: Clone>(items: &[T], n: usize) -> Vec<Vec<T>> {
    (0..n)
        .map(|i| items[i * items.len() / n..(i + 1) * items.len() / n].to_vec())
        .collect()
}

/// ddmin (Zeller and Hildebrandt): finds a 1-minimal sublist of `items` for which `test`
/// holds, assuming it holds for `items`. `test` gets the sublist to keep and answers
/// whether it still reproduces, or `None` to stop the search (a budget ran out). Unlike
/// classic ddmin, the empty list is tried too (removing the last part may be what works).
pub(crate) fn ddmin<T: Clone + PartialEq>(
    items: Vec<T>,
    mut test: impl FnMut(&[T]) -> Option<bool>,
) -> Vec<T> {
    let mut kept = items;
    let mut n = 2;
    while !kept.is_empty() {
        let n_eff = n.min(kept.len());
        let parts = chunks(&kept, n_eff);
        let mut progressed = false;
        // Reduce to one chunk.
        if n_eff >= 2 {
            for part in &parts {
                match test(part) {
                    None => return kept,
                    Some(true) => {
                        kept.clone_from(part);
                        n = 2;
                        progressed = true;
                        break;
                    }
                    Some(false) => {}
                }
            }
        }
        // Reduce to a complement (with two chunks, the complements are the chunks).
        if !progressed && n_eff != 2 {
            for part in &parts {
                let complement: Vec<T> =
                    kept.iter().filter(|x| !part.contains(x)).cloned().collect();
                match test(&complement) {
                    None => return kept,
                    Some(true) => {
                        kept = complement;
                        n = (n_eff - 1).max(2);
                        progressed = true;
                        break;
                    }
                    Some(false) => {}
                }
            }
        }
        if !progressed {
            if n_eff >= kept.len() {
                break;
            }
            n = (2 * n_eff).min(kept.len());
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(items: Vec<u32>, needed: &[u32]) -> (Vec<u32>, usize) {
        let mut calls = 0;
        let kept = ddmin(items, |kept| {
            calls += 1;
            Some(needed.iter().all(|x| kept.contains(x)))
        });
        (kept, calls)
    }

    #[test]
    fn finds_the_needed_items() {
        assert_eq!(run((0..8).collect(), &[1, 6]).0, vec![1, 6]);
        assert_eq!(run((0..3).collect(), &[2]).0, vec![2]);
        assert_eq!(run((0..5).collect(), &[]).0, Vec::<u32>::new());
        assert_eq!(run(vec![4], &[]).0, Vec::<u32>::new());
        assert_eq!(run(vec![4], &[4]).0, vec![4]);
    }

    #[test]
    fn the_motivating_example_needs_four_tests() {
        // "abc" -> keep "a"? no; keep "bc"? yes; keep "b"? no; keep "c"? yes; keep ""? no.
        assert_eq!(run(vec![0, 1, 2], &[2]), (vec![2], 5));
    }

    #[test]
    fn stops_when_told() {
        let mut calls = 0;
        let kept = ddmin((0..16).collect::<Vec<u32>>(), |_| {
            calls += 1;
            if calls > 3 { None } else { Some(false) }
        });
        assert_eq!(kept.len(), 16);
        assert_eq!(calls, 4);
    }
}
