//! Domain generators written with `#[generator]`.
//!
//! - [`dl`]: DL models (a port of the Isra generator) as computation graphs.
//! - [`dl_shapes`]: shape inference: the DL validator, and buggy shape rules for oracles.
//! - [`grammars`]: an assignment language with context hooks and arithmetic expressions.
//! - [`graph`]: random graphs (a port of JQF's FastGnm generator), as edge lists or (feature
//!   `petgraph`) `petgraph` graphs.
//! - `onnx` (feature `onnx`): export of the DL models to ONNX files.

pub mod dl;
pub mod dl_shapes;
pub mod grammars;
pub mod graph;
#[cfg(feature = "onnx")]
pub mod onnx;
