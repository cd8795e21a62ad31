//! The log of a reduction: why each candidate was accepted or rejected.
//!
//! What a reduction keeps is bounded whatever the number of candidates: counters (in
//! [`ReductionStats`](crate::ReductionStats)) and the last few attempts. With [`Reducer::explain`] on, it also
//! keeps one entry per candidate, each of bounded size (its change described in at most a
//! few lines, its output cut short), so `explain` can list every candidate.
//!
//! [`Reducer::explain`]: crate::Reducer::explain

use crate::config::passes::Pass;
use crate::property::outcome::Outcome;
use crate::run::align::same_generator;
use crate::run::replay::ReplayError;
use crate::trace::Trace;
use crate::trace::describe::{describe, describe_iteration, describe_loop, describe_run};
use crate::trace::edit::Edit;
use crate::trace::value::Shown;
use std::collections::VecDeque;
use std::fmt::{self, Write as _};

/// Why a candidate was not accepted, or that it was.
///
/// ```
/// # use greduce::{Reducer, generator};
/// # use rand::RngExt;
/// # #[generator]
/// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
/// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// # }
/// use greduce::Verdict;
///
/// let run = greduce::record(numbers, 1);
/// let fails = |v: &Vec<u32>| v.len() >= 5;
/// let reduced = Reducer::new(numbers).explain(true).reduce(&run.trace, |x| !fails(x));
/// let verdicts: Vec<&Verdict> = reduced.attempts.iter().map(|a| &a.verdict).collect();
/// // The replay of the original is accepted first; the counters count the later ones.
/// let accepted = verdicts.iter().filter(|v| ***v == Verdict::Accepted).count();
/// assert_eq!(accepted as u64, reduced.stats.accepted + 1);
/// assert!(verdicts.iter().any(|v| matches!(v, Verdict::DidNotReproduce { .. })));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Verdict {
    /// It reproduced and is simpler: it is the new current input.
    Accepted,
    /// The same change to the same input was tried before.
    CachedTrace,
    /// The replay produced no output.
    ReplayFailed(ReplayError),
    /// The property did not report the failure (`PassSet`, `Unresolved` or `Timeout`); `cached`
    /// when a replay that made the same decisions had been tested before.
    DidNotReproduce {
        /// The property's outcome.
        outcome: Outcome,
        /// Whether the outcome came from the output cache.
        cached: bool,
    },
    /// The property panicked (counted as `Unresolved`).
    PropertyPanicked(String),
    /// Its size is larger than the current input's (the property is not asked: it could
    /// not be accepted whatever it said).
    Larger {
        /// Its size.
        size: String,
        /// The current size.
        current: String,
    },
    /// It has the same size as the current input but is not simpler in the order (more
    /// decisions, or as many with a less simple value first); the property is not asked.
    NotSimpler,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Accepted => f.write_str("accepted"),
            Verdict::CachedTrace => f.write_str("rejected: tried before (trace cache)"),
            Verdict::ReplayFailed(e) => write!(f, "rejected: {e}"),
            Verdict::DidNotReproduce { outcome, cached } => write!(
                f,
                "rejected: property says {outcome:?}{}",
                if *cached { " (output cache)" } else { "" }
            ),
            Verdict::PropertyPanicked(m) => write!(f, "rejected: the property panicked: {m}"),
            Verdict::Larger { size, current } => {
                write!(
                    f,
                    "rejected: size {size} is larger than the current {current}"
                )
            }
            Verdict::NotSimpler => f.write_str("rejected: not simpler than the current input"),
        }
    }
}

/// One candidate the reducer tried, and what became of it. Bounded in size: the change is
/// described in at most [`Attempt::LINES`] entries and the output cut to
/// [`Attempt::OUTPUT`] characters.
///
/// ```
/// # use greduce::{Reducer, generator};
/// # use rand::RngExt;
/// # #[generator]
/// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
/// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
/// # }
/// use greduce::{Pass, Verdict};
///
/// let run = greduce::record(numbers, 1);
/// let fails = |v: &Vec<u32>| v.len() >= 5;
/// let reduced = Reducer::new(numbers).explain(true).reduce(&run.trace, |x| !fails(x));
/// let first = &reduced.attempts[0];
/// assert_eq!((first.number, first.pass), (1, Pass::Initial));
/// assert_eq!(first.verdict, Verdict::Accepted);
/// println!("{first}"); // the pass, the change, the output and the verdict
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Attempt {
    /// The candidate's number, from 1 (the replay of the original).
    pub number: u64,
    /// The pass that proposed it.
    pub pass: Pass,
    /// What it changed in the current input, described (`remove iterations 3-250 of the
    /// loop @ src/gen.rs:10:5`, `random_range(0..=999) @ src/gen.rs:11:20: 900 (was 953)`).
    /// Empty when the reduction does not explain (only counters are kept then).
    pub change: Vec<String>,
    /// Parts that bypass removed as well, described.
    pub bypassed: Vec<String>,
    /// What re-align did: the first few operations it could not align, then how many more.
    pub realigned: Vec<String>,
    /// The output, as `Debug` prints it (cut short), when the replay produced one and the
    /// reduction explains.
    pub output: Option<String>,
    /// The verdict.
    pub verdict: Verdict,
}

impl Attempt {
    /// At most this many entries describe a change.
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// use greduce::Attempt;
    ///
    /// let run = greduce::record(numbers, 1);
    /// let fails = |v: &Vec<u32>| v.len() >= 5;
    /// let reduced = Reducer::new(numbers).explain(true).reduce(&run.trace, |x| !fails(x));
    /// assert!(reduced.attempts.iter().all(|a| a.change.len() <= Attempt::LINES));
    /// ```
    pub const LINES: usize = 6;
    /// At most this many characters of output are kept.
    ///
    /// ```
    /// use greduce::{Attempt, Reducer, generator};
    /// use rand::RngExt;
    ///
    /// /// 100 to 199 numbers: more than `Attempt::OUTPUT` characters.
    /// #[generator]
    /// fn many<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    ///     (0..rng.random_range(100..200)).map(|_| rng.random_range(0..1000)).collect()
    /// }
    ///
    /// let run = greduce::record(many, 1);
    /// let fails = |v: &Vec<u32>| v.len() > 100;
    /// let reduced = Reducer::new(many).explain(true).reduce(&run.trace, |x| !fails(x));
    /// let shown = reduced.attempts[0].output.as_deref().unwrap();
    /// assert_eq!(shown.chars().count(), Attempt::OUTPUT + " ...".len());
    /// assert!(shown.ends_with(" ..."));
    /// ```
    pub const OUTPUT: usize = 300;
}

impl fmt::Display for Attempt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.pass)?;
        if self.change.is_empty() {
            f.write_str("(no change)")?;
        } else {
            f.write_str(&self.change.join(", "))?;
        }
        for b in &self.bypassed {
            write!(f, "\n    bypass also removed {b}")?;
        }
        for r in &self.realigned {
            write!(f, "\n    re-align: {r}")?;
        }
        if let Some(out) = &self.output {
            write!(f, "\n    output {out}")?;
        }
        write!(f, "\n    {}", self.verdict)
    }
}

/// Cuts `text` to at most `max` characters, marking the cut.
pub(crate) fn cut(mut text: String, max: usize) -> String {
    if let Some((i, _)) = text.char_indices().nth(max) {
        text.truncate(i);
        text.push_str(" ...");
    }
    text
}

/// Keeps the last few attempts, or every one when explaining.
#[derive(Debug)]
pub(crate) struct Log {
    explain: bool,
    attempts: VecDeque<Attempt>,
}

impl Log {
    /// How many attempts are kept when not explaining.
    const LAST: usize = 16;

    pub(crate) fn new(explain: bool) -> Log {
        Log {
            explain,
            attempts: VecDeque::new(),
        }
    }

    /// Whether every attempt is kept, with its change and output described.
    pub(crate) fn explains(&self) -> bool {
        self.explain
    }

    pub(crate) fn push(&mut self, attempt: Attempt) {
        if !self.explain && self.attempts.len() == Log::LAST {
            self.attempts.pop_front();
        }
        self.attempts.push_back(attempt);
    }

    pub(crate) fn into_vec(self) -> Vec<Attempt> {
        self.attempts.into()
    }
}

/// The attempts, one per paragraph, numbered.
pub(crate) fn explain(attempts: &[Attempt]) -> String {
    let mut out = String::new();
    for attempt in attempts {
        let _ = writeln!(out, "candidate {}: {attempt}", attempt.number);
    }
    out
}

/// Describes an edit of `base` in at most [`Attempt::LINES`] entries.
pub(super) fn describe_edit(base: &Trace, edit: &Edit) -> Vec<String> {
    let mut out = Vec::new();
    // Describing a part costs a walk of its loop: describe only as many as are shown.
    for run in edit.removed.iter().take(Attempt::LINES) {
        out.push(format!(
            "remove {}",
            describe_run(base, run.first, run.last, run.count)
        ));
    }
    for (node, value) in edit.values.iter().take(Attempt::LINES) {
        match base.decision_at(*node) {
            Some(d) => out.push(format!(
                "{}({}) @ {}: {} (was {})",
                d.site.what,
                d.args,
                d.site,
                Shown(&d.args, value),
                Shown(&d.args, &d.value)
            )),
            None => out.push(format!("node {node}: {value:?}")),
        }
    }
    for (call, nested) in &edit.hoists {
        let how = if same_generator(base, *call, *nested) {
            "as"
        } else {
            "its simplest way down to"
        };
        out.push(format!(
            "replay the {} {how} its nested {}",
            describe(base, *call),
            describe(base, *nested)
        ));
    }
    for (lp, iteration) in &edit.moves {
        out.push(format!(
            "replay {} after the last iteration of the {}",
            describe_iteration(base, *iteration),
            describe_loop(base, *lp)
        ));
    }
    if edit.carry {
        out.push("re-align carries recorded values by position".to_owned());
    }
    if edit.shift {
        out.push("re-align moves picks that lost choices down by as many".to_owned());
    }
    bounded(out)
}

/// At most [`Attempt::LINES`] entries, the last saying how many more there were.
pub(super) fn bounded(mut lines: Vec<String>) -> Vec<String> {
    if lines.len() > Attempt::LINES {
        let more = lines.len() - (Attempt::LINES - 1);
        lines.truncate(Attempt::LINES - 1);
        lines.push(format!("... and {more} more"));
    }
    lines
}
