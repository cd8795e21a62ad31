//! Standalone reproductions of the tract-onnx 0.23.9 bugs `hunt tract` found (see
//! `greduce-hunts/FINDINGS.md`). The models are written out by hand (with the examples'
//! ONNX exporter) and run with tract directly; no greduce. Each test asserts today's wrong
//! behaviour: it passes today and fails when upstream fixes the bug (then flip its
//! assertion).

use greduce_domains::dl::{Attr, Model, Node, Source, Tensor};
use greduce_hunts::hunt_tract::onnx_untyped_outputs;
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

/// Runs `model` on `input`: its inputs' values one after the other, in order. Returns the
/// first output.
fn run(model: TypedModel, input: &[f32]) -> Vec<f32> {
    let mut rest = input;
    let mut inputs = tvec![];
    for i in 0..model.inputs.len() {
        let shape: Vec<usize> = model
            .input_fact(i)
            .expect("an input")
            .shape
            .as_concrete()
            .expect("concrete")
            .to_vec();
        let (values, more) = rest.split_at(shape.iter().product());
        rest = more;
        let value = tract_onnx::prelude::Tensor::from_shape(&shape, values)
            .expect("input of the model's shape");
        inputs.push(value.into_tvalue());
    }
    assert!(rest.is_empty(), "values left over");
    let outputs = model
        .into_runnable()
        .expect("runnable")
        .run(inputs)
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

/// T1 at its smallest, (4, 6): a `Conv` with stride 2 and a kernel of 1 over an `Expand` of
/// a `[1, 1, 1]` input to `[1, 1, 2]`, the input itself as the weight. Declutter makes the
/// stride a `Downsample` and pulls it above the `Expand` (`MultiBroadcastTo`) with the
/// wrong shape. The unoptimised model gives `x * x` (the kernel of 1 sees the first of the
/// two copies). Fixed when `into_optimized` succeeds.
#[test]
fn optimising_a_strided_conv_of_an_expand_fails() {
    let model = Model {
        tensors: vec![
            tensor(&[1, 1, 1], Source::Input),
            tensor(&[3], Source::Constant(vec![1, 1, 2])),
            tensor(&[1, 1, 2], Source::Output),
            tensor(&[1, 1, 1], Source::Output),
        ],
        nodes: vec![node("Expand", &[0, 1], 2), conv_1d(&[2, 0], 3, 2)],
    };
    let typed = typed(&model);
    assert_eq!(run(typed.clone(), &[-2.0]), [4.0]);
    let message = format!("{:#}", typed.into_optimized().expect_err("fails today"));
    assert!(
        message.contains("Downsample over")
            && message.contains("MultiBroadcastTo: Trying to substitute a 1,1,1,F32 by 1,1,2,F32"),
        "{message}"
    );
}

/// A `Conv` over one spatial axis with a kernel of 1 and the given stride.
fn conv_1d(inputs: &[usize], output: usize, stride: i64) -> Node {
    Node {
        attrs: vec![
            ("kernel_shape", Attr::Ints(vec![1])),
            ("strides", Attr::Ints(vec![stride])),
            ("group", Attr::Int(1)),
        ],
        ..node("Conv", inputs, output)
    }
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

/// T4 at its smallest, (4, 5): a `Conv` with a kernel of 1 and stride 2 (a `Downsample`
/// too) over a `Softmax` along the same axis, the weight `w` a second input. On `x = [-2,
/// -0.25]` and `w = -0.5` the unoptimised model gives `0.148 * -0.5` and the optimised one
/// `1 * -0.5`. Strided `MaxPool` and `AveragePool` in its place are right. Fixed when the
/// optimised model gives `-0.074` too.
#[test]
fn optimising_a_strided_conv_of_a_softmax_changes_it() {
    let model = Model {
        tensors: vec![
            tensor(&[1, 1, 2], Source::Input),
            tensor(&[1, 1, 2], Source::Output),
            tensor(&[1, 1, 1], Source::Input),
            tensor(&[1, 1, 1], Source::Output),
        ],
        nodes: vec![
            Node {
                attrs: vec![("axis", Attr::Int(2))],
                ..node("Softmax", &[0], 1)
            },
            conv_1d(&[1, 2], 3, 2),
        ],
    };
    let input = [-2.0, -0.25, -0.5];
    let typed = typed(&model);
    let plain = run(typed.clone(), &input);
    assert!((plain[0] + 0.074_023_6).abs() < 1e-6, "{plain:?}");
    let optimised = typed.into_optimized().expect("optimises");
    assert_eq!(run(optimised, &input), [-0.5]);
}

/// T5: `MatMul` whose left operand is an `Expand` of a `[2, 1]` tensor to `[2, 2]`: the
/// optimised model drops a term of each dot product. With `x = [1.5, 0.5]`, `Expand(x)` is
/// `[[1.5, 1.5], [0.5, 0.5]]` and `MatMul(Expand(x), x)` is `[3, 1]`; optimised it is
/// `[2.25, 0.75]` (one term each). `Conv`, and `Tile` in place of `Expand`, do the same.
/// Fixed when the optimised models agree with the unoptimised ones.
#[test]
fn optimising_a_matmul_of_an_expand_drops_terms() {
    let expanded = Model {
        tensors: vec![
            tensor(&[2, 1], Source::Input),
            tensor(&[2], Source::Constant(vec![1, 2])),
            tensor(&[2, 2], Source::Output),
            tensor(&[2, 1], Source::Output),
        ],
        nodes: vec![node("Expand", &[0, 1], 2), node("MatMul", &[2, 0], 3)],
    };
    let typed = typed(&expanded);
    assert_eq!(run(typed.clone(), &[1.5, 0.5]), [3.0, 1.0]);
    let optimised = typed.into_optimized().expect("optimises");
    assert_eq!(run(optimised, &[1.5, 0.5]), [2.25, 0.75]);
    // The same with `Conv`: `e = Expand(x)` of a `[2, 1, 1]` input to `[2, 2, 1]` is both
    // the convolution's input and its weight, so the output is `2 x_n x_m`; optimised, it
    // is `x_n x_m`.
    let model = Model {
        tensors: vec![
            tensor(&[2, 1, 1], Source::Input),
            tensor(&[3], Source::Constant(vec![1, 2, 1])),
            tensor(&[2, 2, 1], Source::Output),
            tensor(&[2, 2, 1], Source::Output),
        ],
        nodes: vec![node("Expand", &[0, 1], 2), conv_1d(&[2, 2], 3, 1)],
    };
    let conv = self::typed(&model);
    assert_eq!(run(conv.clone(), &[1.5, 0.5]), [4.5, 1.5, 1.5, 0.5]);
    let optimised = conv.into_optimized().expect("optimises");
    assert_eq!(run(optimised, &[1.5, 0.5]), [2.25, 0.75, 0.75, 0.25]);
    // And with `Tile` in place of `Expand` (repeats `[1, 2]`, the same `[2, 2]`): a `Tile`
    // that repeats only axes of size 1 is rewritten to the same `MultiBroadcastTo`.
    let model = Model {
        nodes: vec![node("Tile", &[0, 1], 2), node("MatMul", &[2, 0], 3)],
        ..expanded
    };
    let tiled = self::typed(&model);
    assert_eq!(run(tiled.clone(), &[1.5, 0.5]), [3.0, 1.0]);
    let optimised = tiled.into_optimized().expect("optimises");
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

/// T7: `MatMul(x, Expand(x))` with `x` of shape `[1, 3]` expanded to `[3, 3]`: the model
/// optimises, but running the optimised model panics in tract's `EinSum` evaluation
/// (`assertion failed: end <= axis_len`, an out-of-range slice), where the unoptimised model
/// gives `x * sum(x)`. Fixed when the optimised model runs and gives the same.
#[test]
fn running_an_optimised_matmul_of_an_expand_panics() {
    let model = Model {
        tensors: vec![
            tensor(&[1, 3], Source::Input),
            tensor(&[2], Source::Constant(vec![3, 1])),
            tensor(&[3, 3], Source::Output),
            tensor(&[1, 3], Source::Output),
        ],
        nodes: vec![node("Expand", &[0, 1], 2), node("MatMul", &[0, 2], 3)],
    };
    let typed = typed(&model);
    assert_eq!(run(typed.clone(), &[1.0, 2.0, 3.0]), [6.0, 12.0, 18.0]);
    let optimised = typed.into_optimized().expect("optimises");
    let panic = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run(optimised, &[1.0, 2.0, 3.0])
    }))
    .expect_err("the optimised model panics today");
    let message = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    // ndarray's message: its release build asserts `end <= axis_len`, its debug build says
    // "Slice end 2 is past end of axis of length 1".
    assert!(
        message.contains("end <= axis_len") || message.contains("past end of axis"),
        "{message}"
    );
}

/// T8: `into_optimized` fails in codegen on `MatMul(Flatten(Expand(x)), w)`: `x` of shape
/// `[1, 2]` expanded to `[2, 2]`, flattened to `[1, 4]`, times a `[4, 1]` input. Folding the
/// contracted axis (`fold_k_in_input_1`) reshapes away the expanded axis of size 2
/// ("Removing non-trivial axis"). The unoptimised model runs. Fixed when `into_optimized`
/// succeeds.
#[test]
fn optimising_a_matmul_of_a_flattened_expand_fails() {
    let model = Model {
        tensors: vec![
            tensor(&[1, 2], Source::Input),
            tensor(&[2], Source::Constant(vec![2, 2])),
            tensor(&[2, 2], Source::Output),
            tensor(&[1, 4], Source::Output),
            tensor(&[4, 1], Source::Input),
            tensor(&[1, 1], Source::Output),
        ],
        nodes: vec![
            node("Expand", &[0, 1], 2),
            Node {
                attrs: vec![("axis", Attr::Int(0))],
                ..node("Flatten", &[2], 3)
            },
            node("MatMul", &[3, 4], 5),
        ],
    };
    let message = format!(
        "{:#}",
        typed(&model).into_optimized().expect_err("fails today")
    );
    assert!(
        message.contains("fold_k_in_input_1: Reshape: Removing non-trivial axis"),
        "{message}"
    );
    // One rank up, `x` of `[1, 2, 2]` expanded to `[2, 2, 2]` and flattened to `[1, 8]`, the
    // same fold fails with another message.
    let model = Model {
        tensors: vec![
            tensor(&[1, 2, 2], Source::Input),
            tensor(&[3], Source::Constant(vec![2, 1, 1])),
            tensor(&[2, 2, 2], Source::Output),
            tensor(&[1, 8], Source::Output),
            tensor(&[8, 1], Source::Input),
            tensor(&[1, 1], Source::Output),
        ],
        nodes: model.nodes,
    };
    let rank_three = typed(&model);
    assert_eq!(run(rank_three.clone(), &[1.0; 12]), [8.0]);
    let message = format!(
        "{:#}",
        rank_three.into_optimized().expect_err("fails today")
    );
    assert!(
        message.contains("fold_k_in_input_1: Reshape: Incompatible reshape"),
        "{message}"
    );
}

/// A model of `Abs` (unary) and `Add` (binary) nodes over one `[1]` input, each node's
/// operands named by tensor number (0 is the input, `k` the `k`-th node's output).
fn abs_add(nodes: &[(&'static str, &[usize])]) -> Model {
    let mut tensors = vec![tensor(&[1], Source::Input)];
    tensors.extend((0..nodes.len()).map(|_| tensor(&[1], Source::Output)));
    Model {
        tensors,
        nodes: nodes
            .iter()
            .enumerate()
            .map(|(i, (op, inputs))| node(op, inputs, i + 1))
            .collect(),
    }
}

/// Every model of `n` nodes, each an `Abs` or (with `binary`) an `Add` of earlier tensors.
fn all_abs_add(n: usize, binary: bool) -> Vec<Vec<(&'static str, Vec<usize>)>> {
    let mut models = vec![Vec::new()];
    for k in 0..n {
        let mut next = Vec::new();
        for m in &models {
            for a in 0..=k {
                let mut abs = m.clone();
                abs.push(("Abs", vec![a]));
                next.push(abs);
                for b in (0..=k).filter(|_| binary) {
                    let mut add = m.clone();
                    add.push(("Add", vec![a, b]));
                    next.push(add);
                }
            }
        }
        models = next;
    }
    models
}

/// Whether tract's optimised `model` fails to run with its `Dummy` op error.
fn evaluates_a_dummy(model: &Model) -> bool {
    let optimised = typed(model).into_optimized().expect("optimises");
    let input = tract_onnx::prelude::Tensor::from_shape(&[1], &[-2.0f32]).expect("shape");
    let runnable = optimised.into_runnable().expect("runnable");
    match runnable.run(tvec![input.into_tvalue()]) {
        Ok(_) => false,
        Err(e) => {
            let message = format!("{e:#}");
            assert!(message.contains("eval() called on a Dummy op"), "{message}");
            true
        }
    }
}

/// T9: four `Abs` nodes, `a = |x|`, `b = |x|`, `c = |a|`, `d = |x|` (outputs `b`, `c`,
/// `d`): the model runs unoptimised, but the optimised model fails to run: `Evaluating #3
/// "n0" Dummy: eval() called on a Dummy op. This is a bug.` (`Relu` and `Neg` in place of
/// `Abs` do the same). The smallest such model: of all the models of at most three nodes
/// made of `Abs` and `Add` over the input (158), none fails; of the 24 of four `Abs` nodes,
/// this one and its mirror (`c = |b|`) fail. Fixed when the optimised model runs (this test
/// then fails at its first check of it).
#[test]
fn the_optimised_model_of_four_abs_evaluates_a_dummy_op() {
    let found = abs_add(&[("Abs", &[0]), ("Abs", &[0]), ("Abs", &[1]), ("Abs", &[0])]);
    assert_eq!(run(typed(&found), &[-2.0]), [2.0]);
    assert!(evaluates_a_dummy(&found));
    let fail = |n: usize, binary: bool| -> Vec<Vec<(&'static str, Vec<usize>)>> {
        all_abs_add(n, binary)
            .into_iter()
            .filter(|nodes| {
                let nodes: Vec<(&str, &[usize])> =
                    nodes.iter().map(|(op, i)| (*op, i.as_slice())).collect();
                evaluates_a_dummy(&abs_add(&nodes))
            })
            .collect()
    };
    for n in 1..=3 {
        assert_eq!(all_abs_add(n, true).len(), [2, 12, 144][n - 1]);
        assert!(fail(n, true).is_empty(), "{n} nodes");
    }
    assert_eq!(all_abs_add(4, false).len(), 24);
    assert_eq!(
        fail(4, false),
        [
            vec![
                ("Abs", vec![0]),
                ("Abs", vec![0]),
                ("Abs", vec![1]),
                ("Abs", vec![0])
            ],
            vec![
                ("Abs", vec![0]),
                ("Abs", vec![0]),
                ("Abs", vec![2]),
                ("Abs", vec![0])
            ],
        ]
    );
}

/// T10: declutter folds a `Sub` or `Div` whose second operand is a `Conv` into the
/// `Conv`'s kernel and bias as if the `Conv` were the first operand. `y - conv(x)` becomes
/// `conv(x) + (y - bias)` (the kernel keeps its sign), and `y / conv(x)` becomes a `Conv`
/// with kernel `y / w` and bias `y / bias` (division does not distribute that way; with no
/// bias given it is 0, so `y / 0`). Here `x = [2, 3]` is both the input and the kernel of
/// a `Conv` of width 2 (`conv(x) = 2 * 2 + 3 * 3 = 13`) and `y = 5`: `y - conv(x)` is -8,
/// optimised 18; `y / conv(x)` is 5/13, optimised infinite. A `Conv` of one weight is
/// rewritten to an `EinSum` before this rule, so it needs a wider kernel (or, with one
/// weight, a dilation or padding). Fixed when the optimised models agree with the unoptimised ones.
#[test]
fn subtracting_or_dividing_by_a_conv_is_folded_wrongly() {
    let model = |op| Model {
        tensors: vec![
            tensor(&[1, 1, 2], Source::Input),
            tensor(&[1, 1, 1], Source::Output),
            tensor(&[1], Source::Input),
            tensor(&[1, 1, 1], Source::Output),
        ],
        nodes: vec![
            Node {
                attrs: vec![
                    ("kernel_shape", Attr::Ints(vec![2])),
                    ("strides", Attr::Ints(vec![1])),
                    ("group", Attr::Int(1)),
                ],
                ..node("Conv", &[0, 0], 1)
            },
            node(op, &[2, 1], 3),
        ],
    };
    let input = [2.0, 3.0, 5.0];
    let sub = typed(&model("Sub"));
    assert_eq!(run(sub.clone(), &input), [-8.0]);
    assert_eq!(
        run(sub.into_optimized().expect("optimises"), &input),
        [18.0]
    );
    let div = typed(&model("Div"));
    assert_eq!(run(div.clone(), &input), [5.0 / 13.0]);
    let optimised = run(div.into_optimized().expect("optimises"), &input);
    assert_eq!(optimised, [f32::INFINITY]);
    // The first operand the other way round is right.
    let mut other_way = model("Sub");
    other_way.nodes[1].inputs = vec![1, 2];
    let other_way = typed(&other_way);
    assert_eq!(run(other_way.clone(), &input), [8.0]);
    assert_eq!(
        run(other_way.into_optimized().expect("optimises"), &input),
        [8.0]
    );
}

/// T10 at (3, 6), outside what the generator makes (it gives `Conv` no padding): `x -
/// conv(x)` with `x` of one element padded on the right to a width of 2, `x = 3`: `[3 - 9,
/// 3 - 0]` unoptimised, `[3 + 9, 3]` optimised. Fixed when they agree.
#[test]
fn subtracting_a_padded_conv_of_the_input_is_folded_wrongly() {
    let model = Model {
        tensors: vec![
            tensor(&[1, 1, 1], Source::Input),
            tensor(&[1, 1, 2], Source::Output),
            tensor(&[1, 1, 2], Source::Output),
        ],
        nodes: vec![
            Node {
                attrs: vec![
                    ("kernel_shape", Attr::Ints(vec![1])),
                    ("pads", Attr::Ints(vec![0, 1])),
                    ("group", Attr::Int(1)),
                ],
                ..node("Conv", &[0, 0], 1)
            },
            node("Sub", &[0, 1], 2),
        ],
    };
    let typed = typed(&model);
    assert_eq!(run(typed.clone(), &[3.0]), [-6.0, 3.0]);
    assert_eq!(
        run(typed.into_optimized().expect("optimises"), &[3.0]),
        [12.0, 3.0]
    );
}

/// A `Conv` of `kernel` (stride 1) then a `Slice` of its last axis from 1 to the end with
/// `step`: tensors `x` (input), `w` (input), the `Conv`'s output, four constants, the
/// `Slice`'s output, (8, 9) as the generator makes it.
fn conv_then_slice(x: &[usize], w: &[usize], kernel: &[i64], step: i64) -> Model {
    let rank = x.len();
    let mut y = vec![x[0], w[0]];
    y.extend(x[2..].iter().zip(kernel).map(|(d, k)| d + 1 - *k as usize));
    let last = y[rank - 1];
    let mut out = y.clone();
    out[rank - 1] = (last - 1).div_ceil(step as usize);
    Model {
        tensors: vec![
            tensor(x, Source::Input),
            tensor(w, Source::Input),
            tensor(&y, Source::Output),
            tensor(&[1], Source::Constant(vec![1])),
            tensor(&[1], Source::Constant(vec![last as i64])),
            tensor(&[1], Source::Constant(vec![rank as i64 - 1])),
            tensor(&[1], Source::Constant(vec![step])),
            tensor(&out, Source::Output),
        ],
        nodes: vec![
            Node {
                attrs: vec![
                    ("kernel_shape", Attr::Ints(kernel.to_vec())),
                    ("strides", Attr::Ints(vec![1; kernel.len()])),
                    ("group", Attr::Int(1)),
                ],
                ..node("Conv", &[0, 1], 2)
            },
            node("Slice", &[2, 3, 4, 5, 6], 7),
        ],
    }
}

/// T11: a `Slice` with a step above 1 and a start above 0 (here `[1::2]`) of a `Conv`'s
/// output becomes a `Downsample`, which declutter pulls into the `Conv`'s input and loses
/// the start: the optimised model takes the first element where the `Slice` takes the
/// second. `x = [1, 2, 3]`, `w = [1, 10]`: the `Conv` gives `[21, 32]` and the model `32`;
/// optimised, `21`. The same on a rank-4 `Conv` whose kernel spans another axis (`x =
/// [[1, 2], [3, 4]]`, `w = [1, 1]` down the columns: `[4, 6]`, then `6` against `4`).
/// With step 1, or with a kernel of one weight (the `Conv` becomes a product of matrices
/// and the `Downsample` stays after it), both are right. Fixed when the optimised models
/// agree.
#[test]
fn a_strided_slice_of_a_conv_loses_its_start() {
    let model = typed(&conv_then_slice(&[1, 1, 3], &[1, 1, 2], &[2], 2));
    let rank_3 = [1.0, 2.0, 3.0, 1.0, 10.0];
    assert_eq!(run(model.clone(), &rank_3), [32.0]);
    assert_eq!(
        run(model.into_optimized().expect("optimises"), &rank_3),
        [21.0]
    );
    let model = typed(&conv_then_slice(&[1, 1, 2, 2], &[1, 1, 2, 1], &[2, 1], 2));
    let input = [1.0, 2.0, 3.0, 4.0, 1.0, 1.0];
    assert_eq!(run(model.clone(), &input), [6.0]);
    assert_eq!(
        run(model.into_optimized().expect("optimises"), &input),
        [4.0]
    );
    // Right: step 1, and a kernel of one weight.
    let model = typed(&conv_then_slice(&[1, 1, 3], &[1, 1, 2], &[2], 1));
    assert_eq!(run(model.clone(), &rank_3), [32.0]);
    assert_eq!(
        run(model.into_optimized().expect("optimises"), &rank_3),
        [32.0]
    );
    let model = typed(&conv_then_slice(&[1, 1, 3], &[1, 1, 1], &[1], 2));
    let input = [1.0, 2.0, 3.0, 10.0];
    assert_eq!(run(model.clone(), &input), [20.0]);
    assert_eq!(
        run(model.into_optimized().expect("optimises"), &input),
        [20.0]
    );
}
