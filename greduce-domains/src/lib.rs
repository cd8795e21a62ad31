//! Domain generators written with `#[generator]`: ordinary `rand` generators of structured
//! inputs whose outputs, and every candidate greduce shrinks them to, are valid by
//! construction (graphs whose edges join existing vertices, DL models whose operators get
//! legal shapes, programs whose variables are defined).
//!
//! - [`graph`]: random graphs (a port of JQF's FastGnm generator, as the GReduce paper
//!   tested JGraphT with it), as edge lists or (feature `petgraph`) `petgraph` graphs.
//! - [`dl`]: DL models (a port of the Isra generator) as ONNX-style computation graphs.
//! - [`dl_shapes`]: shape inference: the DL validator, and buggy shape rules ([`Bugs`]) for
//!   oracles.
//! - [`grammars`]: an assignment language whose context hooks use only defined variables,
//!   and arithmetic expressions, for `greduce::grammar`.
//! - `onnx` (feature `onnx`): export of the DL models to ONNX files.
//!
//! # Example
//!
//! A property that fails on any graph with a triangle, on random graphs of up to 8
//! vertices: the first failing graph (7 vertices, 16 edges) shrinks to the smallest that
//! shows it, a triangle.
//!
//! ```
//! use greduce::Reducer;
//! use greduce_domains::graph::{EdgeList, GnmModel, Undirected, fast_gnm};
//!
//! let model = GnmModel { nodes: 8, edges: 20, weighted: false, multigraph: false };
//! let generate =
//!     |rng: &mut rand::rngs::StdRng| fast_gnm::<EdgeList<Undirected>, _>(rng, &model);
//! let neighbours = |g: &EdgeList<Undirected>, v: u32| -> Vec<u32> {
//!     let ends = g.edges().iter().map(|e| (e.from, e.to));
//!     ends.filter_map(|(a, b)| (a == v).then_some(b).or((b == v).then_some(a))).collect()
//! };
//! // Some edge whose ends have a neighbour in common.
//! let fails = |g: &EdgeList<Undirected>| {
//!     let common = |a, b| neighbours(g, a).iter().any(|n| neighbours(g, b).contains(n));
//!     g.edges().iter().any(|e| common(e.from, e.to))
//! };
//!
//! let run = (0..).map(|seed| greduce::record(generate, seed)).find(|r| fails(&r.output));
//! let run = run.expect("a graph with a triangle");
//! let reduced = Reducer::new(generate).size(EdgeList::size).reduce(&run.trace, fails);
//! assert_eq!(reduced.output.size(), (3, 3));
//! ```
//!
//! # Crate features
//!
//! None is on by default: the crate then depends on greduce and rand only.
//!
//! - `petgraph`: [`graph::fast_gnm`] also builds `petgraph::Graph<u32, u8, Ty>`
//!   (`graph::GnmGraph`), for properties of petgraph's algorithms.
//! - `onnx`: the `onnx` module, which writes the DL models as ONNX protobuf (with prost).
//!
//! [`Bugs`]: dl_shapes::Bugs

pub mod dl;
pub mod dl_shapes;
pub mod grammars;
pub mod graph;
#[cfg(feature = "onnx")]
pub mod onnx;
