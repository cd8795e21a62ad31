//! Fork mode: each property call runs in a child process, so a crash (`abort()`, a stack
//! overflow, a segfault in unsafe or FFI code) or a hang (with a timeout) is a failure
//! that shrinks like a panic, instead of the end of the test run.
//!
//! The child is the test binary itself, run again on this one test (`<name> --exact`)
//! with a job file naming the input: the seed of a case (the child generates it) or the
//! trace of a shrink candidate (the child replays it). The child runs the generator and the
//! property once, writes what happened to a result file and exits; no result file means it
//! crashed.

use super::case::{At, Failure, Outcome};
use crate::align::Strategy;
use crate::edit::Edit;
use crate::trace::Trace;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::panic::Location;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long a child may take to start (load the test binary, reach the job) before its
/// timeout starts counting.
const STARTUP: Duration = Duration::from_secs(30);

/// The variable that makes a test process a fork-mode child: the job file's path.
pub(crate) const JOB: &str = "GREDUCE_FORK_JOB";
/// The result file's path, in a child.
pub(crate) const RESULT: &str = "GREDUCE_FORK_RESULT";

/// The input a child checks.
pub(crate) enum Input<'a> {
    /// The case with this seed.
    Seed(u64),
    /// The run with this trace.
    Trace(&'a Trace),
    /// A shrink candidate: `base` with `edit`, replayed with `strategy` within `budget`
    /// decisions, as the reducer replays it.
    Edit {
        base: &'a Trace,
        edit: &'a Edit,
        strategy: Strategy,
        budget: u64,
    },
}

/// A job a child read.
pub(crate) struct Job {
    /// The check it is for ([`check_id`]).
    pub(crate) check: String,
    /// Whether the child's output shows.
    pub(crate) loud: bool,
    pub(crate) input: JobInput,
}

/// The input of a job.
pub(crate) enum JobInput {
    Seed(u64),
    Trace(Trace),
    Edit {
        base: Trace,
        edit: Edit,
        strategy: Strategy,
        budget: u64,
    },
}

thread_local! {
    /// How many checks started at each call site on this thread.
    static STARTED: RefCell<HashMap<String, u32>> = RefCell::new(HashMap::new());
}

/// Names the check starting now at `site` within the running test: the call site and how
/// many checks started there before on this thread. A child runs the test from its start,
/// so the check a job is for gets the same name in the child.
pub(crate) fn check_id(site: &Location<'_>) -> String {
    let site = site.to_string();
    let n = STARTED.with(|started| {
        let mut started = started.borrow_mut();
        let n = started.entry(site.clone()).or_insert(0);
        *n += 1;
        *n
    });
    format!("{site}#{n}")
}

/// In a fork-mode child: the job.
pub(crate) fn child_job() -> Option<Result<Job, String>> {
    let path = std::env::var_os(JOB)?;
    Some(read_job(Path::new(&path)))
}

fn read_job(path: &Path) -> Result<Job, String> {
    let bad = || format!("bad fork job {}", path.display());
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the fork job {}: {e}", path.display()))?;
    let mut lines = text.splitn(4, '\n');
    let check = lines
        .next()
        .and_then(|l| l.strip_prefix("check "))
        .ok_or_else(bad)?;
    let loud = match lines.next() {
        Some("loud") => true,
        Some("quiet") => false,
        _ => return Err(bad()),
    };
    let input = match lines.next() {
        Some("trace") => {
            let trace = Trace::parse(lines.next().unwrap_or("")).map_err(|e| e.to_string())?;
            JobInput::Trace(trace)
        }
        Some(line) if line.starts_with("edit ") => {
            let mut words = line.split(' ').skip(1);
            let strategy = match words.next() {
                Some("halt") => Strategy::Halt,
                Some("bypass") => Strategy::Bypass,
                Some("realign") => Strategy::Realign,
                _ => return Err(bad()),
            };
            let budget = words.next().and_then(|b| b.parse().ok()).ok_or_else(bad)?;
            let rest = lines.next().unwrap_or("");
            let (edit, base) = rest.split_once("---\n").ok_or_else(bad)?;
            JobInput::Edit {
                base: Trace::parse(base).map_err(|e| e.to_string())?,
                edit: Edit::parse(edit)?,
                strategy,
                budget,
            }
        }
        Some(line) => {
            let seed = line.strip_prefix("seed ").ok_or_else(bad)?;
            JobInput::Seed(crate::check::parse_seed("seed", seed).map_err(|e| e.to_string())?)
        }
        None => return Err(bad()),
    };
    Ok(Job {
        check: check.to_string(),
        loud,
        input,
    })
}

/// In a child: tells the parent that the job starts now (the test binary has started and
/// found it), so that a timeout counts the job and not the process's start-up.
pub(crate) fn mark_started() {
    if let Some(path) = std::env::var_os(RESULT) {
        let _ = std::fs::write(started_path(Path::new(&path)), "");
    }
}

/// The file a child creates when its job starts.
fn started_path(result: &Path) -> PathBuf {
    result.with_extension("started")
}

/// In a child: tells the parent that the generator has made the input (what ends the
/// child after this is the property's doing).
pub(crate) fn mark_generated() {
    if let Some(path) = std::env::var_os(RESULT) {
        let _ = std::fs::write(generated_path(Path::new(&path)), "");
    }
}

/// The file a child creates when the generator has made the input.
fn generated_path(result: &Path) -> PathBuf {
    result.with_extension("generated")
}

/// How the failure of a child whose generator never finished begins.
const GENERATOR: &str = "the generator ";

/// How the result of a child whose replay produced no input begins.
const REPLAY_FAILED: &str = "the child process could not replay the input";

/// In a child: the result for a replay that produced no input (it stopped on purpose, or
/// the generator panicked).
pub(crate) fn replay_failed(why: &str) -> Outcome {
    Outcome::Failed(Failure::returned(format!("{REPLAY_FAILED}: {why}")))
}

/// Whether `failure` is a child's replay that produced no input.
pub(crate) fn is_replay_failure(failure: &Failure) -> bool {
    failure.at == At::Returned && failure.message.starts_with(REPLAY_FAILED)
}

/// How the failure of a child that never reached its job begins.
const NOT_STARTED: &str = "the child process did not start the job";

/// Whether `failure` ended a child before its property ran: its generator crashed or timed
/// out, or the child never reached the job. Not a failure of the property to shrink.
pub(crate) fn before_property(failure: &Failure) -> bool {
    failure.at == At::Process
        && (failure.message.starts_with(GENERATOR) || failure.message.starts_with(NOT_STARTED))
}

/// In a child: writes how the property ended.
pub(crate) fn write_result(outcome: &Outcome, notes: &[String]) {
    if let Some(path) = std::env::var_os(RESULT) {
        // If this fails the parent sees no result, and reports the child as crashed.
        let _ = std::fs::write(path, result_text(outcome, notes));
    }
}

fn result_text(outcome: &Outcome, notes: &[String]) -> String {
    let mut out = String::new();
    match outcome {
        Outcome::Passed => out.push_str("passed\n"),
        Outcome::Rejected(site) => {
            let _ = writeln!(out, "rejected\n{}", escape(site));
        }
        Outcome::Failed(f) => {
            let location = match &f.at {
                At::Panic(at) => escape(at),
                At::Returned => "-".to_string(),
                At::Process => "=".to_string(),
            };
            let _ = writeln!(out, "failed\n{location}\n{}", escape(&f.message));
        }
    }
    for note in notes {
        out.push_str(&escape(note));
        out.push('\n');
    }
    out
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\n', "\\n")
}

fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some('n')) => {
                out.push('\n');
                chars.next();
            }
            ('\\', Some('\\')) => {
                out.push('\\');
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

fn read_result(text: &str) -> Option<(Outcome, Vec<String>)> {
    let mut lines = text.lines();
    let outcome = match lines.next()? {
        "passed" => Outcome::Passed,
        "rejected" => Outcome::Rejected(unescape(lines.next()?)),
        "failed" => {
            let location = unescape(lines.next()?);
            let message = unescape(lines.next()?);
            let at = match location.as_str() {
                "-" => At::Returned,
                "=" => At::Process,
                _ => At::Panic(location),
            };
            Outcome::Failed(Failure { at, message })
        }
        _ => return None,
    };
    Some((outcome, lines.map(unescape).collect()))
}

/// Files for one child, removed when dropped.
struct Files {
    job: PathBuf,
    result: PathBuf,
}

impl Files {
    fn new() -> Files {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        static SWEPT: std::sync::Once = std::sync::Once::new();
        // Files of a parent that was killed stay behind: the first child of each process
        // removes those whose process has ended.
        SWEPT.call_once(|| {
            crate::liveness::sweep(&std::env::temp_dir(), |name| {
                let rest = name.strip_prefix("greduce-fork-")?;
                rest.split_once('-')?.0.parse().ok()
            });
        });
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let base = std::env::temp_dir().join(format!("greduce-fork-{}-{n}", std::process::id()));
        Files {
            job: base.with_extension("job"),
            result: base.with_extension("result"),
        }
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.job);
        let _ = std::fs::remove_file(&self.result);
        let _ = std::fs::remove_file(started_path(&self.result));
        let _ = std::fs::remove_file(generated_path(&self.result));
    }
}

/// Runs the property on `input` in a child process running test `test`. `loud`: the
/// child's output shows (the final run of the minimal case); otherwise it is discarded.
pub(crate) fn check(
    test: &str,
    check: &str,
    input: &Input<'_>,
    loud: bool,
    timeout: Option<Duration>,
) -> (Outcome, Vec<String>) {
    let files = Files::new();
    let mut job = format!("check {check}\n{}\n", if loud { "loud" } else { "quiet" });
    match input {
        Input::Seed(seed) => {
            let _ = writeln!(job, "seed {seed:#x}");
        }
        Input::Trace(trace) => {
            job.push_str("trace\n");
            job.push_str(&trace.to_text());
        }
        Input::Edit {
            base,
            edit,
            strategy,
            budget,
        } => {
            let strategy = match strategy {
                Strategy::Halt => "halt",
                Strategy::Bypass => "bypass",
                Strategy::Realign => "realign",
            };
            let _ = writeln!(job, "edit {strategy} {budget}");
            job.push_str(&edit.to_text());
            job.push_str("---\n");
            job.push_str(&base.to_text());
        }
    }
    if let Err(e) = std::fs::write(&files.job, job) {
        return crashed(&format!("cannot write the fork job: {e}"));
    }
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => return crashed(&format!("cannot find the test binary: {e}")),
    };
    let output = || if loud { Stdio::piped() } else { Stdio::null() };
    let child = Command::new(exe)
        .args([test, "--exact", "--nocapture", "--test-threads=1", "-q"])
        .env(JOB, &files.job)
        .env(RESULT, &files.result)
        .stdin(Stdio::null())
        .stdout(output())
        .stderr(output())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => return crashed(&format!("cannot start the test binary: {e}")),
    };
    // Read the loud child's output as it comes (a full pipe would block it).
    let readers = [
        child
            .stdout
            .take()
            .map(|out| std::thread::spawn(move || drain(out))),
        child
            .stderr
            .take()
            .map(|err| std::thread::spawn(move || drain(err))),
    ];
    let status = match wait(&mut child, &files, timeout) {
        Ok(status) => status,
        Err(ended) => return ended,
    };
    let [out, err] = readers.map(|r| r.and_then(|r| r.join().ok()).unwrap_or_default());
    show_child_output(&out, &err);
    match std::fs::read_to_string(&files.result)
        .ok()
        .and_then(|text| read_result(&text))
    {
        Some(result) => result,
        // Started, but the generator never finished: its fault, not the property's.
        None if started_path(&files.result).exists() && !generated_path(&files.result).exists() => {
            generator_crashed(&describe(status))
        }
        None => crashed(&describe(status)),
    }
}

/// Waits for `child` to exit, within `timeout` of its job (not of its start-up or exit):
/// its exit status, or how it ended when it had to be killed.
fn wait(
    child: &mut std::process::Child,
    files: &Files,
    timeout: Option<Duration>,
) -> Result<ExitStatus, (Outcome, Vec<String>)> {
    let spawned = Instant::now();
    let started_file = started_path(&files.result);
    // When the job started in the child: the timeout counts from there, not from the
    // process's start-up.
    let mut started: Option<Instant> = None;
    // When the child's result appeared: the job is done, only the process's exit is left.
    let mut finished: Option<Instant> = None;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) => {}
            Err(e) => return Err(crashed(&format!("cannot wait for the child process: {e}"))),
        }
        if let Some(limit) = timeout {
            if started.is_none() && started_file.exists() {
                started = Some(Instant::now());
            }
            if finished.is_none() && files.result.exists() {
                finished = Some(Instant::now());
            }
            // A child whose result is written has finished the job: what is left is the
            // process's own exit, which the timeout does not count either.
            let over = match (finished, started) {
                (Some(at), _) => at.elapsed() >= STARTUP,
                (None, Some(at)) => at.elapsed() >= limit,
                (None, None) => spawned.elapsed() >= limit.saturating_add(STARTUP),
            };
            if over {
                let _ = child.kill();
                let status = child.wait();
                let what = format!("timed out after {limit:?}");
                if finished.is_some() {
                    // The job is done but the process did not exit: its result stands.
                    match status {
                        Ok(status) => return Ok(status),
                        Err(e) => return Err(crashed(&format!("cannot wait for the child: {e}"))),
                    }
                }
                return Err(if started.is_none() {
                    let failure = Failure {
                        at: At::Process,
                        message: format!("{NOT_STARTED} within {STARTUP:?}"),
                    };
                    (Outcome::Failed(failure), Vec::new())
                } else if generated_path(&files.result).exists() {
                    crashed(&what)
                } else {
                    generator_crashed(&what)
                });
            }
        }
        // Short sleeps first: most children are done within milliseconds.
        let waited = spawned.elapsed();
        std::thread::sleep(
            (waited / 8).clamp(Duration::from_micros(200), Duration::from_millis(20)),
        );
    }
}

fn drain(mut from: impl std::io::Read) -> String {
    let mut bytes = Vec::new();
    let _ = from.read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Shows what the child printed, as if this process had printed it (so the test harness
/// captures it with the test's own output), without the child's harness lines.
fn show_child_output(out: &str, err: &str) {
    let harness = |line: &str| {
        line.is_empty() || line.starts_with("running 1 test") || line.starts_with("test result:")
    };
    for line in out.lines().filter(|l| !harness(l)) {
        println!("{line}");
    }
    for line in err.lines() {
        eprintln!("{line}");
    }
}

/// In a child: the result for a generator that panicked (a fault of the generator, not a
/// failure of the property).
pub(crate) fn generator_panicked(failure: &Failure) -> Outcome {
    Outcome::Failed(Failure {
        at: At::Process,
        message: format!(
            "{GENERATOR}panicked in a child process, before the property ran: {}",
            failure.one_line()
        ),
    })
}

/// A child whose generator crashed or timed out before the property ran.
fn generator_crashed(what: &str) -> (Outcome, Vec<String>) {
    let failure = Failure {
        at: At::Process,
        message: format!("{GENERATOR}{what} in a child process, before the property ran"),
    };
    (Outcome::Failed(failure), Vec::new())
}

fn crashed(what: &str) -> (Outcome, Vec<String>) {
    let failure = Failure {
        at: At::Process,
        message: format!("{}{what}", crate::persist::file::CRASHED),
    };
    (Outcome::Failed(failure), Vec::new())
}

/// How a child that wrote no result ended.
fn describe(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt as _;
        if let Some(signal) = status.signal() {
            let name = match signal {
                4 => " (SIGILL)",
                6 => " (SIGABRT: abort, or a stack overflow)",
                7 => " (SIGBUS)",
                8 => " (SIGFPE)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV: invalid memory access)",
                _ => "",
            };
            return format!("crashed: killed by signal {signal}{name}");
        }
    }
    match status.code() {
        Some(code) => format!("exited with code {code} without finishing the property"),
        None => format!("crashed: {status}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_round_trip() {
        let cases = [
            (Outcome::Passed, vec![]),
            (
                Outcome::Rejected("x.rs:3:4".into()),
                vec!["a note".to_string()],
            ),
            (
                Outcome::Failed(Failure {
                    at: At::Panic("a.rs:1:2".into()),
                    message: "two\nlines \\n".into(),
                }),
                vec!["note\none".to_string(), "\\".to_string()],
            ),
            (Outcome::Failed(Failure::returned("Err(1)".into())), vec![]),
            (
                Outcome::Failed(Failure {
                    at: At::Process,
                    message: "crashed".into(),
                }),
                vec![],
            ),
        ];
        for (outcome, notes) in cases {
            let text = result_text(&outcome, &notes);
            assert_eq!(read_result(&text), Some((outcome, notes)), "{text}");
        }
        assert_eq!(read_result("garbage"), None);
    }
}
