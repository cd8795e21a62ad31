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

/// Instruments a random generator so greduce can record, reduce and replay its runs. See
/// the `greduce` crate for the documentation.
#[proc_macro_attribute]
pub fn generator(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::generator(args.into(), item.into()).into()
}
