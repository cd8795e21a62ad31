//! The harness the hunts share (`hunt petgraph`, `hunt tract`, `hunt js`): a property run on
//! seeded cases with greduce's [`Check`], the smallest failing size seen, the summary table,
//! and the catching of the panics of the libraries under test.

use greduce::{Check, Exhaust, SameFailure};
use rand::rngs::StdRng;
use std::cell::{Cell, RefCell};
use std::fmt::{Debug, Write as _};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

/// One property's result.
#[derive(Clone, Debug)]
pub struct Row {
    /// What was checked (the algorithm and the graphs it ran on, or the runtime's check).
    pub name: String,
    /// Cases run.
    pub cases: u64,
    /// The report, when the property failed.
    pub report: Option<String>,
    /// The smallest failing input's size (a graph's `(vertices, edges)`, a model's
    /// `(tensors, edges)`).
    pub minimal: Option<(usize, usize)>,
    /// Property calls, generation and shrinking together.
    pub calls: u64,
    /// Seconds.
    pub secs: f64,
}

/// Runs `property` on `cases` inputs from `generate` (seeded), measuring inputs by `size`;
/// a failure is shrunk, then searched below with `exhaust` when given
/// (`GREDUCE_EXHAUST` overrides it).
pub(crate) fn hunt<T: Debug + 'static>(
    name: &str,
    cases: u64,
    seed: u64,
    generate: impl FnMut(&mut StdRng) -> T,
    size: fn(&T) -> (usize, usize),
    property: impl Fn(&T) -> Result<(), String>,
    exhaust: Option<Exhaust>,
) -> Row {
    let calls = Cell::new(0u64);
    // The size of the input under test until it passes (a panic leaves it there).
    let pending: Cell<Option<(usize, usize)>> = Cell::new(None);
    let minimal: RefCell<Option<(usize, usize)>> = RefCell::new(None);
    let failed = |s: (usize, usize)| {
        let mut m = minimal.borrow_mut();
        if m.is_none_or(|m| s < m) {
            *m = Some(s);
        }
    };
    let start = Instant::now();
    let mut check = Check::new(generate);
    if let Some(bounds) = exhaust {
        check = check.exhaust(bounds);
    }
    let result = check
        .name(name)
        .cases(cases)
        .seed(seed)
        .persist(false)
        .print_progress(false)
        // The hunts' properties return `Err(String)` for every bug they check, each message
        // starting with words that name its bug: `Similar` keeps the bugs of one property
        // apart while shrinking, as it did when the hunts were written (the default tells
        // `Err(String)`s apart by nothing but their kind).
        .same_failure(SameFailure::Similar)
        .size(size)
        .try_check(|input: &T| {
            if let Some(s) = pending.take() {
                failed(s);
            }
            calls.set(calls.get() + 1);
            pending.set(Some(size(input)));
            let out = property(input);
            let s = pending.take();
            if out.is_err()
                && let Some(s) = s
            {
                failed(s);
            }
            out
        });
    if let Some(s) = pending.take() {
        failed(s);
    }
    let report = result.err().map(|r| r.to_string());
    // The size the report shows (the smallest failure of the same kind), else the smallest
    // failing call seen.
    let minimal = report
        .as_deref()
        .map(|r| reported_size(r).or(*minimal.borrow()))
        .unwrap_or_default();
    Row {
        name: name.to_string(),
        cases,
        report,
        minimal,
        calls: calls.get(),
        secs: start.elapsed().as_secs_f64(),
    }
}

/// The `(a, b)` size in a report's "minimal failing input (size (v, e), ...".
fn reported_size(report: &str) -> Option<(usize, usize)> {
    let rest = report.split("minimal failing input (size (").nth(1)?;
    let (v, rest) = rest.split_once(", ")?;
    let (e, _) = rest.split_once(')')?;
    Some((v.parse().ok()?, e.parse().ok()?))
}

/// The summary table (Markdown), headed by `what` (the first column) and `size` (what a
/// size counts), then each failure's report.
pub(crate) fn table(rows: &[Row], what: &str, size: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| {what} | cases | failures | minimal size ({size}) | property calls | time (s) |\n\
         |---|---:|---:|---|---:|---:|"
    );
    for r in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {:.3} |",
            r.name,
            r.cases,
            u8::from(r.report.is_some()),
            r.minimal
                .map_or("-".to_string(), |(v, e)| format!("({v}, {e})")),
            r.calls,
            r.secs
        );
    }
    for r in rows {
        if let Some(report) = &r.report {
            let _ = writeln!(out, "\n### {}\n\n```text\n{report}\n```", r.name);
        }
    }
    out
}

/// A proptest runner for the comparisons with proptest: at most `cases` cases, seeded with
/// `seed`, without failure persistence; other settings proptest's defaults.
pub(crate) fn proptest_runner(cases: u32, seed: u8) -> proptest::test_runner::TestRunner {
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    TestRunner::new_with_rng(
        config,
        TestRng::from_seed(RngAlgorithm::ChaCha, &[seed; 32]),
    )
}

thread_local! {
    /// How many [`guarded`] calls this thread is inside: their panics are caught and become
    /// errors, so [`silenced`] does not print them.
    static GUARDED: Cell<u32> = const { Cell::new(0) };
}

/// Runs `f`, turning a panic into an error with its message.
pub(crate) fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    GUARDED.with(|g| g.set(g.get() + 1));
    let caught = catch_unwind(AssertUnwindSafe(f));
    GUARDED.with(|g| g.set(g.get() - 1));
    caught.map_err(|payload| {
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_string()))
            .unwrap_or_default();
        format!("panicked: {message}")
    })
}

/// Runs `f` with a panic hook that prints only the panics [`guarded`] does not catch (the
/// checks catch the libraries' panics; printing each, with a backtrace under
/// `RUST_BACKTRACE`, costs more than the check), then puts the previous hook back.
pub(crate) fn silenced<T>(f: impl FnOnce() -> T) -> T {
    let previous: std::sync::Arc<dyn Fn(&std::panic::PanicHookInfo<'_>) + Send + Sync> =
        std::sync::Arc::from(std::panic::take_hook());
    let printing = std::sync::Arc::clone(&previous);
    std::panic::set_hook(Box::new(move |info| {
        if GUARDED.with(Cell::get) == 0 {
            printing(info);
        }
    }));
    let out = f();
    drop(std::panic::take_hook());
    std::panic::set_hook(Box::new(move |info| previous(info)));
    out
}

/// A failure's message as a signature's words: its first 72 characters, digits masked, so
/// that one bug on other shapes or values counts once.
#[must_use]
pub(crate) fn masked(message: &str) -> String {
    message
        .chars()
        .take(72)
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .collect()
}
