//! Saving failures: traces as reviewable text, and the per-test regressions file that
//! holds them.

pub(crate) mod file;
mod sites;
pub(crate) mod text;
