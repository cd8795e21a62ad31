//! The tract hunt against the clock (issue 31, BENCHMARKS.md "Fuzzing", benchmark 3): which
//! findings random cases reach in a given wall time and when, and which a fuzzer's
//! artifacts hold, both counted by the same signatures.
//!
//! ```text
//! cargo run --release -p greduce-hunts -- tract-timeline [--secs S] [--threads N]
//! cargo run --release -p greduce-hunts -- tract-artifacts DIR [--start UNIX_SECONDS]
//! cargo run --release -p greduce-hunts -- tract-shrink FILE|seed:N... | tract-decode FILE|seed:N...
//! ```
//!
//! Both run every check of the hunt on a model at once ([`every_check_prop`](crate::hunt_tract::every_check_prop)'s order: the
//! first check that fails names the failure), as the `tract` fuzz target does; a failure is
//! then the finding of [`KNOWN`](crate::hunt_tract::KNOWN) that [`classify`] gives it, or a
//! new one, named by its check and its message with the numbers masked.

use crate::hunt::{masked, silenced};
use crate::hunt_tract::{CHECKS, Case, all_checks, classify, tract_model};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

/// The signature of `case`'s first failing check, `None` when every check passes.
#[must_use]
pub fn signature(case: &Case) -> Option<String> {
    let (check, message) = CHECKS
        .iter()
        .zip(all_checks(&case.0))
        .find_map(|((check, _), result)| result.err().map(|m| (*check, m)))?;
    Some(classify(check, &case.0, &message).map_or_else(
        || {
            // A new failure: its check and its message's first words, numbers masked.
            format!("{check} (new): {}", masked(&message))
        },
        str::to_string,
    ))
}

/// A signature as first seen: when, where (a seed or a file), and how often in all.
#[derive(Clone, Debug)]
pub struct Seen {
    /// Time from the start to the first case (or artifact) with this signature.
    pub first: Duration,
    /// The first case's seed, or the artifact's file name.
    pub example: String,
    /// How many cases (or artifacts) had it.
    pub count: u64,
}

/// Every signature met, by name.
pub type Timeline = BTreeMap<String, Seen>;

fn note(timeline: &Mutex<Timeline>, signature: String, at: Duration, example: String) {
    let mut timeline = timeline
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    timeline
        .entry(signature)
        .and_modify(|seen| seen.count += 1)
        .or_insert(Seen {
            first: at,
            example,
            count: 1,
        });
}

/// Random cases of [`tract_model`] on `threads` threads for `wall` (seeds `base`, `base + 1`,
/// ..., shared out among the threads): the cases run and the signatures met.
#[must_use]
pub fn random(wall: Duration, threads: usize, base: u64) -> (u64, Timeline) {
    let timeline = Mutex::new(Timeline::new());
    let next = AtomicU64::new(0);
    let start = Instant::now();
    silenced(|| {
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                scope.spawn(|| {
                    while start.elapsed() < wall {
                        let seed = base.wrapping_add(next.fetch_add(1, Ordering::Relaxed));
                        let case = tract_model(&mut StdRng::seed_from_u64(seed));
                        if let Some(signature) = signature(&case) {
                            note(
                                &timeline,
                                signature,
                                start.elapsed(),
                                format!("seed {seed:#x}"),
                            );
                        }
                    }
                });
            }
        });
    });
    let timeline = timeline
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    (next.into_inner(), timeline)
}

/// Every file of a fuzzer's artifact directory `dir`, decoded as the `tract` fuzz target
/// decodes it ([`greduce::fuzz::from_bytes`]) and checked: the files read and the signatures
/// met, each first seen at its file's modification time less `start` (the earliest file's
/// when `None`). Files that do not fail (a fuzzer may also leave timeouts) count under
/// `"passes"`.
///
/// # Errors
///
/// The directory or a file that cannot be read, with its path.
pub fn artifacts(dir: &Path, start: Option<SystemTime>) -> Result<(u64, Timeline), String> {
    artifacts_by(dir, start, |data| {
        // The replay outside `silenced`: greduce installs its own panic hook on first use,
        // which `silenced` would take away when it puts the previous hook back.
        match greduce::fuzz::from_bytes(data, tract_model) {
            Ok(run) => silenced(|| signature(&run.output)).unwrap_or_else(|| "passes".to_string()),
            Err(e) => format!("not replayed: {e}"),
        }
    })
}

/// The files of a fuzzer's artifact directory `dir` by signature (`signature` of each
/// file's bytes), as [`artifacts`] sorts the tract target's; shared with the JavaScript
/// targets' (`hunt js-artifacts`).
///
/// # Errors
///
/// When the directory or a file cannot be read.
pub fn artifacts_by(
    dir: &Path,
    start: Option<SystemTime>,
    signature: impl Fn(&[u8]) -> String,
) -> Result<(u64, Timeline), String> {
    let read = |e: std::io::Error, path: &Path| format!("{}: {e}", path.display());
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| read(e, dir))? {
        let path = entry.map_err(|e| read(e, dir))?.path();
        let modified = path
            .metadata()
            .and_then(|m| m.modified())
            .map_err(|e| read(e, &path))?;
        files.push((modified, path));
    }
    files.sort();
    let start = start
        .or_else(|| files.first().map(|(t, _)| *t))
        .unwrap_or(SystemTime::UNIX_EPOCH);
    let timeline = Mutex::new(Timeline::new());
    for (modified, path) in &files {
        let data = std::fs::read(path).map_err(|e| read(e, path))?;
        let signature = signature(&data);
        let at = modified.duration_since(start).unwrap_or_default();
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        note(&timeline, signature, at, name);
    }
    let timeline = timeline
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    Ok((files.len() as u64, timeline))
}

/// The timeline as a table, earliest first.
#[must_use]
pub fn table(timeline: &Timeline) -> String {
    let mut rows: Vec<_> = timeline.iter().collect();
    rows.sort_by_key(|(_, seen)| seen.first);
    let mut out =
        String::from("| signature | first after | count | first at |\n|---|---|---|---|\n");
    for (signature, seen) in rows {
        let _ = writeln!(
            out,
            "| {signature} | {:.1} s | {} | {} |",
            seen.first.as_secs_f64(),
            seen.count,
            seen.example
        );
    }
    out
}

/// A fuzzer's tract artifact decoded (as the fuzz target decodes it), or a random case by its
/// seed, and, with `shrink`, shrunk by greduce's trace reducer to the smallest model with the
/// same signature (`hunt tract-shrink FILE|seed:N...`, `hunt tract-decode FILE|seed:N...`;
/// BENCHMARKS.md "Fuzzing", benchmark 4): one line saying the signature, the model's
/// `(tensors, edges)` and, shrunk, the size it ends at, the property calls and the time;
/// shrunk, then the model's listing and its first failure.
///
/// `source` is a file's path, or `seed:N` (`N` decimal or `0x` hexadecimal) for the case
/// [`random`] makes from seed `N`: `tract_model(&mut StdRng::seed_from_u64(N))`.
///
/// # Errors
///
/// The file cannot be read, or its bytes make no model (the generator ran over budget), or
/// the seed is not a number.
pub fn decode_and_shrink(source: &str, shrink: bool) -> Result<String, String> {
    let (run, what) = if let Some(seed) = source.strip_prefix("seed:") {
        let seed = seed
            .strip_prefix("0x")
            .map_or_else(|| seed.parse(), |hex| u64::from_str_radix(hex, 16))
            .map_err(|e| format!("{source}: {e}"))?;
        let run = silenced(|| greduce::record(tract_model, seed));
        (run, format!("seed {seed:#x}"))
    } else {
        let path = Path::new(source);
        let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let run = greduce::fuzz::from_bytes(&data, tract_model)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        (run, format!("{} bytes", data.len()))
    };
    let size = |case: &Case| case.0.size();
    let Some(found) = silenced(|| signature(&run.output)) else {
        return Ok(format!("{what}: passes, {:?}", size(&run.output)));
    };
    let mut line = format!("{what}: {found}, {:?}", size(&run.output));
    if shrink {
        let start = Instant::now();
        let reduction = silenced(|| {
            greduce::Reducer::new(tract_model)
                .size(size)
                .reduce(&run.trace, |case: &Case| {
                    signature(case).as_deref() != Some(found.as_str())
                })
        });
        let _ = write!(
            line,
            "; shrunk by trace to {:?} in {} property calls, {:.1} s\n{}",
            size(&reduction.output),
            reduction.stats.property_calls,
            start.elapsed().as_secs_f64(),
            crate::hunt_tract::listing(&reduction.output.0),
        );
        if let Err(why) = silenced(|| crate::hunt_tract::every_check_prop(&reduction.output)) {
            let _ = write!(line, "{why}");
        }
    }
    Ok(line)
}
