//! The regressions file of one test: the failures greduce found, each as its shrunk trace,
//! replayed before the generated cases on every run.
//!
//! ```text
//! # greduce regressions of `tests::schedule`
//! # ...
//!
//! failure 0xe285c83ff06f4d49
//!   # input: Tasks { names: ["task0", "task1"], deps: [(0, 1), (0, 1)] }
//!   # failure: panicked at src/lib.rs:62:17: attempt to subtract with overflow
//!   scope tasks@src/lib.rs:25:1
//!     decision random_range@src/lib.rs:28:13 int:usize:2:27 = offset:0
//! ```
//!
//! An entry is keyed by the seed of the case that first failed; saving it again (after each
//! improvement while shrinking) replaces it. Entries greduce cannot use are kept as they are.

use super::text;
use crate::trace::Trace;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

/// One saved failure.
#[derive(Debug)]
pub(crate) struct Entry {
    pub(crate) seed: u64,
    /// The line of its `failure` header in the file.
    pub(crate) line: usize,
    pub(crate) trace: Trace,
}

/// A file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LoadError {
    pub(crate) path: PathBuf,
    /// 1-based; 0 when the file could not be read at all.
    pub(crate) line: usize,
    pub(crate) why: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "cannot read {}: {}", self.path.display(), self.why)
        } else {
            write!(f, "{}:{}: {}", self.path.display(), self.line, self.why)
        }
    }
}

const HEADER: &str = "failure ";

/// The file of test `name` in `dir`.
pub(crate) fn path(dir: &Path, name: &str) -> PathBuf {
    let file: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    dir.join(format!("{file}.txt"))
}

/// The entries of the file at `path`; none when it does not exist.
pub(crate) fn load(path: &Path) -> Result<Vec<Entry>, LoadError> {
    let content = match std::fs::read_to_string(path) {
        Ok(content) => content,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(LoadError {
                path: path.to_path_buf(),
                line: 0,
                why: e.to_string(),
            });
        }
    };
    parse(&content).map_err(|(line, why)| LoadError {
        path: path.to_path_buf(),
        line,
        why,
    })
}

/// An entry's lines: its header line number, its seed and its trace lines.
struct Raw<'a> {
    line: usize,
    seed: u64,
    start: usize,
    trace: Vec<(usize, &'a str)>,
}

fn split(content: &str) -> Result<Vec<Raw<'_>>, (usize, String)> {
    let mut entries: Vec<Raw<'_>> = Vec::new();
    for (i, line) in content.lines().enumerate() {
        let number = i + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some(seed) = line.strip_prefix(HEADER) {
            let seed = crate::check::parse_seed("seed", seed).map_err(|_| {
                (
                    number,
                    format!("bad seed `{}` after `failure`", seed.trim()),
                )
            })?;
            entries.push(Raw {
                line: number,
                seed,
                start: i,
                trace: Vec::new(),
            });
            continue;
        }
        match entries.last_mut() {
            Some(entry) if line.starts_with("  ") => entry.trace.push((number, line)),
            _ => {
                return Err((
                    number,
                    "expected `failure <seed>` or an indented trace line".to_string(),
                ));
            }
        }
    }
    Ok(entries)
}

fn parse(content: &str) -> Result<Vec<Entry>, (usize, String)> {
    let mut entries = Vec::new();
    for raw in split(content)? {
        if raw.trace.is_empty() {
            return Err((raw.line, "the failure has no trace".to_string()));
        }
        let trace = text::read(&raw.trace, 2)?;
        entries.push(Entry {
            seed: raw.seed,
            line: raw.line,
            trace,
        });
    }
    Ok(entries)
}

/// What to save about a failure.
pub(crate) struct Saved<'a> {
    pub(crate) name: &'a str,
    pub(crate) seed: u64,
    pub(crate) input: &'a str,
    pub(crate) failure: &'a str,
    pub(crate) trace: &'a Trace,
}

/// Saves a failure in the file at `path`, replacing the entry with the same seed and
/// keeping the others as they are. Writes a new file and renames it over the old one, so
/// an interrupted save leaves the old file.
pub(crate) fn save(path: &Path, saved: &Saved<'_>) -> io::Result<()> {
    let old = match std::fs::read_to_string(path) {
        Ok(content) => content,
        Err(e) if e.kind() == io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    let raws = split(&old).map_err(|(line, why)| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}:{line}: {why}", path.display()),
        )
    })?;
    let lines: Vec<&str> = old.lines().collect();
    let mut out = header(saved.name);
    for (i, raw) in raws.iter().enumerate() {
        if raw.seed == saved.seed {
            continue;
        }
        let end = raws.get(i + 1).map_or(lines.len(), |next| next.start);
        out.push('\n');
        for line in &lines[raw.start..end] {
            if !line.trim().is_empty() {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out.push('\n');
    entry(saved, &mut out);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("txt.tmp");
    std::fs::write(&tmp, out)?;
    std::fs::rename(&tmp, path)
}

fn header(name: &str) -> String {
    format!(
        "# greduce regressions of `{name}`\n\
         #\n\
         # Failures greduce found and shrank, each as the trace of its generator's run (keyed\n\
         # by call site). They replay before the generated cases. Keep this file in version\n\
         # control so they stay tested; delete an entry to forget it.\n"
    )
}

fn entry(saved: &Saved<'_>, out: &mut String) {
    let _ = writeln!(out, "{HEADER}{:#x}", saved.seed);
    let mut comment = |label: &str, text: &str| {
        let mut lines = text.lines();
        let _ = writeln!(out, "  # {label}: {}", lines.next().unwrap_or(""));
        for line in lines {
            let _ = writeln!(out, "  #   {line}");
        }
    };
    comment("input", &one_line(saved.input, 2000));
    comment("failure", saved.failure);
    text::write(saved.trace, 2, out);
}

fn one_line(text: &str, max: usize) -> String {
    let flat = text.replace('\n', " ");
    match flat.char_indices().nth(max) {
        Some((i, _)) => format!("{}...", &flat[..i]),
        None => flat,
    }
}
