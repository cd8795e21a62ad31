//! Implementation detail of the [greduce](https://docs.rs/greduce) crate: the
//! `#[generator]` attribute. Use it through `greduce::generator`.

mod args;
mod codegen;
mod expand;
mod rand_api;
mod recognize;
#[cfg(test)]
mod snapshot_tests;

use proc_macro::TokenStream;

/// Instruments a random generator so greduce can record, reduce and replay its runs.
///
/// Put it on a function that takes its random source as a parameter named `rng` (or name
/// another with `#[generator(rng = source)]`) of type `&mut R` with `R: rand::Rng + ?Sized`,
/// `&mut impl rand::Rng`, or `&mut` a concrete rng. The signature does not change, and
/// called directly the function runs exactly its original code. Inside a greduce run its
/// decisions, reducible loops and selections, and calls of other generators are recorded
/// (see the crate documentation's table of what is recognized).
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
/// use rand::seq::IndexedRandom;
///
/// /// Nodes, then edges between existing nodes.
/// #[generator]
/// fn graph<R: rand::Rng + ?Sized>(rng: &mut R) -> (usize, Vec<(usize, usize)>) {
///     let n = rng.random_range(1..10);
///     let nodes: Vec<usize> = (0..n).collect();
///     let mut edges = Vec::new();
///     while rng.random_bool(0.8) {
///         let a = *nodes.choose(rng).unwrap();
///         let b = *nodes.choose(rng).unwrap();
///         edges.push((a, b));
///     }
///     (n, edges)
/// }
///
/// let run = greduce::record(graph, 1);
/// println!("{}", run.trace); // the run, decision by decision
/// ```
///
/// Arguments: `rng = <parameter>` (the random source), `crate = <path>` (where `greduce`
/// is, for crates that rename it).
#[proc_macro_attribute]
pub fn generator(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::generator(args.into(), item.into()).into()
}
