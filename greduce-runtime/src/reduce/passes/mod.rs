//! The reducer's passes, and the order they run in.
//!
//! A pass looks at the current input's trace and proposes changes to it ([`Edit`]s) through
//! a [`Probe`], which replays each, asks the property, and accepts it when it reproduces and
//! is simpler (see [`order`](super::order)). Passes never see the generator, the output or
//! the property.
//!
//! The structural pass (the paper's ddmin or HDD over reducible parts) runs first: alone,
//! as the paper's algorithm, it repeats HDD rounds to its own fixpoint; with value passes,
//! it makes one HDD round. The value passes then run in rounds, each pass in turn, each
//! round ending with a sweep of the structure (each part tried removed alone; when that
//! fails and a pick from a pool lost choices by it, also with such picks moved down:
//! [`Edit::shift`]) when the round changed something, until a round changes nothing:
//!
//! - a *limited* round gives each pass a number of failing candidates in a row before it
//!   moves on (fewer for a pass that has never succeeded), so that passes that do not fit
//!   the input cost little; a pass cut short resumes where it stopped in the next round;
//! - when a limited round finds nothing, a *full* round runs every pass over everything
//!   (but a pass that already ran to its end on this very input, finding nothing);
//!   only a full round that finds nothing ends the reduction, so the result is a fixpoint:
//!   reducing it again accepts nothing.
//!
//! Budgets (property calls, time) and the stall limit end a reduction early.

mod counted;
mod delete;
mod hoist;
mod minimize;
pub(crate) mod probe;
mod reorder;
pub(crate) mod schedule;
mod structure;
mod together;
mod trivial;
