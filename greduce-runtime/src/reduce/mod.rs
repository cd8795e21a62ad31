//! The reducer: proposes changes to a failing run's trace, replays the generator against
//! each, asks the property about the output, and keeps the simplest input that still
//! reproduces.
//!
//! - [`order`]: what "simpler" means (the size measure, then fewer decisions, then shortlex
//!   over the values' ranks);
//! - [`passes`]: what to change: the paper's structural reduction first, then value passes
//!   run in rounds to a fixpoint;
//! - [`shrinker`]: the loop (propose, check the caches and the order, replay, judge,
//!   accept), with [`cache`] and [`log`];
//! - `reducer.rs` holds the [`Reducer`]: a [`Config`](crate::Config) and the [`hooks`] (the
//!   generator, the size measure, the watcher, fork mode's preflight), its builder methods
//!   and entry points; the shrinker takes the two parts, not the `Reducer`, so the entry
//!   points can start it without the two modules using each other. `reduction.rs` holds
//!   what a reduction gives back, [`stats`] its counters;
//! - [`delta`]: ddmin and dd over positions, which the structural pass and
//!   `greduce::dd` share.

pub(crate) mod cache;
pub(crate) mod delta;
pub(crate) mod exhaust;
pub(crate) mod hooks;
pub(crate) mod log;
pub(crate) mod order;
pub(crate) mod passes;
mod reducer;
pub(crate) mod reduction;
mod shrinker;
pub(crate) mod stats;

pub use exhaust::Certificate;
pub use log::{Attempt, Verdict};
pub use reducer::Reducer;
pub use reduction::{Progress, ReduceError, Reduction};
pub use stats::{PassStats, ReductionStats};

/// The former name of [`PassSet`](crate::config::PassSet), kept for one release (`Passes::STRUCTURE` still names
/// the set's constants).
#[deprecated(note = "renamed `PassSet` (`Outcome::Passes` says a property passed)")]
pub type Passes = crate::config::PassSet;

/// The former name of [`ReductionStats`], kept for one release.
#[deprecated(note = "renamed `ReductionStats`, beside `CheckStats` and `PassStats`")]
pub type Stats = ReductionStats;
