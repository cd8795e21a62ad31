//! Hunts for bugs in real libraries with greduce's generators (`greduce-domains`): what
//! the `hunt` binary runs, and what its findings (`FINDINGS.md`) were found and shrunk with.
//!
//! - [`hunt_petgraph`]: properties of petgraph's algorithms against brute-force references
//!   (`hunt petgraph`).
//! - [`hunt_tract`]: checks of the tract ONNX runtime on generated DL models (`hunt
//!   tract`).
//! - `hunt_js` (feature `js`, on by default): oxc's and swc's minifiers and the boa engine on
//!   JavaScript programs (`hunt js`).
//! - [`small_models`]: every small model of the Isra generator, enumerated through its draws
//!   (`hunt tract-exhaustive`).
//! - [`tract_timeline`]: the tract hunt against the clock, and a fuzzer's tract artifacts, by
//!   signature (`hunt tract-timeline`, `hunt tract-artifacts`).

mod hunt;
#[cfg(feature = "js")]
pub mod hunt_js;
pub mod hunt_petgraph;
pub mod hunt_tract;
#[cfg(feature = "js")]
pub mod js_table;
pub mod petgraph_shrinks;
pub mod small_models;
pub mod tract_timeline;
