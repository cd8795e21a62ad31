//! What the benchmarks (the `bench` binary) run on: the GReduce paper's subjects rebuilt
//! from its artifact (`data/`), with oracles that reproduce their bugs, the shrinking
//! challenge, and the proptest baseline. The generators are `greduce-domains`'.
//!
//! - [`any_graph`]: a FastGnm graph of either direction, as the paper's graph subjects are.
//! - [`dl_subjects`]: the paper's twenty TVM subjects, rebuilt from the artifact's draws.
//! - [`graph_subjects`]: the paper's ten JGraphT subjects, rebuilt exactly with their traces.
//! - [`graph_oracles`]: properties that reproduce the subjects' bugs in Rust.
//! - [`graph_text`]: the graph subjects as text (JGraphT's `toString`) and its grammar, for
//!   Perses.
//! - [`challenges`]: the shrinking challenge's seven properties, as `#[generator]`s.
//! - [`challenges_derived`]: the same with input types written with `#[derive(Generate)]`.
//! - [`biconnectivity`]: JGraphT's `BiconnectivityInspector` blocks before and after the
//!   fix of issue #798 (G-2).
//! - [`proptest_baseline`]: the same generator as a proptest strategy, for comparison.
//! - [`lca`]: JGraphT's `NaiveLCAFinder` before and after its fixes (G-9, G-10).

pub mod any_graph;
pub mod biconnectivity;
pub mod challenges;
pub mod challenges_derived;
pub mod deep_bug;
pub mod dl_subjects;
pub mod graph_oracles;
pub mod graph_subjects;
pub mod graph_text;
pub mod hypothesis_quality;
pub mod lca;
pub mod proptest_baseline;
