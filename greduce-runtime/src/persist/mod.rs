//! Saved failures: a trace as reviewable text that reads back (`text`, with the sites it
//! names in `sites`), the per-test regressions file that holds them, with its lock and
//! atomic saves (`file`), and the removal of files that killed processes left behind
//! (`liveness`).

pub(crate) mod file;
pub(crate) mod liveness;
mod sites;
pub(crate) mod text;
