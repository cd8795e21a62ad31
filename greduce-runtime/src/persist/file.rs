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
use std::sync::atomic::{AtomicU64, Ordering};

/// One saved failure.
#[derive(Debug)]
pub(crate) struct Entry {
    pub(crate) seed: u64,
    /// The line of its `failure` header in the file.
    pub(crate) line: usize,
    pub(crate) trace: Trace,
    /// Whether its failure ended the test process (a crash or a timeout, found in fork
    /// mode): its `# failure:` comment says so.
    pub(crate) crashed: bool,
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

/// The file of test `name` in `dir`: `dir/<program>/<name>.txt`, where the program is the
/// test binary (`tests/graph.rs` runs as `graph-<hash>`: `graph`), so two test files with a
/// test of the same name keep apart.
pub(crate) fn path(dir: &Path, name: &str) -> PathBuf {
    dir.join(sanitized(&program()))
        .join(format!("{}.txt", sanitized(name)))
}

fn sanitized(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The running program's name, without the hash cargo appends to test binaries.
fn program() -> String {
    let exe = std::env::current_exe().ok();
    let stem = exe
        .as_deref()
        .and_then(Path::file_stem)
        .and_then(|s| s.to_str())
        .unwrap_or("program");
    match stem.rsplit_once('-') {
        Some((name, hash)) if hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()) => {
            name.to_string()
        }
        _ => stem.to_string(),
    }
}

/// The entries of the file at `path`; none when it does not exist.
pub(crate) fn load(path: &Path) -> Result<Vec<Entry>, LoadError> {
    // Only a regular file is read: a FIFO would block the test run forever, a device
    // could be endless.
    if let Ok(meta) = std::fs::metadata(path)
        && !meta.is_file()
    {
        return Err(LoadError {
            path: path.to_path_buf(),
            line: 0,
            why: "not a regular file".to_string(),
        });
    }
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
struct RawEntry<'a> {
    line: usize,
    seed: u64,
    start: usize,
    trace: Vec<(usize, &'a str)>,
    crashed: bool,
}

fn split(content: &str) -> Result<Vec<RawEntry<'_>>, (usize, String)> {
    let mut entries: Vec<RawEntry<'_>> = Vec::new();
    for (i, line) in content.lines().enumerate() {
        let number = i + 1;
        let trimmed = line.trim();
        if let (Some(entry), Some(failure)) =
            (entries.last_mut(), trimmed.strip_prefix("# failure: "))
        {
            entry.crashed |= failure.starts_with(CRASHED);
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some(seed) = line.strip_prefix(HEADER) {
            let seed = crate::seed::parse(seed).ok_or_else(|| {
                (
                    number,
                    format!("bad seed `{}` after `failure`", seed.trim()),
                )
            })?;
            entries.push(RawEntry {
                line: number,
                seed,
                start: i,
                trace: Vec::new(),
                crashed: false,
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

pub(crate) fn parse(content: &str) -> Result<Vec<Entry>, (usize, String)> {
    let mut entries = Vec::new();
    for raw in split(content)? {
        let trace = text::read(&raw.trace, 2)?;
        entries.push(Entry {
            seed: raw.seed,
            line: raw.line,
            trace,
            crashed: raw.crashed,
        });
    }
    Ok(entries)
}

/// How the one-line failure of a test process that crashed or timed out begins (see
/// `check/fork.rs`).
pub(crate) const CRASHED: &str = "the test process ";

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
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let _lock = Lock::take(path)?;
    sweep_temporaries(path);
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
    // Written by hand rather than with `tempfile`: the sweep of a killed process's
    // temporaries reads its pid from the name (`<file>.txt.<pid>-<n>.tmp`), which tempfile's
    // random names would have to carry anyway, and tempfile (with rustix) would join every
    // user's cold build of their tests (BENCHMARKS.md, "Cold build"). The CLI, a binary,
    // uses it.
    let n = NEXT_TEMP.fetch_add(1, Ordering::Relaxed);
    let tmp = path.with_extension(format!("txt.{}-{n}.tmp", std::process::id()));
    std::fs::write(&tmp, out)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Removes the temporary files of saves to `path` whose process was killed before it
/// renamed them (`<file>.txt.<pid>-<n>.tmp`).
fn sweep_temporaries(path: &Path) {
    let (Some(dir), Some(file)) = (path.parent(), path.file_name().and_then(|f| f.to_str())) else {
        return;
    };
    let prefix = format!("{file}.");
    crate::persist::liveness::sweep(dir, |name| {
        let rest = name.strip_prefix(&prefix)?.strip_suffix(".tmp")?;
        rest.split_once('-')?.0.parse().ok()
    });
}

/// Numbers temporary files, unique within the process.
static NEXT_TEMP: AtomicU64 = AtomicU64::new(0);

/// The lock of a regressions file, held while it is read and rewritten, so tests running at
/// the same time (threads or processes) do not lose each other's entries: the operating
/// system's lock (`flock`, `LockFileEx`) on a file of the temporary directory named after
/// the regressions file's path ([`lock_path`]). The system releases it when its holder ends,
/// however it ends, and nothing is left beside the regressions file (which is meant to be
/// committed). The file itself stays (empty): removing it would let a waiter that opened it
/// lock a file nobody else sees. Processes that see different temporary directories (another
/// `TMPDIR`, a container sharing only the project) do not exclude each other.
struct Lock {
    _file: std::fs::File,
}

impl Lock {
    fn take(path: &Path) -> io::Result<Lock> {
        let lock = lock_path(path);
        // Read-only when it exists: locking needs no write access, and another user's lock
        // file in a shared temporary directory is readable where it is not writable.
        let file = match std::fs::File::open(&lock) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => std::fs::OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&lock)?,
            Err(e) => return Err(e),
        };
        let started = std::time::Instant::now();
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(Lock { _file: file }),
                Err(std::fs::TryLockError::WouldBlock) => {
                    if started.elapsed() > std::time::Duration::from_secs(20) {
                        return Err(io::Error::new(
                            io::ErrorKind::WouldBlock,
                            format!(
                                "{} stays locked (the lock of {})",
                                lock.display(),
                                path.display()
                            ),
                        ));
                    }
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                Err(std::fs::TryLockError::Error(e)) => return Err(e),
            }
        }
    }
}

/// The file whose lock guards the regressions file at `path`:
/// `greduce-lock-<key>` in the temporary directory, `<key>` from the absolute path with the
/// directory's symbolic links resolved (so that two paths to one file share one lock).
pub(crate) fn lock_path(path: &Path) -> PathBuf {
    let resolved = match (path.parent().map(std::fs::canonicalize), path.file_name()) {
        (Some(Ok(dir)), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    };
    std::env::temp_dir().join(format!("greduce-lock-{:016x}", path_key(&resolved)))
}

/// A key for files that stand for `path` elsewhere (its lock, the note of its running
/// case): FNV-1a of the absolute path, stable from run to run, unlike std's hasher.
pub(crate) fn path_key(path: &Path) -> u64 {
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    path.as_os_str()
        .as_encoded_bytes()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
        })
}

fn header(name: &str) -> String {
    format!(
        "# greduce regressions of `{name}`\n\
         #\n\
         # Failures greduce found and shrank, each as the trace of its generator's run: a\n\
         # line per decision, keyed by its generator and its number there\n\
         # (`@tests::words#3`), so edits elsewhere in the file do not lose it. They replay\n\
         # before the generated cases. Keep this file in version control so they stay\n\
         # tested; delete an entry to forget it.\n"
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
