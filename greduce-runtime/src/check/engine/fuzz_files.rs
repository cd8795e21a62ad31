//! The files of a fuzzer's artifact or corpus directories (see
//! [`Check::fuzz_artifacts`](crate::Check::fuzz_artifacts)): listed in name order, read,
//! and never changed.

use std::path::{Path, PathBuf};

/// A fuzzer's file: where it is and its bytes.
pub(crate) struct FuzzFile {
    pub(crate) path: PathBuf,
    pub(crate) data: Vec<u8>,
}

impl FuzzFile {
    /// A seed for the file's failure (saved with it and shown in reports): a hash of its
    /// bytes, so that a file saves one entry however often it fails.
    pub(crate) fn seed(&self) -> u64 {
        // FNV-1a: stable across Rust versions and platforms, as a saved seed must be.
        self.data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    }
}

/// `dir` as the check sees it: relative to the package under test (`CARGO_MANIFEST_DIR`)
/// when relative and that is set, as `cargo test` runs tests from there.
pub(crate) fn resolve(dir: &Path) -> PathBuf {
    match std::env::var_os("CARGO_MANIFEST_DIR") {
        Some(root) if dir.is_relative() => PathBuf::from(root).join(dir),
        _ => dir.to_path_buf(),
    }
}

/// The files of `dir`, by name, with their bytes; none when `dir` does not exist (no
/// fuzzer ran yet). Skips subdirectories, hidden files (`.gitignore`) and the `README.txt`
/// that AFL++ writes into its `crashes/` and `hangs/` (its text decodes to an input like
/// any bytes, and once failed as one). `Err` says what could not be read, naming it.
pub(crate) fn files(dir: &Path) -> Result<Vec<FuzzFile>, String> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(format!(
                "cannot list the fuzz directory `{}`: {e}",
                dir.display()
            ));
        }
    };
    let mut paths = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot list `{}`: {e}", dir.display()))?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let skipped = name.starts_with('.') || name == "README.txt";
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if !skipped && !is_dir {
            paths.push(entry.path());
        }
    }
    paths.sort();
    paths
        .into_iter()
        .map(|path| match std::fs::read(&path) {
            Ok(data) => Ok(FuzzFile { path, data }),
            Err(e) => Err(format!(
                "cannot read the fuzz file `{}`: {e} (it is left as it is)",
                path.display()
            )),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_directory_has_no_files() {
        let files = files(Path::new("/nonexistent/greduce/fuzz/artifacts")).unwrap();
        assert!(files.is_empty());
    }

    #[test]
    fn afl_readme_hidden_files_and_directories_are_skipped() {
        let dir = std::env::temp_dir().join(format!("greduce-fuzz-files-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        for name in ["README.txt", ".state", "id:000000,sig:06", "crash-1"] {
            std::fs::write(dir.join(name), b"x").unwrap();
        }
        let names: Vec<String> = files(&dir)
            .unwrap()
            .iter()
            .map(|f| f.path.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(names, ["crash-1", "id:000000,sig:06"]);
    }

    #[test]
    fn seeds_are_stable() {
        let file = FuzzFile {
            path: PathBuf::new(),
            data: b"abc".to_vec(),
        };
        assert_eq!(file.seed(), 0xe71f_a219_0541_574b);
    }
}
