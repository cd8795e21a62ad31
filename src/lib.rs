//! greduce
pub use greduce_macros::generator;
pub use greduce_runtime::*;
