//! Tools of [greduce](https://docs.rs/greduce) for inputs you already have, used through the
//! `greduce` crate, which re-exports them (features `dd` and `grammar`, of this crate and of
//! `greduce`):
//!
//! - [`dd`] (`greduce::dd`): delta debugging. [`ddmin`](dd::ddmin) reduces a failing input
//!   to a 1-minimal one, [`dd`](dd::dd) isolates a failure-inducing difference, and
//!   [`DeltaDebugger`](dd::DeltaDebugger) does both with settings, on text, lists and
//!   calls of several arguments.
//! - [`grammar`] (`greduce::grammar`): grammars written in Rust or a compact text form,
//!   an Earley parser, a grammar fuzzer whose output shrinks by its trace, Perses on a
//!   parse tree, and grammar specialisation.
//!
//! Delta debugging and the grammar reducers take the function under test as a property: it
//! passes by returning `true` or `Ok`, and fails by returning `false` or `Err` (or
//! `Outcome::Fails`). Delta debugging also takes `()` and counts a panic as a failure, as
//! property checks do; the grammar reducers take a returned verdict only (a panic
//! propagates).

#[cfg(feature = "dd")]
pub mod dd;
#[cfg(feature = "grammar")]
pub mod grammar;
