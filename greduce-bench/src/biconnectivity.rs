//! JGraphT's `BiconnectivityInspector` blocks, before and after the fix of issue #798 (the
//! paper's subject G-2), restated from its behaviour (issue #798, pull request #816 and its
//! test `testGithubIssueBug798`).
//!
//! A depth-first search computes discovery times and low links; at each cutpoint the edges
//! of the block below it are popped off an edge stack. Before the fix the popping stopped at
//! the first edge with *either* end discovered before the cutpoint, after it at the first
//! edge with *both* ends discovered before the child: the old rule merges blocks when the
//! root is a cutpoint and cuts others wrongly. Cutpoints and bridges are the same in both.
//! The old answer depends on the search order: roots in vertex order, neighbours in the
//! order of the edges added.

use greduce_domains::graph::GnmGraph;
use petgraph::Undirected;
use std::collections::BTreeSet;

/// Which version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// Before the fix (JGraphT 1.3.1).
    Before,
    /// After it.
    After,
}

/// The blocks (biconnected components) as sets of vertex indices.
pub fn blocks(g: &GnmGraph<Undirected>, version: Version) -> BTreeSet<BTreeSet<usize>> {
    let n = g.node_count();
    // Each vertex's edges, in the order they were added, as (other end, edge id).
    let mut incident: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (id, e) in g.raw_edges().iter().enumerate() {
        let (a, b) = (e.source().index(), e.target().index());
        incident[a].push((b, id));
        if a != b {
            incident[b].push((a, id));
        }
    }
    let mut search = Search {
        incident: &incident,
        disc: vec![0; n],
        time: 0,
        stack: Vec::new(),
        blocks: BTreeSet::new(),
        version,
    };
    for root in 0..n {
        if search.disc[root] == 0 {
            search.dfs(root, None);
            // What is left on the stack is one more block.
            search.build_block(0);
        }
    }
    search.blocks
}

struct Search<'a> {
    incident: &'a [Vec<(usize, usize)>],
    /// Discovery times, from 1; 0 = not discovered.
    disc: Vec<usize>,
    time: usize,
    /// Edges as (end, end).
    stack: Vec<(usize, usize)>,
    blocks: BTreeSet<BTreeSet<usize>>,
    version: Version,
}

impl Search<'_> {
    fn dfs(&mut self, v: usize, parent: Option<usize>) -> usize {
        self.time += 1;
        self.disc[v] = self.time;
        let mut low = self.time;
        let mut children = 0;
        for &(w, _) in &self.incident[v] {
            if self.disc[w] == 0 {
                children += 1;
                self.stack.push((v, w));
                let low_w = self.dfs(w, Some(v));
                low = low.min(low_w);
                let cutpoint = match parent {
                    Some(_) => low_w >= self.disc[v],
                    None => children > 1,
                };
                if cutpoint {
                    let threshold = match self.version {
                        Version::Before => self.disc[v],
                        Version::After => self.disc[w],
                    };
                    self.build_block(threshold);
                }
            } else if self.disc[w] < self.disc[v] && Some(w) != parent {
                self.stack.push((v, w));
                low = low.min(self.disc[w]);
            }
        }
        low
    }

    /// Pops the edges of a block, down to the version's stop rule.
    fn build_block(&mut self, threshold: usize) {
        let mut block = BTreeSet::new();
        while let Some(&(s, t)) = self.stack.last() {
            let (early_s, early_t) = (self.disc[s] < threshold, self.disc[t] < threshold);
            let stop = match self.version {
                Version::Before => early_s || early_t,
                Version::After => early_s && early_t,
            };
            if stop {
                break;
            }
            self.stack.pop();
            block.insert(s);
            block.insert(t);
        }
        if !block.is_empty() {
            self.blocks.insert(block);
        }
    }
}

/// G-2 (#798): the blocks differ before and after the fix.
pub fn g2_fails(g: &GnmGraph<Undirected>) -> bool {
    blocks(g, Version::Before) != blocks(g, Version::After)
}

#[cfg(test)]
mod tests {
    use super::*;
    use petgraph::graph::NodeIndex;

    fn graph(n: u32, edges: &[(usize, usize)]) -> GnmGraph<Undirected> {
        let mut g = GnmGraph::<Undirected>::default();
        for id in 1..=n {
            g.add_node(id);
        }
        for &(a, b) in edges {
            g.add_edge(NodeIndex::new(a), NodeIndex::new(b), 0);
        }
        g
    }

    fn set(blocks: &[&[usize]]) -> BTreeSet<BTreeSet<usize>> {
        blocks.iter().map(|b| b.iter().copied().collect()).collect()
    }

    #[test]
    fn the_test_of_issue_798() {
        let g = graph(4, &[(0, 1), (1, 2), (0, 2), (0, 3)]);
        assert_eq!(blocks(&g, Version::Before), set(&[&[0, 1, 2, 3]]));
        assert_eq!(blocks(&g, Version::After), set(&[&[0, 3], &[0, 1, 2]]));
    }

    #[test]
    fn a_root_with_two_children() {
        let g = graph(3, &[(0, 1), (0, 2)]);
        assert_eq!(blocks(&g, Version::Before), set(&[&[0, 1, 2]]));
        assert_eq!(blocks(&g, Version::After), set(&[&[0, 1], &[0, 2]]));
        assert!(g2_fails(&g));
    }
}
