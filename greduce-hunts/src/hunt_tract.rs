//! Hunting bugs in tract, the pure-Rust ONNX runtime (issue 12): DL models from the Isra port
//! ([`greduce_domains::dl::isra_with`]), restricted to the operators tract supports,
//! exported to ONNX ([`greduce_domains::onnx`]) and checked in tract's own pipeline.
//!
//! ```text
//! cargo run --release -p greduce-hunts -- tract [--cases N]
//! ```
//!
//! Five checks, one property each, each failing only at its own stage (a model that fails an
//! earlier stage passes the later checks, so that each shrinks to its own failure):
//!
//! 1. **loads**: tract reads the model and types it (`model_for_read`, `into_typed`) without
//!    an error or a panic. Every model the generator makes passes our validator
//!    ([`greduce_domains::dl_shapes::validate`]), so an error here is tract rejecting a
//!    valid model.
//! 2. **shapes**: the output shapes tract infers equal ours. The model is exported with its
//!    input shapes only (outputs untyped), so the shapes are tract's own.
//! 3. **optimises**: `into_optimized` succeeds.
//! 4. **runs**: the typed, unoptimised model runs on seeded inputs.
//! 5. **same outputs**: the optimised model runs (an error or a panic there fails this
//!    check) and gives the unoptimised one's outputs, each value
//!    within `1e-3` relative (or `1e-4` absolute) tolerance, NaN matching NaN. Only values
//!    that are *stable* count: the optimiser may round differently (it turns `a / b` into
//!    `a * (1 / b)`, for one), and a later cancellation can blow one ulp up into anything
//!    (`(x - y) / (x - y)` is NaN when `x = y` exactly and 1 otherwise). So the unoptimised
//!    model also runs seven more times ([`perturbed`], [`Perturbation`]): twice with every
//!    node's output scaled, value by value, by `1 + 2^-20` or `1 - 2^-20` (the second run
//!    the other way round), twice with the outputs of sums moved by `+2^-80` and by
//!    `-2^-80` (a zero made by a cancellation is unstable too), once with the values of
//!    sums below `2^-14` set to 0 (so is a rounding residue where a sum cancels out), and
//!    twice with the inputs of the step functions (`Floor`, `Ceil`, `Round`,
//!    `ThresholdedRelu`) scaled by `1 + 2^-20`, then `1 - 2^-20` (an input one ulp from an
//!    integer makes a `Ceil` jump by 1). A value that any of these runs moves beyond the
//!    tolerance is numerically unstable, and a difference there is not a bug.
//!
//! Each finding written up in `greduce-hunts/FINDINGS.md` has a signature in [`KNOWN`]; a
//! check runs as one row for the failures no signature claims, then one row per finding of
//! that check ([`hunt_all`], [`classify`]), so that a known bug does not hide the next.
//!
//! Operators: [`OPS`] but [`UNSUPPORTED`], which tract cannot run as the generator makes
//! them. Models whose largest tensor exceeds [`LARGEST`] elements (chained `ConvTranspose`s
//! can blow up) are not checked: they pass every property.

// Reason: every property's error is its failure message, which says what went wrong.
#![allow(clippy::missing_errors_doc)]

pub use crate::hunt::Row;
use crate::hunt::{guarded, hunt, silenced};
use crate::small_models;
use greduce::generator;
use greduce_domains::dl::{self, Attr, Model, OPS, Source};
use greduce_domains::{dl_shapes, onnx};
use prost::Message;
use std::fmt::{self, Write as _};
use std::sync::LazyLock;
use tract_onnx::prelude::{
    Framework, InferenceModelExt, IntoRunnable, IntoTValue, IntoTensor, TValue, TVec, Tensor,
    TypedFact, TypedModel,
};

/// The operators of [`OPS`] the hunt leaves out, and why.
pub const UNSUPPORTED: [(&str, &str); 2] = [
    (
        "LpPool",
        "tract-onnx registers it as unimplemented (\"Operator can not be made a TypedOp\")",
    ),
    (
        "BatchNormalization",
        "tract needs its scale, bias, mean and variance to be constants (\"Params are not \
         const\"); the generator makes them graph inputs",
    ),
];

/// The operators the hunt's models use: [`OPS`] without [`UNSUPPORTED`].
pub static TRACT_OPS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    OPS.iter()
        .copied()
        .filter(|op| UNSUPPORTED.iter().all(|(u, _)| u != op))
        .collect()
});

/// Models with a tensor of more elements than this are not checked.
pub const LARGEST: usize = 1 << 20;

/// A generated model, shown as an ONNX graph listing ([`listing`]).
#[derive(Clone, PartialEq)]
pub struct Case(pub Model);

impl fmt::Debug for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&listing(&self.0))
    }
}

/// An Isra model of the operators tract supports.
#[generator]
pub fn tract_model<R: rand::Rng + ?Sized>(rng: &mut R) -> Case {
    Case(dl::isra_with(rng, &TRACT_OPS))
}

/// The model as a listing: inputs and constants with their shapes (and values), then one
/// line per node with its attributes, then the outputs.
///
/// ```
/// use greduce_domains::dl::{Attr, Model, Node, Source, Tensor};
/// let model = Model {
///     tensors: vec![
///         Tensor { shape: vec![2], source: Source::Input },
///         Tensor { shape: vec![2], source: Source::Output },
///     ],
///     nodes: vec![Node {
///         op: "Softmax",
///         inputs: vec![0],
///         outputs: vec![1],
///         attrs: vec![("axis", Attr::Int(0))],
///     }],
/// };
/// assert_eq!(
///     greduce_hunts::hunt_tract::listing(&model),
///     "input t0: float[2]\nt1[2] = Softmax(t0) axis=0\noutput t1\n"
/// );
/// ```
#[must_use]
pub fn listing(model: &Model) -> String {
    let mut out = String::new();
    let mut used = vec![false; model.tensors.len()];
    for node in &model.nodes {
        for &t in node.inputs.iter().chain(&node.outputs) {
            used[t] = true;
        }
    }
    for (t, tensor) in model.tensors.iter().enumerate().filter(|(t, _)| used[*t]) {
        match &tensor.source {
            Source::Input => {
                let _ = writeln!(out, "input t{t}: float{:?}", tensor.shape);
            }
            Source::Constant(values) => {
                let _ = writeln!(out, "const t{t}{:?} = {values:?}", tensor.shape);
            }
            Source::Output => {}
        }
    }
    for node in &model.nodes {
        let outs: Vec<String> = node
            .outputs
            .iter()
            .map(|t| format!("t{t}{:?}", model.tensors[*t].shape))
            .collect();
        let ins: Vec<String> = node.inputs.iter().map(|t| format!("t{t}")).collect();
        let _ = write!(out, "{} = {}({})", outs.join(", "), node.op, ins.join(", "));
        for (name, value) in &node.attrs {
            let _ = match value {
                Attr::Int(i) => write!(out, " {name}={i}"),
                Attr::Ints(v) => write!(out, " {name}={v:?}"),
                Attr::Float(x) => write!(out, " {name}={x}"),
                Attr::Str(s) => write!(out, " {name}={s:?}"),
            };
        }
        out.push('\n');
    }
    let outputs: Vec<String> = onnx::outputs(model)
        .iter()
        .map(|t| format!("t{t}"))
        .collect();
    let _ = writeln!(out, "output {}", outputs.join(", "));
    out
}

/// The model as ONNX bytes with its outputs' shapes left out, so that a runtime infers them.
#[must_use]
pub fn onnx_untyped_outputs(model: &Model) -> Vec<u8> {
    untyped_proto(model).encode_to_vec()
}

/// The model's ONNX proto with its outputs' shapes left out.
fn untyped_proto(model: &Model) -> onnx::ModelProto {
    let mut proto = onnx::to_proto(model);
    if let Some(graph) = &mut proto.graph {
        for output in &mut graph.output {
            if let Some(tensor) = output.r#type.as_mut().and_then(|t| t.tensor_type.as_mut()) {
                tensor.shape = None;
            }
        }
    }
    proto
}

/// Whether a NaN appears anywhere in the unoptimised run of `model` on the seeded inputs
/// (every node output made a model output, so that the optimiser has nothing to remove).
#[must_use]
pub fn nan_inside(model: &Model) -> bool {
    let mut proto = untyped_proto(model);
    let Some(graph) = &mut proto.graph else {
        return false;
    };
    let Some(template) = graph.output.first().cloned() else {
        return false;
    };
    graph.output = graph
        .node
        .iter()
        .flat_map(|n| n.output.iter())
        .map(|name| onnx::ValueInfoProto {
            name: name.clone(),
            ..template.clone()
        })
        .collect();
    load_bytes(&proto.encode_to_vec())
        .and_then(|typed| run(&typed))
        .is_ok_and(|outputs| {
            outputs
                .iter()
                .any(|t| floats(t).is_ok_and(|v| v.iter().any(|x| x.is_nan())))
        })
}

/// Loads `model` in tract and types it (check 1).
pub fn load(model: &Model) -> Result<TypedModel, String> {
    load_bytes(&onnx_untyped_outputs(model))
}

/// Loads an ONNX model's bytes in tract and types it.
pub fn load_bytes(bytes: &[u8]) -> Result<TypedModel, String> {
    guarded(|| {
        tract_onnx::onnx()
            .model_for_read(&mut &bytes[..])
            .and_then(InferenceModelExt::into_typed)
            .map_err(|e| format!("{e:#}"))
    })
    .and_then(|r| r)
}

/// The shapes of `typed`'s outputs (`None` where one is not concrete).
fn output_shapes(typed: &TypedModel) -> Result<Vec<Option<Vec<usize>>>, String> {
    (0..typed.outputs.len())
        .map(|i| {
            typed
                .output_fact(i)
                .map(|f: &TypedFact| f.shape.as_concrete().map(<[usize]>::to_vec))
                .map_err(|e| format!("{e:#}"))
        })
        .collect()
}

/// Seeded input values for `typed`'s inputs: multiples of 1/4 in `-2..=2` (exact in f32, so
/// that sums do not round).
pub fn inputs(typed: &TypedModel) -> Result<TVec<TValue>, String> {
    let mut values = TVec::new();
    for i in 0..typed.inputs.len() {
        let fact = typed.input_fact(i).map_err(|e| format!("{e:#}"))?;
        let shape = fact
            .shape
            .as_concrete()
            .ok_or_else(|| format!("input {i} has no concrete shape"))?
            .to_vec();
        let n: usize = shape.iter().product();
        let data: Vec<f32> = (0..n)
            .map(|k| ((k * 7 + i * 3) % 17) as f32 / 4.0 - 2.0)
            .collect();
        let tensor = Tensor::from_shape(&shape, &data).map_err(|e| format!("{e:#}"))?;
        values.push(tensor.into_tvalue());
    }
    Ok(values)
}

/// How [`perturbed`] changes the outputs of a model's nodes, as a rounding difference at every
/// node would.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perturbation {
    /// Every node's output, each value multiplied by `1 + d 2^-20` or `1 - d 2^-20`, with
    /// `d` in `[1, 2)`, which of the two and `d` fixed pseudo-randomly per value (all the
    /// other way round when `up` is false).
    Scaled {
        /// Which of the two ways round.
        up: bool,
    },
    /// The outputs of the operators that add up values ([`CANCELLING`]) moved by `2^-80`,
    /// up when `up`: an exact zero of a sum that cancelled out made a tiny number.
    Moved {
        /// Which way.
        up: bool,
    },
    /// The values of the operators that add up values ([`CANCELLING`]) closer to 0 than
    /// `2^-14` set to 0 exactly: a sum that should cancel out but left a rounding residue
    /// made the exact zero another summation order gives.
    Snapped,
    /// The inputs of the step functions ([`STEPS`]) multiplied by `1 + 2^-20` (all of them
    /// the same way, when `up`) or `1 - 2^-20`, and nothing else changed: a value at a
    /// step's edge (an integer for `Floor` and `Ceil`, a half for `Round`, `alpha` for
    /// `ThresholdedRelu`), or up to 16 ulps from it, crosses it in one of the two runs.
    /// The scalings of [`Perturbation::Scaled`] do not always move it: their pseudo-random
    /// factors along a chain can add up to about 0 at the step, and a second step can undo
    /// what they did at the first (`Ceil(Ceil(t))` with `t` one ulp above 1: `t` scaled
    /// below 1, its `Ceil` 1, scaled above 1, the second `Ceil` 2 again). An input that a
    /// graph input, a constant or another step makes is left as it is: it is exact.
    Stepped {
        /// Which way.
        up: bool,
    },
}

impl Perturbation {
    /// Every perturbation the stability filter runs, in order.
    pub const ALL: [Self; 7] = [
        Self::Scaled { up: true },
        Self::Scaled { up: false },
        Self::Moved { up: true },
        Self::Moved { up: false },
        Self::Snapped,
        Self::Stepped { up: true },
        Self::Stepped { up: false },
    ];

    /// Whether the filter decides nothing when this run fails: the four runs it began
    /// with, as before; the later ones (more nodes) are left out alone when they fail.
    fn essential(self) -> bool {
        matches!(self, Self::Scaled { .. } | Self::Moved { .. })
    }
}

/// The step functions: operators whose output jumps where their input crosses an edge
/// (`Floor` and `Ceil` at integers, `Round` at halves, `ThresholdedRelu` at its `alpha`), so
/// that a rounding difference of one ulp at the edge becomes a difference of 1 or more
/// ([`Perturbation::Stepped`]). (`Sign`'s edge is 0, which scaling leaves as it is; the
/// moves of sums cover it.)
pub const STEPS: [&str; 4] = ["Floor", "Ceil", "Round", "ThresholdedRelu"];

/// The model as ONNX bytes (outputs untyped) with nodes' outputs changed by `how` before
/// anything uses them ([`Perturbation`]).
///
/// The scalings' signs differ from value to value so that a rounding that a later operator
/// amplifies is seen even when the values it changes cancel out (`Floor(t / t)`, 1 exactly
/// or one below, then a `Conv` whose weights sum to 0). Scaling leaves an exact zero as it
/// is; the move makes a zero unstable where a sum cancelled out (the mean of values
/// symmetric about 0, then its `Sign`), and leaves alone the zeros of other operators
/// (`Relu`, `Abs(0)`), which no rounding would move; the snap does the reverse, making
/// exact the zero a sum missed by a rounding (`t / t` with `t` that residue is 1, and NaN
/// where another order sums to 0 exactly). Each is a separate run: together, a move could
/// undo what a scaling showed (`Sign(Floor(t / t) + Floor(t / t))`, the floors 0 and the
/// sum moved up).
#[must_use]
pub fn perturbed(model: &Model, how: Perturbation) -> Vec<u8> {
    let mut proto = untyped_proto(model);
    if let (Perturbation::Stepped { up }, Some(graph)) = (how, &mut proto.graph) {
        scale_step_inputs(graph, if up { 1.0 + EPSILON } else { 1.0 - EPSILON });
        return proto.encode_to_vec();
    }
    if let Some(graph) = &mut proto.graph {
        let constant = |name: String, dims: Vec<i64>, float_data: Vec<f32>| onnx::TensorProto {
            dims,
            data_type: 1,
            float_data,
            name,
            ..onnx::TensorProto::default()
        };
        let direction = match how {
            Perturbation::Scaled { up } | Perturbation::Moved { up } if !up => -1.0,
            _ => 1.0,
        };
        graph.initializer.extend([
            constant("nudge".to_string(), Vec::new(), vec![NUDGE * direction]),
            constant("snap".to_string(), Vec::new(), vec![SNAP]),
            constant("zero".to_string(), Vec::new(), vec![0.0]),
        ]);
        let step = |op: &str, input: Vec<String>, output: String| onnx::NodeProto {
            name: format!("{output}.{op}"),
            input,
            output: vec![output],
            op_type: op.to_string(),
            attribute: Vec::new(),
        };
        let mut nodes = Vec::new();
        let mut factors = Vec::new();
        for mut node in std::mem::take(&mut graph.node) {
            let mut after = Vec::new();
            let cancels = CANCELLING.contains(&node.op_type.as_str());
            for out in &mut node.output {
                if !cancels && !matches!(how, Perturbation::Scaled { .. }) {
                    continue;
                }
                let name = std::mem::replace(out, format!("{out}.raw"));
                let raw = format!("{name}.raw");
                match how {
                    Perturbation::Moved { .. } => {
                        after.push(step("Add", vec![raw, "nudge".to_string()], name));
                    }
                    Perturbation::Snapped => {
                        let (abs, small) = (format!("{name}.abs"), format!("{name}.small"));
                        after.push(step("Abs", vec![raw.clone()], abs.clone()));
                        after.push(step("Less", vec![abs, "snap".to_string()], small.clone()));
                        after.push(step("Where", vec![small, "zero".to_string(), raw], name));
                    }
                    Perturbation::Scaled { .. } => {
                        // Outputs are named `t<index>` ([`greduce_domains::onnx`]).
                        let tensor = name
                            .strip_prefix('t')
                            .and_then(|i| i.parse::<usize>().ok())
                            .and_then(|i| model.tensors.get(i).map(|t| (i, &t.shape)));
                        let by = format!("{name}.factor");
                        factors.push(match tensor {
                            Some((i, shape)) if shape.iter().product::<usize>() <= SIGNED => {
                                let values = (0..shape.iter().product::<usize>())
                                    .map(|k| 1.0 + EPSILON * direction * tilt(i, k))
                                    .collect();
                                let dims = shape.iter().map(|&d| d as i64).collect();
                                constant(by.clone(), dims, values)
                            }
                            _ => constant(by.clone(), Vec::new(), vec![1.0 + EPSILON * direction]),
                        });
                        after.push(step("Mul", vec![raw, by], name));
                    }
                    Perturbation::Stepped { .. } => {
                        unreachable!("a stepped run leaves every node's outputs as they are")
                    }
                }
            }
            nodes.push(node);
            nodes.extend(after);
        }
        graph.node = nodes;
        graph.initializer.extend(factors);
    }
    proto.encode_to_vec()
}

/// [`Perturbation::Stepped`] on `graph`: the first input of each step function ([`STEPS`])
/// multiplied by `factor`, where a node other than a step computes it.
fn scale_step_inputs(graph: &mut onnx::GraphProto, factor: f32) {
    let made_by: std::collections::HashMap<String, String> = graph
        .node
        .iter()
        .flat_map(|n| n.output.iter().map(|o| (o.clone(), n.op_type.clone())))
        .collect();
    let computed = |t: &String| {
        made_by
            .get(t)
            .is_some_and(|op| !STEPS.contains(&op.as_str()))
    };
    graph.initializer.push(onnx::TensorProto {
        data_type: 1,
        float_data: vec![factor],
        name: "stepped".to_string(),
        ..onnx::TensorProto::default()
    });
    let mut nodes = Vec::new();
    for mut node in std::mem::take(&mut graph.node) {
        if STEPS.contains(&node.op_type.as_str())
            && let Some(input) = node.input.first_mut().filter(|t| computed(t))
        {
            let scaled = format!("{input}.{}.stepped", node.name);
            nodes.push(onnx::NodeProto {
                name: scaled.clone(),
                input: vec![std::mem::take(input), "stepped".to_string()],
                output: vec![scaled.clone()],
                op_type: "Mul".to_string(),
                attribute: Vec::new(),
            });
            *input = scaled;
        }
        nodes.push(node);
    }
    graph.node = nodes;
}

/// How much, and which way, [`perturbed`] scales value `k` of tensor `t`, in units of
/// [`EPSILON`]: a pseudo-random sign and a size in `[1, 2)`. The sizes differ so that the
/// scalings of a chain of operators do not cancel out (`Abs` of `t / t` scaled up, then
/// down by as much: `(1 + e)(1 - e)` rounds to 1 exactly).
fn tilt(t: usize, k: usize) -> f32 {
    let mixed = (t as u64 ^ (k as u64).rotate_left(32)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let size = 1.0 + ((mixed >> 40) & 0x3ff) as f32 / 1024.0;
    if mixed >> 63 == 0 { size } else { -size }
}

/// Outputs of at most this many values get a scaling per value in [`perturbed`] runs;
/// larger ones are scaled all the same way (the factors are constants of the model).
const SIGNED: usize = 1 << 16;

/// The absolute move of [`perturbed`] runs: `2^-80`, below the rounding of any sum of the
/// seeded inputs' values (multiples of `1/4` up to 2) and of what they make, but not zero.
const NUDGE: f32 = 1.0 / (1u128 << 80) as f32;

/// The size below which [`Perturbation::Snapped`] sets a sum's values to 0: `2^-14`, above
/// the rounding residue of a sum of the seeded inputs' values (multiples of `1/4` up to 2,
/// a few thousand of them at most at `2^-24` relative each) and below most values they
/// make. It zeroes every sum's values below it, real ones too (an `Exp` of a negative
/// value, products of quarters): that only leaves a difference downstream uncompared.
const SNAP: f32 = 1.0 / (1 << 14) as f32;

/// The operators whose output sums values (or products of them), so that rounding in
/// another order can turn an exact 0 into a tiny number, or a tiny number into an exact 0:
/// [`perturbed`] moves their outputs, and snaps them to 0.
pub const CANCELLING: [&str; 14] = [
    "Add",
    "Sub",
    "Sum",
    "Mean",
    "ReduceSum",
    "ReduceMean",
    "ReduceLogSumExp",
    "MatMul",
    "Gemm",
    "Conv",
    "ConvTranspose",
    "AveragePool",
    "GlobalAveragePool",
    "Einsum",
];

/// Runs `typed` on the seeded inputs.
pub fn run(typed: &TypedModel) -> Result<Vec<Tensor>, String> {
    let inputs = inputs(typed)?;
    let model = typed.clone();
    guarded(|| {
        let runnable = model.into_runnable().map_err(|e| format!("{e:#}"))?;
        let outputs = runnable.run(inputs).map_err(|e| format!("{e:#}"))?;
        Ok(outputs.iter().map(|v| v.clone().into_tensor()).collect())
    })
    .and_then(|r| r)
}

/// The values of a float tensor.
fn floats(t: &Tensor) -> Result<Vec<f32>, String> {
    Ok(t.to_plain_array_view::<f32>()
        .map_err(|e| format!("{e:#}"))?
        .iter()
        .copied()
        .collect())
}

/// Whether two output values agree: equal, both NaN, or within `1e-3` relative or `1e-4`
/// absolute.
#[must_use]
#[allow(clippy::float_cmp)] // Reason: equal infinities are close; their difference is NaN.
pub fn close(a: f32, b: f32) -> bool {
    (a.is_nan() && b.is_nan())
        || a == b
        || (a - b).abs() <= 1e-4_f32.max(1e-3 * a.abs().max(b.abs()))
}

/// Whether the hunt checks `model` at all: no tensor larger than [`LARGEST`], and no
/// `ConvTranspose` whose input's and weight's sizes multiply to more than `64 LARGEST`.
/// tract's deconvolution multiplies the whole input by the whole kernel before summing the
/// products into the output (a buffer of the kernel's size times the input's): a chain of
/// strided `ConvTranspose`s of small tensors reached an input of 135 002 values and a kernel
/// of 18 519, and tract asked for 10 GB (found by the fuzzing benchmark, `FINDINGS.md`).
fn checked(model: &Model) -> bool {
    let elements = |t: usize| model.tensors[t].shape.iter().product::<usize>();
    model
        .tensors
        .iter()
        .all(|t| t.shape.iter().product::<usize>() <= LARGEST)
        && model.nodes.iter().all(|n| {
            n.op != "ConvTranspose"
                || elements(n.inputs[0]).saturating_mul(elements(n.inputs[1])) <= 64 * LARGEST
        })
}

/// The typed model, when the hunt checks `model` and tract loads it (the later checks pass
/// a model that fails check 1: that failure is check 1's).
fn loaded(model: &Model) -> Option<TypedModel> {
    checked(model).then(|| load(model).ok()).flatten()
}

/// Check 1: tract loads and types the model.
pub fn loads_prop(case: &Case) -> Result<(), String> {
    if !checked(&case.0) {
        return Ok(());
    }
    load(&case.0).map(|_| ())
}

/// Check 2: tract's output shapes equal ours.
pub fn shapes_prop(case: &Case) -> Result<(), String> {
    loaded(&case.0).map_or(Ok(()), |typed| same_shapes(&case.0, &typed))
}

/// Check 2 on the typed model.
fn same_shapes(model: &Model, typed: &TypedModel) -> Result<(), String> {
    let ours = dl_shapes::infer(model, dl_shapes::Bugs::default())
        .map_err(|e| format!("our shape inference rejects the model: {e:?}"))?;
    let theirs = output_shapes(typed)?;
    for (i, (t, got)) in onnx::outputs(model).into_iter().zip(theirs).enumerate() {
        if got.as_ref() != ours[t].as_ref() {
            return Err(format!(
                "output {i} (t{t}): tract infers {got:?}, the ONNX rules give {:?}",
                ours[t]
            ));
        }
    }
    Ok(())
}

/// Check 3: the typed model optimises.
pub fn optimises_prop(case: &Case) -> Result<(), String> {
    loaded(&case.0).map_or(Ok(()), |typed| optimised(typed).map(|_| ()))
}

/// The typed model optimised (`into_optimized`), a panic caught.
fn optimised(typed: TypedModel) -> Result<TypedModel, String> {
    guarded(|| typed.into_optimized().map_err(|e| format!("{e:#}"))).and_then(|r| r)
}

/// Check 4: the typed, unoptimised model runs.
pub fn runs_prop(case: &Case) -> Result<(), String> {
    loaded(&case.0).map_or(Ok(()), |typed| run(&typed).map(|_| ()))
}

/// Check 5: the optimised model gives the unoptimised one's outputs.
pub fn same_outputs_prop(case: &Case) -> Result<(), String> {
    let model = &case.0;
    let Some(typed) = loaded(model) else {
        return Ok(());
    };
    let Ok(plain) = run(&typed) else {
        return Ok(());
    };
    // A model that does not optimise is check 3's failure; one that optimises but then
    // fails to run (an error or a panic) where the unoptimised model ran is this check's.
    let Ok(optimised) = optimised(typed) else {
        return Ok(());
    };
    same_outputs(model, &plain, &optimised)
}

/// Check 5 on the outputs of the unoptimised model and on the optimised model.
fn same_outputs(model: &Model, plain: &[Tensor], optimised: &TypedModel) -> Result<(), String> {
    let optimised = run(optimised).map_err(|e| format!("{FAILS_TO_RUN}: {e}"))?;
    // The perturbed runs, made only when a difference needs them.
    let mut perturbed_runs: Option<Vec<Vec<Tensor>>> = None;
    for (i, (a, b)) in plain.iter().zip(&optimised).enumerate() {
        if a.shape() != b.shape() {
            return Err(format!(
                "output {i}: shape {:?} unoptimised, {:?} optimised",
                a.shape(),
                b.shape()
            ));
        }
        let (a, b) = (floats(a)?, floats(b)?);
        for k in (0..a.len()).filter(|&k| !close(a[k], b[k])) {
            if perturbed_runs.is_none() {
                let mut runs = Vec::new();
                for how in Perturbation::ALL {
                    // The four runs the filter began with decide nothing when one fails, as
                    // before; the later ones (more nodes) are left out alone.
                    match load_bytes(&perturbed(model, how)).and_then(|t| run(&t)) {
                        Ok(outputs) => runs.push(outputs),
                        Err(_) if how.essential() => return Ok(()),
                        Err(_) => {}
                    }
                }
                perturbed_runs = Some(runs);
            }
            let runs = perturbed_runs.as_ref().expect("just made");
            let stable = runs.iter().all(|run| {
                run.get(i)
                    .and_then(|t| floats(t).ok())
                    .is_some_and(|v| v.len() == a.len() && close(v[k], a[k]))
            });
            if stable {
                return Err(format!(
                    "output {i}, value {k}: {} unoptimised, {} optimised",
                    a[k], b[k]
                ));
            }
        }
    }
    Ok(())
}

/// Every check of [`CHECKS`] on `model`, in that order, each giving what its property
/// gives, but loading, optimising and running the model once for all five (a third of
/// the work of calling the five).
pub fn all_checks(model: &Model) -> [Result<(), String>; 5] {
    if !checked(model) {
        return [const { Ok(()) }; 5];
    }
    let typed = match load(model) {
        Ok(typed) => typed,
        Err(e) => return [Err(e), Ok(()), Ok(()), Ok(()), Ok(())],
    };
    let shapes = same_shapes(model, &typed);
    let plain = run(&typed);
    let optimised = optimised(typed);
    let outputs = match (&plain, &optimised) {
        (Ok(plain), Ok(optimised)) => same_outputs(model, plain, optimised),
        _ => Ok(()),
    };
    [
        Ok(()),
        shapes,
        optimised.map(|_| ()),
        plain.map(|_| ()),
        outputs,
    ]
}

/// The relative perturbation of [`perturbed`] runs: `2^-20`, sixteen f32 ulps.
const EPSILON: f32 = 1.0 / (1 << 20) as f32;

/// The model's `(tensors, edges)`, the paper's size.
fn case_size(case: &Case) -> (usize, usize) {
    case.0.size()
}

/// One of the hunt's checks: `Err` with what went wrong.
pub type Check = fn(&Case) -> Result<(), String>;

/// The checks, by name.
pub const CHECKS: [(&str, Check); 5] = [
    ("loads", loads_prop),
    ("shapes", shapes_prop),
    ("optimises", optimises_prop),
    ("runs", runs_prop),
    ("same outputs", same_outputs_prop),
];

/// Every check of [`CHECKS`] on `case` (loaded, optimised and run once, as
/// [`all_checks`]): the first failure, named after its check. What the tract fuzz target
/// (`fuzz/fuzz_targets/tract.rs`) checks, and its replay (`tests/tract_fuzz.rs`).
///
/// # Errors
///
/// `"<check>: <what went wrong>"` for the first check that fails.
pub fn every_check_prop(case: &Case) -> Result<(), String> {
    for ((check, _), result) in CHECKS.iter().zip(all_checks(&case.0)) {
        result.map_err(|why| format!("{check}: {why}"))?;
    }
    Ok(())
}

/// A finding already written up (`greduce-hunts/FINDINGS.md`): the check it fails and how to
/// tell its failures from others.
#[derive(Clone, Copy, Debug)]
pub struct Known {
    /// Its number in `FINDINGS.md` and a few words.
    pub name: &'static str,
    /// The check it fails (a name in [`CHECKS`]).
    pub check: &'static str,
    /// Whether a failure of that check (the model, the message) is this finding.
    pub matches: fn(&Model, &str) -> bool,
}

/// The findings written up so far.
pub const KNOWN: [Known; 11] = [
    Known {
        name: "T1: Downsample pulled up wrongly",
        check: "optimises",
        matches: |_, message| message.contains("Downsample over"),
    },
    Known {
        name: "T2: the square of a Sqrt optimised to its input",
        check: "same outputs",
        matches: |model, message| differs(message) && sqrt_squared(model),
    },
    Known {
        name: "T3: EinSum declutter substitutes a wrong shape",
        check: "optimises",
        matches: |_, message| message.contains("EinSum: Trying to substitute"),
    },
    Known {
        name: "T4: strided Slice or Conv moved above Softmax",
        check: "same outputs",
        matches: |model, message| {
            differs(message) && downstream_of(model, |n| strided(model, n), "Softmax", 1)
        },
    },
    Known {
        name: "T5: MatMul, Gemm or Conv of an Expand (or Tile) drops terms",
        check: "same outputs",
        matches: |model, message| {
            // A `Tile` that repeats only axes of size 1 becomes the same broadcast.
            differs(message)
                && ["Expand", "Tile"].iter().any(|of| {
                    downstream_of(model, |n| matches!(n.op, "MatMul" | "Gemm" | "Conv"), of, 2)
                })
        },
    },
    Known {
        name: "T6: clamps and max pooling drop NaN unless optimised away",
        check: "same outputs",
        matches: |model, message| {
            model.nodes.iter().any(|n| {
                matches!(
                    n.op,
                    "Relu"
                        | "HardSigmoid"
                        | "LeakyRelu"
                        | "ThresholdedRelu"
                        | "ReduceMax"
                        | "ReduceMin"
                        | "GlobalMaxPool"
                        | "MaxPool"
                        | "Max"
                        | "Min"
                )
            }) && differs(message)
                && nan_inside(model)
        },
    },
    Known {
        name: "T7: the optimised EinSum of an Expand panics",
        check: "same outputs",
        matches: |_, message| {
            // ndarray's slicing assertion, as its release and its debug build word it.
            message.starts_with(FAILS_TO_RUN)
                && (message.contains("end <= axis_len") || message.contains("past end of axis"))
        },
    },
    Known {
        name: "T8: EinSum codegen removes a broadcast axis",
        check: "optimises",
        // "Removing non-trivial axis", or "Incompatible reshape" one rank up.
        matches: |_, message| message.contains("fold_k_in_input"),
    },
    Known {
        name: "T9: the optimised model evaluates a Dummy op",
        check: "same outputs",
        matches: |_, message| {
            message.starts_with(FAILS_TO_RUN) && message.contains("eval() called on a Dummy op")
        },
    },
    Known {
        name: "T10: a Sub or Div by a Conv folded into its kernel and bias",
        check: "same outputs",
        matches: |model, message| differs(message) && by_conv(model),
    },
    Known {
        name: "T11: a strided Slice of a Conv loses its start",
        check: "same outputs",
        matches: |model, message| {
            differs(message)
                && downstream_of(model, |n| n.op == "Slice" && strided(model, n), "Conv", 1)
        },
    },
];

/// How [`same_outputs_prop`]'s message starts when the optimised model fails to run.
const FAILS_TO_RUN: &str = "the optimised model fails to run";

/// Whether a failure of [`same_outputs_prop`] is a difference in the outputs (not a
/// failure to run the optimised model).
fn differs(message: &str) -> bool {
    !message.starts_with(FAILS_TO_RUN)
}

/// Whether one of the first `inputs` inputs of a node that `is` of `model` is computed from
/// the output of a node `of` (through any nodes).
fn downstream_of(model: &Model, is: impl Fn(&dl::Node) -> bool, of: &str, inputs: usize) -> bool {
    // Nodes come in order: a tensor is reached once any node reading a reached tensor ran.
    let mut reached = vec![false; model.tensors.len()];
    for n in &model.nodes {
        if is(n) && n.inputs.iter().take(inputs).any(|t| reached[*t]) {
            return true;
        }
        if n.op == of || n.inputs.iter().any(|t| reached[*t]) {
            for t in &n.outputs {
                reached[*t] = true;
            }
        }
    }
    false
}

/// Whether `node` of `model` samples with a step above 1 (T4's `Downsample`): a `Slice`
/// whose steps (its fifth input, a constant) has one, or a `Conv` whose strides have one.
fn strided(model: &Model, node: &dl::Node) -> bool {
    match node.op {
        "Slice" => node.inputs.get(4).is_some_and(|&t| {
            matches!(&model.tensors[t].source, Source::Constant(steps) if steps.iter().any(|s| s.abs() > 1))
        }),
        "Conv" => node
            .attrs
            .iter()
            .any(|(name, value)| *name == "strides" && matches!(value, Attr::Ints(s) if s.iter().any(|s| *s > 1))),
        _ => false,
    }
}

/// Whether `model` subtracts or divides by a `Conv`'s output (T10's pattern): a `Sub` or
/// `Div` whose second input a `Conv` computes.
fn by_conv(model: &Model) -> bool {
    model.nodes.iter().any(|n| {
        matches!(n.op, "Sub" | "Div")
            && model
                .nodes
                .iter()
                .any(|c| c.op == "Conv" && c.outputs.contains(&n.inputs[1]))
    })
}

/// Whether `model` squares a `Sqrt` (T2's pattern): a `Mul` of two `Sqrt`s of one tensor,
/// or a `ReduceSumSquare` or `ReduceL2` of a `Sqrt`, the `Sqrt` perhaps behind nodes that
/// pass on its values or a part of them (a `Dropout`, a part of a `Split`; found by the
/// fuzzing benchmark's random cases, seed `0x7ac7eff5`: `ReduceSumSquare` of the last of
/// four parts of a `Sqrt`).
fn sqrt_squared(model: &Model) -> bool {
    let made_by = |t: usize| model.nodes.iter().find(|n| n.outputs.contains(&t));
    // Through `Split` only for the reductions: a `Mul` of two parts of one `Sqrt` is no
    // square. At most one step per node: a hand-made model could have a cycle.
    let sqrt_of = |mut t: usize, through_split: bool| {
        for _ in 0..=model.nodes.len() {
            let n = made_by(t)?;
            match n.op {
                "Sqrt" => return Some(n.inputs[0]),
                "Dropout" | "Identity" => t = n.inputs[0],
                "Split" if through_split => t = n.inputs[0],
                _ => return None,
            }
        }
        None
    };
    model.nodes.iter().any(|n| match n.op {
        "Mul" => {
            let (a, b) = (sqrt_of(n.inputs[0], false), sqrt_of(n.inputs[1], false));
            a.is_some() && a == b
        }
        "ReduceSumSquare" | "ReduceL2" => sqrt_of(n.inputs[0], true).is_some(),
        _ => false,
    })
}

/// The first finding of [`KNOWN`] for `check` that a failure (the model, the message) is.
#[must_use]
pub fn classify(check: &str, model: &Model, message: &str) -> Option<&'static str> {
    KNOWN
        .iter()
        .find(|k| k.check == check && (k.matches)(model, message))
        .map(|k| k.name)
}

/// Runs every check on `cases` models each: for each check, one row for the failures that
/// are no known finding, then one row per known finding of that check (failing only on the
/// failures [`classify`] gives it), so that a known bug does not hide the next.
#[must_use]
pub fn hunt_all(cases: u64) -> Vec<Row> {
    let mut rows = Vec::new();
    for ((check, prop), seed) in CHECKS.iter().zip(0x7ac7_0000u64..) {
        let only = |finding: Option<&'static str>| {
            move |case: &Case| match prop(case) {
                Err(message) if classify(check, &case.0, &message) == finding => Err(message),
                _ => Ok(()),
            }
        };
        let known: Vec<&Known> = KNOWN.iter().filter(|k| k.check == *check).collect();
        let other = if known.is_empty() {
            (*check).to_string()
        } else {
            format!("{check} (other than the findings below)")
        };
        let titled = std::iter::once((other, None)).chain(
            known
                .iter()
                .map(|k| (format!("{check}: {}", k.name), Some(k.name))),
        );
        for (title, finding) in titled {
            rows.push(hunt(
                &title,
                cases,
                seed,
                tract_model,
                case_size,
                only(finding),
                // Not by default: its neighbourhood of two changes, values up to 10, finds
                // nothing smaller on any finding (their minimums use other operators) and
                // costs minutes; `GREDUCE_EXHAUST` turns it on.
                None,
            ));
        }
    }
    rows
}

/// The smallest failure of a finding (or of `"other <check>"`) seen: its size and model.
pub type Smallest = (String, (usize, usize), Model);

/// For the minimality of the findings: for each of `samples` seeds and each step count
/// `1..=max_steps`, generates a model of that many operator steps (the generator's own
/// draws but its first, the count, which a wrapped generator forces) and runs every check
/// on it.
/// Returns how many models were checked by number of nodes (`checked[n]` models of `n`
/// nodes) and, per finding (or `"other <check>"`), the smallest failing size seen with an
/// example. Sampling, not an exhaustive search: a size it does not see can still fail.
#[must_use]
pub fn small_failures(samples: u64, max_steps: u32) -> (Vec<u64>, Vec<Smallest>) {
    let mut checked = vec![0; max_steps as usize + 1];
    let mut smallest: Vec<Smallest> = Vec::new();
    for seed in 0..samples {
        for steps in 1..=max_steps {
            let model = dl::isra_with(&mut Steps::new(steps, 0x5a11_0000 + seed), &TRACT_OPS);
            checked[model.nodes.len()] += 1;
            note_failures(&model, &mut smallest);
        }
    }
    smallest.sort_by(|a, b| a.0.cmp(&b.0));
    (checked, smallest)
}

/// Runs every check on `model`; keeps it in `smallest` for each finding (or `"other
/// <check>"`) it fails where it is the smallest failure of that finding so far.
fn note_failures(model: &Model, smallest: &mut Vec<Smallest>) {
    for name in failures(model) {
        keep_smallest(smallest, name, model);
    }
}

/// The findings (or `"other <check>"`) `model` fails, after every check.
fn failures(model: &Model) -> Vec<String> {
    CHECKS
        .iter()
        .zip(all_checks(model))
        .filter_map(|((check, _), outcome)| {
            let message = outcome.err()?;
            Some(
                classify(check, model, &message)
                    .map_or_else(|| format!("other {check}"), str::to_string),
            )
        })
        .collect()
}

/// Keeps `model` as the example of `name` in `smallest` if it is smaller than the one kept
/// (of equal size, if its listing comes first: the same example whatever the order the
/// models come in).
fn keep_smallest(smallest: &mut Vec<Smallest>, name: String, model: &Model) {
    let key = |model: &Model| (model.size(), listing(model));
    match smallest.iter_mut().find(|(n, _, _)| *n == name) {
        Some(entry) if key(model) < key(&entry.2) => {
            *entry = (name, model.size(), model.clone());
        }
        Some(_) => {}
        None => smallest.push((name, model.size(), model.clone())),
    }
}

/// For the minimality of the findings, exhaustively: every model within `bounds`
/// ([`small_models::each_model`], which says what "every" leaves out) through every
/// check, on every core. Returns the walk and, per finding (or `"other <check>"`), the
/// smallest failure with an example. Tract's panics are caught and not printed. `report`
/// is told how far the walk has come ([`small_models::each_model_reporting`]).
pub fn exhaustive_failures(
    bounds: &small_models::Bounds,
    report: impl Fn(&small_models::Report) + Sync,
) -> (small_models::Walk, Vec<Smallest>) {
    let smallest = std::sync::Mutex::new(Vec::new());
    let walk = silenced(|| {
        small_models::each_model_reporting(
            &TRACT_OPS,
            bounds,
            |model| {
                let names = failures(model);
                if !names.is_empty() {
                    let mut smallest = smallest
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    for name in names {
                        keep_smallest(&mut smallest, name, model);
                    }
                }
            },
            report,
        )
    });
    let mut smallest = smallest
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    smallest.sort_by(|a, b| a.0.cmp(&b.0));
    (walk, smallest)
}

/// A seeded generator whose first 32-bit draw is given: the Isra generator's first draw is
/// its step count (`random_range(1..101)`), so [`small_failures`] can ask for small models
/// directly instead of sifting the 1 % of them a plain run makes.
struct Steps {
    first: Option<u32>,
    rest: rand::rngs::StdRng,
}

impl Steps {
    /// The generator seeded with `seed`, but for its first draw, which makes the Isra
    /// generator take `steps` operator steps (one node each).
    fn new(steps: u32, seed: u64) -> Steps {
        use rand::SeedableRng;
        Steps {
            first: Some(Steps::draw(steps)),
            rest: rand::rngs::StdRng::seed_from_u64(seed),
        }
    }

    /// The word that `random_range(1..101)` maps to `steps`: it takes the high half of the
    /// word times 100, so the middle of the `steps - 1`-th hundredth of the words (the
    /// middle, so that the low half is far from the edge where it would draw again).
    fn draw(steps: u32) -> u32 {
        let hundredth = (1u64 << 32) / 100;
        u32::try_from(u64::from(steps - 1) * hundredth + hundredth / 2).expect("steps in 1..=100")
    }
}

impl rand::TryRng for Steps {
    type Error = std::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        use rand::Rng as _;
        Ok(self.first.take().unwrap_or_else(|| self.rest.next_u32()))
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        use rand::Rng as _;
        Ok(self.rest.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        use rand::Rng as _;
        self.rest.fill_bytes(dst);
        Ok(())
    }
}

/// The summary table (Markdown), then each failure's report.
#[must_use]
pub fn table(rows: &[Row]) -> String {
    crate::hunt::table(rows, "check", "tensors, edges")
}

/// The random words a [`proptest_findings`] case feeds the generator: each draw takes the
/// next word (0 once they run out, the lowest choice), so that proptest shrinks models by
/// shrinking the words (shorter lists, smaller words), the idiomatic way to drive a
/// generator written against `rand` from proptest.
struct Words<'a> {
    words: &'a [u64],
    at: usize,
}

impl Words<'_> {
    fn next(&mut self) -> u64 {
        let w = self.words.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        w
    }
}

impl rand::TryRng for Words<'_> {
    type Error = std::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        // The high half: a smaller word is a smaller draw.
        Ok((self.next() >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.next())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next().to_be_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

/// Each finding's row run under proptest (the generator driven by a list of up to 4000
/// random words, shrunk by proptest's default shrinking of the list; at most `cases` cases,
/// seeds `1..=seeds`): one line per finding with each seed's shrunk size, the size it
/// started from and the shrink's property calls. `only` names the findings to run (`"T7"`),
/// all of them when empty.
#[must_use]
pub fn proptest_findings(cases: u32, seeds: u8, only: &[String]) -> String {
    silenced(|| proptest_rows(cases, seeds, only))
}

/// The rows of [`proptest_findings`], which silences tract's caught panics around this.
fn proptest_rows(cases: u32, seeds: u8, only: &[String]) -> String {
    use proptest::prelude::*;
    use proptest::test_runner::TestError;
    let mut out = String::new();
    let chosen = |k: &&Known| {
        only.is_empty()
            || only
                .iter()
                .any(|o| k.name.split(':').next() == Some(o.as_str()))
    };
    for k in KNOWN.iter().filter(chosen) {
        let prop = CHECKS
            .iter()
            .find(|(name, _)| *name == k.check)
            .map(|(_, p)| *p)
            .expect("a finding names a check");
        let mut shown = Vec::new();
        for seed in 1..=seeds {
            let mut runner = crate::hunt::proptest_runner(cases, seed);
            let calls = std::cell::Cell::new(0u64);
            let original = std::cell::Cell::new(None);
            let result = runner.run(&proptest::collection::vec(any::<u64>(), 0..4000), |words| {
                let model = dl::isra_with(
                    &mut Words {
                        words: &words,
                        at: 0,
                    },
                    &TRACT_OPS,
                );
                if original.get().is_some() {
                    calls.set(calls.get() + 1);
                }
                let case = Case(model);
                match prop(&case) {
                    Err(message) if classify(k.check, &case.0, &message) == Some(k.name) => {
                        if original.get().is_none() {
                            original.set(Some(case.0.size()));
                        }
                        Err(TestCaseError::fail(message))
                    }
                    _ => Ok(()),
                }
            });
            shown.push(match result {
                Err(TestError::Fail(_, words)) => {
                    let model = dl::isra_with(
                        &mut Words {
                            words: &words,
                            at: 0,
                        },
                        &TRACT_OPS,
                    );
                    format!(
                        "{:?} from {:?} ({} calls)",
                        model.size(),
                        original.get().unwrap_or_default(),
                        calls.get()
                    )
                }
                _ => "not found".to_string(),
            });
        }
        let _ = writeln!(out, "{}: {}", k.name, shown.join("; "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hunt_leaves_out_only_the_unsupported_operators() {
        assert_eq!(TRACT_OPS.len(), OPS.len() - UNSUPPORTED.len());
        assert!(!TRACT_OPS.contains(&"LpPool"));
    }

    #[test]
    fn a_forced_first_draw_sets_the_step_count() {
        for steps in 1..=100 {
            for seed in 0..3 {
                let model = dl::isra_with(&mut Steps::new(steps, seed), &TRACT_OPS);
                assert_eq!(model.nodes.len(), steps as usize, "seed {seed}");
            }
        }
    }

    /// `all_checks` gives what the five properties give, one by one: on small generated
    /// models (some fail a check: `optimises` on the first, `same outputs` on the second).
    #[test]
    fn all_checks_agree_with_each_check() {
        let expand_conv = Model {
            tensors: vec![
                tensor(&[1, 1, 1], Source::Input),
                tensor(&[3], Source::Constant(vec![1, 1, 2])),
                tensor(&[1, 1, 2], Source::Output),
                tensor(&[1, 1, 1], Source::Output),
            ],
            nodes: vec![
                node("Expand", &[0, 1], 2, Vec::new()),
                conv_1d(&[2, 0], 3, 1, 2),
            ],
        };
        let sqrt_squared = Model {
            tensors: vec![
                tensor(&[2], Source::Input),
                tensor(&[2], Source::Output),
                tensor(&[2], Source::Output),
            ],
            nodes: vec![
                node("Sqrt", &[0], 1, Vec::new()),
                node("Mul", &[1, 1], 2, Vec::new()),
            ],
        };
        let generated = (1..=3).flat_map(|steps| {
            (0..8).map(move |seed| dl::isra_with(&mut Steps::new(steps, seed), &TRACT_OPS))
        });
        let mut failures = 0;
        for model in [expand_conv, sqrt_squared].into_iter().chain(generated) {
            let case = Case(model.clone());
            let each: Vec<_> = CHECKS.iter().map(|(_, prop)| prop(&case)).collect();
            failures += each.iter().filter(|r| r.is_err()).count();
            assert_eq!(all_checks(&model).to_vec(), each, "{model:?}");
        }
        assert!(failures >= 2);
    }

    fn tensor(shape: &[usize], source: Source) -> dl::Tensor {
        dl::Tensor {
            shape: shape.to_vec(),
            source,
        }
    }

    /// A `Conv` over one spatial axis, of one group.
    fn conv_1d(inputs: &[usize], output: usize, kernel: i64, stride: i64) -> dl::Node {
        node(
            "Conv",
            inputs,
            output,
            vec![
                ("kernel_shape", Attr::Ints(vec![kernel])),
                ("strides", Attr::Ints(vec![stride])),
                ("group", Attr::Int(1)),
            ],
        )
    }

    fn node(
        op: &'static str,
        inputs: &[usize],
        output: usize,
        attrs: Vec<(&'static str, Attr)>,
    ) -> dl::Node {
        dl::Node {
            op,
            inputs: inputs.to_vec(),
            outputs: vec![output],
            attrs,
        }
    }

    /// Output `output` of `model`'s plain and optimised runs.
    fn plain_and_optimised(model: &Model, output: usize) -> (Vec<f32>, Vec<f32>) {
        let typed = load(model).expect("loads");
        let plain = floats(&run(&typed).expect("runs")[output]).expect("floats");
        let optimised = typed.into_optimized().expect("optimises");
        let optimised = floats(&run(&optimised).expect("runs")[output]).expect("floats");
        (plain, optimised)
    }

    /// A false positive of a 20 000-case run: the mean of `Softsign` over seeded inputs
    /// symmetric about 0 is exactly 0 unoptimised and a rounding away from it optimised, and
    /// `Sign` turns that into 0 against 1. The perturbed runs mark it unstable: the move of
    /// sums did first; the scaling per value does too, now (the mean's summands scaled
    /// apart no longer cancel), so this test passes without the move.
    #[test]
    fn the_sign_of_a_cancelled_mean_is_not_compared() {
        let model = Model {
            tensors: vec![
                tensor(&[3, 2, 4, 5], Source::Input),
                tensor(&[3, 2, 4, 5], Source::Output),
                tensor(&[3, 1, 1, 1], Source::Output),
                tensor(&[3, 1, 1, 1], Source::Output),
            ],
            nodes: vec![
                node("Softsign", &[0], 1, Vec::new()),
                node(
                    "ReduceMean",
                    &[1],
                    2,
                    vec![("axes", Attr::Ints(vec![1, 2, 3]))],
                ),
                node("Sign", &[2], 3, Vec::new()),
            ],
        };
        // The runs do differ (else this test would show nothing)...
        let (plain, optimised) = plain_and_optimised(&model, 0);
        assert_eq!((plain[2], optimised[2]), (0.0, 1.0));
        // ...and the difference is not reported.
        assert_eq!(same_outputs_prop(&Case(model)), Ok(()));
    }

    /// T2's signature sees a `Sqrt` through a `Split` for the reductions (seed `0x7ac7eff5`
    /// of the fuzzing benchmark: `ReduceSumSquare` of a part of a `Sqrt`), but a `Mul` of
    /// two different parts of one `Sqrt` is no square.
    #[test]
    fn t2_sees_a_sqrt_through_a_split_for_reductions_only() {
        let split = |square: dl::Node| Model {
            tensors: vec![
                tensor(&[2], Source::Input),
                tensor(&[2], Source::Output),
                tensor(&[1], Source::Output),
                tensor(&[1], Source::Output),
                tensor(&[1], Source::Output),
            ],
            nodes: vec![
                node("Sqrt", &[0], 1, Vec::new()),
                dl::Node {
                    outputs: vec![2, 3],
                    ..node("Split", &[1], 2, vec![("axis", Attr::Int(0))])
                },
                square,
            ],
        };
        let message = "output 0, value 0: NaN unoptimised, -2 optimised";
        let reduction = split(node("ReduceSumSquare", &[3], 4, Vec::new()));
        assert_eq!(
            classify("same outputs", &reduction, message),
            Some("T2: the square of a Sqrt optimised to its input")
        );
        let parts = split(node("Mul", &[2, 3], 4, Vec::new()));
        assert!(!sqrt_squared(&parts));
        let square = split(node("Mul", &[1, 1], 4, Vec::new()));
        assert!(sqrt_squared(&square));
    }

    /// A false positive of the fuzzing benchmark's random cases (seed `0x7ac842be`, shrunk):
    /// a mean over axis 0, then over axes 0 and 1, of seeded values whose fifth column sums
    /// to 0. Unoptimised, the two means (one divides by 3) leave a rounding residue and
    /// `t / t` is 1; optimised, one reduction sums to 0 exactly and `t / t` is NaN. Neither
    /// scaling nor moving shows it (a residue scaled or moved is still no zero); the snap
    /// does. The `Abs` output keeps the shrunk model's outputs (the second is compared).
    #[test]
    fn a_mean_of_means_that_cancels_out_is_not_compared() {
        let model = Model {
            tensors: vec![
                tensor(&[3, 4, 5], Source::Input),
                tensor(&[1, 4, 5], Source::Output),
                tensor(&[1, 1, 5], Source::Output),
                tensor(&[3, 4, 5], Source::Output),
                tensor(&[1, 1, 5], Source::Output),
            ],
            nodes: vec![
                node("ReduceMean", &[0], 1, vec![("axes", Attr::Ints(vec![0]))]),
                node(
                    "ReduceMean",
                    &[1],
                    2,
                    vec![("axes", Attr::Ints(vec![0, 1]))],
                ),
                node("Abs", &[0], 3, Vec::new()),
                node("Div", &[2, 2], 4, Vec::new()),
            ],
        };
        let (plain, optimised) = plain_and_optimised(&model, 1);
        assert_eq!((plain[4], optimised[4].is_nan()), (1.0, true));
        let snapped = load_bytes(&perturbed(&model, Perturbation::Snapped))
            .and_then(|t| run(&t))
            .expect("runs");
        assert!(floats(&snapped[1]).expect("floats")[4].is_nan());
        assert_eq!(same_outputs_prop(&Case(model)), Ok(()));
    }

    /// The move of [`perturbed`] reaches the outputs of sums only: `x - x` moves to
    /// `2^-80`, and `Relu` of a negative `x` stays exactly 0.
    #[test]
    fn the_move_reaches_sums_and_spares_other_zeros() {
        let model = Model {
            tensors: vec![
                tensor(&[2], Source::Input),
                tensor(&[2], Source::Output),
                tensor(&[2], Source::Output),
            ],
            nodes: vec![
                node("Sub", &[0, 0], 1, Vec::new()),
                node("Relu", &[0], 2, Vec::new()),
            ],
        };
        let moved =
            run(&load_bytes(&perturbed(&model, Perturbation::Moved { up: true })).expect("loads"))
                .expect("runs");
        assert_eq!(floats(&moved[0]).expect("floats"), [2f32.powi(-80); 2]);
        assert_eq!(floats(&moved[1]).expect("floats"), [0.0, 0.0]);
        let plain = run(&load(&model).expect("loads")).expect("runs");
        assert_eq!(floats(&plain[0]).expect("floats"), [0.0, 0.0]);
    }

    /// Another false positive of a 20 000-case run: `t / t` is 1 exactly unoptimised and
    /// one below it optimised for one value (`t * (1 / t)`), `Floor` makes that 1 against 0,
    /// and a `Conv` sums them with weights (seeded) that add up to 0. Scaling every value the
    /// same way moved nothing at the `Conv`; a sign per value does.
    #[test]
    fn a_floored_quotient_summed_to_zero_is_not_compared() {
        let model = Model {
            tensors: vec![
                tensor(&[1], Source::Input),
                tensor(&[2, 2, 2], Source::Input),
                tensor(&[2, 2, 2], Source::Output),
                tensor(&[1, 2, 2], Source::Output),
                tensor(&[1], Source::Output),
                tensor(&[1, 2, 2], Source::Output),
                tensor(&[1, 2, 2], Source::Output),
                tensor(&[1, 2, 2], Source::Input),
                tensor(&[1, 1, 1], Source::Output),
            ],
            nodes: vec![
                node("Abs", &[1], 2, Vec::new()),
                node("ReduceL2", &[2], 3, vec![("axes", Attr::Ints(vec![0]))]),
                node("Abs", &[0], 4, Vec::new()),
                node("Div", &[3, 3], 5, Vec::new()),
                node("Floor", &[5], 6, Vec::new()),
                conv_1d(&[6, 7], 8, 2, 1),
            ],
        };
        let (plain, optimised) = plain_and_optimised(&model, 1);
        assert_eq!((plain[0], optimised[0]), (0.0, 0.5));
        assert_eq!(same_outputs_prop(&Case(model)), Ok(()));
    }

    /// A false positive of a fuzzing campaign (crash file `crash-be3c0510`, shrunk): where
    /// `x > 0` and the other value along a `Softmax` axis of 2 is at most 0,
    /// `Softmax(Relu(x))` is `Sigmoid(x)`, and tract computes the two to the same bits,
    /// optimised or not. Their quotient is one ulp above 1 unoptimised (a division) and 1
    /// exactly optimised (a product by the reciprocal), and `Ceil` makes that 2 against 1.
    /// The scaled runs did not see it: one moved the quotient below 1 and then the first
    /// `Ceil`'s 1 up, the other moved the quotient up and the `Ceil`'s 2 down, and the second
    /// `Ceil` gave 2 in both. The stepped runs scale the quotient alone, and one makes it 1.
    #[test]
    fn a_ceiled_quotient_one_ulp_above_1_is_not_compared() {
        let model = Model {
            tensors: vec![
                tensor(&[2, 2, 3, 4], Source::Input),
                tensor(&[2, 2, 3, 4], Source::Output),
                tensor(&[2, 2, 3, 4], Source::Output),
                tensor(&[2, 2, 3, 4], Source::Output),
                tensor(&[2, 2, 3, 4], Source::Output),
                tensor(&[2, 2, 3, 4], Source::Output),
                tensor(&[2, 2, 3, 4], Source::Output),
            ],
            nodes: vec![
                node("Relu", &[0], 1, Vec::new()),
                node("Sigmoid", &[0], 2, Vec::new()),
                node("Softmax", &[1], 3, vec![("axis", Attr::Int(0))]),
                node("Div", &[2, 3], 4, Vec::new()),
                node("Ceil", &[4], 5, Vec::new()),
                node("Ceil", &[5], 6, Vec::new()),
            ],
        };
        let (plain, optimised) = plain_and_optimised(&model, 0);
        assert_eq!((plain[41], optimised[41]), (2.0, 1.0));
        // Value 41 of the input is 1.75, the other value along axis 0 (17) is -2.
        let quotient = Model {
            nodes: model.nodes[..4].to_vec(),
            ..model.clone()
        };
        let (plain, optimised) = plain_and_optimised(&quotient, 0);
        assert_eq!((plain[41], optimised[41]), (1.0 + f32::EPSILON, 1.0));
        let at = |how| {
            let outputs = run(&load_bytes(&perturbed(&model, how)).expect("loads")).expect("runs");
            floats(&outputs[0]).expect("floats")[41]
        };
        assert!(close(at(Perturbation::Scaled { up: true }), 2.0));
        assert!(close(at(Perturbation::Scaled { up: false }), 2.0));
        assert!(!close(at(Perturbation::Stepped { up: false }), 2.0));
        assert_eq!(same_outputs_prop(&Case(model)), Ok(()));
    }

    #[test]
    fn close_accepts_rounding_and_nan_and_rejects_real_differences() {
        assert!(close(1.0, 1.0005));
        assert!(close(f32::NAN, f32::NAN));
        assert!(close(0.0, 0.00005));
        assert!(!close(1.0, 0.0));
        assert!(!close(-0.359_375, -0.353_515_63));
        assert!(!close(f32::NAN, 0.0));
    }
}
