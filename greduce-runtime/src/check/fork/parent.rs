//! The parent's side of fork mode: it writes a job, runs the test binary again on the
//! running test as a child, waits for it within the timeout, and reads how the property
//! ended (or how the child did).

use super::protocol::{
    GENERATOR, Input, JOB, NOT_STARTED, RESULT, generated_path, job_text, read_result, started_path,
};
use crate::check::harness::running_test;
use crate::config::Config;
use crate::property::case::{At, CaseEnd, Failure};
use std::path::PathBuf;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long a child may take to start (load the test binary, reach the job) before its
/// timeout starts counting.
const STARTUP: Duration = Duration::from_secs(30);

/// Fork mode: the test to run in child processes, and the time limit of each.
pub(crate) struct Fork {
    test: String,
    /// Which check of the test, for the child ([`check_id`](super::protocol::check_id)).
    check: String,
    timeout: Option<Duration>,
}

impl Fork {
    /// Fork mode for check `id` of test `test`, with `config`'s timeout.
    pub(crate) fn new(test: String, id: &str, config: &Config) -> Fork {
        Fork {
            test,
            check: id.to_string(),
            timeout: config.timeout,
        }
    }

    /// Runs `which` in a child process (see [`run_child`]).
    pub(crate) fn check(&self, which: &Input<'_>, loud: bool) -> (CaseEnd, Vec<String>) {
        run_child(&self.test, &self.check, which, loud, self.timeout)
    }
}

/// The test that fork-mode children run: the running test, by the name libtest gives its
/// thread.
pub(crate) fn fork_test(body: bool) -> Result<String, &'static str> {
    if body {
        return Err(
            "fork mode does not run `#[greduce::test]` bodies in a child process yet (the \
             body generates and checks in one function, in this process); write the test \
             with `greduce::check`, whose generator runs here and property in a child",
        );
    }
    running_test().ok_or(
        "fork mode needs the check to run in a `cargo test` test: each property call runs \
         the test binary again on the test, found by its name",
    )
}

/// Files for one child, removed when dropped.
struct Files {
    job: PathBuf,
    result: PathBuf,
}

impl Files {
    /// Named by hand (`greduce-fork-<pid>-<n>`) rather than with `tempfile`, for the reasons
    /// given at the regressions file's atomic save (`persist/file.rs`): the sweep below
    /// reads the pid from the name, and no dependency joins users' builds.
    fn new() -> Files {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        static SWEPT: std::sync::Once = std::sync::Once::new();
        // Files of a parent that was killed stay behind: the first child of each process
        // removes those whose process has ended.
        SWEPT.call_once(|| {
            crate::persist::liveness::sweep(&std::env::temp_dir(), |name| {
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
fn run_child(
    test: &str,
    check: &str,
    input: &Input<'_>,
    loud: bool,
    timeout: Option<Duration>,
) -> (CaseEnd, Vec<String>) {
    let files = Files::new();
    let job = job_text(check, loud, input);
    if let Err(e) = std::fs::write(&files.job, job) {
        return crashed(&format!("cannot write the fork job: {e}"));
    }
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => return crashed(&format!("cannot find the test binary: {e}")),
    };
    let output = || if loud { Stdio::piped() } else { Stdio::null() };
    let child = Command::new(exe)
        // `--include-ignored`: an `#[ignore]`d test run with `--ignored` runs in its child too.
        .args([
            test,
            "--exact",
            "--include-ignored",
            "--nocapture",
            "--test-threads=1",
            "-q",
        ])
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
        // Never reached the job: the test binary did not run this test (it has another
        // name there, or the child's harness filtered it out) or died loading. Not a
        // failure of the property: with nothing to shrink, the check stops on it (a
        // property "failure" here would make this process record the generator itself,
        // which fork mode is there to avoid).
        None if !started_path(&files.result).exists() => {
            let failure = Failure {
                at: At::Process,
                message: format!(
                    "{NOT_STARTED}: it {} (does the test binary run the test `{test}` by \
                     that name?)",
                    describe(status)
                ),
            };
            (CaseEnd::Failed(failure), Vec::new())
        }
        // Started, but the generator never finished: its fault, not the property's.
        None if !generated_path(&files.result).exists() => generator_crashed(&describe(status)),
        None => crashed(&describe(status)),
    }
}

/// Waits for `child` to exit, within `timeout` of its job (not of its start-up or exit):
/// its exit status, or how it ended when it had to be killed.
///
/// A polling loop rather than `wait-timeout`: the loop has to look at the child's marker
/// files anyway (started, finished: the timeout counts the job, not the start-up), so
/// `wait_timeout(step)` would only replace the sleep, and it would bring `libc` into every
/// user's build. The sleep starts short (most children are done within milliseconds).
fn wait(
    child: &mut std::process::Child,
    files: &Files,
    timeout: Option<Duration>,
) -> Result<ExitStatus, (CaseEnd, Vec<String>)> {
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
                    (CaseEnd::Failed(failure), Vec::new())
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

/// A child whose generator crashed or timed out before the property ran.
fn generator_crashed(what: &str) -> (CaseEnd, Vec<String>) {
    let failure = Failure {
        at: At::Process,
        message: format!("{GENERATOR}{what} in a child process, before the property ran"),
    };
    (CaseEnd::Failed(failure), Vec::new())
}

fn crashed(what: &str) -> (CaseEnd, Vec<String>) {
    let failure = Failure {
        at: At::Process,
        message: format!("{}{what}", crate::persist::file::CRASHED),
    };
    (CaseEnd::Failed(failure), Vec::new())
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
