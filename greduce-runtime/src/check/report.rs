//! The report of a failed check: what failed, the minimal input, how shrinking went, and
//! one line that reproduces the failure.

use crate::property::case::Failure;
use std::fmt::{self, Write as _};
use std::time::Duration;

/// Why a check failed, as greduce prints it. `Display` gives the whole report;
/// [`Check::check`](crate::Check::check) panics with it.
///
/// ```
/// use greduce::{Check, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// let report = Check::new(numbers)
///     .seed(1)
///     .persist(false)
///     .try_check(|v: &Vec<u32>| v.len() < 5)
///     .unwrap_err();
/// let text = report.to_string();
/// assert!(text.contains("minimal failing input (6 decisions, was 25):\n    [0, 0, 0, 0, 0]"));
/// assert!(text.contains("reproduce: GREDUCE_SEED=0x1 "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    text: String,
    seed: Option<u64>,
    minimal: Option<String>,
    flaky: bool,
}

impl Report {
    /// The seed of the failing case (`GREDUCE_SEED` reproduces it), when a generated case
    /// failed.
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let fails = |v: &Vec<u32>| v.len() < 5;
    /// let report = Check::new(numbers).seed(42).persist(false).try_check(fails).unwrap_err();
    /// // A later case than the first failed: its seed is not 42.
    /// let seed = report.seed().unwrap();
    /// assert_ne!(seed, 42);
    /// // Starting from it, the first case fails, and shrinks the same way.
    /// let again = Check::new(numbers).seed(seed).persist(false).try_check(fails).unwrap_err();
    /// assert_eq!(again.seed(), Some(seed));
    /// assert_eq!(again.input(), report.input());
    /// ```
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The input the report shows (`Debug`): the minimal failing input, or the failing
    /// explicit example. `None` when no input failed (too many rejections, a generator that
    /// panicked or is not deterministic).
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let failed = Check::new(numbers)
    ///     .seed(1)
    ///     .persist(false)
    ///     .try_check(|v: &Vec<u32>| v.len() < 5)
    ///     .unwrap_err();
    /// assert_eq!(failed.input(), Some("[0, 0, 0, 0, 0]"));
    /// // Every case rejected: no input failed.
    /// let rejected = Check::new(numbers)
    ///     .persist(false)
    ///     .max_rejects(10)
    ///     .try_check(|v: &Vec<u32>| greduce::assume(v.len() > 100))
    ///     .unwrap_err();
    /// assert_eq!(rejected.input(), None);
    /// ```
    pub fn input(&self) -> Option<&str> {
        self.minimal.as_deref()
    }

    /// Whether the failure did not reproduce when the minimal input was run again.
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// // Fails on its first call only.
    /// let mut calls = 0;
    /// let report = Check::new(numbers)
    ///     .seed(1)
    ///     .persist(false)
    ///     .try_check(|_: &Vec<u32>| {
    ///         calls += 1;
    ///         calls > 1
    ///     })
    ///     .unwrap_err();
    /// assert!(report.is_flaky());
    /// ```
    pub fn is_flaky(&self) -> bool {
        self.flaky
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for Report {}

impl Report {
    /// Adds a paragraph at the end.
    pub(crate) fn append(&mut self, paragraph: &str) {
        self.text.push('\n');
        self.text.push_str(paragraph);
        if !paragraph.ends_with('\n') {
            self.text.push('\n');
        }
    }
}

/// Inputs longer than this many characters are shortened in reports.
const SHOWN: usize = 4000;

/// `input` as a report shows it: whole when short; else its head and tail, with how many
/// characters are left out and the file that holds it whole (in the temporary directory,
/// named after the check and the seed).
fn shortened(input: &str, name: &str, seed: u64) -> String {
    let chars = input.chars().count();
    if chars <= SHOWN {
        return input.to_string();
    }
    let (head, tail) = (SHOWN * 3 / 4, SHOWN / 4);
    let head_end = input
        .char_indices()
        .nth(head)
        .map_or(input.len(), |(i, _)| i);
    let tail_start = input
        .char_indices()
        .nth(chars - tail)
        .map_or(input.len(), |(i, _)| i);
    let file_name: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let path = std::env::temp_dir()
        .join("greduce-inputs")
        .join(format!("{file_name}-{seed:016x}.txt"));
    let saved = std::fs::create_dir_all(path.parent().unwrap_or(&path))
        .and_then(|()| std::fs::write(&path, input));
    let whole = match saved {
        Ok(()) => format!("the whole input is in {}", path.display()),
        Err(e) => format!("it could not be written to {}: {e}", path.display()),
    };
    format!(
        "{}\n... ({} characters left out; {whole}) ...\n{}",
        &input[..head_end],
        chars - head - tail,
        &input[tail_start..]
    )
}

/// Writes `text` indented by four spaces, one line at a time.
fn indented(out: &mut String, text: &str) {
    for line in text.lines() {
        let _ = writeln!(out, "    {line}");
    }
}

/// The command that runs this check again with this seed: `cargo test` of the running test
/// (libtest names each test's thread after it), or else this program's command line.
pub(crate) fn reproduce(seed: u64) -> String {
    match std::thread::current().name() {
        Some(test) if test != "main" => {
            format!("GREDUCE_SEED={seed:#x} cargo test -- {test} --exact")
        }
        _ => {
            let args: Vec<String> = std::env::args()
                .map(|a| {
                    if a.contains(char::is_whitespace) {
                        format!("{a:?}")
                    } else {
                        a
                    }
                })
                .collect();
            format!("GREDUCE_SEED={seed:#x} {}", args.join(" "))
        }
    }
}

/// A failing generated case, shrunk or not.
pub(crate) struct Failed<'a> {
    pub(crate) name: &'a str,
    /// Which case failed: "case 3", "the saved failure at `file:line`".
    pub(crate) origin: &'a str,
    pub(crate) seed: u64,
    pub(crate) input: String,
    pub(crate) failure: &'a Failure,
    pub(crate) notes: &'a [String],
    pub(crate) shrunk: Option<Shrunk>,
    /// What the minimal input did when run again, when that was not the same failure
    /// ("passed", "failed another way: ..."): the property is flaky.
    pub(crate) flaky: Option<String>,
}

/// How shrinking went.
pub(crate) struct Shrunk {
    /// "6 decisions", or "size (3, 4)" for a size of the user's.
    pub(crate) size: String,
    pub(crate) original_size: String,
    pub(crate) property_calls: u64,
    pub(crate) time: Duration,
    /// Where the failure is saved (`Err`: where saving it failed, and why), if failures
    /// are saved.
    pub(crate) saved: Option<Result<String, String>>,
    /// Which budget ran out, if one did.
    pub(crate) stopped_by: Option<String>,
    /// [`crate::trace::shape::Shape::compare`] of the minimal and the original trace.
    pub(crate) shape: String,
    /// The reduction's explanation, when verbose.
    pub(crate) explain: Option<String>,
    /// What the bounded exhaustive search showed, when it ran to its end.
    pub(crate) certificate: Option<String>,
}

impl Failed<'_> {
    pub(crate) fn report(&self) -> Report {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "greduce: `{}` failed on {} (seed {:#x})\n",
            self.name, self.origin, self.seed
        );
        match &self.shrunk {
            Some(s) => {
                let _ = writeln!(
                    out,
                    "minimal failing input ({}, was {}):",
                    s.size, s.original_size
                );
            }
            None => out.push_str("failing input (not shrunk):\n"),
        }
        indented(&mut out, &shortened(&self.input, self.name, self.seed));
        let _ = write!(out, "\nfailure: {}\n", self.failure);
        if let Some(rerun) = &self.flaky {
            let _ = writeln!(
                out,
                "\nflaky: this input failed while shrinking but {rerun} when run again; the \
                 property does not fail the same way every time it runs on the same input"
            );
        }
        if let Some(s) = self.shrunk.as_ref().filter(|s| !s.shape.is_empty()) {
            out.push_str("\ngenerator trace:\n");
            indented(&mut out, &s.shape);
        }
        if !self.notes.is_empty() {
            out.push_str("\nnotes:\n");
            for note in self.notes {
                indented(&mut out, note);
            }
        }
        out.push('\n');
        if let Some(s) = &self.shrunk {
            let _ = writeln!(
                out,
                "shrinking: {} property calls in {:.2} s",
                s.property_calls,
                s.time.as_secs_f64()
            );
            if let Some(certificate) = &s.certificate {
                let _ = writeln!(out, "exhaustive search: {certificate}");
            }
            if let Some(budget) = &s.stopped_by {
                let _ = writeln!(
                    out,
                    "shrinking stopped early: {budget} ran out; this is the smallest failing \
                     input found so far"
                );
            }
            match &s.saved {
                Some(Ok(saved)) => {
                    let _ = writeln!(out, "saved in {saved} (replays first next time)");
                }
                Some(Err(why)) => {
                    let _ = writeln!(out, "not saved: {why}");
                }
                None => {}
            }
            if let Some(explain) = &s.explain {
                out.push_str("\ncandidates tried:\n");
                indented(&mut out, explain);
                out.push('\n');
            }
        }
        let _ = writeln!(out, "reproduce: {}", reproduce(self.seed));
        Report {
            text: out,
            seed: Some(self.seed),
            minimal: Some(self.input.clone()),
            flaky: self.flaky.is_some(),
        }
    }
}

/// A failing explicit example.
pub(crate) fn example(
    name: &str,
    index: usize,
    input: String,
    failure: &Failure,
    notes: &[String],
) -> Report {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "greduce: `{name}` failed on explicit example {}\n",
        index + 1
    );
    out.push_str("failing input:\n");
    indented(&mut out, &input);
    let _ = writeln!(out, "\nfailure: {failure}");
    if !notes.is_empty() {
        out.push_str("\nnotes:\n");
        for note in notes {
            indented(&mut out, note);
        }
    }
    Report {
        text: out,
        seed: None,
        minimal: Some(input),
        flaky: false,
    }
}

/// A check that could not run: a health problem or a generator that misbehaves.
pub(crate) fn problem(name: &str, seed: Option<u64>, what: &str) -> Report {
    let mut out = format!("greduce: `{name}`: {what}\n");
    if let Some(seed) = seed {
        let _ = writeln!(out, "reproduce: {}", reproduce(seed));
    }
    Report {
        text: out,
        seed,
        minimal: None,
        flaky: false,
    }
}
