//! [`seed_corpus`]: saved failures into a fuzzer's corpus.

use super::encode::{NoByteForm, to_bytes};
use crate::persist::file;
use std::io;
use std::path::{Path, PathBuf};

/// What [`seed_corpus`] did.
#[derive(Debug)]
#[non_exhaustive]
pub struct Seeded {
    /// The files written, one per saved failure, named `greduce-<seed>`.
    pub files: Vec<PathBuf>,
    /// The saved failures that bytes cannot make (see [`NoByteForm`]), by seed.
    pub skipped: Vec<(u64, NoByteForm)>,
}

/// Writes the bytes of every failure saved in a regressions file
/// (`greduce-regressions/<test binary>/<test>.txt`) into a fuzzer's corpus directory, one
/// file per failure named after its seed (`greduce-<seed>`, written again when the entry
/// changes), so the fuzzer starts from the minimal failures greduce found. The directory
/// is created if needed; nothing else in it is touched. A regressions file that does not
/// exist has no failures.
///
/// `greduce corpus FILE DIR` (the command-line tool) does the same.
///
/// ```
/// use greduce::{Check, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..10)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// let dir = std::env::temp_dir().join(format!("greduce-doc-corpus-{}", std::process::id()));
/// let regressions = dir.join("regressions");
/// Check::new(numbers)
///     .name("short")
///     .seed(1)
///     .regressions(&regressions)
///     .try_check(|v: &Vec<u32>| v.len() < 3)
///     .unwrap_err();
/// let file = std::fs::read_dir(&regressions).unwrap().next().unwrap().unwrap().path();
/// let seeded = greduce::fuzz::seed_corpus(file.join("short.txt"), dir.join("corpus")).unwrap();
/// let bytes = std::fs::read(&seeded.files[0]).unwrap();
/// assert_eq!(greduce::fuzz::from_bytes(&bytes, numbers).unwrap().output, [0, 0, 0]);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
///
/// # Errors
///
/// When the regressions file cannot be read or parsed, or a file cannot be written.
pub fn seed_corpus(regressions: impl AsRef<Path>, corpus: impl AsRef<Path>) -> io::Result<Seeded> {
    let entries = file::load(regressions.as_ref()).map_err(|e| io::Error::other(e.to_string()))?;
    let corpus = corpus.as_ref();
    let mut seeded = Seeded {
        files: Vec::new(),
        skipped: Vec::new(),
    };
    for entry in entries {
        match to_bytes(&entry.trace) {
            Ok(bytes) => {
                std::fs::create_dir_all(corpus)?;
                let path = corpus.join(format!("greduce-{:016x}", entry.seed));
                std::fs::write(&path, bytes)?;
                seeded.files.push(path);
            }
            Err(why) => seeded.skipped.push((entry.seed, why)),
        }
    }
    Ok(seeded)
}
