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
//! - [`js`]: JavaScript programs (a port of JQF's JavaScript generator, the paper's third
//!   domain).
//! - [`grammars`]: an assignment language whose context hooks use only defined variables,
//!   and arithmetic expressions, for `greduce::grammar`.
//! - `onnx` (feature `onnx`): export of the DL models to ONNX files.
//!
//! # Example
//!
//! A property that holds only for graphs without a triangle, checked on random graphs of up
//! to 8 vertices: the first graph that breaks it shrinks to the smallest that does, a
//! triangle.
//!
//! ```
//! use greduce::Check;
//! use greduce_domains::graph::{EdgeList, GnmModel, Undirected, fast_gnm};
//!
//! let model = GnmModel { nodes: 8, edges: 20, weighted: false, multigraph: false };
//! let neighbours = |g: &EdgeList<Undirected>, v: u32| -> Vec<u32> {
//!     let ends = g.edges().iter().map(|e| (e.from, e.to));
//!     ends.filter_map(|(a, b)| (a == v).then_some(b).or((b == v).then_some(a))).collect()
//! };
//! // No edge whose ends have a neighbour in common.
//! let triangle_free = |g: &EdgeList<Undirected>| {
//!     let common = |a, b| neighbours(g, a).iter().any(|n| neighbours(g, b).contains(n));
//!     !g.edges().iter().any(|e| common(e.from, e.to))
//! };
//!
//! let report = Check::new(|rng| fast_gnm::<EdgeList<Undirected>, _>(rng, &model))
//!     .seed(1)
//!     .persist(false)
//!     .print_progress(false)
//!     .size(EdgeList::size)
//!     .try_check(triangle_free)
//!     .unwrap_err();
//! assert_eq!(
//!     report.input(),
//!     Some(
//!         "EdgeList { directed: false, vertices: [1, 2, 3], \
//!          edges: [(1, 2, 0), (2, 3, 0), (1, 3, 0)] }"
//!     )
//! );
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
pub mod js;
#[cfg(feature = "onnx")]
pub mod onnx;
