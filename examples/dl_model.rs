//! A property test on random DL models: a compiler whose shape inference gets global
//! pooling on rank-5 tensors wrong (the TVM bug behind the GReduce paper's subjects DL-3,
//! DL-4 and DL-13), found on a random model and shrunk to the few operators that show it.
//! Every candidate model comes out of the generator, so every one is a valid model.
//!
//! ```text
//! cargo run --example dl_model
//! ```

use greduce::Check;
use greduce_domains::dl::{Model, isra};
use greduce_domains::dl_shapes::{Bugs, infer, validate};

/// The compiler's shape inference, with the bug.
fn compile(model: &Model) -> Result<(), String> {
    let bugs = Bugs {
        pool_keeps_last_dim: true,
        ..Bugs::default()
    };
    infer(model, bugs)
        .map(|_| ())
        .map_err(|e| format!("node {} ({}): {}", e.node, e.op, e.why))
}

fn main() {
    let report = Check::new(isra)
        .name("compiles_every_valid_model")
        .seed(8)
        .cases(500)
        .persist(false)
        .size(Model::size)
        .try_check(|model: &Model| -> Result<(), String> {
            // The generator only makes valid models; the compiler must accept them.
            validate(model).map_err(|e| format!("invalid model: {e:?}"))?;
            compile(model)
        });
    match report {
        Ok(()) => println!("no failure found"),
        Err(report) => println!("{report}"),
    }
}
