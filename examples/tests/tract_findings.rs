//! Standalone reproductions of the tract-onnx 0.23.9 bugs `hunt tract` found (see
//! `examples/FINDINGS.md`). The models are written out by hand (with the examples'
//! ONNX exporter) and run with tract directly; no greduce. Each test asserts today's wrong
//! behaviour: it passes today and fails when upstream fixes the bug (then flip its
//! assertion).

use greduce_examples::dl::{Attr, Model, Node, Source, Tensor};
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
    let shape: Vec<usize> = model
        .input_fact(0)
        .expect("an input")
        .shape
        .as_concrete()
        .expect("concrete")
        .to_vec();
    let input =
        tract_onnx::prelude::Tensor::from_shape(&shape, input).expect("input of the model's shape");
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
/// (and NaN): on `x = -2` the model gives NaN unoptimised and -2 optimised. The same for
/// `ReduceSumSquare(Sqrt(x))`. Fixed when the optimised model gives NaN too.
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
    let typed_model = typed(&model);
    assert!(run(typed_model.clone(), &[-2.0])[0].is_nan());
    let optimised = typed_model.into_optimized().expect("optimises");
    assert_eq!(run(optimised, &[-2.0]), [-2.0]);
    // The smallest form, (3, 4): `ReduceSumSquare(Sqrt(x))`.
    let model = Model {
        tensors: vec![
            tensor(&[1], Source::Input),
            tensor(&[1], Source::Output),
            tensor(&[1], Source::Output),
        ],
        nodes: vec![
            node("Sqrt", &[0], 1),
            Node {
                attrs: vec![("axes", Attr::Ints(vec![0]))],
                ..node("ReduceSumSquare", &[1], 2)
            },
        ],
    };
    let typed_model = typed(&model);
    assert!(run(typed_model.clone(), &[-2.0])[0].is_nan());
    let optimised = typed_model.into_optimized().expect("optimises");
    assert_eq!(run(optimised, &[-2.0]), [-2.0]);
}

/// T1, second form: the same pull fails over `Expand` (`MultiBroadcastTo`) with a wrong
/// shape. `Expand` a `[1, 3]` input to `[2, 3]`, then slice axis 1 with step 2.
#[test]
fn optimising_a_strided_slice_after_expand_fails() {
    let model = Model {
        tensors: vec![
            tensor(&[1, 3], Source::Input),
            tensor(&[2], Source::Constant(vec![2, 3])),
            tensor(&[2, 3], Source::Output),
            tensor(&[2], Source::Constant(vec![0, 0])),
            tensor(&[2], Source::Constant(vec![2, 3])),
            tensor(&[2], Source::Constant(vec![0, 1])),
            tensor(&[2], Source::Constant(vec![1, 2])),
            tensor(&[2, 2], Source::Output),
        ],
        nodes: vec![
            node("Expand", &[0, 1], 2),
            node("Slice", &[2, 3, 4, 5, 6], 7),
        ],
    };
    let typed = typed(&model);
    assert_eq!(run(typed.clone(), &[1.0, 2.0, 3.0]), [1.0, 3.0, 1.0, 3.0]);
    let message = format!("{:#}", typed.into_optimized().expect_err("fails today"));
    assert!(message.contains("Downsample over"), "{message}");
}

fn conv(inputs: &[usize], output: usize) -> Node {
    Node {
        attrs: vec![
            ("kernel_shape", Attr::Ints(vec![1, 1])),
            ("strides", Attr::Ints(vec![1, 1])),
            ("group", Attr::Int(1)),
        ],
        ..node("Conv", inputs, output)
    }
}

/// T3: `into_optimized` fails on a `Conv` whose input is an `Expand` along a spatial axis:
/// declutter's `EinSum` rewrite computes the output without the expanded axis (`2,2,1,1`
/// where the node gives `2,2,1,2`). Fixed when `into_optimized` succeeds.
#[test]
fn optimising_a_conv_of_an_expand_fails() {
    let model = Model {
        tensors: vec![
            tensor(&[2, 4, 1, 1], Source::Input),
            tensor(&[4], Source::Constant(vec![1, 1, 1, 2])),
            tensor(&[2, 4, 1, 2], Source::Output),
            tensor(&[2, 2, 1, 2], Source::Output),
        ],
        nodes: vec![node("Expand", &[0, 1], 2), conv(&[2, 0], 3)],
    };
    let typed = typed(&model);
    assert_eq!(run(typed.clone(), &[1.0; 8]).len(), 8);
    let message = format!("{:#}", typed.into_optimized().expect_err("fails today"));
    assert!(
        message.contains("EinSum: Trying to substitute a 2,2,1,2,F32 by 2,2,1,1,F32"),
        "{message}"
    );
}

/// T4: a `Slice` with step 2 after a `Softmax` over the sliced axis: the optimiser moves
/// the strided slice above the `Softmax`, which then normalises over one element. On
/// `[-2, -0.25]` the first value is `0.148` unoptimised and `1` optimised. (With step 1
/// both agree.) Fixed when the optimised model gives `0.148` too.
#[test]
fn optimising_a_strided_slice_of_a_softmax_changes_it() {
    let model = Model {
        tensors: vec![
            tensor(&[2], Source::Input),
            tensor(&[2], Source::Output),
            tensor(&[1], Source::Constant(vec![0])),
            tensor(&[1], Source::Constant(vec![1])),
            tensor(&[1], Source::Constant(vec![0])),
            tensor(&[1], Source::Constant(vec![2])),
            tensor(&[1], Source::Output),
        ],
        nodes: vec![
            Node {
                attrs: vec![("axis", Attr::Int(0))],
                ..node("Softmax", &[0], 1)
            },
            node("Slice", &[1, 2, 3, 4, 5], 6),
        ],
    };
    let typed = typed(&model);
    let plain = run(typed.clone(), &[-2.0, -0.25]);
    assert!((plain[0] - 0.148_047_2).abs() < 1e-6, "{plain:?}");
    let optimised = typed.into_optimized().expect("optimises");
    assert_eq!(run(optimised, &[-2.0, -0.25]), [1.0]);
}

/// T5: `MatMul` whose left operand is an `Expand` of a `[2, 1]` tensor to `[2, 2]`: the
/// optimised model drops a term of each dot product. With `x = [1.5, 0.5]`, `Expand(x)` is
/// `[[1.5, 1.5], [0.5, 0.5]]` and `MatMul(Expand(x), x)` is `[3, 1]`; optimised it is
/// `[2.25, 0.75]` (one term each). Fixed when both agree.
#[test]
fn optimising_a_matmul_of_an_expand_drops_terms() {
    let model = Model {
        tensors: vec![
            tensor(&[2, 1], Source::Input),
            tensor(&[2], Source::Constant(vec![1, 2])),
            tensor(&[2, 2], Source::Output),
            tensor(&[2, 1], Source::Output),
        ],
        nodes: vec![node("Expand", &[0, 1], 2), node("MatMul", &[2, 0], 3)],
    };
    let typed = typed(&model);
    assert_eq!(run(typed.clone(), &[1.5, 0.5]), [3.0, 1.0]);
    let optimised = typed.into_optimized().expect("optimises");
    assert_eq!(run(optimised, &[1.5, 0.5]), [2.25, 0.75]);
}

/// T6: `HardSigmoid` of NaN is 1 as tract runs it alone (the clamp drops the NaN), but NaN
/// when the optimiser fuses it into the `MatMul` before it; `Relu` gives 0 and NaN. `Sqrt(-2)` is NaN, so
/// `HardSigmoid(MatMul(x, Sqrt(x)))` on `x = -2` gives 1 unoptimised and NaN optimised.
/// (ONNX's reference, `max(0, min(1, alpha * x + beta))` in numpy, gives NaN.) Fixed when
/// both give NaN.
#[test]
fn hardsigmoid_of_nan_depends_on_fusion() {
    let model = Model {
        tensors: vec![
            tensor(&[1, 1], Source::Input),
            tensor(&[1, 1], Source::Output),
            tensor(&[1, 1], Source::Output),
            tensor(&[1, 1], Source::Output),
        ],
        nodes: vec![
            node("Sqrt", &[0], 1),
            node("MatMul", &[0, 1], 2),
            node("HardSigmoid", &[2], 3),
        ],
    };
    let typed_model = typed(&model);
    assert_eq!(run(typed_model.clone(), &[-2.0]), [1.0]);
    let optimised = typed_model.into_optimized().expect("optimises");
    assert!(run(optimised, &[-2.0])[0].is_nan());
    // `Relu` the same: 0 alone, NaN fused.
    let mut model = model;
    model.nodes[2].op = "Relu";
    let typed_model = typed(&model);
    assert_eq!(run(typed_model.clone(), &[-2.0]), [0.0]);
    let optimised = typed_model.into_optimized().expect("optimises");
    assert!(run(optimised, &[-2.0])[0].is_nan());
}
