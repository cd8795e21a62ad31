//! Origin: `freedomlayer/freedomlayer_code`, `net_coords/src/network_sim.rs`
//! (commit 6703bec9), rand 0.3: a random network for a routing simulation, each node
//! connected to a few random others (skipping self-loops and known edges with `continue`),
//! in a method that consumes and returns the network; and `choose_k_nums`, a rejection loop
//! drawing distinct numbers.
//!
//! Port: `Range` became `Uniform` (`Uniform::new` returns a `Result` since rand 0.9),
//! `ind_sample` became `sample`. The empty `choose_landmarks` and the `landmarks` field are
//! left out.
//!
//! Both generators compile unchanged (they did not before `#[generator]` recorded
//! `distr.sample(rng)`; a `Uniform`'s samples keep its bounds and lower towards the low
//! one).

use greduce::generator;
use rand::distr::Distribution;
use rand::distr::Uniform;
use std::collections::HashSet;

/// A network: each node's set of neighbours.
#[derive(Debug)]
pub(crate) struct Network {
    n: u64,
    neighbours: Vec<HashSet<u64>>,
}

/// Randomly choose k distinct numbers from the range [0,n)
#[generator]
pub(crate) fn choose_k_nums<R: rand::Rng>(k: u64, n: u64, rng: &mut R) -> HashSet<u64> {
    let mut res_set = HashSet::new();
    let rand_range: Uniform<u64> = Uniform::new(0, n).unwrap();
    for _ in 0..k {
        let mut x = rand_range.sample(rng);
        while res_set.contains(&x) {
            x = rand_range.sample(rng);
        }
        res_set.insert(x);
    }
    res_set
}

impl Network {
    pub(crate) fn new() -> Self {
        Network {
            n: 0,
            neighbours: Vec::new(),
        }
    }
}

impl Network {
    /// `n` nodes, each connected to up to `num_neighbours` random others.
    #[generator]
    pub(crate) fn build_network<R: rand::Rng>(
        mut self,
        n: u64,
        num_neighbours: u64,
        rng: &mut R,
    ) -> Self {
        self.neighbours.clear();
        self.n = n;
        for _ in 0..n {
            self.neighbours.push(HashSet::new());
        }

        let rand_range: Uniform<u64> = Uniform::new(0, self.n).unwrap();

        // Connect node v to about num_neighbours other nodes:
        for v in 0..self.n {
            for _ in 0..num_neighbours {
                let u = rand_range.sample(rng);
                if u == v {
                    // Avoid self loops
                    continue;
                }
                if self.neighbours[v as usize].contains(&u) {
                    // Already has this edge.
                    continue;
                }
                // Add edge:
                self.neighbours[v as usize].insert(u);
                self.neighbours[u as usize].insert(v);
            }
        }
        self
    }
}

/// The neighbour sets, sorted.
fn sorted(net: &Network) -> Vec<Vec<u64>> {
    net.neighbours
        .iter()
        .map(|s| {
            let mut v: Vec<u64> = s.iter().copied().collect();
            v.sort_unstable();
            v
        })
        .collect()
}

#[test]
fn a_node_of_degree_five_ends_as_a_star() {
    // Property: every node has at most 4 neighbours. Minimal: every draw 0, so each other
    // node links to node 0 (node 0's own draws are self-loops), a star of degree 5.
    // (`rand_range.sample(rng)` on a `Uniform` is recorded with the distribution's bounds,
    // so a draw lowers towards 0.)
    crate::assert_minimum(
        |rng| Network::new().build_network(6, 2, rng),
        |net: &Network| net.neighbours.iter().any(|s| s.len() > 4),
        sorted,
        &vec![
            vec![1, 2, 3, 4, 5],
            vec![0],
            vec![0],
            vec![0],
            vec![0],
            vec![0],
        ],
    );
}

#[test]
fn a_large_pick_ends_as_zero_one_and_it() {
    // Property: no number reaches 8. Minimal: no rejected draw; 0, 1, then 8.
    crate::assert_minimum(
        |rng| choose_k_nums(3, 10, rng),
        |s: &HashSet<u64>| s.iter().any(|x| *x >= 8),
        |s| {
            let mut v: Vec<u64> = s.iter().copied().collect();
            v.sort_unstable();
            v
        },
        &vec![0, 1, 8],
    );
}
