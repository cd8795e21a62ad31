//! Shape inference for the DL models: the domain validator, and the buggy shape rules that
//! reproduce some of the paper's TVM subjects.
//!
//! [`infer`] walks the nodes in order and computes each operator's output shapes under its
//! rank, attribute and shape rules. [`validate`] checks, node by node, that every input is
//! defined before it is used (so the graph is acyclic), that the operator has its number of
//! inputs and its constants where it takes them (int64 constants, float data elsewhere),
//! that its rules hold, and that they give the output shapes the model declares. It covers
//! what the generator can make, under the ONNX opset-13 rules of those operators; it is not
//! a full ONNX checker.

use crate::dl::{Attr, Model, Node, Source};

/// Shape rules that differ from ONNX's, as a buggy compiler has them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bugs {
    /// Global pooling on a rank-5 input keeps the last spatial dimension (TVM before its
    /// fix: DL-3, DL-4, DL-10, DL-13, DL-14).
    pub pool_keeps_last_dim: bool,
    /// `Flatten` with `axis = 0` gives a rank-1 tensor (DL-11).
    pub flatten_axis0_rank1: bool,
}

/// Why a model is not valid (or, under [`Bugs`], where the buggy compiler fails).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    /// The node.
    pub node: usize,
    /// Its operator.
    pub op: &'static str,
    /// What is wrong.
    pub why: String,
}

fn attr_int(node: &Node, name: &str) -> Option<i64> {
    node.attrs.iter().find_map(|(k, v)| match v {
        Attr::Int(i) if *k == name => Some(*i),
        _ => None,
    })
}

fn attr_ints(node: &Node, name: &str) -> Option<Vec<usize>> {
    node.attrs.iter().find_map(|(k, v)| match v {
        Attr::Ints(list) if *k == name => Some(list.iter().map(|i| *i as usize).collect()),
        _ => None,
    })
}

/// The shapes of every tensor as the (possibly buggy) rules compute them.
///
/// # Errors
///
/// The first node whose inputs are undefined or break its operator's rules.
pub fn infer(model: &Model, bugs: Bugs) -> Result<Vec<Option<Vec<usize>>>, Invalid> {
    let mut shapes: Vec<Option<Vec<usize>>> = model
        .tensors
        .iter()
        .map(|t| match t.source {
            Source::Input | Source::Constant(_) => Some(t.shape.clone()),
            Source::Output => None,
        })
        .collect();
    for (i, node) in model.nodes.iter().enumerate() {
        let fail = |why: String| Invalid {
            node: i,
            op: node.op,
            why,
        };
        let mut ins = Vec::new();
        for &t in &node.inputs {
            match &shapes[t] {
                Some(s) => ins.push(s.clone()),
                None => return Err(fail(format!("input t{t} is used before it is defined"))),
            }
        }
        let outs = node_shapes(model, node, &ins, bugs).map_err(fail)?;
        if outs.len() != node.outputs.len() {
            return Err(fail("wrong number of outputs".to_string()));
        }
        for (&t, s) in node.outputs.iter().zip(outs) {
            if shapes[t].is_some() {
                return Err(fail(format!("t{t} is defined twice")));
            }
            shapes[t] = Some(s);
        }
    }
    Ok(shapes)
}

/// Every node where shape inference with `bugs` fails, going on past each failure with the
/// declared shapes of the failed node's outputs.
pub fn all_failures(model: &Model, bugs: Bugs) -> Vec<Invalid> {
    let mut shapes: Vec<Vec<usize>> = model.tensors.iter().map(|t| t.shape.clone()).collect();
    let mut failures = Vec::new();
    for (i, node) in model.nodes.iter().enumerate() {
        let ins: Vec<Vec<usize>> = node.inputs.iter().map(|t| shapes[*t].clone()).collect();
        match node_shapes(model, node, &ins, bugs) {
            Ok(outs) if outs.len() == node.outputs.len() => {
                for (&t, shape) in node.outputs.iter().zip(outs) {
                    shapes[t] = shape;
                }
            }
            Ok(_) => failures.push(Invalid {
                node: i,
                op: node.op,
                why: "wrong number of outputs".to_string(),
            }),
            Err(why) => failures.push(Invalid {
                node: i,
                op: node.op,
                why,
            }),
        }
    }
    failures
}

/// Whether the model is valid: every input is defined before it is used (so the graph is
/// acyclic), and each node's rules hold and give the output shapes the model declares, from
/// the input shapes it declares.
///
/// # Errors
///
/// What is wrong, and where.
pub fn validate(model: &Model) -> Result<(), Invalid> {
    let mut defined: Vec<bool> = model
        .tensors
        .iter()
        .map(|t| !matches!(t.source, Source::Output))
        .collect();
    for (i, node) in model.nodes.iter().enumerate() {
        let fail = |why: String| Invalid {
            node: i,
            op: node.op,
            why,
        };
        if let Some(t) = node.inputs.iter().find(|t| !defined[**t]) {
            return Err(fail(format!("input t{t} is used before it is defined")));
        }
        check_inputs(model, node).map_err(fail)?;
        let ins: Vec<Vec<usize>> = node
            .inputs
            .iter()
            .map(|t| model.tensors[*t].shape.clone())
            .collect();
        let outs = node_shapes(model, node, &ins, Bugs::default()).map_err(fail)?;
        let declared: Vec<&Vec<usize>> = node
            .outputs
            .iter()
            .map(|t| &model.tensors[*t].shape)
            .collect();
        if outs.iter().collect::<Vec<_>>() != declared {
            return Err(fail(format!("outputs are {outs:?}, declared {declared:?}")));
        }
        for &t in &node.outputs {
            if defined[t] {
                return Err(fail(format!("t{t} is defined twice")));
            }
            defined[t] = true;
        }
    }
    Ok(())
}

/// The inputs of an operator that are int64 constants; every other input is float data.
pub fn constant_inputs(op: &str) -> &'static [usize] {
    match op {
        "ReduceSum" | "Tile" | "Gather" | "Reshape" | "Unsqueeze" | "Expand" | "Pad" | "Split" => {
            &[1]
        }
        "Resize" => &[1, 2],
        "Slice" => &[1, 2, 3, 4],
        _ => &[],
    }
}

/// How many inputs an operator takes: exactly, or at least (variadic).
pub fn input_count(op: &str) -> (usize, bool) {
    match op {
        "Sum" | "Max" | "Min" | "Mean" | "Concat" => (1, true),
        "Add" | "Sub" | "Mul" | "Div" | "PRelu" | "MatMul" | "Gemm" | "Conv" | "ConvTranspose"
        | "ReduceSum" | "Tile" | "Gather" | "Reshape" | "Unsqueeze" | "Expand" | "Pad"
        | "Split" => (2, false),
        "Resize" => (3, false),
        "Slice" | "BatchNormalization" => (5, false),
        _ => (1, false),
    }
}

/// The number of inputs, which are constants, and that constants hold as many values as
/// their shape says.
fn check_inputs(model: &Model, node: &Node) -> Result<(), String> {
    let (count, variadic) = input_count(node.op);
    let n = node.inputs.len();
    if n < count || (!variadic && n > count) {
        return Err(format!("takes {count} inputs, has {n}"));
    }
    let constants = constant_inputs(node.op);
    for (i, &t) in node.inputs.iter().enumerate() {
        let tensor = &model.tensors[t];
        match (&tensor.source, constants.contains(&i)) {
            (Source::Constant(values), true) => {
                if values.len() != tensor.shape.iter().product::<usize>() {
                    return Err(format!("constant t{t} has {} values", values.len()));
                }
            }
            (Source::Constant(_), false) => {
                return Err(format!("input {i} is an int64 constant, not float data"));
            }
            (_, true) => return Err(format!("input {i} must be a constant")),
            (_, false) => {}
        }
    }
    Ok(())
}

fn constant(model: &Model, node: &Node, input: usize) -> Result<Vec<usize>, String> {
    match node.inputs.get(input).map(|t| &model.tensors[*t].source) {
        Some(Source::Constant(values)) => Ok(values.iter().map(|v| *v as usize).collect()),
        _ => Err(format!("input {input} must be a constant")),
    }
}

fn need(cond: bool, why: &str) -> Result<(), String> {
    if cond { Ok(()) } else { Err(why.to_string()) }
}

/// Output shapes of one node from its input shapes.
#[allow(clippy::too_many_lines)] // Reason: one arm per operator family reads best in one place.
fn node_shapes(
    model: &Model,
    node: &Node,
    ins: &[Vec<usize>],
    bugs: Bugs,
) -> Result<Vec<Vec<usize>>, String> {
    let x = ins.first().ok_or("no input")?;
    let rank = x.len();
    need((1..=5).contains(&rank), "rank out of 1..=5")?;
    let out = match node.op {
        "Abs" | "Ceil" | "Cos" | "Dropout" | "Erf" | "Exp" | "Floor" | "HardSigmoid"
        | "Identity" | "LeakyRelu" | "Neg" | "Reciprocal" | "Relu" | "Round" | "Selu"
        | "Sigmoid" | "Sign" | "Sin" | "Softsign" | "Sqrt" | "Tanh" | "ThresholdedRelu" => {
            x.clone()
        }
        "Elu" => {
            need(rank == 1, "Elu takes rank 1")?;
            x.clone()
        }
        "Softmax" => {
            let axis = attr_int(node, "axis").unwrap_or(-1);
            need(
                (-(rank as i64)..rank as i64).contains(&axis),
                "axis out of range",
            )?;
            x.clone()
        }
        "PRelu" => {
            // The slope broadcasts to the input, not the other way.
            let slope = &ins[1];
            need(
                slope.len() <= rank
                    && slope
                        .iter()
                        .rev()
                        .zip(x.iter().rev())
                        .all(|(s, d)| *s == 1 || s == d),
                "the slope does not broadcast to the input",
            )?;
            x.clone()
        }
        "Add" | "Sub" | "Mul" | "Div" => broadcast(ins)?,
        "Sum" | "Max" | "Min" | "Mean" => {
            need(ins.len() >= 2, "takes two inputs or more")?;
            broadcast(ins)?
        }
        "Concat" => {
            let axis = attr_int(node, "axis").ok_or("no axis")? as usize;
            need(axis < rank, "axis out of range")?;
            let mut out = x.clone();
            out[axis] = 0;
            for s in ins {
                need(s.len() == rank, "ranks differ")?;
                for d in 0..rank {
                    need(d == axis || s[d] == x[d], "dims differ off the axis")?;
                }
                out[axis] += s[axis];
            }
            out
        }
        "MatMul" | "Gemm" => {
            let y = ins.get(1).ok_or("no second operand")?;
            need(ins.len() == 2, "takes two inputs")?;
            need(rank >= 2 && y.len() == rank, "ranks")?;
            need(node.op == "MatMul" || rank == 2, "Gemm takes rank 2")?;
            need(x[..rank - 2] == y[..rank - 2], "batch dims differ")?;
            need(x[rank - 1] == y[rank - 2], "inner dims differ")?;
            let mut out = x.clone();
            out[rank - 1] = y[rank - 1];
            out
        }
        "Conv" | "ConvTranspose" | "MaxPool" | "AveragePool" | "LpPool" => {
            window_shape(node, ins, x)?
        }
        "GlobalMaxPool" | "GlobalAveragePool" => {
            need((3..=5).contains(&rank), "rank 3..=5")?;
            let mut out = x.clone();
            for d in &mut out[2..] {
                *d = 1;
            }
            if bugs.pool_keeps_last_dim && rank == 5 {
                out[4] = x[4];
            }
            out
        }
        "BatchNormalization" => {
            need((3..=5).contains(&rank), "rank 3..=5")?;
            need(ins.len() == 5, "takes five inputs")?;
            need(
                ins[1..].iter().all(|s| s == &vec![x[1]]),
                "parameters of shape [C]",
            )?;
            x.clone()
        }
        "Flatten" => {
            let axis = attr_int(node, "axis").ok_or("no axis")? as usize;
            need(axis <= rank, "axis out of range")?;
            if bugs.flatten_axis0_rank1 && axis == 0 {
                vec![x.iter().product()]
            } else {
                vec![x[..axis].iter().product(), x[axis..].iter().product()]
            }
        }
        op if op.starts_with("Reduce") => {
            let axes = if op == "ReduceSum" {
                constant(model, node, 1)?
            } else {
                attr_ints(node, "axes").ok_or("no axes")?
            };
            let mut out = x.clone();
            for a in axes {
                need(a < rank, "axis out of range")?;
                out[a] = 1;
            }
            out
        }
        "SpaceToDepth" => {
            need(rank == 4, "rank 4")?;
            let b = attr_int(node, "blocksize").ok_or("no blocksize")? as usize;
            need(
                b >= 1 && x[2] % b == 0 && x[3] % b == 0,
                "blocksize divides H and W",
            )?;
            vec![x[0], x[1] * b * b, x[2] / b, x[3] / b]
        }
        "Split" => {
            let axis = attr_int(node, "axis").ok_or("no axis")? as usize;
            need(axis < rank, "axis out of range")?;
            let sizes = constant(model, node, 1)?;
            need(
                sizes.iter().sum::<usize>() == x[axis],
                "sizes add up to the axis",
            )?;
            return Ok(sizes
                .iter()
                .map(|s| {
                    let mut out = x.clone();
                    out[axis] = *s;
                    out
                })
                .collect());
        }
        "Tile" => {
            let reps = constant(model, node, 1)?;
            need(reps.len() == rank, "one repeat per dim")?;
            x.iter().zip(&reps).map(|(a, b)| a * b).collect()
        }
        "Gather" => {
            let axis = attr_int(node, "axis").unwrap_or(0) as usize;
            need(axis < rank, "axis out of range")?;
            let values = constant(model, node, 1)?;
            need(values.iter().all(|v| *v < x[axis]), "index out of range")?;
            need(
                values.len() == ins[1].iter().product::<usize>(),
                "as many indices as their shape says",
            )?;
            let mut out = x[..axis].to_vec();
            out.extend(&ins[1]);
            out.extend(&x[axis + 1..]);
            out
        }
        "Slice" => {
            let (starts, ends, axes, steps) = (
                constant(model, node, 1)?,
                constant(model, node, 2)?,
                constant(model, node, 3)?,
                constant(model, node, 4)?,
            );
            let k = axes.len();
            need(
                starts.len() == k && ends.len() == k && steps.len() == k,
                "per axis",
            )?;
            let mut seen = vec![false; rank];
            let mut out = x.clone();
            for i in 0..k {
                let a = axes[i];
                need(a < rank && !seen[a], "axes in range, each once")?;
                seen[a] = true;
                need(
                    starts[i] < ends[i] && ends[i] <= x[a] && steps[i] >= 1,
                    "bounds",
                )?;
                out[a] = (ends[i] - starts[i]).div_ceil(steps[i]);
            }
            out
        }
        "Resize" => {
            need((3..=5).contains(&rank), "rank 3..=5")?;
            let scales = constant(model, node, 2)?;
            need(scales.len() == rank, "one scale per dim")?;
            x.iter().zip(&scales).map(|(a, b)| a * b).collect()
        }
        "Reshape" => {
            let shape = constant(model, node, 1)?;
            if shape.iter().product::<usize>() != x.iter().product::<usize>() {
                return Err(format!(
                    "Reshape: element counts differ ({} vs {})",
                    shape.iter().product::<usize>(),
                    x.iter().product::<usize>()
                ));
            }
            shape
        }
        "Unsqueeze" => {
            let axes = constant(model, node, 1)?;
            let e = rank + axes.len();
            need(e <= 5 && axes.iter().all(|a| *a < e), "axes out of range")?;
            let mut unique = axes.clone();
            unique.sort_unstable();
            unique.dedup();
            need(unique.len() == axes.len(), "axes each once")?;
            let mut from = x.iter();
            (0..e)
                .map(|i| {
                    if axes.contains(&i) {
                        1
                    } else {
                        *from.next().unwrap_or(&1)
                    }
                })
                .collect()
        }
        "Expand" if bugs != Bugs::default() => {
            // A buggy compiler's shapes may not broadcast: take the target where it is set.
            let target = constant(model, node, 1)?;
            need(target.len() == rank, "target rank")?;
            (0..rank)
                .map(|i| if target[i] == 1 { x[i] } else { target[i] })
                .collect()
        }
        "Expand" => {
            let target = constant(model, node, 1)?;
            need(target.len() == rank, "target rank")?;
            (0..rank)
                .map(|i| {
                    need(
                        target[i] == 1 || x[i] == 1 || target[i] == x[i],
                        "broadcast",
                    )?;
                    Ok(x[i].max(target[i]))
                })
                .collect::<Result<_, String>>()?
        }
        "Pad" => {
            let pads = constant(model, node, 1)?;
            need(pads.len() == 2 * rank, "two pads per dim")?;
            (0..rank).map(|i| x[i] + pads[i] + pads[rank + i]).collect()
        }
        "Transpose" => {
            let perm = attr_ints(node, "perm").unwrap_or_else(|| (0..rank).rev().collect());
            if perm.len() != rank {
                return Err(format!(
                    "Transpose: perm has {} axes, the input {rank}",
                    perm.len()
                ));
            }
            let mut sorted = perm.clone();
            sorted.sort_unstable();
            need(
                sorted == (0..rank).collect::<Vec<_>>(),
                "perm is a permutation",
            )?;
            perm.iter().map(|p| x[*p]).collect()
        }
        op => return Err(format!("unknown operator {op}")),
    };
    Ok(vec![out])
}

/// Multidirectional broadcasting (numpy's rule, as ONNX has it) of same-rank shapes.
fn broadcast(ins: &[Vec<usize>]) -> Result<Vec<usize>, String> {
    let mut out = ins[0].clone();
    for s in &ins[1..] {
        need(s.len() == out.len(), "operands of different ranks")?;
        for (o, d) in out.iter_mut().zip(s) {
            if *o == 1 {
                *o = *d;
            } else {
                need(*d == 1 || *d == *o, "shapes do not broadcast")?;
            }
        }
    }
    Ok(out)
}

/// Pooling and convolution output shapes.
fn window_shape(node: &Node, ins: &[Vec<usize>], x: &[usize]) -> Result<Vec<usize>, String> {
    let rank = x.len();
    need((3..=5).contains(&rank), "rank 3..=5")?;
    let kernel = attr_ints(node, "kernel_shape").ok_or("no kernel_shape")?;
    let strides = attr_ints(node, "strides").ok_or("no strides")?;
    need(
        kernel.len() == rank - 2 && strides.len() == rank - 2,
        "one per spatial dim",
    )?;
    let mut out = x.to_vec();
    for i in 0..rank - 2 {
        need(strides[i] >= 1 && kernel[i] >= 1, "positive")?;
        out[2 + i] = if node.op == "ConvTranspose" {
            (x[2 + i] - 1) * strides[i] + kernel[i]
        } else {
            need(kernel[i] <= x[2 + i], "kernel larger than the input")?;
            (x[2 + i] - kernel[i]) / strides[i] + 1
        };
    }
    if matches!(node.op, "Conv" | "ConvTranspose") {
        let w = ins.get(1).ok_or("no weight")?;
        let group = attr_int(node, "group").unwrap_or(1) as usize;
        need(w.len() == rank && group >= 1, "weight rank")?;
        if w[2..] != kernel[..] {
            return Err(format!(
                "{}: weight {w:?} inconsistent with kernel_shape {kernel:?}",
                node.op
            ));
        }
        if node.op == "Conv" {
            need(w[1] * group == x[1], "weight channels times group")?;
            out[1] = w[0];
        } else {
            need(w[0] == x[1], "weight channels")?;
            out[1] = w[1] * group;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dl::{Node, Tensor};

    fn model(tensors: &[(Vec<usize>, Source)], nodes: Vec<Node>) -> Model {
        Model {
            tensors: tensors
                .iter()
                .map(|(shape, source)| Tensor {
                    shape: shape.clone(),
                    source: source.clone(),
                })
                .collect(),
            nodes,
        }
    }

    fn node(op: &'static str, inputs: &[usize], outputs: &[usize]) -> Node {
        Node {
            op,
            inputs: inputs.to_vec(),
            outputs: outputs.to_vec(),
            attrs: Vec::new(),
        }
    }

    fn why(m: &Model) -> String {
        validate(m).map_or_else(|e| e.why, |()| "valid".to_string())
    }

    #[test]
    fn rejects_what_onnx_rejects() {
        let input = |s: &[usize]| (s.to_vec(), Source::Input);
        let out = |s: &[usize]| (s.to_vec(), Source::Output);
        // A unary operator with two inputs.
        let m = model(
            &[input(&[2]), input(&[2]), out(&[2])],
            vec![node("Relu", &[0, 1], &[2])],
        );
        assert_eq!(why(&m), "takes 1 inputs, has 2");
        // Float data mixed with an int64 constant.
        let m = model(
            &[
                input(&[2]),
                (vec![2], Source::Constant(vec![1, 2])),
                out(&[2]),
            ],
            vec![node("Add", &[0, 1], &[2])],
        );
        assert_eq!(why(&m), "input 1 is an int64 constant, not float data");
        // A PRelu slope larger than its input.
        let m = model(
            &[input(&[1, 3]), input(&[2, 3]), out(&[1, 3])],
            vec![node("PRelu", &[0, 1], &[2])],
        );
        assert_eq!(why(&m), "the slope does not broadcast to the input");
        // A constant whose values do not fill its shape.
        let m = model(
            &[
                input(&[2, 2]),
                (vec![2], Source::Constant(vec![4])),
                out(&[4]),
            ],
            vec![node("Reshape", &[0, 1], &[2])],
        );
        assert_eq!(why(&m), "constant t1 has 1 values");
        // Unsqueeze with an axis twice.
        let m = model(
            &[
                input(&[2]),
                (vec![2], Source::Constant(vec![0, 0])),
                out(&[1, 1, 2]),
            ],
            vec![node("Unsqueeze", &[0, 1], &[2])],
        );
        assert_eq!(why(&m), "axes each once");
        // An input used before it is made (a cycle, or a wrong order).
        let m = model(
            &[input(&[2]), out(&[2]), out(&[2])],
            vec![node("Relu", &[1], &[2]), node("Relu", &[0], &[1])],
        );
        assert_eq!(why(&m), "input t1 is used before it is defined");
    }

    #[test]
    fn accepts_softmax_without_an_axis() {
        let m = model(
            &[(vec![2, 3], Source::Input), (vec![2, 3], Source::Output)],
            vec![node("Softmax", &[0], &[1])],
        );
        assert_eq!(why(&m), "valid");
    }
}
