//! What a fork-mode parent and its child exchange: the variables that name the job and
//! result files, the job's text (which input to check), the marker files of the child's
//! progress, and the result's text (how the property ended, with its notes).

use crate::config::Strategy;
use crate::property::case::{At, CaseEnd, Failure};
use crate::trace::Trace;
use crate::trace::edit::Edit;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::panic::Location;
use std::path::{Path, PathBuf};

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

/// The job file for `input`, of check `check`; `loud`: the child's output shows.
pub(crate) fn job_text(check: &str, loud: bool, input: &Input<'_>) -> String {
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
    job
}

pub(crate) fn read_job(path: &Path) -> Result<Job, String> {
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
            JobInput::Seed(
                crate::seed::parse(seed)
                    .ok_or_else(|| format!("bad seed `{seed}` in the job file"))?,
            )
        }
        None => return Err(bad()),
    };
    Ok(Job {
        check: check.to_string(),
        loud,
        input,
    })
}

/// The file a child creates when its job starts.
pub(crate) fn started_path(result: &Path) -> PathBuf {
    result.with_extension("started")
}

/// The file a child creates when the generator has made the input.
pub(crate) fn generated_path(result: &Path) -> PathBuf {
    result.with_extension("generated")
}

/// How the failure of a child whose generator never finished begins.
pub(crate) const GENERATOR: &str = "the generator ";

/// How the result of a child whose replay produced no input begins.
const REPLAY_FAILED: &str = "the child process could not replay the input";

/// In a child: the result for a replay that produced no input (it stopped on purpose, or
/// the generator panicked).
pub(crate) fn replay_failed(why: &str) -> CaseEnd {
    CaseEnd::Failed(Failure::returned(format!("{REPLAY_FAILED}: {why}")))
}

/// Whether `failure` is a child's replay that produced no input.
pub(crate) fn is_replay_failure(failure: &Failure) -> bool {
    failure.at == At::Returned && failure.message.starts_with(REPLAY_FAILED)
}

/// How the failure of a child that never reached its job begins.
pub(crate) const NOT_STARTED: &str = "the child process did not start the job";

/// Whether `failure` ended a child before its property ran: its generator crashed or timed
/// out, or the child never reached the job. Not a failure of the property to shrink.
pub(crate) fn before_property(failure: &Failure) -> bool {
    failure.at == At::Process
        && (failure.message.starts_with(GENERATOR) || failure.message.starts_with(NOT_STARTED))
}

/// In a child: the result for a generator that panicked (a fault of the generator, not a
/// failure of the property).
pub(crate) fn generator_panicked(failure: &Failure) -> CaseEnd {
    CaseEnd::Failed(Failure {
        at: At::Process,
        message: format!(
            "{GENERATOR}panicked in a child process, before the property ran: {}",
            failure.one_line()
        ),
    })
}

pub(crate) fn result_text(outcome: &CaseEnd, notes: &[String]) -> String {
    let mut out = String::new();
    match outcome {
        CaseEnd::Passed => out.push_str("passed\n"),
        CaseEnd::Unresolved(site) => {
            let _ = writeln!(out, "rejected\n{}", escape(site));
        }
        CaseEnd::Failed(f) => {
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

pub(crate) fn read_result(text: &str) -> Option<(CaseEnd, Vec<String>)> {
    let mut lines = text.lines();
    let outcome = match lines.next()? {
        "passed" => CaseEnd::Passed,
        "rejected" => CaseEnd::Unresolved(unescape(lines.next()?)),
        "failed" => {
            let location = unescape(lines.next()?);
            let message = unescape(lines.next()?);
            let at = match location.as_str() {
                "-" => At::Returned,
                "=" => At::Process,
                _ => At::Panic(location),
            };
            CaseEnd::Failed(Failure { at, message })
        }
        _ => return None,
    };
    Some((outcome, lines.map(unescape).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_round_trip() {
        let cases = [
            (CaseEnd::Passed, vec![]),
            (
                CaseEnd::Unresolved("x.rs:3:4".into()),
                vec!["a note".to_string()],
            ),
            (
                CaseEnd::Failed(Failure {
                    at: At::Panic("a.rs:1:2".into()),
                    message: "two\nlines \\n".into(),
                }),
                vec!["note\none".to_string(), "\\".to_string()],
            ),
            (CaseEnd::Failed(Failure::returned("Err(1)".into())), vec![]),
            (
                CaseEnd::Failed(Failure {
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
