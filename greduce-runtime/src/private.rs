//! What the code written by `#[generator]` calls. Not public API: no semver guarantees.
//!
//! An annotated generator asks `active` (one thread-local read) when it is called: outside
//! a run it runs its original statements, so it draws exactly what the un-annotated one
//! draws; inside a run it takes the run's handle (`run`) and passes it to every entry
//! point, which asks the handle whether it is still on a run. An entry point reached
//! with a handle whose run has ended (a closure or iterator kept past it) calls `direct`, a
//! closure holding the user's own rand call. Inside a run,
//! recording also calls `direct` (so `greduce::record(g, seed)` sees the values `g` gives
//! with that seed) and replaying answers from the reduced trace. The entry points live
//! next to the session logic behind them, one file per kind of event in `run/`
//! (`decisions`, `samples`, `choices`, `scopes`, `loops`); this module names them where
//! generated code finds them.

use crate::run;

pub use crate::__greduce_require_tokio as require_tokio;
pub use crate::__greduce_site as site;
pub use crate::check::body::{Recorded, run_test, test};
pub use crate::check::executor::{block_on, block_on_default, block_on_tokio};
pub use crate::run::Handle;
pub use crate::run::choices::{Selection, Switch, selection, switch};
pub use crate::run::decisions::{random, random_bool, random_range, random_ratio};
pub use crate::run::kinds::Fair;
pub use crate::run::kinds::{BoolArg, FillElem, Int, RangeArg, SampleDistribution, StandardValue};
pub use crate::run::loops::{
    LoopIter, WhileLoop, counted_loop, counted_loop_inclusive, counted_take, while_loop,
};
pub use crate::run::samples::{
    Known, Pick, PickKnown, PickRaw, Raw, SampleIter, drawn, fill, raw_call, sample, sample_iter,
};
pub use crate::run::scopes::{ScopeGuard, call_returned, pass_rng, scope};
pub use crate::run::seq::{IteratorDecisions, SliceDecisions, SliceSample};
pub use crate::run::tape::Tape;
pub use crate::trace::site::Site;
pub use rand::distr::StandardUniform;

/// Whether a greduce run is recording or replaying on this thread.
#[inline]
pub fn active() -> bool {
    run::active()
}

/// The current run's handle, taken when an instrumented body starts.
#[inline]
pub fn run() -> Handle {
    Handle::current()
}

/// `let PATTERN = ..;` in a `#[greduce::test]` body drew randomness: its value, for the
/// report.
pub fn bind(pattern: &str, value: &dyn std::fmt::Debug) {
    crate::check::bind(pattern, value);
}

/// `site!("what", "generator", ordinal)`: the `&'static Site` of the code it is written
/// at, the `ordinal`-th site of the generator named `generator` in the module it is in
/// ([`Site::keyed`]: `tests::words#3`). Generated code writes it spanned at the user's
/// tokens, so `line!()` and `column!()` give the user's location.
#[doc(hidden)]
#[macro_export]
macro_rules! __greduce_site {
    ($what:literal, $generator:literal, $ordinal:literal) => {
        const {
            &$crate::__private::Site::new(
                $what,
                ::core::file!(),
                ::core::line!(),
                ::core::column!(),
            )
            .keyed(
                ::core::concat!(::core::module_path!(), "::", $generator),
                $ordinal,
            )
        }
    };
}

/// `require_tokio!();`, an item: nothing with the feature `tokio`; a compile error that
/// names the feature without it. A test that asks for `executor = tokio` writes it next to
/// the test function, spanned at the user's `tokio`, where the error then points.
#[cfg(feature = "tokio")]
#[doc(hidden)]
#[macro_export]
macro_rules! __greduce_require_tokio {
    () => {};
}

/// `require_tokio!();`, an item: nothing with the feature `tokio`; without it, as here, a
/// compile error that names the feature. A test that asks for `executor = tokio` writes it
/// next to the test function, spanned at the user's `tokio`, where the error then points.
#[cfg(not(feature = "tokio"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __greduce_require_tokio {
    () => {
        ::core::compile_error!(
            "`executor = tokio` needs greduce's `tokio` feature \
             (`greduce = { version = \"..\", features = [\"tokio\"] }` in Cargo.toml)"
        );
    };
}
