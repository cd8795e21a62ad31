//! Sites: where in the generator's source a decision or reducible part comes from.

use std::fmt;
use std::hash::{Hash, Hasher};

/// A place in a generator's source: the call that made a decision, the loop or `if` that
/// opened a reducible part, or the `#[generator]` function that opened a scope.
///
/// Sites are created by the code that `#[generator]` writes (one `'static` site per
/// call), so replay can tell whether the operation the run asks for now is the one that was
/// recorded ("aligned by site").
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn digit<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
///     rng.random_range(0..10)
/// }
///
/// let run = greduce::record(digit, 0);
/// let site = run.trace.decisions().next().unwrap().site();
/// assert_eq!(site.what, "random_range");
/// assert_eq!(site.to_string(), format!("{}:{}:{}", site.file, site.line, site.column));
/// ```
#[derive(Clone, Copy, Debug, Eq)]
pub struct Site {
    /// What happens at this site: a rand method name (`random_range`, `choose`, ...), a
    /// construct (`for`, `while`, `if`, `match`) or, for a scope, the generator's name.
    pub what: &'static str,
    /// Source file, as `file!()` gives it.
    pub file: &'static str,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// The key that edits elsewhere in the file do not move: see [`Site::key`].
    key: Option<Key>,
    /// Whether the site was read from a saved trace ([`Trace::parse`](crate::Trace::parse)),
    /// so that it stands for whichever site of this process has its key.
    read: bool,
}

/// Where a site is within its generator: the generator's name and the site's number in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Key {
    pub(crate) generator: &'static str,
    pub(crate) ordinal: u32,
}

impl Site {
    /// A site; `#[generator]` calls this with `file!()`, `line!()` and `column!()` spanned at
    /// the user's tokens.
    ///
    /// ```
    /// use greduce::Site;
    ///
    /// const SITE: Site = Site::new("random_range", "src/gen.rs", 12, 17);
    /// assert_eq!(SITE.to_string(), "src/gen.rs:12:17");
    /// ```
    pub const fn new(what: &'static str, file: &'static str, line: u32, column: u32) -> Site {
        Site {
            what,
            file,
            line,
            column,
            key: None,
            read: false,
        }
    }

    /// The site, keyed as the `ordinal`-th site (from 0) that `#[generator]` wrote in the
    /// generator named `generator`. The key is what a saved failure finds the site by
    /// when lines were inserted or removed above it, locals renamed or the file reformatted.
    ///
    /// ```
    /// use greduce::Site;
    ///
    /// const SITE: Site = Site::new("random_range", "src/gen.rs", 12, 17).keyed("numbers", 1);
    /// assert_eq!(SITE.key(), Some(("numbers", 1)));
    /// ```
    #[must_use]
    pub const fn keyed(self, generator: &'static str, ordinal: u32) -> Site {
        Site {
            key: Some(Key { generator, ordinal }),
            ..self
        }
    }

    /// The site's generator and its number there, when `#[generator]` wrote it.
    pub fn key(&self) -> Option<(&'static str, u32)> {
        self.key.map(|k| (k.generator, k.ordinal))
    }

    /// The site as read back from a saved trace: it equals the site of this process with
    /// the same operation, file name and key, wherever its line and column now are.
    pub(crate) const fn read_back(self) -> Site {
        Site { read: true, ..self }
    }
}

impl PartialEq for Site {
    /// Same place, same operation; or, for a site read from a saved trace, same operation,
    /// file name and key (its line may have moved since it was saved). Most comparisons are of a
    /// site with itself (replay aligning an operation with its recording), so identity is
    /// checked first, inlined, and the fields only out of line (callgrind, replays of the
    /// overhead benchmark's generators: 17 instructions fewer a decision for `draws`, 593.5
    /// M to 576.5 M in all; `isra` 705.1 M to 683.4 M; as one call, LLVM never inlined it).
    #[inline]
    fn eq(&self, other: &Site) -> bool {
        std::ptr::eq(self, other) || self.same_place(other)
    }
}

impl Site {
    /// Equality past identity: two copies of one site (a generic generator's, one per
    /// instantiation), compared field by field; or a site read back against one of this
    /// process, by key.
    #[inline(never)]
    fn same_place(&self, other: &Site) -> bool {
        if self.what != other.what {
            return false;
        }
        if (self.read || other.read) && self.key.is_some() && other.key.is_some() {
            // The file by its name only: a site of a dependency (greduce's own `Generate`
            // implementations, a domain crate) is saved with the absolute path of the
            // machine that saved it, which is another on a teammate's.
            return self.key == other.key && file_name(self.file) == file_name(other.file);
        }
        self.line == other.line && self.column == other.column && self.file == other.file
    }
}

/// The last component of a path as `file!()` gives it (`/` or `\\` separated).
fn file_name(file: &str) -> &str {
    file.rsplit(['/', '\\']).next().unwrap_or(file)
}

impl Hash for Site {
    /// The operation and the file's name: what every two equal sites share.
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.what, file_name(self.file)).hash(state);
    }
}

impl fmt::Display for Site {
    /// `file:line:col`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}
