//! Whether the process that left a file behind is still running: a temporary file (of a
//! save, of fork mode) or a note of a running case whose process is gone was left by a kill
//! and can go at once, instead of after a timeout (or never).

/// Whether process `pid` is running: `Some` where the system tells (Linux, through
/// `/proc`), `None` elsewhere.
pub(crate) fn alive(pid: u32) -> Option<bool> {
    let proc = std::path::Path::new("/proc");
    if !proc.join("self").exists() {
        return None;
    }
    Some(proc.join(pid.to_string()).exists())
}

/// Whether `pid` is known to have ended.
pub(crate) fn gone(pid: u32) -> bool {
    alive(pid) == Some(false)
}

/// Files younger than this are never swept: a process in another PID namespace (a
/// container sharing the directory) looks ended from here, and its files are in use.
const SWEEP_AGE: std::time::Duration = std::time::Duration::from_secs(600);

/// Removes the files in `dir` that `parse` (given a file name) attributes to a process that
/// has ended, and that have not changed for ten minutes.
pub(crate) fn sweep(dir: &std::path::Path, parse: impl Fn(&str) -> Option<u32>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let old = || {
            entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age >= SWEEP_AGE)
        };
        if let Some(pid) = name.to_str().and_then(&parse)
            && pid != std::process::id()
            && gone(pid)
            && old()
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_is_alive_and_an_ended_one_is_not() {
        assert_eq!(alive(std::process::id()), Some(true));
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        assert!(gone(pid));
    }
}
