//! JGraphT's `NaiveLCAFinder` in three versions, for the subjects G-9 (issue #953) and G-10
//! (issue #839): lowest common ancestors in a directed graph, where `parents(v)` are the
//! sources of `v`'s incoming edges.
//!
//! Restated from the versions' behaviour (JGraphT issues #839 and #953, pull requests #855
//! and #963), not translated:
//! - [`lca_v0`]: before #855. Walks up from both vertices level by level and answers the
//!   first vertex the two searches share; wrong when one vertex is an ancestor of the other
//!   (#839).
//! - [`lca_set_v1`]: from #855 to #963. Two breadth-first searches upwards, taking one vertex
//!   from each queue in turn and expanding a vertex only if the other search has not
//!   visited it too; then the common vertices that are no other common vertex's parent.
//!   Stopping early loses ancestors (#953).
//! - [`lca_set_v2`]: after #963. All ancestors of each vertex, intersected; the members with
//!   no edge to another member.
//!
//! Which member of a set `getLCA` returns depends on Java's set iteration order; here it is
//! the smallest, which can differ from Java's in ties (the oracles below compare sets, or
//! ask whether an answer is in the correct set, so ties do not matter to them).

use greduce_domains::graph::GnmGraph;
use petgraph::Directed;
use std::collections::{BTreeSet, VecDeque};

type Digraph = GnmGraph<Directed>;

/// The parents of each vertex (by index), in the order their edges were added.
fn parents(g: &Digraph) -> Vec<Vec<usize>> {
    let mut parents = vec![Vec::new(); g.node_count()];
    for e in g.raw_edges() {
        parents[e.target().index()].push(e.source().index());
    }
    parents
}

/// `getLCA` before #855.
pub fn lca_v0(g: &Digraph, a: usize, b: usize) -> Option<usize> {
    let parents = parents(g);
    let (mut level_a, mut level_b) = (BTreeSet::from([a]), BTreeSet::from([b]));
    let (mut seen_a, mut seen_b): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
    loop {
        if level_a.is_empty() && level_b.is_empty() {
            return None;
        }
        if let Some(x) = seen_b.iter().find(|x| level_a.contains(x)) {
            return Some(*x);
        }
        if let Some(x) = seen_a.iter().find(|x| level_b.contains(x)) {
            return Some(*x);
        }
        if let Some(x) = level_b.iter().find(|x| level_a.contains(x)) {
            return Some(*x);
        }
        seen_a.extend(level_a.iter().copied());
        seen_b.extend(level_b.iter().copied());
        let up = |level: &BTreeSet<usize>, seen: &[usize]| -> BTreeSet<usize> {
            level
                .iter()
                .flat_map(|v| parents[*v].iter().copied())
                .filter(|p| !seen.contains(p))
                .collect()
        };
        level_a = up(&level_a, &seen_a);
        level_b = up(&level_b, &seen_b);
    }
}

/// The members of `common` that have no edge to another member.
fn leaves(g: &Digraph, common: &BTreeSet<usize>) -> BTreeSet<usize> {
    let mut not_leaf = BTreeSet::new();
    for e in g.raw_edges() {
        let (s, t) = (e.source().index(), e.target().index());
        if common.contains(&s) && common.contains(&t) {
            not_leaf.insert(s);
        }
    }
    common.difference(&not_leaf).copied().collect()
}

/// `getLCASet` from #855 to #963.
pub fn lca_set_v1(g: &Digraph, a: usize, b: usize) -> BTreeSet<usize> {
    let parents = parents(g);
    let n = g.node_count();
    let (mut visited_a, mut visited_b) = (vec![false; n], vec![false; n]);
    let (mut queue_a, mut queue_b) = (VecDeque::from([a]), VecDeque::from([b]));
    visited_a[a] = true;
    visited_b[b] = true;
    while !queue_a.is_empty() || !queue_b.is_empty() {
        step(&parents, &mut queue_a, &mut visited_a, &visited_b);
        step(&parents, &mut queue_b, &mut visited_b, &visited_a);
    }
    let common: BTreeSet<usize> = (0..n).filter(|&v| visited_a[v] && visited_b[v]).collect();
    leaves(g, &common)
}

/// One step of a search of [`lca_set_v1`]: takes a vertex off `queue` and, unless the
/// other search visited it too, queues its parents not yet visited.
fn step(parents: &[Vec<usize>], queue: &mut VecDeque<usize>, mine: &mut [bool], other: &[bool]) {
    let Some(v) = queue.pop_front() else { return };
    if other[v] {
        return;
    }
    for &p in &parents[v] {
        if !mine[p] {
            mine[p] = true;
            queue.push_back(p);
        }
    }
}

/// All ancestors of `v`, `v` included.
fn ancestors(parents: &[Vec<usize>], v: usize) -> BTreeSet<usize> {
    let mut seen = BTreeSet::from([v]);
    let mut stack = vec![v];
    while let Some(x) = stack.pop() {
        for &p in &parents[x] {
            if seen.insert(p) {
                stack.push(p);
            }
        }
    }
    seen
}

/// `getLCASet` after #963.
pub fn lca_set_v2(g: &Digraph, a: usize, b: usize) -> BTreeSet<usize> {
    let parents = parents(g);
    let common = ancestors(&parents, a)
        .intersection(&ancestors(&parents, b))
        .copied()
        .collect();
    leaves(g, &common)
}

/// `getLCA` from #855 on: the first member of the set.
pub fn lca_v1(g: &Digraph, a: usize, b: usize) -> Option<usize> {
    lca_set_v1(g, a, b).first().copied()
}

/// G-9 (#953): some pair of vertices whose LCA sets differ before and after the fix. Like
/// the paper's differential oracle, it asks about every pair of the graph, cycles
/// included (the finder is meant for DAGs; on cycles its versions disagree for reasons
/// other than #953 too).
pub fn g9_fails(g: &Digraph) -> bool {
    let n = g.node_count();
    (0..n).any(|a| (a + 1..n).any(|b| lca_set_v1(g, a, b) != lca_set_v2(g, a, b)))
}

/// G-10 (#839): some pair of vertices whose LCA differs before and after the #839 fix (the
/// old level-by-level walk against the set-based finder that replaced it). A differential
/// like the paper's, on every pair, cycles included; the research notes expected the old
/// code to crash, but it returns a wrong ancestor instead.
pub fn g10_fails(g: &Digraph) -> bool {
    let n = g.node_count();
    (0..n).any(|a| (a + 1..n).any(|b| lca_v0(g, a, b) != lca_v1(g, a, b)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use petgraph::graph::NodeIndex;

    fn digraph(n: u32, edges: &[(usize, usize)]) -> Digraph {
        let mut g = Digraph::default();
        for id in 1..=n {
            g.add_node(id);
        }
        for &(a, b) in edges {
            g.add_edge(NodeIndex::new(a), NodeIndex::new(b), 0);
        }
        g
    }

    #[test]
    fn issue_839_one_vertex_above_the_other() {
        // 1->2, 2->3, 3->4, 1->4 (0-based: 0->1, 1->2, 2->3, 0->3); LCA(2, 4).
        let g = digraph(4, &[(0, 1), (1, 2), (2, 3), (0, 3)]);
        assert_eq!(lca_v0(&g, 1, 3), Some(0));
        assert_eq!(lca_v1(&g, 1, 3), Some(1));
        assert_eq!(lca_set_v2(&g, 1, 3), BTreeSet::from([1]));
    }

    #[test]
    fn issue_953_search_stops_too_early() {
        // a->b, b->c, a->d, f->c, d->e, e->f; LCA(c, e). a=0 b=1 c=2 d=3 e=4 f=5.
        let g = digraph(6, &[(0, 1), (1, 2), (0, 3), (5, 2), (3, 4), (4, 5)]);
        assert_eq!(lca_set_v1(&g, 2, 4), BTreeSet::from([0, 4]));
        assert_eq!(lca_set_v2(&g, 2, 4), BTreeSet::from([4]));
    }
}
