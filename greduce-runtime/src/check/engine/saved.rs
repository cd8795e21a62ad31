//! The regressions file of a running check: read once at the start, written each time a
//! failure is found or shrunk further.

use crate::check::harness::to_stderr;
use crate::config::Config;
use crate::persist::file::{self, Entry, Saved};
use std::io::{Seek as _, Write as _};
use std::path::PathBuf;

/// The regressions file of a running check.
pub(crate) struct SavedFailures {
    path: Option<PathBuf>,
    /// Why the file cannot be used; nothing is written to it then.
    pub(crate) error: Option<String>,
    /// Why the last save failed, if it did (reported once, and in the report instead of
    /// "saved in").
    failed: Option<String>,
    /// Whether running cases are noted ([`SavedFailures::mark_running`]): not in a fork-mode
    /// child, whose parent notes its own.
    marks: bool,
    /// The open note of the running case.
    running: Option<std::fs::File>,
    /// Which check of the test this is (its call site and number), for the note.
    check: String,
}

impl SavedFailures {
    /// Opens the file of test `name` and reads its entries (none when failures are not
    /// saved, or the file cannot be read: then [`SavedFailures::error`] says why). A check
    /// that is not `named` (no test name, no name given) saves nothing.
    pub(crate) fn open(
        config: &Config,
        name: &str,
        named: bool,
        check: &str,
    ) -> (SavedFailures, Vec<Entry>) {
        let path = config
            .regressions
            .dir()
            .filter(|_| named)
            .map(|dir| file::path(&dir, name));
        let mut saved = SavedFailures {
            path,
            error: None,
            failed: None,
            marks: std::env::var_os(crate::check::fork::protocol::JOB).is_none(),
            running: None,
            check: check.to_string(),
        };
        let entries = match saved.path.as_deref().map(file::load) {
            None => Vec::new(),
            Some(Ok(entries)) => entries,
            Some(Err(e)) => {
                let why = e.to_string();
                to_stderr(&format!(
                    "greduce: `{name}`: the regressions file cannot be used: {why}\n    \
                     its failures are not replayed and new ones are not saved in it; the \
                     generated cases still run\n"
                ));
                saved.error = Some(why);
                Vec::new()
            }
        };
        (saved, entries)
    }

    /// Where the failure is, for reports: `Ok(file)` when it was saved, `Err(why)` when
    /// saving it failed, `None` when failures are not saved.
    pub(crate) fn shown(&self) -> Option<Result<String, String>> {
        let path = self.path.as_ref()?;
        Some(match (&self.error, &self.failed) {
            (Some(why), _) | (None, Some(why)) => Err(format!("{}: {why}", path.display())),
            (None, None) => Ok(path.display().to_string()),
        })
    }

    /// Where entry `entry` is, for reports.
    pub(crate) fn at(&self, entry: &Entry) -> String {
        let path = self
            .path
            .as_ref()
            .map_or_else(String::new, |p| p.display().to_string());
        format!("{path}:{}", entry.line)
    }

    /// Saves a failure (replacing the entry with the same seed).
    pub(crate) fn save(&mut self, saved: &Saved<'_>) {
        let Some(path) = self.path.as_ref().filter(|_| self.error.is_none()) else {
            return;
        };
        match file::save(path, saved) {
            Ok(()) => self.failed = None,
            Err(e) => {
                if self.failed.is_none() {
                    to_stderr(&format!(
                        "greduce: `{}`: cannot save the failure in {}: {e}\n",
                        saved.name,
                        path.display()
                    ));
                }
                self.failed = Some(e.to_string());
            }
        }
    }

    /// Notes, for the regressions file, that the case with `seed` is running in this
    /// process: if the process dies in it (an abort, a stack overflow, a signal), the next
    /// run finds the note ([`SavedFailures::take_died`]) and runs that case again in a
    /// child process. Nothing when failures are not saved.
    /// The note is one fixed-width line rewritten in place in a file kept open: a
    /// microsecond or two per case, where writing a new file took a hundred.
    pub(crate) fn mark_running(&mut self, seed: u64) {
        if self.running.is_none() {
            self.running = self
                .pending_path()
                .and_then(|path| std::fs::File::create(path).ok());
        }
        if let Some(file) = &mut self.running {
            let line = format!("{:>10} {seed:#018x}\n", std::process::id());
            let _ = file
                .seek(std::io::SeekFrom::Start(0))
                .and_then(|_| file.write_all(line.as_bytes()));
        }
    }

    /// Removes the note of [`SavedFailures::mark_running`]: the check ended.
    fn clear_running(&mut self) {
        if self.running.take().is_some()
            && let Some(path) = self.pending_path()
        {
            let _ = std::fs::remove_file(path);
        }
    }

    /// The seed of a case a process that has ended was running when it died, if any (the
    /// note is removed).
    pub(crate) fn take_died(&mut self) -> Option<u64> {
        let path = self.pending_path()?;
        let text = std::fs::read_to_string(&path).ok()?;
        let (pid, seed) = text.trim().split_once(' ')?;
        let (pid, seed) = (pid.trim(), seed.trim());
        let pid: u32 = pid.parse().ok()?;
        if pid == std::process::id() || !crate::persist::liveness::gone(pid) {
            return None;
        }
        let _ = std::fs::remove_file(&path);
        crate::seed::parse(seed)
    }

    /// Where the running case of check `id` is noted: a file in the temporary directory
    /// named after the regressions file and the check (a passing test leaves nothing in the
    /// package's directory, and two checks of one test keep their notes apart).
    fn pending_path(&self) -> Option<PathBuf> {
        let path = self
            .path
            .as_ref()
            .filter(|_| self.error.is_none() && self.marks)?;
        let check = crate::persist::file::path_key(std::path::Path::new(&self.check));
        let key = crate::persist::file::path_key(path) ^ check.rotate_left(1);
        Some(std::env::temp_dir().join(format!("greduce-running-{key:016x}")))
    }
}

impl Drop for SavedFailures {
    /// The check is over, or unwinding: either way the process did not die in a case.
    fn drop(&mut self) {
        self.clear_running();
    }
}
