//! Standalone reproductions of the tract-onnx 0.23.9 bugs `hunt tract` found (see
//! `examples/FINDINGS.md`). The models are written out by hand (with the examples'
//! ONNX exporter) and run with tract directly; no greduce. Each test asserts today's wrong
//! behaviour: it passes today and fails when upstream fixes the bug (then flip its
//! assertion).

use greduce_examples::dl::{Model, Node, Source, Tensor};
use greduce_examples::hunt_tract::onnx_untyped_outputs;
use tract_onnx::prelude::*;

fn tensor(shape: &[usize], source: Source) -> Tensor {
    Tensor {
        shape: shape.to_vec(),
        source,
    }
}

fn node(op: &'static str, inputs: &[usize], output: usize) -> Node {
    Node {
        op,
        inputs: inputs.to_vec(),
        outputs: vec![output],
        attrs: Vec::new(),
    }
}

fn typed(model: &Model) -> TypedModel {
    tract_onnx::onnx()
        .model_for_read(&mut &onnx_untyped_outputs(model)[..])
        .expect("tract reads the model")
        .into_typed()
        .expect("tract types the model")
}

fn run(model: TypedModel, input: &[f32]) -> Vec<f32> {
    let input = tract_ndarray::Array1::from(input.to_vec()).into_tensor();
    let outputs = model
        .into_runnable()
        .expect("runnable")
        .run(tvec![input.into_tvalue()])
        .expect("runs");
    outputs[0]
        .to_plain_array_view::<f32>()
        .expect("float output")
        .iter()
        .copied()
        .collect()
}

/// T1: `into_optimized` fails on a valid model: `Unsqueeze` of a `[1]` input at axis 1,
/// then a `Slice` with step 2 on the new axis (which has one element, so the slice keeps
/// it). The unoptimised model runs and gives the input back. Fixed when `into_optimized`
/// succeeds.
#[test]
fn optimising_a_strided_slice_after_unsqueeze_fails() {
    let model = Model {
        tensors: vec![
            tensor(&[1], Source::Input),
            tensor(&[1], Source::Constant(vec![1])),
            tensor(&[1, 1], Source::Output),
            tensor(&[2], Source::Constant(vec![0, 0])),
            tensor(&[2], Source::Constant(vec![1, 1])),
            tensor(&[2], Source::Constant(vec![0, 1])),
            tensor(&[2], Source::Constant(vec![1, 2])),
            tensor(&[1, 1], Source::Output),
        ],
        nodes: vec![
            node("Unsqueeze", &[0, 1], 2),
            node("Slice", &[2, 3, 4, 5, 6], 7),
        ],
    };
    let typed = typed(&model);
    assert_eq!(run(typed.clone(), &[-2.0]), [-2.0]);
    let err = typed
        .into_optimized()
        .expect_err("tract 0.23.9 fails to optimise this");
    let message = format!("{err:#}");
    assert!(
        message.contains("Downsample over") && message.contains("AddAxis: Invalid axis"),
        "{message}"
    );
}

/// T2: the optimiser rewrites `Sqrt(x) * Sqrt(x)` to `x`, which is wrong for negative `x`
/// (and NaN): on `x = -2` the model gives NaN unoptimised and -2 optimised. Fixed when the
/// optimised model gives NaN too.
#[test]
fn optimising_sqrt_times_sqrt_gives_x_for_negative_x() {
    let model = Model {
        tensors: vec![
            tensor(&[1], Source::Input),
            tensor(&[1], Source::Output),
            tensor(&[1], Source::Output),
        ],
        nodes: vec![node("Sqrt", &[0], 1), node("Mul", &[1, 1], 2)],
    };
    let typed = typed(&model);
    assert!(run(typed.clone(), &[-2.0])[0].is_nan());
    let optimised = typed.into_optimized().expect("optimises");
    assert_eq!(run(optimised, &[-2.0]), [-2.0]);
}
