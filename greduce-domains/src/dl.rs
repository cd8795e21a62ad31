//! DL models: a port of the Isra generator (as the GReduce paper's artifact modified it),
//! making ONNX-style computation graphs whose operators get legal shapes by construction.
//!
//! The draw order follows the artifact exactly (the project's research notes, section 3.2),
//! so the artifact's recorded draws (`greduce-bench/data/dl/dlN.draws.txt` in the
//! repository) replay to its original models with `greduce::replay_draws`. Every draw is
//! `random_range(lo..hi)`, as the artifact's `ran(lo, hi)`.
//!
//! Reducible parts: each operator step (a loop counted by the first draw), the extra inputs
//! of the variadic operators, and the optional attributes (a `match` whose removed arm means
//! "not set"); also, because their counts are draws, the dimensions of the first tensor, of
//! a Gather's indices and of a Reshape's target (each removal gives another valid model).
//! Unlike the artifact, the pieces of a Split cannot be removed one by one (their number is
//! not a draw of its own), and removing a step skips its draws rather than running it and
//! dropping its outputs: what follows re-aligns.
//!
//! Departures from the artifact's generator, each for reduction and each keeping its draws:
//! the number of steps is drawn in `1..=100` ([`isra`]), and `Conv` and `ConvTranspose` get
//! group 1 although the choice is drawn.
//!
//! Like the artifact's, the generator can chain `ConvTranspose`s into huge tensors (one model
//! in a few hundred needs more memory than a runtime can give to run it; all are valid).

use greduce::generator;
use rand::RngExt;
use rand::seq::IndexedRandom;
use std::fmt;

/// The operators, sorted by name: the first draw of a step indexes this list.
pub const OPS: [&str; 65] = [
    "Abs",
    "Add",
    "AveragePool",
    "BatchNormalization",
    "Ceil",
    "Concat",
    "Conv",
    "ConvTranspose",
    "Cos",
    "Div",
    "Dropout",
    "Elu",
    "Erf",
    "Exp",
    "Expand",
    "Flatten",
    "Floor",
    "Gather",
    "Gemm",
    "GlobalAveragePool",
    "GlobalMaxPool",
    "HardSigmoid",
    "Identity",
    "LeakyRelu",
    "LpPool",
    "MatMul",
    "Max",
    "MaxPool",
    "Mean",
    "Min",
    "Mul",
    "Neg",
    "PRelu",
    "Pad",
    "Reciprocal",
    "ReduceL1",
    "ReduceL2",
    "ReduceLogSumExp",
    "ReduceMax",
    "ReduceMean",
    "ReduceMin",
    "ReduceProd",
    "ReduceSum",
    "ReduceSumSquare",
    "Relu",
    "Reshape",
    "Resize",
    "Round",
    "Selu",
    "Sigmoid",
    "Sign",
    "Sin",
    "Slice",
    "Softmax",
    "Softsign",
    "SpaceToDepth",
    "Split",
    "Sqrt",
    "Sub",
    "Sum",
    "Tanh",
    "ThresholdedRelu",
    "Tile",
    "Transpose",
    "Unsqueeze",
];

/// What a tensor is.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// A graph input (fed with ones).
    Input,
    /// A constant (shapes, axes, indices, ...).
    Constant(Vec<i64>),
    /// The output of a node.
    Output,
}

/// A tensor: its shape and where it comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    /// The dimensions.
    pub shape: Vec<usize>,
    /// Input, constant or node output.
    pub source: Source,
}

/// An attribute value.
#[derive(Clone, Debug, PartialEq)]
pub enum Attr {
    /// An integer.
    Int(i64),
    /// A list of integers.
    Ints(Vec<i64>),
    /// A float.
    Float(f64),
    /// A string.
    Str(&'static str),
}

/// A node: an operator applied to tensors.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// The operator (one of [`OPS`]).
    pub op: &'static str,
    /// Input tensors, by index into [`Model::tensors`].
    pub inputs: Vec<usize>,
    /// Output tensors.
    pub outputs: Vec<usize>,
    /// Attributes.
    pub attrs: Vec<(&'static str, Attr)>,
}

/// A computation graph.
#[derive(Clone, Default, PartialEq)]
pub struct Model {
    /// Every tensor created.
    pub tensors: Vec<Tensor>,
    /// The nodes, in order.
    pub nodes: Vec<Node>,
}

impl Model {
    /// `(distinct tensors the nodes use, total node inputs + outputs)`: the paper's size.
    pub fn size(&self) -> (usize, usize) {
        let mut used = vec![false; self.tensors.len()];
        let mut edges = 0;
        for node in &self.nodes {
            for &t in node.inputs.iter().chain(&node.outputs) {
                used[t] = true;
                edges += 1;
            }
        }
        (used.iter().filter(|u| **u).count(), edges)
    }

    /// The operators of the nodes, in order.
    pub fn ops(&self) -> Vec<&'static str> {
        self.nodes.iter().map(|n| n.op).collect()
    }
}

impl fmt::Debug for Model {
    /// One line per node: `t3 = Conv(t0, t2) [kernel_shape=..]`, with the input shapes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for node in &self.nodes {
            let names = |ts: &[usize]| {
                ts.iter()
                    .map(|t| format!("t{t}{:?}", self.tensors[*t].shape))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            writeln!(
                f,
                "{} = {}({})",
                names(&node.outputs),
                node.op,
                names(&node.inputs)
            )?;
        }
        Ok(())
    }
}

/// The generator's state: the model so far and the pool of reusable tensors (the first
/// tensor and every node output, in order).
struct State {
    model: Model,
    pool: Vec<usize>,
    /// How operands are picked from the pool.
    pick: Pick,
}

/// How [`isra_with`] and [`isra_keyed`] pick an existing tensor as an operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    /// As the artifact: shuffle the pool (the two newest first, most of the time) and take
    /// the first that fits.
    Shuffled,
    /// The same distribution, drawn as a place among the fitting tensors, newest first.
    Keyed,
}

thread_local! {
    /// The graph inputs the current run of the generator has made so far. A run whose
    /// draws ran out stops without returning its model; this count is what an enumeration
    /// of the small models (`greduce-hunts`' `small_models`) learns from it (how many
    /// inputs the step under way has made, a bound on the size of every model the run could
    /// still make). A counter, not the model, so that a plain run pays one store per input.
    static INPUTS_MADE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The graph inputs made so far by the last run of the generator on this thread, also by a
/// run whose draws ran out before it returned a model: a bound on the size of every model
/// that run could still make, for an enumeration of the small models (`greduce-hunts`'
/// `small_models`; not meant for other uses, so hidden from the docs).
#[doc(hidden)]
pub fn inputs_made() -> usize {
    INPUTS_MADE.get()
}

impl State {
    fn tensor(&mut self, shape: Vec<usize>, source: Source) -> usize {
        if matches!(source, Source::Input) {
            INPUTS_MADE.set(INPUTS_MADE.get() + 1);
        }
        self.model.tensors.push(Tensor { shape, source });
        self.model.tensors.len() - 1
    }

    fn constant(&mut self, values: Vec<i64>) -> usize {
        let shape = vec![values.len()];
        self.tensor(shape, Source::Constant(values))
    }

    fn shape(&self, t: usize) -> &[usize] {
        &self.model.tensors[t].shape
    }
}

/// A random permutation of `0..l` (forward Fisher–Yates): `l` draws.
#[generator]
fn ran_ord<R: rand::Rng + ?Sized>(rng: &mut R, l: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..l).collect();
    for i in 0..l {
        let j = rng.random_range(i..l);
        order.swap(i, j);
    }
    order
}

/// A permutation that puts the two newest of `l` first (when `l > 2`).
#[generator]
fn ran_ord_b<R: rand::Rng + ?Sized>(rng: &mut R, l: usize) -> Vec<usize> {
    if l <= 2 {
        return ran_ord(rng, l);
    }
    let newest = ran_ord(rng, 2);
    let rest = ran_ord(rng, l - 2);
    newest.iter().map(|i| l - 2 + i).chain(rest).collect()
}

/// What an operand must look like: dims (`None` = any), or ranks.
enum Want {
    Shape(Vec<Option<usize>>),
    Ranks(&'static [usize]),
}

/// An existing tensor of the pool that fits, in a shuffled order, or a new graph input.
#[generator]
fn new_or_reuse<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State, want: &Want) -> usize {
    if rng.random_range(0..100_000) < 95_000 {
        let found = match st.pick {
            Pick::Shuffled => {
                let newest_first = rng.random_range(0..30) > 0;
                let order = if newest_first {
                    ran_ord_b(rng, st.pool.len())
                } else {
                    ran_ord(rng, st.pool.len())
                };
                order
                    .into_iter()
                    .map(|i| st.pool[i])
                    .find(|&t| fits(st.shape(t), want))
            }
            Pick::Keyed => pick_keyed(rng, st, want),
        };
        if let Some(t) = found {
            return t;
        }
    }
    let dims: Vec<Option<usize>> = match want {
        Want::Shape(dims) => dims.clone(),
        Want::Ranks(ranks) => {
            let rank = ranks[rng.random_range(0..ranks.len())];
            vec![None; rank]
        }
    };
    let mut shape = Vec::new();
    for d in dims {
        let d = match d {
            Some(d) => d,
            None => rng.random_range(1..6),
        };
        shape.push(d);
    }
    st.tensor(shape, Source::Input)
}

/// Whether a tensor of `shape` is what `want` asks for.
fn fits(shape: &[usize], want: &Want) -> bool {
    match want {
        Want::Ranks(ranks) => ranks.contains(&shape.len()),
        Want::Shape(dims) => {
            dims.len() == shape.len()
                && dims
                    .iter()
                    .zip(shape)
                    .all(|(d, s)| d.is_none_or(|d| d == *s))
        }
    }
}

/// [`Pick::Keyed`]: a tensor of the pool that fits, with the probability the artifact's
/// shuffle gives it, drawn as one weighted choice among all that fit, newest first. The
/// artifact takes, 29 times in 30, the first that fits in an order that puts the two newest
/// of the pool first (so one of those two that fit, uniformly, when one does), else the
/// first that fits in a uniform order (uniformly among all that fit): each tensor's weight
/// here is the sum of those two chances. Removing an earlier step takes its outputs out of
/// the list, so a later pick names the tensor it named, or one as many places further on
/// (then the reducer's sweep tries the pick moved down by as many: its shifting edit).
#[generator]
fn pick_keyed<R: rand::Rng + ?Sized>(rng: &mut R, st: &State, want: &Want) -> Option<usize> {
    let l = st.pool.len();
    // The two newest are favoured only when there are more than two.
    let newest = if l > 2 { l - 2 } else { l };
    let fitting: Vec<(usize, bool)> = (0..l)
        .rev()
        .filter(|&i| fits(st.shape(st.pool[i]), want))
        .map(|i| (st.pool[i], i >= newest))
        .collect();
    if fitting.is_empty() {
        return None;
    }
    let (all, new) = (
        fitting.len() as f64,
        fitting.iter().filter(|(_, n)| *n).count() as f64,
    );
    let weight = |&(_, is_new): &(usize, bool)| {
        let first = if new == 0.0 {
            1.0 / all
        } else if is_new {
            1.0 / new
        } else {
            0.0
        };
        29.0 / 30.0 * first + 1.0 / 30.0 / all
    };
    fitting.choose_weighted(rng, weight).ok().map(|(t, _)| *t)
}

/// The ranks an operator's first operand may have (for `greduce-hunts`' enumeration of
/// small models; hidden from the docs).
#[doc(hidden)]
pub fn ranks(op: &str) -> &'static [usize] {
    match op {
        "SpaceToDepth" => &[4],
        "MaxPool" | "AveragePool" | "LpPool" | "GlobalMaxPool" | "GlobalAveragePool" | "Conv"
        | "ConvTranspose" | "BatchNormalization" | "Resize" => &[3, 4, 5],
        "MatMul" => &[2, 3, 4, 5],
        "Gemm" => &[2],
        "Unsqueeze" => &[1, 2, 3, 4],
        "Elu" => &[1],
        _ => &[1, 2, 3, 4, 5],
    }
}

fn exact(shape: &[usize]) -> Want {
    Want::Shape(shape.iter().map(|d| Some(*d)).collect())
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn ints(values: &[usize]) -> Vec<i64> {
    values.iter().map(|v| *v as i64).collect()
}

/// An Isra model: `1..=100` operator steps on tensors of rank `1..=5` and dimensions
/// `1..=5`.
///
/// A departure from the artifact: it draws the number of steps in `20..=100`, this draws it
/// in `1..=100`, so reduction can remove steps below twenty (a count decision must
/// be able to take the kept number of iterations). Its recorded first draw is shifted by 19
/// when replayed (the paper's subjects, `greduce-bench`'s `dl_subjects`).
#[generator]
pub fn isra<R: rand::Rng + ?Sized>(rng: &mut R) -> Model {
    isra_with(rng, &OPS)
}

/// An Isra model whose operators are drawn from `ops` (a subset of [`OPS`], for a runtime
/// that supports only some of them); [`isra`] is `isra_with(rng, &OPS)`.
///
/// ```
/// # use rand::SeedableRng;
/// use greduce_domains::dl::isra_with;
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
/// let model = isra_with(&mut rng, &["Add", "Relu"]);
/// assert!(model.nodes.iter().all(|n| matches!(n.op, "Add" | "Relu")));
/// ```
#[generator]
pub fn isra_with<R: rand::Rng + ?Sized>(rng: &mut R, ops: &[&'static str]) -> Model {
    isra_picking(rng, ops, Pick::Shuffled)
}

/// An Isra model as [`isra_with`] makes it, in distribution, but with each operand drawn
/// as its place among the tensors that fit, newest first, where the artifact shuffles the
/// pool and takes the first that fits. The artifact's draws shrink badly: removing an
/// earlier step changes the pool, so every later shuffle picks other operands. Here a later
/// step's draw names the same tensor when no tensor that fits between it and the newest is
/// removed, and otherwise names it once moved down by the tensors removed, which the
/// reducer's sweep tries. The paper-table and `hunt tract` keep the artifact's draws (the
/// findings were shrunk with them).
///
/// ```
/// # use rand::SeedableRng;
/// use greduce_domains::dl::isra_keyed;
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
/// let model = isra_keyed(&mut rng, &["Add", "Relu"]);
/// assert!(model.nodes.iter().all(|n| matches!(n.op, "Add" | "Relu")));
/// ```
#[generator]
pub fn isra_keyed<R: rand::Rng + ?Sized>(rng: &mut R, ops: &[&'static str]) -> Model {
    isra_picking(rng, ops, Pick::Keyed)
}

#[generator]
fn isra_picking<R: rand::Rng + ?Sized>(rng: &mut R, ops: &[&'static str], pick: Pick) -> Model {
    let mut st = State {
        model: Model::default(),
        pool: Vec::new(),
        pick,
    };
    INPUTS_MADE.set(0);
    let steps = rng.random_range(1..101);
    let rank = rng.random_range(1..6);
    let mut shape = Vec::new();
    for _ in 0..rank {
        shape.push(rng.random_range(1..6));
    }
    let first = st.tensor(shape, Source::Input);
    st.pool.push(first);
    for _ in 0..steps {
        op_step(rng, &mut st, ops);
    }
    st.model
}

/// What an operator step builds up: the node's inputs, output shape and attributes.
struct Step {
    op: &'static str,
    /// The first operand's shape.
    d: Vec<usize>,
    out: Vec<usize>,
    inputs: Vec<usize>,
    attrs: Vec<(&'static str, Attr)>,
    /// `axis` of Softmax, Concat and Flatten.
    axis: usize,
    /// Pooling and convolution windows.
    kernel: Vec<usize>,
}

/// One operator step, in the artifact's draw order: the operator, its first operand, its
/// attributes, its operator-specific part, its second operand, its extra inputs.
#[generator]
fn op_step<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State, ops: &[&'static str]) {
    let op = ops[rng.random_range(0..ops.len())];
    let x = new_or_reuse(rng, st, &Want::Ranks(ranks(op)));
    let d = st.shape(x).to_vec();
    let mut step = Step {
        op,
        out: d.clone(),
        d,
        inputs: vec![x],
        attrs: Vec::new(),
        axis: 0,
        kernel: Vec::new(),
    };
    let rank = step.d.len();
    if matches!(op, "Softmax" | "Concat" | "Flatten") {
        step.axis = rng.random_range(0..rank);
        step.attrs.push(("axis", Attr::Int(step.axis as i64)));
    }
    if op.starts_with("Reduce") && op != "ReduceSum" {
        let kept = reduce_axes(rng, rank);
        for a in &kept {
            step.out[*a] = 1;
        }
        step.attrs.push(("axes", Attr::Ints(ints(&kept))));
    }
    if matches!(
        op,
        "MaxPool" | "AveragePool" | "LpPool" | "Conv" | "ConvTranspose"
    ) {
        window(rng, &mut step);
    }
    optional_attributes(rng, op, &mut step.attrs);
    if op == "Split" {
        split(rng, st, x, &step.d);
        return;
    }
    specific(rng, st, &mut step);
    second_operand(rng, st, &mut step);
    if matches!(op, "Sum" | "Max" | "Min" | "Mean" | "Concat") {
        let extra = rng.random_range(0..9);
        for _ in 0..extra {
            variadic_input(rng, st, &mut step);
        }
    }
    let y = st.tensor(step.out, Source::Output);
    st.pool.push(y);
    st.model.nodes.push(Node {
        op,
        inputs: step.inputs,
        outputs: vec![y],
        attrs: step.attrs,
    });
}

/// Pooling and convolution: kernel and strides over the spatial dims (all kernels, then all
/// strides), then the group of a convolution.
#[generator]
fn window<R: rand::Rng + ?Sized>(rng: &mut R, step: &mut Step) {
    let spatial = step.d[2..].to_vec();
    for s in &spatial {
        step.kernel.push(rng.random_range(1..s + 1));
    }
    let mut strides = Vec::new();
    for s in &spatial {
        strides.push(rng.random_range(1..s + 1));
    }
    for (i, s) in spatial.iter().enumerate() {
        step.out[2 + i] = if step.op == "ConvTranspose" {
            (s - 1) * strides[i] + step.kernel[i]
        } else {
            (s - step.kernel[i]) / strides[i] + 1
        };
    }
    step.attrs
        .push(("kernel_shape", Attr::Ints(ints(&step.kernel))));
    step.attrs.push(("strides", Attr::Ints(ints(&strides))));
    if matches!(step.op, "Conv" | "ConvTranspose") {
        // The artifact draws whether to set `group = 1`; the models it made have group 1
        // either way (a group of C gives DL-10 and DL-12 one tensor more than theirs).
        let _ = rng.random_range(0..2);
        step.attrs.push(("group", Attr::Int(1)));
    }
}

/// The operator-specific part of the operators that change shapes or take constants.
#[generator]
fn specific<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State, step: &mut Step) {
    let d = step.d.clone();
    let rank = d.len();
    match step.op {
        "SpaceToDepth" => {
            let b = gcd(d[2], d[3]);
            step.out = vec![d[0], d[1] * b * b, d[2] / b, d[3] / b];
            step.attrs.push(("blocksize", Attr::Int(b as i64)));
        }
        "Transpose" => {
            let perm = if rng.random_range(0..5) > 0 {
                let perm = ran_ord(rng, rank);
                step.attrs.push(("perm", Attr::Ints(ints(&perm))));
                perm
            } else {
                (0..rank).rev().collect()
            };
            step.out = perm.iter().map(|p| d[*p]).collect();
        }
        "GlobalMaxPool" | "GlobalAveragePool" => {
            for o in &mut step.out[2..] {
                *o = 1;
            }
        }
        "ReduceSum" => {
            let kept = reduce_axes(rng, rank);
            for a in &kept {
                step.out[*a] = 1;
            }
            step.inputs.push(st.constant(ints(&kept)));
        }
        "Tile" => {
            let mut reps = Vec::new();
            for _ in 0..rank {
                reps.push(rng.random_range(1..4));
            }
            step.out = d.iter().zip(&reps).map(|(a, b)| a * b).collect();
            step.inputs.push(st.constant(ints(&reps)));
        }
        "Gather" => {
            let (axis, indices, shape) = gather(rng, st, &d);
            step.inputs.push(indices);
            step.out = shape;
            step.attrs.push(("axis", Attr::Int(axis as i64)));
        }
        "Slice" => {
            let (constants, shape) = slice(rng, st, &d);
            step.inputs.extend(constants);
            step.out = shape;
        }
        "Resize" => {
            let mut roi = vec![0; rank];
            roi.extend(vec![1; rank]);
            step.inputs.push(st.constant(roi));
            step.inputs.push(st.constant(vec![1; rank]));
            step.attrs.push(("mode", Attr::Str("nearest")));
        }
        "Reshape" => {
            step.out = reshape(rng, d.iter().product());
            step.inputs.push(st.constant(ints(&step.out)));
        }
        "Unsqueeze" => unsqueeze(rng, st, step),
        "Expand" => expand(rng, st, step),
        "Pad" => {
            let mut begins = Vec::new();
            for _ in 0..rank {
                begins.push(rng.random_range(0..3));
            }
            let mut ends = Vec::new();
            for _ in 0..rank {
                ends.push(rng.random_range(0..3));
            }
            step.out = (0..rank).map(|i| d[i] + begins[i] + ends[i]).collect();
            let mut pads = begins;
            pads.extend(ends);
            step.inputs.push(st.constant(ints(&pads)));
        }
        "BatchNormalization" => {
            for _ in 0..4 {
                let param = new_or_reuse(rng, st, &exact(&[d[1]]));
                step.inputs.push(param);
            }
        }
        "Flatten" => {
            let axis = step.axis;
            step.out = vec![d[..axis].iter().product(), d[axis..].iter().product()];
        }
        _ => {}
    }
}

/// Unsqueeze: how many axes to add and where, as a constant input.
#[generator]
fn unsqueeze<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State, step: &mut Step) {
    let rank = step.d.len();
    let extra = rng.random_range(1..5 - rank + 1);
    let e = rank + extra;
    let order = ran_ord(rng, e);
    let mut added = order[..extra].to_vec();
    added.sort_unstable();
    step.out = Vec::new();
    let mut from = step.d.iter();
    for i in 0..e {
        if added.contains(&i) {
            step.out.push(1);
        } else if let Some(v) = from.next() {
            step.out.push(*v);
        }
    }
    step.inputs.push(st.constant(ints(&added)));
}

/// Expand: a discarded draw (the artifact overwrites it), then a target per dimension.
#[generator]
fn expand<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State, step: &mut Step) {
    let rank = step.d.len();
    let _ = rng.random_range(0..5 - rank + 1);
    let mut target = Vec::new();
    for v in &step.d {
        if *v == 1 && rng.random_range(0..2) == 0 {
            target.push(rng.random_range(2..5));
        } else {
            target.push(1);
        }
    }
    step.out = step.d.iter().zip(&target).map(|(a, b)| *a.max(b)).collect();
    step.inputs.push(st.constant(ints(&target)));
}

/// The second operand of the binary operators, shaped for the operator.
#[generator]
fn second_operand<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State, step: &mut Step) {
    let Some(mut want) = second_shape(step) else {
        return;
    };
    let rank = step.d.len();
    if step.op == "Concat" {
        want[step.axis] = Some(rng.random_range(1..6));
    }
    let y = new_or_reuse(rng, st, &Want::Shape(want));
    step.inputs.push(y);
    let ys = st.shape(y).to_vec();
    match step.op {
        "Conv" => step.out[1] = ys[0],
        "ConvTranspose" => step.out[1] = ys[1],
        "MatMul" | "Gemm" => step.out[rank - 1] = ys[rank - 1],
        "Concat" => step.out[step.axis] += ys[step.axis],
        _ => {}
    }
}

/// One extra input of Sum, Max, Min, Mean (the first operand's shape) or Concat (any size
/// along the axis).
#[generator]
fn variadic_input<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State, step: &mut Step) {
    let mut want: Vec<Option<usize>> = step.d.iter().map(|v| Some(*v)).collect();
    if step.op == "Concat" {
        want[step.axis] = Some(rng.random_range(1..6));
    }
    let t = new_or_reuse(rng, st, &Want::Shape(want));
    if step.op == "Concat" {
        step.out[step.axis] += st.shape(t)[step.axis];
    }
    step.inputs.push(t);
}

/// The second operand's shape, for the operators that take one (`None` = any).
fn second_shape(step: &Step) -> Option<Vec<Option<usize>>> {
    let d = &step.d;
    let rank = d.len();
    let same = d.iter().map(|v| Some(*v)).collect::<Vec<_>>();
    Some(match step.op {
        "Add" | "Sub" | "Mul" | "Div" | "PRelu" | "Sum" | "Max" | "Min" | "Mean" | "Concat" => same,
        "MatMul" | "Gemm" => {
            let mut s = same;
            s[rank - 1] = None;
            s[rank - 2] = Some(d[rank - 1]);
            s
        }
        "Conv" => {
            let mut s = vec![Some(d[0]), Some(d[1])];
            s.extend(step.kernel.iter().map(|k| Some(*k)));
            s
        }
        "ConvTranspose" => {
            let mut s = vec![Some(d[1]), Some(1)];
            s.extend(step.kernel.iter().map(|k| Some(*k)));
            s
        }
        _ => return None,
    })
}

/// `axes = ran_ord(rank)[..ran(1, rank + 1)]`: the permutation first, then the length.
#[generator]
fn reduce_axes<R: rand::Rng + ?Sized>(rng: &mut R, rank: usize) -> Vec<usize> {
    let order = ran_ord(rng, rank);
    let len = rng.random_range(1..rank + 1);
    order[..len].to_vec()
}

/// The optional attributes: drawn, then set unless reduction removes them.
// Reason: a `match` on a decision is a multi-way selection greduce can reduce (removing the
// arm that sets the attribute); an `if .. == 1` would not be.
#[allow(clippy::single_match_else)]
#[generator]
fn optional_attributes<R: rand::Rng + ?Sized>(
    rng: &mut R,
    op: &str,
    attrs: &mut Vec<(&'static str, Attr)>,
) {
    match op {
        "LpPool" => match rng.random_range(0..2) {
            0 => {}
            _ => {
                let p = rng.random_range(1..3);
                attrs.push(("p", Attr::Int(p)));
            }
        },
        "LeakyRelu" => match rng.random_range(0..2) {
            0 => {}
            _ => {
                let a = rng.random_range(1..3);
                attrs.push(("alpha", Attr::Float(f64::from(a) * 0.01)));
            }
        },
        "Elu" | "ThresholdedRelu" => match rng.random_range(0..2) {
            0 => {}
            _ => {
                let a = rng.random_range(1..3);
                let b = rng.random_range(1..3);
                attrs.push(("alpha", Attr::Float(f64::from(a) / f64::from(b))));
            }
        },
        _ => {}
    }
}

/// Split: the axis, the number of pieces and the cuts.
#[generator]
fn split<R: rand::Rng + ?Sized>(rng: &mut R, st: &mut State, x: usize, d: &[usize]) {
    let axis = if rng.random_range(0..2) > 0 {
        rng.random_range(0..d.len())
    } else {
        0
    };
    let len = d[axis];
    let k = len.min(rng.random_range(2..11));
    let mut cuts = Vec::new();
    for _ in 0..k.saturating_sub(1) {
        cuts.push(rng.random_range(0..len - k + 1));
    }
    cuts.sort_unstable();
    let mut sizes = Vec::new();
    let mut last = 0;
    for c in &cuts {
        sizes.push(c - last + 1);
        last = *c;
    }
    sizes.push(len - k - last + 1);
    let sizes_t = st.constant(ints(&sizes));
    let mut outputs = Vec::new();
    for s in &sizes {
        let mut shape = d.to_vec();
        shape[axis] = *s;
        let t = st.tensor(shape, Source::Output);
        st.pool.push(t);
        outputs.push(t);
    }
    st.model.nodes.push(Node {
        op: "Split",
        inputs: vec![x, sizes_t],
        outputs,
        attrs: vec![("axis", Attr::Int(axis as i64))],
    });
}

/// Gather: the axis, the indices' shape and values. Returns the axis, the indices and the
/// output shape.
#[generator]
fn gather<R: rand::Rng + ?Sized>(
    rng: &mut R,
    st: &mut State,
    d: &[usize],
) -> (usize, usize, Vec<usize>) {
    let rank = d.len();
    let axis = if rng.random_range(0..10) > 0 {
        rng.random_range(0..rank)
    } else {
        0
    };
    let index_rank = rng.random_range(1..5 - rank + 2);
    let mut index_shape = Vec::new();
    for _ in 0..index_rank {
        let dim = if rng.random_range(0..2) > 0 {
            rng.random_range(1..6)
        } else {
            1
        };
        index_shape.push(dim);
    }
    let count: usize = index_shape.iter().product();
    let mut values = Vec::new();
    for _ in 0..count {
        values.push(rng.random_range(0..d[axis]) as i64);
    }
    let indices = st.tensor(index_shape.clone(), Source::Constant(values));
    let mut out = d[..axis].to_vec();
    out.extend(&index_shape);
    out.extend(&d[axis + 1..]);
    (axis, indices, out)
}

/// Slice: starts, ends and steps; returns the four constants and the output shape.
#[generator]
fn slice<R: rand::Rng + ?Sized>(
    rng: &mut R,
    st: &mut State,
    d: &[usize],
) -> (Vec<usize>, Vec<usize>) {
    let rank = d.len();
    let mut starts = Vec::new();
    for v in d {
        starts.push(rng.random_range(0..*v));
    }
    let mut ends = Vec::new();
    for (v, s) in d.iter().zip(&starts) {
        ends.push(s + rng.random_range(0..v - s) + 1);
    }
    let mut steps = Vec::new();
    for _ in 0..rank {
        steps.push(rng.random_range(1..4));
    }
    let out = (0..rank)
        .map(|i| (ends[i] - starts[i]).div_ceil(steps[i]))
        .collect();
    let axes: Vec<usize> = (0..rank).collect();
    let constants = vec![
        st.constant(ints(&starts)),
        st.constant(ints(&ends)),
        st.constant(ints(&axes)),
        st.constant(ints(&steps)),
    ];
    (constants, out)
}

/// Reshape's new shape for `total` elements.
#[generator]
fn reshape<R: rand::Rng + ?Sized>(rng: &mut R, total: usize) -> Vec<usize> {
    let k = rng.random_range(1..6);
    let mut t = total;
    let mut shape = Vec::new();
    for _ in 1..k {
        let t2 = gcd(t, rng.random_range(1..t + 1));
        t /= t2;
        shape.push(t2);
    }
    shape.push(t);
    shape
}
