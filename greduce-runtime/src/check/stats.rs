//! Statistics of what a check generated ([`Check::stats`](crate::Check::stats)): the
//! [`event`](crate::event)s of its cases, the sizes of its inputs in decisions, rejections
//! by place, and how many inputs were distinct.
//!
//! The engine counts each generated case it runs in this process through a [`Counted`]:
//! its generator is recorded (so the decisions are known; recording draws as the direct
//! call does, so the inputs are the same), its input's `Debug` text hashed, and its events
//! collected from the generator's start to the property's end. The window closes before a
//! failure shrinks, so shrinking's runs are never counted.

use super::events::{Event, Window};
use super::harness::to_stderr;
use super::report::Report;
use crate::property::case::{self, CaseEnd, IntoOutcome};
use crate::run::record::record;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::collections::{BTreeMap, HashSet};
use std::fmt::{self, Debug, Write as _};
use std::hash::{BuildHasher, Hasher};
use std::time::{Duration, Instant};

/// Different events (labels and values) counted apart; the others are only counted in all.
const MAX_EVENTS: usize = 1000;

/// Distinct inputs counted exactly; past this many, the count is "at least" (the hashes
/// take 8 bytes each, and a bit more in the set).
const MAX_DISTINCT: usize = 1 << 16;

/// How many values of one label the summary lists.
const SHOWN_VALUES: usize = 10;
/// How many labels the summary lists.
const SHOWN_LABELS: usize = 20;

/// What a check generated: the numbers behind its statistics summary
/// ([`Check::stats`](crate::Check::stats)), given to [`Check::on_stats`](crate::Check::on_stats).
/// `Display` gives the summary as printed.
///
/// Counts are of the generated cases the check ran (rejected ones included), not of
/// explicit examples, saved failures, fuzz files or shrinking's runs. Events, sizes and
/// inputs are of the cases run in the test process (none in fork mode).
///
/// ```
/// use greduce::{Check, CheckStats, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn coin<R: rand::Rng + ?Sized>(rng: &mut R) -> bool {
///     rng.random_bool(0.5)
/// }
///
/// let mut stats: Option<CheckStats> = None;
/// Check::new(coin)
///     .seed(3)
///     .on_stats(|s| stats = Some(s))
///     .check(|&heads: &bool| greduce::assume(heads));
/// let stats = stats.unwrap();
/// assert_eq!(stats.passed(), 100);
/// // Tails were rejected: about as many cases as passed.
/// assert_eq!(stats.rejected(), 97);
/// assert_eq!(stats.cases(), 197);
/// // Two inputs, `true` and `false`, each of one decision.
/// assert_eq!(stats.distinct_inputs(), 2);
/// assert_eq!(stats.max_decisions(), Some(1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckStats {
    name: String,
    seed: Option<u64>,
    time: Duration,
    passed: u64,
    /// Cases rejected by `assume`, by place, in the order of their first rejection.
    rejected: Vec<(String, u64)>,
    /// Whether a generated case failed the property.
    failed: bool,
    /// Whether the check failed (a case, or anything else).
    check_failed: bool,
    /// Cases whose events were collected.
    counted: u64,
    events: BTreeMap<Event, u64>,
    /// Events counted past [`MAX_EVENTS`] different ones.
    untracked: u64,
    /// Inputs by their number of decisions.
    sizes: BTreeMap<usize, u64>,
    inputs: u64,
    distinct: u64,
}

impl CheckStats {
    /// The generated cases that ran: passed, rejected, and the failing one when a case
    /// failed.
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let mut cases = 0;
    /// let failed = Check::new(numbers)
    ///     .seed(3)
    ///     .persist(false)
    ///     .on_stats(|s| cases = s.cases())
    ///     .try_check(|v: &Vec<u32>| v.len() < 25);
    /// assert!(failed.is_err());
    /// // The 5th case failed (shrinking's runs are not cases).
    /// assert_eq!(cases, 5);
    /// ```
    pub fn cases(&self) -> u64 {
        self.passed + self.rejected() + u64::from(self.failed)
    }

    /// The generated cases that passed.
    pub fn passed(&self) -> u64 {
        self.passed
    }

    /// The generated cases [`assume`](crate::assume) rejected.
    pub fn rejected(&self) -> u64 {
        self.rejected.iter().map(|(_, n)| n).sum()
    }

    /// The rejected cases by the place of the `assume` that rejected them (`file:line:col`),
    /// in the order of their first rejection.
    pub fn rejections(&self) -> &[(String, u64)] {
        &self.rejected
    }

    /// The number of cases that had the event `label` ([`event`](crate::event)).
    pub fn event(&self, label: &str) -> u64 {
        self.count(label, None)
    }

    /// The number of cases that had the event `label` with `value` (as `Display` writes
    /// it; [`event_value`](crate::event_value)).
    pub fn event_value(&self, label: &str, value: &str) -> u64 {
        self.count(label, Some(value))
    }

    fn count(&self, label: &str, value: Option<&str>) -> u64 {
        let key = Event {
            label: label.to_string(),
            value: value.map(str::to_string),
        };
        self.events.get(&key).copied().unwrap_or(0)
    }

    /// Every event counted: label, value, number of cases; ordered by label, then value
    /// (the first 1000 different events of a check; [`fmt::Display`] says how many more
    /// there were).
    pub fn events(&self) -> impl Iterator<Item = (&str, Option<&str>, u64)> {
        self.events
            .iter()
            .map(|(e, n)| (e.label.as_str(), e.value.as_deref(), *n))
    }

    /// The fewest decisions of a generated input (`None` when no input was generated).
    pub fn min_decisions(&self) -> Option<u64> {
        self.sizes.keys().next().map(|&n| n as u64)
    }

    /// The median number of decisions of the generated inputs (the lower median).
    pub fn median_decisions(&self) -> Option<u64> {
        let middle = self.inputs.checked_sub(1)? / 2;
        let mut below = 0;
        for (&size, &n) in &self.sizes {
            below += n;
            if below > middle {
                return Some(size as u64);
            }
        }
        None
    }

    /// The most decisions of a generated input.
    pub fn max_decisions(&self) -> Option<u64> {
        self.sizes.keys().next_back().map(|&n| n as u64)
    }

    /// The inputs the generator made (every case run in this process, but those it
    /// rejected itself).
    pub fn inputs(&self) -> u64 {
        self.inputs
    }

    /// The number of different inputs among [`inputs`](CheckStats::inputs), told apart by
    /// a 64-bit hash of their `Debug` text; counted up to 65 536 (more is shown as "at
    /// least").
    pub fn distinct_inputs(&self) -> u64 {
        self.distinct
    }
}

impl fmt::Display for CheckStats {
    /// The summary a check prints with [`Check::stats`](crate::Check::stats) on, each line
    /// after the first indented, ending with a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(seed) = self.seed else {
            return writeln!(f, "greduce: `{}`: no generated case ran", self.name);
        };
        let outcome = match (self.failed, self.check_failed) {
            (true, _) => format!(", then case {} failed,", self.cases()),
            (false, true) => ", then the check failed,".to_string(),
            (false, false) => String::new(),
        };
        writeln!(
            f,
            "greduce: `{}`: {} {} passed{outcome} in {:.2} s (seed {seed:#x})",
            self.name,
            self.passed,
            if self.passed == 1 { "case" } else { "cases" },
            self.time.as_secs_f64(),
        )?;
        if self.counted == 0 && self.cases() > 0 {
            writeln!(
                f,
                "    events, input sizes, distinct inputs: not collected (fork mode runs the \
                 cases in child processes)"
            )?;
        } else {
            writeln!(
                f,
                "    events (of {} {} run): {}",
                self.counted,
                if self.counted == 1 { "case" } else { "cases" },
                self.events_line()
            )?;
            writeln!(f, "    input sizes (decisions): {}", self.sizes_line())?;
        }
        let rejected = self.rejected();
        if rejected > 0 {
            let places: Vec<String> = match self.rejected.as_slice() {
                [(place, _)] => vec![format!("at {place}")],
                many => many.iter().map(|(p, n)| format!("{n} at {p}")).collect(),
            };
            writeln!(
                f,
                "    rejected by assume: {rejected} ({})",
                places.join(", ")
            )?;
        }
        if self.counted > 0 {
            let at_least = if self.distinct as usize >= MAX_DISTINCT {
                "at least "
            } else {
                ""
            };
            writeln!(
                f,
                "    distinct inputs: {at_least}{} of {} (by `Debug` text)",
                self.distinct, self.inputs
            )?;
        }
        Ok(())
    }
}

impl CheckStats {
    /// `62 % empty list; 38 % sorted: true, 20 % sorted: false`: labels by their most
    /// frequent value, each label's values by their count.
    fn events_line(&self) -> String {
        if self.events.is_empty() && self.untracked == 0 {
            return "none".to_string();
        }
        let mut labels: BTreeMap<&str, Values<'_>> = BTreeMap::new();
        for (label, value, n) in self.events() {
            labels.entry(label).or_default().push((value, n));
        }
        let mut groups: Vec<(&str, Values<'_>)> = labels.into_iter().collect();
        for (_, values) in &mut groups {
            values.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        }
        groups.sort_by(|a, b| b.1[0].1.cmp(&a.1[0].1).then(a.0.cmp(b.0)));
        let mut line = String::new();
        for (i, (label, values)) in groups.iter().enumerate() {
            if i == SHOWN_LABELS {
                let _ = write!(line, "; and {} more labels", groups.len() - i);
                break;
            }
            if i > 0 {
                line.push_str("; ");
            }
            for (j, (value, n)) in values.iter().enumerate() {
                if j == SHOWN_VALUES {
                    let _ = write!(line, ", and {} more values", values.len() - j);
                    break;
                }
                if j > 0 {
                    line.push_str(", ");
                }
                let share = percent(*n, self.counted);
                let _ = match value {
                    Some(value) => write!(line, "{share} {label}: {value}"),
                    None => write!(line, "{share} {label}"),
                };
            }
        }
        if self.untracked > 0 {
            let _ = write!(
                line,
                "; {} more not counted apart (over {MAX_EVENTS} different events)",
                self.untracked
            );
        }
        line
    }

    fn sizes_line(&self) -> String {
        match (
            self.min_decisions(),
            self.median_decisions(),
            self.max_decisions(),
        ) {
            (_, _, Some(0)) => "0 (none recorded: is the generator a `#[generator]`?)".to_string(),
            (Some(min), Some(median), Some(max)) => {
                format!("min {min}, median {median}, max {max}")
            }
            _ => "no input generated".to_string(),
        }
    }
}

/// The values of one label, with their counts.
type Values<'a> = Vec<(Option<&'a str>, u64)>;

/// `n` of `of` as a whole percentage; never 0 or 100 unless exactly so.
fn percent(n: u64, of: u64) -> String {
    if of == 0 || n == 0 {
        return "0 %".to_string();
    }
    if n >= of {
        return "100 %".to_string();
    }
    let p = (u128::from(n) * 100 + u128::from(of) / 2) / u128::from(of);
    match p {
        0 => "<1 %".to_string(),
        100 => ">99 %".to_string(),
        p => format!("{p} %"),
    }
}

/// The statistics of a check while it runs.
pub(crate) struct Tally {
    started: Instant,
    /// The check's time, stopped when a case failed (shrinking is not part of it).
    stopped: Option<Duration>,
    stats: CheckStats,
    hashes: HashSet<u64, foldhash::fast::FixedState>,
}

impl Tally {
    pub(crate) fn new(name: &str) -> Tally {
        Tally {
            started: Instant::now(),
            stopped: None,
            stats: CheckStats {
                name: name.to_string(),
                seed: None,
                time: Duration::ZERO,
                passed: 0,
                rejected: Vec::new(),
                failed: false,
                check_failed: false,
                counted: 0,
                events: BTreeMap::new(),
                untracked: 0,
                sizes: BTreeMap::new(),
                inputs: 0,
                distinct: 0,
            },
            hashes: HashSet::default(),
        }
    }

    /// The generated cases start, from the check's seed `base`.
    pub(crate) fn start(&mut self, base: u64) {
        self.started = Instant::now();
        self.stats.seed = Some(base);
    }

    /// Counts the outcome of a generated case that passed or was rejected (in this process
    /// or in a child).
    pub(crate) fn ended(&mut self, outcome: &CaseEnd) {
        match outcome {
            CaseEnd::Passed => self.stats.passed += 1,
            CaseEnd::Unresolved(place) => {
                match self.stats.rejected.iter_mut().find(|(p, _)| p == place) {
                    Some((_, n)) => *n += 1,
                    None => self.stats.rejected.push((place.clone(), 1)),
                }
            }
            CaseEnd::Failed(_) => {}
        }
    }

    /// Starts counting a case run in this process: its events are collected until the
    /// [`Counted`] is dropped or its property [`check`]ed.
    pub(crate) fn case(&mut self) -> Counted<'_> {
        Counted {
            window: Some(Window::open()),
            tally: self,
        }
    }

    /// Ends the check whose `result` is known: prints the summary (on stderr when it
    /// passed, at the end of its report when it failed) when `print`, and gives the
    /// statistics to `receive`.
    pub(crate) fn finish(
        self,
        result: &mut Result<(), Report>,
        print: bool,
        receive: Option<Box<dyn FnOnce(CheckStats) + '_>>,
    ) {
        let stats = self.into_stats(result.is_err());
        if print {
            match result {
                Ok(()) => to_stderr(&stats.to_string()),
                // A saved failure or a fuzz file failed before any generated case ran.
                Err(report) if stats.cases() > 0 => report.append(&stats.to_string()),
                Err(_) => {}
            }
        }
        if let Some(receive) = receive {
            receive(stats);
        }
    }

    /// The statistics of the check, which `failed` or passed.
    fn into_stats(mut self, failed: bool) -> CheckStats {
        self.stats.check_failed = failed;
        self.stats.time = self.stopped.unwrap_or_else(|| self.started.elapsed());
        self.stats
    }

    fn add_events(&mut self, events: impl IntoIterator<Item = Event>) {
        self.stats.counted += 1;
        for event in events {
            let tracked = self.stats.events.len() < MAX_EVENTS;
            match self.stats.events.get_mut(&event) {
                Some(n) => *n += 1,
                None if tracked => {
                    self.stats.events.insert(event, 1);
                }
                None => self.stats.untracked += 1,
            }
        }
    }

    fn add_input(&mut self, input: &dyn Debug, decisions: usize) {
        self.stats.inputs += 1;
        *self.stats.sizes.entry(decisions).or_default() += 1;
        if self.hashes.len() < MAX_DISTINCT {
            let mut hasher = HashWriter(foldhash::quality::FixedState::with_seed(0).build_hasher());
            let _ = write!(hasher, "{input:?}");
            if self.hashes.insert(hasher.0.finish()) {
                self.stats.distinct += 1;
            }
        }
    }
}

/// One generated case being counted; its events go to the tally when it is dropped.
pub(crate) struct Counted<'t> {
    tally: &'t mut Tally,
    window: Option<Window>,
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        if let Some(window) = self.window.take() {
            self.tally.add_events(window.close());
        }
    }
}

/// Generates the case with `seed`: by calling the generator directly, or, when the case is
/// counted, by recording it (the same input, and its number of decisions).
pub(crate) fn generate<T: Debug>(
    generator: &mut dyn FnMut(&mut StdRng) -> T,
    seed: u64,
    counted: Option<&mut Counted<'_>>,
) -> T {
    match counted {
        None => generator(&mut StdRng::seed_from_u64(seed)),
        Some(counted) => {
            let run = record(|rng| generator(rng), seed);
            counted
                .tally
                .add_input(&run.output, run.trace.decision_count());
            run.output
        }
    }
}

/// Runs the property on a case's input ([`case::check`]); a counted case's events are
/// counted then, before a failure shrinks.
pub(crate) fn check<T, P: IntoOutcome>(
    counted: Option<Counted<'_>>,
    property: &mut impl FnMut(&T) -> P,
    input: &T,
) -> (CaseEnd, Vec<String>) {
    let checked = case::check(true, property, input);
    if let (Some(counted), CaseEnd::Failed(_)) = (counted, &checked.0) {
        counted.tally.stats.failed = true;
        counted.tally.stopped = Some(counted.tally.started.elapsed());
    }
    checked
}

/// A hasher fed by `write!`: hashes a `Debug` text without building it.
struct HashWriter<H>(H);

impl<H: Hasher> fmt::Write for HashWriter<H> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.write(s.as_bytes());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_are_never_0_or_100_unless_exact() {
        assert_eq!(percent(0, 100), "0 %");
        assert_eq!(percent(1, 1000), "<1 %");
        assert_eq!(percent(5, 1000), "1 %");
        assert_eq!(percent(62, 100), "62 %");
        assert_eq!(percent(999, 1000), ">99 %");
        assert_eq!(percent(7, 7), "100 %");
    }

    #[test]
    fn the_median_is_the_lower_one() {
        let mut tally = Tally::new("t");
        for size in [5, 1, 9, 3] {
            tally.add_input(&size, size);
        }
        let stats = tally.into_stats(false);
        assert_eq!(stats.min_decisions(), Some(1));
        assert_eq!(stats.median_decisions(), Some(3));
        assert_eq!(stats.max_decisions(), Some(9));
        assert_eq!(stats.distinct_inputs(), 4);
    }

    #[test]
    fn events_past_the_limit_are_counted_in_all() {
        let mut tally = Tally::new("t");
        tally.start(1);
        let events = (0..MAX_EVENTS + 5).map(|i| Event {
            label: "n".to_string(),
            value: Some(i.to_string()),
        });
        tally.add_events(events);
        let stats = tally.into_stats(false);
        assert_eq!(stats.events().count(), MAX_EVENTS);
        assert!(
            stats
                .to_string()
                .contains("; 5 more not counted apart (over 1000 different events)"),
            "{stats}"
        );
        assert!(
            stats.to_string().contains(", and 990 more values"),
            "{stats}"
        );
    }
}
