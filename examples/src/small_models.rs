//! Every small model the Isra generator makes, enumerated through its draws: the search
//! behind the minimality of the tract findings (issue 12, `hunt tract-exhaustive`).
//!
//! [`each_model`] walks the tree of the generator's draws depth first with
//! [`greduce::replay_draws`]: a run whose draws run out names the next decision and its
//! range (`random_range(0..=62)`), and each legal value opens a subtree. Within the
//! [`Bounds`] the walk is exhaustive: every model of at most `steps` operator steps and
//! at most `size` (tensors, edges) whose sizes are at most `dims` and whose first tensor
//! has rank at most `rank`. Four kinds of draw do not take every value, each for a
//! reason that loses no model:
//!
//! - the step count (the first draw) is fixed per level, and a level of `k` steps starts
//!   from the draws of each model of `k - 1` steps that could still grow into one within
//!   `size` (a step adds at least one tensor and two edges);
//! - "reuse a tensor or make a new input" (`random_range(0..100_000) < 95_000`) takes one
//!   value of each outcome;
//! - "put the two newest tensors first" (`random_range(0..30) > 0`) takes the uniform
//!   order only: the orders that put the newest first are among its orders;
//! - a size drawn in `1..=5` (a new input's dimension, a `Concat` or `Gather` size, a
//!   `Reshape`'s number of dimensions) is at most `dims`, and the first tensor's rank at
//!   most `rank`: these two are the search's bounds.
//!
//! A step that draws more than `max_draws` times is cut, and counted ([`Walk::cut`]): a
//! `Gather`'s indices, a `Pad`'s or a `Slice`'s values on a tensor of rank 5 take dozens
//! of draws and millions of models.
//!
//! ```
//! use greduce_examples::small_models::{Bounds, each_model};
//!
//! // Every model of one `Abs` or `Relu` step. Its operand is the first tensor (rank 1,
//! // dimension 1 or 2) or a new input (any rank up to 5, dimensions 1 or 2): 62 shapes.
//! let bounds = Bounds { steps: 1, size: (2, 2), rank: 1, dims: 2, max_draws: 64 };
//! let mut seen = Vec::new();
//! let walk = each_model(&["Abs", "Relu"], &bounds, |model| seen.push(model.ops()[0]));
//! assert_eq!(seen.len(), 2 * 62);
//! assert!(seen[..62].iter().all(|op| *op == "Abs"));
//! assert_eq!((walk.models, walk.cut), (124, 0));
//! ```

use crate::dl::{self, Model};
use crate::dl_shapes;
use greduce::ReplayError;
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::LazyLock;

/// What [`each_model`] covers.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Operator steps (nodes), at most.
    pub steps: u32,
    /// `(tensors, edges)` ([`Model::size`]), at most (in the order of tuples).
    pub size: (usize, usize),
    /// Rank of the first tensor, at most.
    pub rank: u64,
    /// Every size drawn in `1..=5` (dimensions above all), at most.
    pub dims: u64,
    /// Draws of one operator step, at most (the first step's include the first tensor's
    /// rank and dimensions); a step that draws more is cut and counted.
    pub max_draws: usize,
}

/// What a walk saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// Runs of the generator (one per node of the tree of draws).
    pub replays: u64,
    /// Distinct models within the bounds, each visited once.
    pub models: u64,
    /// Subtrees cut at `max_draws` draws of a step.
    pub cut: u64,
}

/// Visits every distinct model of [`dl::isra_with`]`(ops)` within `bounds` (see the module
/// docs for what "every" leaves out), in the order of the tree of draws, each once.
pub fn each_model(ops: &[&'static str], bounds: &Bounds, mut visit: impl FnMut(&Model)) -> Walk {
    let mut walk = Walk::default();
    let mut models = 0;
    let mut seen = HashSet::new();
    let mut grown = HashSet::new();
    // The draws and sizes of the models of the last level that can still grow; the first
    // step reads one tensor at least.
    let mut growing: Vec<(Vec<u64>, (usize, usize))> = vec![(vec![0], (1, 0))];
    for steps in 1..=u64::from(bounds.steps) {
        let mut next = Vec::new();
        for (mut prefix, base) in std::mem::take(&mut growing) {
            prefix[0] = steps - 1;
            let mut leaf = |model: Model, draws: &[u64]| {
                let (tensors, edges) = model.size();
                // Two runs that made the same model (tensors left unused included) go on
                // alike: one of them grows.
                if steps < u64::from(bounds.steps)
                    && (tensors + 1, edges + 2) <= bounds.size
                    && grown.insert(format!("{:?} {:?}", model.tensors, model.nodes))
                {
                    next.push((draws.to_vec(), (tensors, edges)));
                }
                if (tensors, edges) <= bounds.size && seen.insert(fingerprint(&model)) {
                    models += 1;
                    visit(&model);
                }
            };
            let step = Step {
                ops,
                bounds,
                base,
                from: prefix.len(),
            };
            step.descend(&mut prefix, &mut walk, &mut leaf);
        }
        growing = next;
    }
    Walk { models, ..walk }
}

/// The line of `dl.rs` where an operator step draws its operator.
static OPERATOR_LINE: LazyLock<String> = LazyLock::new(|| {
    let line = include_str!("dl.rs")
        .lines()
        .position(|l| l.contains("let op = ops[rng.random_range(0..ops.len())];"))
        .expect("op_step draws its operator");
    format!("dl.rs:{}:", line + 1)
});

/// The walk of one operator step's draws, from the draws of a model one step shorter.
struct Step<'a> {
    ops: &'a [&'static str],
    bounds: &'a Bounds,
    /// The size of the model before the step.
    base: (usize, usize),
    /// Where the step's draws begin.
    from: usize,
}

impl Step<'_> {
    /// The subtree of `prefix`: its model if the draws make one, else each legal next draw.
    fn descend(&self, prefix: &mut Vec<u64>, walk: &mut Walk, leaf: &mut dyn FnMut(Model, &[u64])) {
        walk.replays += 1;
        match greduce::replay_draws(|rng| dl::isra_with(rng, self.ops), prefix) {
            Ok(run) => leaf(run.output, prefix),
            Err(ReplayError::Halted(why)) => {
                let Some((lo, hi)) = next_range(&why) else {
                    panic!("an enumerated draw is legal: {why}");
                };
                if prefix.len() - self.from >= self.bounds.max_draws {
                    walk.cut += 1;
                    return;
                }
                let operator = prefix.len() >= self.from && why.contains(&*OPERATOR_LINE);
                for v in values(prefix.len(), lo, hi, self.bounds) {
                    if operator && !self.fits(self.ops[v as usize]) {
                        continue;
                    }
                    prefix.push(v);
                    self.descend(prefix, walk, leaf);
                    prefix.pop();
                }
            }
            Err(e) => panic!("the generator runs on legal draws: {e}"),
        }
    }

    /// Whether a node of `op` can keep the model within the bounds: it adds its constants
    /// and an output at least, and an edge per input and output.
    fn fits(&self, op: &str) -> bool {
        let constants = dl_shapes::constant_inputs(op).len();
        let inputs = dl_shapes::input_count(op).0;
        (self.base.0 + constants + 1, self.base.1 + inputs + 1) <= self.bounds.size
    }
}

/// A hash of the model as exported: the tensors the nodes use, numbered in order (an
/// input that no node reads is not in the ONNX file, and a model that differs from
/// another only by one is the same model), their shapes and values, the nodes and their
/// attributes.
fn fingerprint(model: &Model) -> u64 {
    let mut used = vec![false; model.tensors.len()];
    for n in &model.nodes {
        for &t in n.inputs.iter().chain(&n.outputs) {
            used[t] = true;
        }
    }
    let mut number = vec![None; model.tensors.len()];
    for (n, t) in (0..model.tensors.len()).filter(|t| used[*t]).enumerate() {
        number[t] = Some(n);
    }
    let mut h = DefaultHasher::new();
    for (t, tensor) in model.tensors.iter().enumerate() {
        if number[t].is_some() {
            tensor.shape.hash(&mut h);
            format!("{:?}", tensor.source).hash(&mut h);
        }
    }
    for n in &model.nodes {
        n.op.hash(&mut h);
        for &t in n.inputs.iter().chain(&n.outputs) {
            number[t].hash(&mut h);
        }
        n.inputs.len().hash(&mut h);
        format!("{:?}", n.attrs).hash(&mut h);
    }
    h.finish()
}

/// The range of the decision the draws ran out at, from the replay's message
/// (`the draws ran out at random_range(0..=62) @ ...`).
fn next_range(why: &str) -> Option<(u64, u64)> {
    let rest = why.strip_prefix("the draws ran out at ")?;
    let args = &rest[rest.find('(')? + 1..rest.find(')')?];
    let (lo, hi) = args.split_once("..=")?;
    Some((lo.parse().ok()?, hi.parse().ok()?))
}

/// The draws (offsets from `lo`) the walk takes for the decision at `at` of range
/// `lo..=hi` (the module docs say why).
fn values(at: usize, lo: u64, hi: u64, bounds: &Bounds) -> Vec<u64> {
    let all = hi - lo + 1;
    match (at, lo, hi) {
        (1, 1, 5) => (0..all.min(bounds.rank)).collect(),
        (_, 0, 99_999) => vec![0, 95_000],
        (_, 0, 29) => vec![0],
        (_, 1, 5) => (0..all.min(bounds.dims)).collect(),
        _ => (0..all).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_is_read_from_the_message() {
        let why = "the draws ran out at random_range(0..=62) @ examples/src/dl.rs:464:22";
        assert_eq!(next_range(why), Some((0, 62)));
        assert_eq!(next_range("the recorded value is not legal"), None);
    }

    #[test]
    fn two_steps_of_one_unary_operator_are_every_chain_and_pair() {
        let bounds = Bounds {
            steps: 2,
            size: (4, 4),
            rank: 1,
            dims: 2,
            max_draws: 64,
        };
        let (mut one_input, mut all) = (0, 0);
        let walk = each_model(&["Abs"], &bounds, |m| {
            all += 1;
            let inputs = crate::hunt_tract::listing(m).matches("input ").count();
            if m.nodes.len() == 2 && inputs == 1 {
                one_input += 1;
            }
        });
        // Each step reads a tensor of the pool (the first input and the outputs so far)
        // or a new input of rank 1 to 5 and dimensions 1 or 2 (62 shapes); an input no
        // node reads is not part of the model. One step: `Abs` of an input of each shape
        // (62). Two steps on one input: `Abs(x), Abs(x)` for x of rank 1 (2) and the
        // chain `Abs(Abs(x))` for every shape (62). On two inputs: the first node reads
        // the first input and the second the other (62 x 62), or the other way round,
        // with the first input of rank 1 (2 x 62).
        assert_eq!(one_input, 2 + 62);
        assert_eq!(all, 62 + 2 + 62 + 62 * 62 + 2 * 62);
        assert_eq!((walk.models, walk.cut), (all, 0));
    }
}
