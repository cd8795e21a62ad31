//! The GReduce paper's ten graph subjects (JGraphT bugs G-1 to G-10), rebuilt exactly.
//!
//! The artifact keeps each original graph, not the random draws that made it. FastGnm can be
//! inverted: replaying the pool with swap-remove finds each edge at one index, so the edge
//! list gives back the draws of our port (its pool order, so not JQF's indices: G-1's first
//! index is 4624 here, 4351 in JQF) (`k` per edge; the weight of weighted graphs; for G-4, the
//! multigraph, the number of consecutive copies). [`GraphSubject::rebuild`] feeds them to
//! [`fast_gnm`](greduce_domains::graph::fast_gnm) with `greduce::replay_draws`, which gives the
//! original graph together with its trace, ready to be reduced.
//!
//! Data: `data/graph/`, copied from the paper's artifact (see `data/README.md`).

use crate::any_graph::{AnyGraph, any_gnm};
use greduce::Run;
use greduce_domains::graph::{GnmModel, edge_pool};
use rand::rngs::StdRng;

/// The original graphs, `a b [weight]` per edge in generation order (G-4 from its
/// `toString` form, whose runs of equal edges are its parallel copies).
const EDGES: [&str; 10] = [
    include_str!("../data/graph/g1.edges.txt"),
    include_str!("../data/graph/g2.edges.txt"),
    include_str!("../data/graph/g3.edges.txt"),
    include_str!("../data/graph/g4.original.txt"),
    include_str!("../data/graph/g5.edges.txt"),
    include_str!("../data/graph/g6.edges.txt"),
    include_str!("../data/graph/g7.edges.txt"),
    include_str!("../data/graph/g8.edges.txt"),
    include_str!("../data/graph/g9.edges.txt"),
    include_str!("../data/graph/g10.edges.txt"),
];

/// The vertex counts of the originals (every vertex of a subject is in its edge list's
/// range; the `toString` forms list them all).
const NODES: [usize; 10] = [100, 100, 100, 100, 100, 100, 20, 100, 100, 100];

/// One graph subject of the paper.
#[derive(Clone, Debug)]
pub struct GraphSubject {
    /// 1 to 10 (G-1 to G-10).
    pub id: usize,
    /// What the generator is asked for.
    pub model: GnmModel,
    /// Directed (G-7 to G-10) or not.
    pub directed: bool,
    /// The original's edges `(a, b, weight)`, 1-based ids, in generation order.
    pub edges: Vec<(u32, u32, u8)>,
    /// The draws that make the original.
    pub draws: Vec<u64>,
}

impl GraphSubject {
    /// Subject G-`id`.
    ///
    /// # Panics
    ///
    /// When `id` is not 1 to 10.
    pub fn new(id: usize) -> GraphSubject {
        assert!((1..=10).contains(&id), "graph subjects are G-1 to G-10");
        let directed = id >= 7;
        let multigraph = id == 4;
        let edges = if multigraph {
            parse_to_string(EDGES[id - 1])
        } else {
            parse_edges(EDGES[id - 1])
        };
        let weighted = [1, 2, 5, 6, 7].contains(&id);
        let nodes = NODES[id - 1];
        let (draws, picks) = invert(nodes, directed, weighted, multigraph, &edges);
        GraphSubject {
            id,
            model: GnmModel {
                nodes,
                edges: picks,
                weighted,
                multigraph,
            },
            directed,
            edges,
            draws,
        }
    }

    /// All ten subjects.
    pub fn all() -> Vec<GraphSubject> {
        (1..=10).map(GraphSubject::new).collect()
    }

    /// The subject's generator: FastGnm with its model and direction.
    pub fn generator(&self) -> impl Fn(&mut StdRng) -> AnyGraph + '_ {
        move |rng| any_gnm(rng, &self.model, self.directed)
    }

    /// The original graph with its trace, rebuilt from the draws.
    ///
    /// # Panics
    ///
    /// When the draws do not replay on the generator (a bug in the port).
    pub fn rebuild(&self) -> Run<AnyGraph> {
        greduce::replay_draws(self.generator(), &self.draws)
            .unwrap_or_else(|e| panic!("G-{} does not rebuild: {e}", self.id))
    }
}

/// `a b [weight]` lines.
fn parse_edges(text: &str) -> Vec<(u32, u32, u8)> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut fields = line
                .split_whitespace()
                .map(|f| f.parse::<u32>().expect("a number"));
            let a = fields.next().expect("a source");
            let b = fields.next().expect("a target");
            let w = fields
                .next()
                .map_or(0, |w| u8::try_from(w).expect("a weight below 256"));
            (a, b, w)
        })
        .collect()
}

/// JGraphT's `toString`: `([1, 2, ...], [{a,b}, {c,d}, ...])` (or `(a,b)` when directed).
fn parse_to_string(text: &str) -> Vec<(u32, u32, u8)> {
    let edges = &text[text.find("], [").expect("a vertex list, then edges") + 4..];
    edges
        .split(['{', '(', '}', ')'])
        .map(str::trim)
        .filter(|s| !s.is_empty() && *s != "," && *s != "]")
        .filter_map(|pair| {
            let (a, b) = pair.split_once(',')?;
            Some((a.trim().parse().ok()?, b.trim().parse().ok()?, 0))
        })
        .collect()
}

/// The draws that make `edges` with FastGnm, and the number of edge draws (picks).
fn invert(
    nodes: usize,
    directed: bool,
    weighted: bool,
    multigraph: bool,
    edges: &[(u32, u32, u8)],
) -> (Vec<u64>, usize) {
    let mut pool = edge_pool(nodes, directed);
    let mut picks: Vec<(u64, u8, u64)> = Vec::new();
    let mut at = 0;
    while at < edges.len() {
        let edge = edges[at];
        let copies = if multigraph {
            edges[at..]
                .iter()
                .take(3)
                .take_while(|e| **e == edge)
                .count()
        } else {
            1
        };
        let (from, to) = ((edge.0 - 1) as usize, (edge.1 - 1) as usize);
        let want = if directed {
            (from, to)
        } else {
            (from.min(to), from.max(to))
        };
        let index = pool
            .iter()
            .position(|e| *e == want)
            .unwrap_or_else(|| panic!("edge {edge:?} is not in the pool"));
        pool.swap_remove(index);
        picks.push((index as u64, edge.2, copies as u64));
        at += copies;
    }
    // n in 1..=nodes, every vertex present, m in 0..=picks.
    let mut draws = vec![nodes as u64 - 1];
    draws.extend(std::iter::repeat_n(1, nodes));
    draws.push(picks.len() as u64);
    for (k, w, copies) in &picks {
        draws.push(*k);
        if weighted {
            draws.push(u64::from(*w));
        }
        if multigraph {
            draws.push(copies - 1);
        }
    }
    (draws, picks.len())
}
