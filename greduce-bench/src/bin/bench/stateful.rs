//! The stateful example (`examples/state_machine/`: an LRU cache with a bug, tested
//! against a model) run by greduce and, written the proptest-state-machine way, by
//! proptest, from the same seeds: what each reports as the minimal steps, and how many
//! property calls and how long shrinking took.
//!
//! ```text
//! cargo run --release -p greduce-bench -- stateful 100
//! ```
//!
//! Both draw up to 39 steps (proptest-state-machine needs at least one) with the same
//! operations and preconditions, and check the same things after every step. Calls are
//! property calls from the first failure, included; time runs from the first failure to
//! the report.

#[path = "../../../../examples/state_machine/main.rs"]
#[allow(dead_code)] // its `main`
mod example;

use example::lru::{Cache, LruCache, Model};
use example::{CAPACITY, Op, apply};
use greduce::Steps;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, RngAlgorithm, TestError, TestRng, TestRunner};
use proptest_state_machine::{ReferenceStateMachine, StateMachineTest};
use std::cell::Cell;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::time::{Duration, Instant};

/// The reference state machine: the model, and the operations it allows next.
struct CacheModel;

impl ReferenceStateMachine for CacheModel {
    type State = Model;
    type Transition = Op;

    fn init_state() -> BoxedStrategy<Model> {
        Just(Model::new(CAPACITY)).boxed()
    }

    fn transitions(model: &Model) -> BoxedStrategy<Op> {
        let new_key = model.free_key();
        let put_new = (0..100u32).prop_map(move |value| Op::Put(new_key, value));
        let held = model.keys();
        if held.is_empty() {
            return put_new.boxed();
        }
        prop_oneof![
            put_new,
            (select(held.clone()), 0..100u32).prop_map(|(key, value)| Op::Put(key, value)),
            select(held.clone()).prop_map(Op::Get),
            select(held).prop_map(Op::Remove),
        ]
        .boxed()
    }

    /// Checked again while shrinking: a removed step can leave a `Get` of a key that is
    /// no longer held.
    fn preconditions(model: &Model, op: &Op) -> bool {
        match *op {
            Op::Put(..) => true,
            Op::Get(key) | Op::Remove(key) => model.keys().contains(&key),
        }
    }

    fn apply(mut model: Model, op: &Op) -> Model {
        apply(&mut model, *op);
        model
    }
}

/// The test: the cache, checked against the model after every step.
struct CacheTest;

impl StateMachineTest for CacheTest {
    type SystemUnderTest = LruCache;
    type Reference = CacheModel;

    fn init_test(_: &Model) -> LruCache {
        LruCache::new(CAPACITY)
    }

    /// `model` is the model *after* `op`: a `Get` answers what it holds now, a `Remove`
    /// what the cache held before (equal to the model's, checked after the last step).
    fn apply(mut cache: LruCache, model: &Model, op: Op) -> LruCache {
        let held = |entries: Vec<(u32, u32)>, key| {
            entries.into_iter().find(|&(k, _)| k == key).map(|(_, v)| v)
        };
        let expected = match op {
            Op::Put(..) => None,
            Op::Get(key) => held(model.entries(), key),
            Op::Remove(key) => held(cache.entries(), key),
        };
        assert_eq!(apply(&mut cache, op), expected, "{op:?}: answer");
        cache
    }

    fn check_invariants(cache: &LruCache, model: &Model) {
        assert_eq!(cache.entries(), model.entries(), "entries");
    }
}

/// What one tool reported from one seed.
struct Ending {
    /// The minimal steps, one per line.
    shown: String,
    steps: usize,
    /// Steps of the first failing case.
    original: usize,
    calls: u64,
    time: Duration,
}

/// Counts property calls from the first failure (included) and times from there.
#[derive(Default)]
struct Meter {
    calls: Cell<u64>,
    first_failure: Cell<Option<Instant>>,
    original: Cell<usize>,
}

impl Meter {
    /// Runs one property call of an input of `steps` steps; whether it failed.
    fn call<T>(&self, steps: usize, property: impl FnOnce() -> T) -> std::thread::Result<T> {
        let result = catch_unwind(AssertUnwindSafe(property));
        if self.first_failure.get().is_some() {
            self.calls.set(self.calls.get() + 1);
        } else if result.is_err() {
            self.first_failure.set(Some(Instant::now()));
            self.original.set(steps);
            self.calls.set(1);
        }
        result
    }

    /// The ending, with the minimal steps as shown.
    fn ending(&self, shown: String, steps: usize) -> Ending {
        Ending {
            shown,
            steps,
            original: self.original.get(),
            calls: self.calls.get(),
            time: self
                .first_failure
                .get()
                .map_or(Duration::ZERO, |t| t.elapsed()),
        }
    }
}

/// greduce from `seed`, as the example runs it.
fn greduce(seed: u64) -> Option<Ending> {
    let meter = Meter::default();
    let report = example::check(seed)
        .print_progress(false)
        .try_check(|steps: &Steps<Op>| {
            let result = meter.call(steps.len(), || example::agrees_with_model(steps));
            if let Err(panic) = result {
                resume_unwind(panic);
            }
        })
        .err()?;
    let shown = report.input()?.to_string();
    let steps = shown.lines().count();
    Some(meter.ending(shown, steps))
}

/// proptest-state-machine from `seed`: up to 1000 cases, proptest's default shrinking.
fn proptest(seed: u64) -> Option<Ending> {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let config = Config {
        cases: 1000,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes));
    let meter = Meter::default();
    // proptest catches each panic; its message would print once per call.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = runner.run(
        &CacheModel::sequential_strategy(1..40),
        |(model, steps, seen)| {
            let result = meter.call(steps.len(), || {
                CacheTest::test_sequential(Config::default(), model, steps, seen);
            });
            result.map_err(|_| TestCaseError::fail("the cache and the model disagree"))
        },
    );
    std::panic::set_hook(hook);
    match result {
        Err(TestError::Fail(_, (_, minimal, _))) => {
            let steps: Steps<Op> = minimal.into_iter().collect();
            Some(meter.ending(format!("{steps:?}"), steps.len()))
        }
        _ => None,
    }
}

/// One tool, run from a seed.
type Tool = fn(u64) -> Option<Ending>;

/// The minimal steps every seed should end at.
const CANONICAL: &str = "1. Put(0, 0)\n2. Put(1, 0)\n3. Get(0)\n4. Put(2, 0)";

/// Both tools from seeds `0..seeds`: a Markdown table, then each tool's distinct finals.
pub(crate) fn table(seeds: u64) -> String {
    let mut out = String::from(
        "| tool | found | steps: mean / max (first failure: mean) | 4 steps (minimal) | the canonical 4 | distinct finals | calls mean / median / max | shrink time mean / max |\n|---|---|---|---|---|---|---|---|\n",
    );
    let mut finals = String::new();
    let tools: [(&str, Tool); 2] = [("greduce", greduce), ("proptest-state-machine", proptest)];
    for (tool, run) in tools {
        let endings: Vec<Ending> = (0..seeds).filter_map(run).collect();
        let n = endings.len().max(1) as f64;
        let mean = |f: &dyn Fn(&Ending) -> f64| endings.iter().map(f).sum::<f64>() / n;
        let mut calls: Vec<u64> = endings.iter().map(|e| e.calls).collect();
        calls.sort_unstable();
        let mut distinct: Vec<(&str, usize)> = Vec::new();
        for e in &endings {
            match distinct.iter_mut().find(|(shown, _)| *shown == e.shown) {
                Some((_, count)) => *count += 1,
                None => distinct.push((&e.shown, 1)),
            }
        }
        distinct.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let minimal = endings.iter().filter(|e| e.steps == 4).count();
        let canonical = endings.iter().filter(|e| e.shown == CANONICAL).count();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let _ = writeln!(
            out,
            "| {tool} | {}/{seeds} | {:.2} / {} ({:.1}) | {:.0} % | {:.0} % | {} | {:.1} / {} / {} | {:.2} ms / {:.2} ms |",
            endings.len(),
            mean(&|e| e.steps as f64),
            endings.iter().map(|e| e.steps).max().unwrap_or(0),
            mean(&|e| e.original as f64),
            100.0 * minimal as f64 / n,
            100.0 * canonical as f64 / n,
            distinct.len(),
            mean(&|e| e.calls as f64),
            calls.get(calls.len() / 2).copied().unwrap_or(0),
            calls.last().copied().unwrap_or(0),
            mean(&|e| ms(e.time)),
            endings.iter().map(|e| ms(e.time)).fold(0.0, f64::max),
        );
        let _ = writeln!(finals, "\n{tool}'s finals:");
        for (shown, count) in distinct {
            let _ = writeln!(finals, "\n{count} x\n{shown}");
        }
    }
    out + &finals
}
