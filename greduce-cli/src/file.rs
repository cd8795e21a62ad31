//! The file being reduced: its backup, and atomic rewrites so an interrupt never leaves a
//! half-written file.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Where `content` is saved before FILE changes: `FILE.orig`, or, when that holds something
/// else (an earlier run's original), the first free `FILE.orig.N`. Never overwrites a
/// backup. Returns the path and whether it was written now (not already there).
pub(crate) fn backup(file: &Path, content: &[u8]) -> io::Result<(PathBuf, bool)> {
    for n in 0.. {
        let mut name = file.as_os_str().to_os_string();
        name.push(".orig");
        if n > 0 {
            name.push(format!(".{n}"));
        }
        let path = PathBuf::from(name);
        match fs::read(&path) {
            Ok(saved) if saved == content => return Ok((path, false)),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                write_atomically(&path, content)?;
                return Ok((path, true));
            }
            Err(e) => return Err(e),
        }
    }
    unreachable!("some FILE.orig.N is free")
}

/// Replaces `path` with `content`: written to a new file beside it (a name no other run
/// can hold), then renamed over it, so a reader (or an interrupt) sees the old file or the
/// new one, never a mix. Not flushed to the disk: improvements may come hundreds of times a
/// second, and a killed process loses nothing the kernel already has.
pub(crate) fn write_atomically(path: &Path, content: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut temporary = tempfile::Builder::new()
        .prefix(".greduce-")
        .tempfile_in(dir)?;
    temporary.write_all(content)?;
    if let Ok(metadata) = fs::metadata(path) {
        // Keep the file's permissions (an executable script stays executable).
        let _ = temporary.as_file().set_permissions(metadata.permissions());
    }
    temporary.persist(path).map_err(|e| e.error)?;
    Ok(())
}
