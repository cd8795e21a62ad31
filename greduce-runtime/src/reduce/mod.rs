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
//! - `settings.rs` holds the [`Reducer`] value, `reducer.rs` its builder methods and entry
//!   points (apart because the shrinker reads the value and the entry points start the
//!   shrinker: in one file, the two modules would use each other), `reduction.rs` what a
//!   reduction gives back, [`stats`] its counters;
//! - [`delta`]: ddmin and dd over positions, which the structural pass and
//!   `greduce::dd` share.

pub(crate) mod cache;
pub(crate) mod delta;
pub(crate) mod exhaust;
pub(crate) mod log;
pub(crate) mod order;
pub(crate) mod passes;
mod reducer;
pub(crate) mod reduction;
pub(crate) mod settings;
mod shrinker;
pub(crate) mod stats;

pub use exhaust::{Certificate, Exhaust};
pub use log::{Attempt, Verdict};
pub use passes::{Pass, PassSet, Search};
pub use reduction::{Progress, ReduceError, Reduction};
pub use settings::Reducer;
pub use stats::{PassStats, ReductionStats};

/// The former name of [`PassSet`], kept for one release (`Passes::STRUCTURE` still names
/// the set's constants).
#[deprecated(note = "renamed `PassSet` (`Outcome::Passes` says a property passed)")]
pub type Passes = PassSet;

/// The former name of [`ReductionStats`], kept for one release.
#[deprecated(note = "renamed `ReductionStats`, beside `CheckStats` and `PassStats`")]
pub type Stats = ReductionStats;
