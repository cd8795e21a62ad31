//! The file being reduced: its backup, and atomic rewrites so an interrupt never leaves a
//! half-written file.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// `FILE.orig`.
pub(crate) fn backup_path(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_os_string();
    name.push(".orig");
    PathBuf::from(name)
}

/// Saves `content` as the backup unless one exists (then it holds an earlier original,
/// which is kept). Returns whether it wrote one.
pub(crate) fn backup(file: &Path, content: &[u8]) -> io::Result<bool> {
    let path = backup_path(file);
    if path.exists() {
        return Ok(false);
    }
    write_atomically(&path, content)?;
    Ok(true)
}

/// Replaces `path` with `content`: written beside it, then renamed over it, so a reader (or
/// an interrupt) sees the old file or the new one, never a mix. Not flushed to the disk:
/// improvements may come hundreds of times a second, and a killed process loses nothing
/// the kernel already has.
pub(crate) fn write_atomically(path: &Path, content: &[u8]) -> io::Result<()> {
    let mut temporary = path.as_os_str().to_os_string();
    temporary.push(".greduce-tmp");
    let temporary = PathBuf::from(temporary);
    let mut out = fs::File::create(&temporary)?;
    out.write_all(content)?;
    drop(out);
    if let Ok(metadata) = fs::metadata(path) {
        // Keep the file's permissions (an executable script stays executable).
        let _ = fs::set_permissions(&temporary, metadata.permissions());
    }
    fs::rename(&temporary, path)
}
