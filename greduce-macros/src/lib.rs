//! Implementation detail of the [greduce](https://docs.rs/greduce) crate: the
//! `#[generator]` attribute. Use it through `greduce::generator`.

mod args;
mod codegen;
mod derive;
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
/// A generic generator that draws from a range of its own type parameter bounds it with
/// [`greduce::Int`](../greduce/trait.Int.html).
///
/// Arguments: `rng = <parameter>` (the random source), `crate = <path>` (where `greduce`
/// is, for crates that rename it), `name = "<name>"` (the name saved failures know the
/// generator by, default the function's: for two generators of one name in one file, such
/// as two `sample` methods).
#[proc_macro_attribute]
pub fn generator(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::generator(args.into(), item.into()).into()
}

/// A property test whose body draws its inputs from an rng and checks them: greduce runs it
/// on many seeds and, when it fails, shrinks the run and reports the minimal failing case.
///
/// The body is instrumented like a [`macro@generator`] (so it can call generators, draw
/// decisions, loop and branch on them), and every top-level `let` whose initializer uses
/// the rng is shown in the report with its `Debug`. The test fails by panicking or by
/// returning `Err`; [`assume`](../greduce/fn.assume.html) rejects a case.
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn word<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
///     (0..rng.random_range(0..8)).map(|_| rng.random_range('a'..='z')).collect()
/// }
///
/// #[greduce::test(cases = 200)]
/// fn reversing_twice_is_identity(rng: &mut impl rand::Rng) {
///     let w = word(rng);
///     let back: String = w.chars().rev().collect::<String>().chars().rev().collect();
///     assert_eq!(back, w);
/// }
/// # fn main() {}
/// ```
///
/// An `async fn` test runs its future to completion in each case, on the test thread (where
/// its draws are recorded), after drawing the parameters that are drawn from their types:
/// on tokio's current-thread runtime, a new one per case, with greduce's feature `tokio`,
/// else on a plain executor that needs no runtime.
///
/// ```
/// use rand::RngExt;
///
/// #[greduce::test(executor = plain)]
/// async fn awaits_between_draws(rng: &mut impl rand::Rng) -> Result<(), String> {
///     let n: u32 = rng.random_range(0..100);
///     let doubled = async { n * 2 }.await;
///     let m = rng.random_range(0..=doubled);
///     if m > 2 * n {
///         return Err(format!("{m} > 2 * {n}"));
///     }
///     Ok(())
/// }
/// # fn main() {}
/// ```
///
/// Do not add `#[tokio::test]` (it makes a test of its own, and greduce rejects the pair);
/// see the crate documentation's [Async tests](../greduce/index.html#async-tests) for
/// checks inside a `#[tokio::test]`.
///
/// Arguments (each a [`Check`](../greduce/struct.Check.html) setting, overridden by its
/// `GREDUCE_*` variable): `config = <expression>` (a
/// [`greduce::Config`](../greduce/struct.Config.html) with every setting, applied before
/// the others written beside it), `cases = <n>`, `seed = <n>`, `max_shrink_calls = <n>`,
/// `max_shrink_time = "10s"`, `max_rejects = <n>`, `strategy = halt|bypass|realign`,
/// `search = tree|sequence`, `shrink = <bool>`, `verbose = <bool>`, `stats = <bool>`,
/// `persist = <bool>`, `regressions = "<directory>"`; `executor = plain|tokio` for an
/// `async fn` (`tokio` needs greduce's feature `tokio`, and is then the default); and
/// `rng = <parameter>`, `crate = <path>` as for `#[generator]`. Write it
/// `#[greduce::test]`: importing it would shadow the built-in `#[test]`.
#[proc_macro_attribute]
pub fn test(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::test(args.into(), item.into()).into()
}

/// Derives `greduce::Generate`: a `generate` that draws each field in order (an enum its
/// variant first: shrinking goes towards the first variant among those of the same size,
/// and a variant with nothing to draw is simpler still), written as a `#[generator]` so its
/// decisions shrink like any generator's.
///
/// ```
/// use greduce::Generate;
///
/// #[derive(Debug, Generate)]
/// struct Order {
///     #[generate(len = 1..=3)]
///     items: Vec<Item>,
///     #[generate(range = 0..=items.len())]
///     paid: usize,
/// }
///
/// #[derive(Debug, Generate)]
/// enum Item {
///     Book { #[generate(range = 1..100)] pages: u32 },
///     #[generate(weight = 3)]
///     Pen,
/// }
///
/// let report = greduce::Check::new(greduce::any::<Order>())
///     .seed(1)
///     .persist(false)
///     .try_check(|o: &Order| o.paid == o.items.len())
///     .unwrap_err();
/// // A pen: a variant with nothing to draw is simpler than a book with its pages.
/// assert_eq!(report.input(), Some("Order { items: [Pen], paid: 0 }"));
/// ```
///
/// See the `Generate` trait's documentation in `greduce` for the attributes.
#[proc_macro_derive(Generate, attributes(generate))]
pub fn derive_generate(item: TokenStream) -> TokenStream {
    derive::derive(item.into()).into()
}
