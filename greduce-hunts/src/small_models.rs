//! Every small model the Isra generator makes, enumerated through its draws: the search
//! behind the minimality of the tract findings (issue 12, `hunt tract-exhaustive`).
//!
//! [`each_model`] walks the tree of the generator's draws depth first with
//! [`greduce::replay_draws`]: a run whose draws run out names the next decision, its
//! range (`random_range(0..=62)`) and the line of `dl.rs` that makes it, and each legal
//! value opens a subtree. Within the [`Bounds`] the walk is exhaustive: every model of at
//! most `steps` operator steps and at most `size` (tensors, edges) whose graph inputs have
//! rank at most `rank`, whose sizes drawn in `1..=5` are at most `dims` and whose variadic
//! operators take at most `extras` extra inputs. Some draws do not take every value, each
//! for a reason that loses no model:
//!
//! - the step count (the first draw) is fixed per level, and a level of `k` steps starts
//!   from the draws of each model of `k - 1` steps that could still grow into one within
//!   `size` (a step adds at least one tensor and two edges);
//! - "reuse a tensor or make a new input" (`random_range(0..100_000) < 95_000`) takes one
//!   value of each outcome, and so does every other test of a draw against 0
//!   (`random_range(0..10) > 0`);
//! - "put the two newest tensors first" (`random_range(0..30) > 0`) takes the uniform
//!   order only: the orders that put the newest first are among its orders.
//!
//! The bounds themselves: a graph input's rank (the first tensor's, a new input's, and
//! a `Gather`'s indices') is at most `rank`; a size drawn in `1..=5` (a dimension, a
//! `Concat` or `Gather` size, a `Reshape`'s number of dimensions) at most `dims`. A step
//! that draws more than `max_draws` times is cut, and counted ([`Walk::cut`]).
//!
//! A subtree is left out when no model in it fits `size`: once the operator is drawn, the
//! node will add its constants, its output, the inputs the step has made so far (the
//! generator counts them, and the run that halted tells) and its edges, at least. That is
//! what makes two steps feasible: most of the tree makes new inputs, which soon leave no
//! room. And models of one level that leave the same pool of shapes share one walk of the
//! next step ([`each_model_reporting`] says why that is sound): a level walks one tree per
//! pool, not per model.
//!
//! ```
//! use greduce_hunts::small_models::{Bounds, each_model};
//! use std::sync::Mutex;
//!
//! // Every model of one `Abs` or `Relu` step. Its operand is the first tensor or a new
//! // input; either way, of rank 1 or 2 and dimensions 1 or 2: 6 shapes.
//! let bounds = Bounds { steps: 1, size: (2, 2), rank: 2, dims: 2, extras: 0, max_draws: 64 };
//! let seen = Mutex::new(Vec::new());
//! let walk = each_model(&["Abs", "Relu"], &bounds, |model| {
//!     seen.lock().unwrap().push(model.ops()[0]);
//! });
//! let seen = seen.into_inner().unwrap();
//! assert_eq!(seen.iter().filter(|op| **op == "Abs").count(), 6);
//! assert_eq!((walk.models, walk.cut, seen.len()), (12, 0, 12));
//! ```

use greduce::ReplayError;
use greduce_domains::dl::{self, Model};
use greduce_domains::dl_shapes;
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError};

/// What [`each_model`] covers.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Operator steps (nodes), at most.
    pub steps: u32,
    /// `(tensors, edges)` ([`Model::size`]), at most (in the order of tuples).
    pub size: (usize, usize),
    /// Rank of every graph input (the first tensor and the new inputs of any step), at
    /// most.
    pub rank: u64,
    /// Every size drawn in `1..=5` (dimensions above all), at most.
    pub dims: u64,
    /// Extra inputs of a variadic operator (`Sum`, `Max`, `Min`, `Mean`, `Concat`), at
    /// most: each can be any tensor of the pool, so the operator alone makes a number of
    /// models exponential in this bound.
    pub extras: u64,
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

/// A model of one level that can grow into the next.
struct Growing {
    /// Its draws.
    draws: Vec<u64>,
    /// Its size ([`Model::size`]).
    size: (usize, usize),
    /// The graph inputs it made.
    inputs: usize,
    /// The shapes of its pool (the first tensor and every output, in order), what the next
    /// step's draws depend on (see [`each_model_reporting`]), and whether a node reads the
    /// first tensor (every other tensor of the pool is used: a node made it).
    pool: (Vec<Vec<usize>>, bool),
}

/// How far a walk has come, as [`each_model_reporting`] reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The level under way: models of this many steps.
    pub steps: u32,
    /// Walks of the level done, of `walks`: one per group of models of the level before
    /// that leave the same pool of shapes (one on the first level).
    pub done: usize,
    /// Walks of the level.
    pub walks: usize,
    /// Models of the level before that the level grows, all walks together.
    pub growing: usize,
    /// The walk so far, all levels together.
    pub walk: Walk,
}

/// Visits every distinct model of [`dl::isra_with`]`(ops)` within `bounds` (see the module
/// docs for what "every" leaves out), each once. The models of one step are walked in
/// the order of the tree of draws; each later step's walks are shared among the
/// machine's cores, so `visit` is called from several threads at once, in no set order.
pub fn each_model(ops: &[&'static str], bounds: &Bounds, visit: impl Fn(&Model) + Sync) -> Walk {
    each_model_reporting(ops, bounds, visit, |_| {})
}

/// [`each_model`], calling `report` as the walk goes: as each level starts, and each time
/// another hundredth of its walks is done (from the thread that did it), the last time as
/// it ends.
///
/// Models of one level that leave the same pool of shapes, have the same size and both
/// read or both leave unread the first tensor share one walk of the next step: the
/// generator's later draws depend on the shapes of its pool alone (an operand is picked
/// by its shape, and the rest of the step by the operands'), so their trees of draws are
/// the same, and so are the sizes of their leaves. The first model's tree is walked;
/// every other model replays each of its leaves. A replay that does not make a model
/// (which would mean the trees differ) falls back to that model's own walk.
pub fn each_model_reporting(
    ops: &[&'static str],
    bounds: &Bounds,
    visit: impl Fn(&Model) + Sync,
    report: impl Fn(&Report) + Sync,
) -> Walk {
    walk_levels(ops, bounds, &visit, &report, true)
}

/// [`each_model_reporting`], with models that leave the same pool sharing a walk or not
/// (`share`: the tests check that sharing finds the same models).
fn walk_levels(
    ops: &[&'static str],
    bounds: &Bounds,
    visit: &(dyn Fn(&Model) + Sync),
    report: &(dyn Fn(&Report) + Sync),
    share: bool,
) -> Walk {
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let seen = Mutex::new(HashSet::new());
    let grown = Mutex::new(HashSet::new());
    let models = AtomicU64::new(0);
    let replays = AtomicU64::new(0);
    let cut = AtomicU64::new(0);
    // Before the first step: no draws but the step count, no node; the first tensor is
    // made by the first step's draws, and counted as its operand.
    let mut growing = vec![Growing {
        draws: vec![0],
        size: (0, 0),
        inputs: 1,
        pool: (Vec::new(), false),
    }];
    for steps in 1..=bounds.steps {
        let next = Mutex::new(Vec::new());
        let last = steps == bounds.steps;
        let growing_count = growing.len();
        let groups = groups(&mut growing, share);
        let taken = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let so_far = |done: usize| Report {
            steps,
            done,
            walks: groups.len(),
            growing: growing_count,
            walk: Walk {
                replays: replays.load(Ordering::Relaxed),
                models: models.load(Ordering::Relaxed),
                cut: cut.load(Ordering::Relaxed),
            },
        };
        // A worker: the walks of the groups no other worker took.
        let work = || {
            let mut leaf = |model: Model, draws: &[u64]| {
                let (tensors, edges) = model.size();
                // Two runs that made the same model (tensors left unused included) go on
                // alike: one of them grows.
                if !last
                    && (tensors + 1, edges + 2) <= bounds.size
                    && lock(&grown).insert(format!("{:?} {:?}", model.tensors, model.nodes))
                {
                    lock(&next).push(Growing {
                        draws: draws.to_vec(),
                        size: (tensors, edges),
                        inputs: model
                            .tensors
                            .iter()
                            .filter(|t| t.source == dl::Source::Input)
                            .count(),
                        pool: pool(&model),
                    });
                }
                if (tensors, edges) <= bounds.size && lock(&seen).insert(fingerprint(&model)) {
                    models.fetch_add(1, Ordering::Relaxed);
                    visit(&model);
                }
            };
            while let Some(group) = groups.get(taken.fetch_add(1, Ordering::Relaxed)) {
                let mut walk = Walk::default();
                walk_group(ops, bounds, steps, group, &mut walk, &mut leaf);
                replays.fetch_add(walk.replays, Ordering::Relaxed);
                cut.fetch_add(walk.cut, Ordering::Relaxed);
                // After this walk's counts: whoever counts the last walk sees every count.
                let done = done.fetch_add(1, Ordering::AcqRel) + 1;
                if done * 100 / groups.len() != (done - 1) * 100 / groups.len() {
                    report(&so_far(done));
                }
            }
        };
        report(&so_far(0));
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads.min(groups.len()))
                .map(|_| scope.spawn(work))
                .collect();
            for w in workers {
                w.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            }
        });
        drop(groups);
        growing = next.into_inner().unwrap_or_else(PoisonError::into_inner);
    }
    Walk {
        replays: replays.into_inner(),
        models: models.into_inner(),
        cut: cut.into_inner(),
    }
}

/// The walks of a level: the models of `growing` in groups that share one (see
/// [`each_model_reporting`]), or, without `share`, one each. Sorts `growing`.
fn groups(growing: &mut [Growing], share: bool) -> Vec<&[Growing]> {
    if !share {
        return growing.chunks(1).collect();
    }
    growing.sort_by(|a, b| (&a.pool, a.size).cmp(&(&b.pool, b.size)));
    growing
        .chunk_by(|a, b| (&a.pool, a.size) == (&b.pool, b.size))
        .collect()
}

/// The shapes of the pool `model` leaves (its first tensor and its outputs, in order) and
/// whether a node reads the first tensor.
fn pool(model: &Model) -> (Vec<Vec<usize>>, bool) {
    let shapes = model
        .tensors
        .iter()
        .enumerate()
        .filter(|(t, tensor)| *t == 0 || tensor.source == dl::Source::Output)
        .map(|(_, tensor)| tensor.shape.clone())
        .collect();
    (shapes, model.nodes.iter().any(|n| n.inputs.contains(&0)))
}

/// The step `steps` from each model of `group`, whose trees of draws are the same: the
/// first model's walk, then each of its leaves from every other model.
fn walk_group(
    ops: &[&'static str],
    bounds: &Bounds,
    steps: u32,
    group: &[Growing],
    walk: &mut Walk,
    leaf: &mut dyn FnMut(Model, &[u64]),
) {
    let Some((first, rest)) = group.split_first() else {
        return;
    };
    // The leaves to replay: one per model the first makes within the size (two runs
    // that make the same model from it make the same model from any other).
    let mut suffixes = Vec::new();
    let mut made = HashSet::new();
    let from = first.draws.len();
    walk_from(ops, bounds, steps, first, walk, &mut |model, draws| {
        if !rest.is_empty()
            && model.size() <= bounds.size
            && made.insert(format!("{:?} {:?}", model.tensors, model.nodes))
        {
            suffixes.push(draws[from..].to_vec());
        }
        leaf(model, draws);
    });
    for model in rest {
        let mut draws = model.draws.clone();
        draws[0] = u64::from(steps - 1);
        let from = draws.len();
        for suffix in &suffixes {
            draws.truncate(from);
            draws.extend_from_slice(suffix);
            walk.replays += 1;
            if let Ok(run) = greduce::replay_draws(|rng| dl::isra_with(rng, ops), &draws) {
                leaf(run.output, &draws);
            } else {
                // Not the same tree after all: the model's own walk (the leaves visited
                // already are not visited twice).
                walk_from(ops, bounds, steps, model, walk, leaf);
                break;
            }
        }
    }
}

/// The walk of the step `steps` from the draws of `model`.
fn walk_from(
    ops: &[&'static str],
    bounds: &Bounds,
    steps: u32,
    model: &Growing,
    walk: &mut Walk,
    leaf: &mut dyn FnMut(Model, &[u64]),
) {
    let mut prefix = model.draws.clone();
    prefix[0] = u64::from(steps - 1);
    let step = Step {
        ops,
        bounds,
        base: model.size,
        base_inputs: model.inputs,
        from: prefix.len(),
    };
    step.descend(&mut prefix, Progress::default(), walk, leaf);
}

/// The lock of `mutex`, whether or not a panicking worker poisoned it (the sets hold
/// whole entries either way).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The code of the draws the walk follows (see [`source_line`]): a step's operator, a
/// variadic operator's number of extra inputs, a new input's rank.
const OPERATOR_DRAW: &str = "let op = ops[";
const EXTRAS_DRAW: &str = "let extra = rng.random_range(0..9)";
const INPUT_RANK_DRAW: &str = "let rank = ranks[";

/// The lines of `dl.rs` (in `greduce-domains`), where the generator's draws are made.
static SOURCE: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    include_str!("../../greduce-domains/src/dl.rs")
        .lines()
        .collect()
});

/// The line of code that makes the decision a halted run names (`... @
/// greduce-domains/src/dl.rs:464:22`), or `""` if the message names no line of `dl.rs`.
fn source_line(why: &str) -> &'static str {
    why.rsplit_once(" @ ")
        .and_then(|(_, site)| {
            let mut parts = site.split(':');
            let file = parts.next()?;
            let line: usize = parts.next()?.parse().ok()?;
            file.ends_with("dl.rs")
                .then(|| SOURCE.get(line - 1))
                .flatten()
        })
        .copied()
        .unwrap_or("")
}

/// The walk of one operator step's draws, from the draws of a model one step shorter.
struct Step<'a> {
    ops: &'a [&'static str],
    bounds: &'a Bounds,
    /// The size of the model before the step (`(0, 0)` before the first).
    base: (usize, usize),
    /// The graph inputs made before the step (on the first, the first tensor, which its
    /// draws make).
    base_inputs: usize,
    /// Where the step's draws begin.
    from: usize,
}

/// What the draws of the step so far have decided.
#[derive(Clone, Copy, Default)]
struct Progress {
    /// The operator, once drawn.
    op: Option<&'static str>,
    /// A variadic operator's extra inputs, once drawn.
    extras: usize,
}

impl Step<'_> {
    /// The subtree of `prefix`: its model if the draws make one, else each legal next draw
    /// whose subtree can hold a model within the bounds.
    fn descend(
        &self,
        prefix: &mut Vec<u64>,
        progress: Progress,
        walk: &mut Walk,
        leaf: &mut dyn FnMut(Model, &[u64]),
    ) {
        walk.replays += 1;
        match greduce::replay_draws(|rng| dl::isra_with(rng, self.ops), prefix) {
            Ok(run) => leaf(run.output, prefix),
            Err(ReplayError::Halted(why)) => {
                let Some((lo, hi)) = next_range(&why) else {
                    panic!("an enumerated draw is legal: {why}");
                };
                // Read at once: the count of the run that just halted.
                let made = dl::inputs_made().saturating_sub(self.base_inputs);
                if progress
                    .op
                    .is_some_and(|op| !self.fits(op, made, progress.extras))
                {
                    return;
                }
                if prefix.len() - self.from >= self.bounds.max_draws {
                    walk.cut += 1;
                    return;
                }
                let code = source_line(&why);
                let operator = prefix.len() >= self.from && code.contains(OPERATOR_DRAW);
                let extras = progress.op.is_some() && code.contains(EXTRAS_DRAW);
                let rank = progress.op.filter(|_| code.contains(INPUT_RANK_DRAW));
                for v in values(code, prefix.len(), lo, hi, self.bounds) {
                    // A new input's rank, an index into the ranks its operator takes.
                    if rank.is_some_and(|op| dl::ranks(op)[v as usize] as u64 > self.bounds.rank) {
                        continue;
                    }
                    let mut next = progress;
                    if operator {
                        next.op = Some(self.ops[v as usize]);
                    }
                    if extras {
                        next.extras = v as usize;
                    }
                    if next.op.is_some_and(|op| !self.fits(op, made, next.extras)) {
                        continue;
                    }
                    prefix.push(v);
                    self.descend(prefix, next, walk, leaf);
                    prefix.pop();
                }
            }
            Err(e) => panic!("the generator runs on legal draws: {e}"),
        }
    }

    /// Whether a node of `op` can keep the model within the bounds, given the graph
    /// inputs the step has `made` and the `extras` inputs it has drawn: the node adds those
    /// inputs, its constants and an output at least, and an edge per input and output. Its
    /// first operand is one tensor more on the first step (the first tensor or a new
    /// input); on a later step it can be the first tensor, unused so far, which this
    /// bound does not count.
    fn fits(&self, op: &str, made: usize, extras: usize) -> bool {
        let constants = dl_shapes::constant_inputs(op).len();
        let inputs = dl_shapes::input_count(op).0;
        let operands = if self.base == (0, 0) {
            made.max(1)
        } else {
            self.base.0 + made
        };
        (operands + constants + 1, self.base.1 + inputs + extras + 1) <= self.bounds.size
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
/// `lo..=hi`, made by the line `code` (the module docs say why).
fn values(code: &str, at: usize, lo: u64, hi: u64, bounds: &Bounds) -> Vec<u64> {
    let all = hi - lo + 1;
    if code.contains("< 95_000") {
        // Reuse a tensor of the pool, or make a new input.
        vec![0, 95_000]
    } else if code.contains("random_range(0..30) > 0") {
        // The uniform order, among whose orders are those that put the newest first.
        vec![0]
    } else if code.contains(") > 0") {
        // A test of a draw against 0: two outcomes.
        (0..all.min(2)).collect()
    } else if code.contains(EXTRAS_DRAW) {
        (0..all.min(bounds.extras + 1)).collect()
    } else if code.contains("let index_rank") {
        // The rank of a `Gather`'s indices, bounded as an input's.
        (0..all.min(bounds.rank)).collect()
    } else if (at, lo, hi) == (1, 1, 5) {
        // The first tensor's rank.
        (0..all.min(bounds.rank)).collect()
    } else if (lo, hi) == (1, 5) {
        (0..all.min(bounds.dims)).collect()
    } else {
        (0..all).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_is_read_from_the_message() {
        let why = "the draws ran out at random_range(0..=62) @ greduce-domains/src/dl.rs:464:22";
        assert_eq!(next_range(why), Some((0, 62)));
        assert_eq!(next_range("the recorded value is not legal"), None);
    }

    #[test]
    fn two_steps_of_one_unary_operator_are_every_chain_and_pair() {
        let bounds = Bounds {
            steps: 2,
            size: (4, 4),
            rank: 2,
            dims: 2,
            extras: 8,
            max_draws: 64,
        };
        let counts = Mutex::new((0, 0));
        let walk = each_model(&["Abs"], &bounds, |m| {
            let inputs = crate::hunt_tract::listing(m).matches("input ").count();
            let mut counts = lock(&counts);
            counts.0 += 1;
            if m.nodes.len() == 2 && inputs == 1 {
                counts.1 += 1;
            }
        });
        let (all, one_input) = counts.into_inner().unwrap();
        // Each step reads a tensor of the pool (the first input and the outputs so far)
        // or a new input; either of rank 1 or 2 and dimensions 1 or 2 (6 shapes). An
        // input no node reads is not part of the model. One step: `Abs` of an input of
        // each shape (6). Two steps on one input: `Abs(x), Abs(x)` (6) and the chain
        // `Abs(Abs(x))` (6). On two inputs: the first node reads the first input and the
        // second a new one (6 x 6), or the other way round (6 x 6).
        assert_eq!(one_input, 6 + 6);
        assert_eq!(all, 6 + 6 + 6 + 6 * 6 + 6 * 6);
        assert_eq!((walk.models, walk.cut), (all, 0));
    }

    /// The fingerprints of the models of `ops` within `bounds` and of at most `size`.
    fn models_up_to(ops: &[&'static str], bounds: &Bounds, size: (usize, usize)) -> HashSet<u64> {
        let found = Mutex::new(HashSet::new());
        each_model(ops, bounds, |m| {
            if m.size() <= size {
                lock(&found).insert(fingerprint(m));
            }
        });
        found.into_inner().unwrap()
    }

    /// Operators with constants (`Pad`, `Expand`), a second operand (`Add`), extra inputs
    /// (`Sum`, `Concat`) and indices (`Gather`).
    const MIXED: [&str; 7] = ["Abs", "Add", "Concat", "Expand", "Gather", "Pad", "Sum"];

    /// Two steps of [`MIXED`] up to `size`, inputs of rank 1, at most one extra input.
    fn mixed(size: (usize, usize)) -> Bounds {
        Bounds {
            steps: 2,
            size,
            rank: 1,
            dims: 2,
            extras: 1,
            max_draws: 64,
        }
    }

    /// Leaving out the subtrees that cannot fit the size loses no model: a search with
    /// more room finds no other model of the size, on [`MIXED`].
    #[test]
    fn the_size_bound_leaves_out_no_model_that_fits() {
        let tight = models_up_to(&MIXED, &mixed((4, 5)), (4, 5));
        let roomy = models_up_to(&MIXED, &mixed((5, 7)), (4, 5));
        assert!(tight.len() > 500, "{}", tight.len());
        assert_eq!(tight, roomy);
    }

    /// Models that leave the same pool share one walk of the next step and find what
    /// their own walks find, with fewer runs; the reports end each level with every walk
    /// done and end the whole with the walk returned.
    #[test]
    fn models_that_leave_the_same_pool_share_a_walk() {
        let (ops, bounds) = (MIXED, mixed((4, 5)));
        let found = |share| {
            let found = Mutex::new(HashSet::new());
            let reports = Mutex::new(Vec::new());
            let walk = walk_levels(
                &ops,
                &bounds,
                &|m| {
                    lock(&found).insert(fingerprint(m));
                },
                &|r| lock(&reports).push(*r),
                share,
            );
            let reports = reports.into_inner().unwrap();
            for steps in 1..=2 {
                let level = reports.iter().filter(|r| r.steps == steps);
                let end = level.max_by_key(|r| r.done).unwrap();
                assert_eq!(end.done, end.walks);
            }
            let end = reports.iter().find(|r| r.steps == 2 && r.done == r.walks);
            assert_eq!(end.map(|r| r.walk), Some(walk));
            (walk, found.into_inner().unwrap())
        };
        let (shared, shared_models) = found(true);
        let (own, own_models) = found(false);
        assert!(shared_models.len() > 500, "{}", shared_models.len());
        let missed = own_models.difference(&shared_models).count();
        let more = shared_models.difference(&own_models).count();
        assert_eq!((missed, more), (0, 0));
        assert_eq!(shared.models, own.models);
        assert!(shared.replays * 2 < own.replays, "{shared:?} {own:?}");
    }
}
