//! Fork mode: each property call runs in a child process, so a crash (`abort()`, a stack
//! overflow, a segfault in unsafe or FFI code) or a hang (with a timeout) is a failure
//! that shrinks like a panic, instead of the end of the test run.
//!
//! The child is the test binary itself, run again on this one test (`<name> --exact`)
//! with a job file naming the input: the seed of a case (the child generates it) or the
//! trace of a shrink candidate (the child replays it). The child runs the generator and the
//! property once, writes what happened to a result file and exits; no result file means it
//! crashed.
//!
//! - `protocol.rs`: what the two processes exchange (files, their texts, the variables);
//! - `parent.rs`: the parent's side ([`Fork`](parent::Fork): run a child, wait, read);
//! - `child.rs`: the child's side (find the job, check the input, write the result).
//!
//! The engine decides when a check forks (a setting, a saved failure that crashed, a case
//! a previous run died in) and sees fork mode as one [`Execution`](super::execution) of its
//! property calls, beside the in-process one; everything else of fork mode is here.

pub(crate) mod child;
pub(crate) mod parent;
pub(crate) mod protocol;
