//! The settings of a [`Check`]: [`Check::config`] for all of them at once, and one builder
//! method per field of the [`Config`](crate::Config), each documented with an example. The
//! environment's `GREDUCE_*` variables override them when the check runs
//! (`config/env.rs`).

use super::{Check, CheckStats};
use crate::config::Regressions;
use crate::config::Strategy;
use crate::config::{Config, SameFailure};
use crate::config::{Exhaust, PassSet, Search};
use std::fmt::Debug;
use std::path::PathBuf;
use std::time::Duration;

impl<'g, T: Debug, S: Ord + Clone + Debug> Check<'g, T, S> {
    /// Every setting at once, from a [`Config`] (built with `..Config::default()`, and
    /// shared by several checks or a `#[greduce::test(config = ..)]`). The setters called
    /// after it change the fields they name; the `GREDUCE_*` variables still win when the
    /// check runs.
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// use greduce::{Config, PassSet};
    ///
    /// let paper = Config { passes: PassSet::STRUCTURE, seed: Some(1), ..Config::default() };
    /// let report = Check::new(numbers)
    ///     .config(paper)
    ///     .cases(20)
    ///     .persist(false)
    ///     .try_check(|v: &Vec<u32>| v.len() < 5)
    ///     .unwrap_err();
    /// // The paper's structural pass removes numbers; it never simplifies one.
    /// assert_eq!(report.input(), Some("[797, 691, 196, 427, 216]"));
    /// ```
    #[must_use]
    pub fn config(mut self, config: Config) -> Self {
        self.config = config;
        self
    }

    /// How many generated cases must pass (default 100; rejected cases do not count).
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let mut calls = 0;
    /// Check::new(numbers).cases(20).check(|_: &Vec<u32>| calls += 1);
    /// assert_eq!(calls, 20);
    /// ```
    #[must_use]
    pub fn cases(mut self, cases: u64) -> Self {
        self.config.cases = cases;
        self
    }

    /// The seed of the first case (default: random per run). The report of a failure
    /// prints the seed that reproduces it.
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let fails = |v: &Vec<u32>| v.len() < 5;
    /// let report = Check::new(numbers).seed(1).persist(false).try_check(fails).unwrap_err();
    /// // The first case, from seed 1, failed.
    /// assert_eq!(report.seed(), Some(1));
    /// // The same seed gives the same case, shrunk to the same input.
    /// let again = Check::new(numbers).seed(1).persist(false).try_check(fails).unwrap_err();
    /// assert_eq!(again.input(), report.input());
    /// ```
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Self {
        self.config.seed = Some(seed);
        self
    }

    /// Stop shrinking after this many property calls, keeping the best input so far
    /// (default 2000).
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let report = Check::new(numbers)
    ///     .seed(1)
    ///     .persist(false)
    ///     .max_shrink_calls(5)
    ///     .try_check(|v: &Vec<u32>| v.len() < 5)
    ///     .unwrap_err();
    /// // Five calls removed 18 of the 24 numbers; the report says the budget ran out.
    /// assert_eq!(report.input(), Some("[974, 797, 691, 196, 427, 216]"));
    /// assert!(report.to_string().contains("the budget of 5 property calls"));
    /// ```
    #[must_use]
    pub fn max_shrink_calls(mut self, calls: u64) -> Self {
        self.config.max_shrink_calls = Some(calls);
        self
    }

    /// Stop shrinking after this much time, keeping the best input so far (default 10 s).
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// use std::time::Duration;
    ///
    /// let report = Check::new(numbers)
    ///     .seed(1)
    ///     .persist(false)
    ///     .max_shrink_time(Duration::ZERO)
    ///     .try_check(|v: &Vec<u32>| v.len() < 5)
    ///     .unwrap_err();
    /// // No time to shrink: the input is the case as generated.
    /// let generated = format!("{:?}", greduce::record(numbers, 1).output);
    /// assert_eq!(report.input(), Some(generated.as_str()));
    /// assert!(report.to_string().contains("time budget"));
    /// ```
    #[must_use]
    pub fn max_shrink_time(mut self, time: Duration) -> Self {
        self.config.max_shrink_time = Some(time);
        self
    }

    /// What replay does when the reduced trace cannot be followed (default
    /// [`Strategy::Realign`]).
    ///
    /// ```
    /// use greduce::{Check, Strategy, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn low<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    ///     rng.random_range(10..20)
    /// }
    ///
    /// #[generator]
    /// fn high<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    ///     rng.random_range(20..30)
    /// }
    ///
    /// /// A value of `high` or of `low`, then a number.
    /// #[generator]
    /// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u32) {
    ///     let v = if rng.random_bool(0.5) { high(rng) } else { low(rng) };
    ///     (v, rng.random_range(0..100))
    /// }
    ///
    /// // Seed 6 gives (27, 68): `high` was called. Removing the `if` block calls `low` instead,
    /// // which halt cannot align and re-align can.
    /// let fails = |&(_, n): &(u32, u32)| n < 50;
    /// let check = || Check::new(pair).seed(6).persist(false);
    /// let halt = check().strategy(Strategy::Halt).try_check(fails).unwrap_err();
    /// assert_eq!(halt.input(), Some("(20, 50)"));
    /// let realign = check().strategy(Strategy::Realign).try_check(fails).unwrap_err();
    /// assert_eq!(realign.input(), Some("(10, 50)"));
    /// ```
    #[must_use]
    pub fn strategy(mut self, strategy: Strategy) -> Self {
        self.config.strategy = strategy;
        self
    }

    /// How shrinking proposes reduced traces (default [`Search::Tree`]).
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// use greduce::Search;
    ///
    /// // ddmin over all loop iterations at once, instead of level by level.
    /// let report = Check::new(numbers)
    ///     .seed(1)
    ///     .persist(false)
    ///     .search(Search::Sequence)
    ///     .try_check(|v: &Vec<u32>| v.len() < 5)
    ///     .unwrap_err();
    /// assert_eq!(report.input(), Some("[0, 0, 0, 0, 0]"));
    /// ```
    #[must_use]
    pub fn search(mut self, search: Search) -> Self {
        self.config.search = search;
        self
    }

    /// Which pass families shrinking runs (default [`PassSet::ALL`]; [`PassSet::STRUCTURE`]
    /// alone is the paper's algorithm, which removes parts and never changes a value).
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// use greduce::PassSet;
    ///
    /// // The paper's algorithm: loop iterations are removed, the numbers kept as drawn.
    /// let report = Check::new(numbers)
    ///     .seed(1)
    ///     .persist(false)
    ///     .passes(PassSet::STRUCTURE)
    ///     .try_check(|v: &Vec<u32>| v.len() < 5)
    ///     .unwrap_err();
    /// assert_eq!(report.input(), Some("[797, 691, 196, 427, 216]"));
    /// ```
    #[must_use]
    pub fn passes(mut self, passes: PassSet) -> Self {
        self.config.passes = passes;
        self
    }

    /// After shrinking, searches the generator's executions within `bounds`, and the
    /// input's neighbours (executions that change at most `bounds.changes` of its
    /// decisions), for a smaller failing input, and prints what it showed: "exhaustive
    /// search: no smaller failing input among 20 inputs of at most 3 decisions, values up to
    /// 4 per decision, nor among its 0 neighbours that change at most 2 of its decisions"
    /// ([`Reducer::exhaust`](crate::Reducer::exhaust)). Off by default;
    /// `GREDUCE_EXHAUST=on` (default bounds), `off`, or bounds such as
    /// `decisions=8,values=3` (keys `decisions`, `values`, `inputs`, `calls`, `changes`)
    /// override it. Not with fork mode.
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// use greduce::Exhaust;
    ///
    /// /// A number drawn one of two ways: alone, or as the sum of two.
    /// #[generator]
    /// fn number<R: rand::Rng + ?Sized>(rng: &mut R) -> (u8, u32) {
    ///     match rng.random_range(0..2) {
    ///         0 => (0, rng.random_range(0..1000)),
    ///         _ => (1, rng.random_range(0..1000) + rng.random_range(0..1000)),
    ///     }
    /// }
    ///
    /// let report = Check::new(number)
    ///     .seed(3)
    ///     .persist(false)
    ///     .exhaust(Exhaust { decisions: 3, ..Exhaust::default() })
    ///     .try_check(|&(how, n)| assert!(if how == 0 { n != 3 } else { n < 500 }))
    ///     .unwrap_err();
    /// assert_eq!(report.input(), Some("(0, 3)"));
    /// assert!(report.to_string().contains(
    ///     "exhaustive search: no smaller failing input among 20 inputs of at most 3 \
    ///      decisions, values up to 4 per decision, nor among its 0 neighbours that change \
    ///      at most 2 of its decisions"
    /// ));
    /// ```
    #[must_use]
    pub fn exhaust(mut self, bounds: Exhaust) -> Self {
        self.config.exhaust = Some(bounds);
        self
    }

    /// Whether to shrink a failing input (default true).
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let report = Check::new(numbers)
    ///     .seed(1)
    ///     .persist(false)
    ///     .shrink(false)
    ///     .try_check(|v: &Vec<u32>| v.len() < 5)
    ///     .unwrap_err();
    /// // The failing case as generated.
    /// let generated = greduce::record(numbers, report.seed().unwrap()).output;
    /// assert_eq!(report.input(), Some(format!("{generated:?}").as_str()));
    /// ```
    #[must_use]
    pub fn shrink(mut self, shrink: bool) -> Self {
        self.config.shrink = shrink;
        self
    }

    /// Whether the report lists every shrink candidate and why it was rejected (default
    /// false).
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let report = Check::new(numbers)
    ///     .seed(1)
    ///     .persist(false)
    ///     .verbose(true)
    ///     .try_check(|v: &Vec<u32>| v.len() < 5)
    ///     .unwrap_err();
    /// let text = report.to_string();
    /// assert!(text.contains("candidates tried:"));
    /// assert!(text.contains("rejected: property says Passes"));
    /// ```
    #[must_use]
    pub fn verbose(mut self, verbose: bool) -> Self {
        self.config.verbose = verbose;
        self
    }

    /// Whether to print statistics of what the check generated (default false;
    /// `GREDUCE_STATS=1`, or `0`, overrides it): after the generated cases pass, a summary
    /// on stderr; when the check fails, the same at the end of its report, for the cases
    /// run until the failure.
    ///
    /// For example:
    ///
    /// ```text
    /// greduce: `sorted_stays_sorted`: 100 cases passed in 0.01 s (seed 0x2a)
    ///     events (of 103 cases run): 27 % empty list; 62 % sorted: true, 11 % sorted: false
    ///     input sizes (decisions): min 1, median 12, max 31
    ///     rejected by assume: 3 (at tests/sorting.rs:12:5)
    ///     distinct inputs: 97 of 103 (by `Debug` text)
    /// ```
    ///
    /// - **events**: the share of the cases run (rejected ones included) that had each
    ///   [`event`](crate::event) or [`event_value`](crate::event_value), each counted
    ///   once per case, from the generator or the property;
    /// - **input sizes**: the inputs' numbers of decisions (the lower median);
    /// - **rejected by assume**: rejections by the place of the [`assume`](crate::assume);
    /// - **distinct inputs**: inputs told apart by a hash of their `Debug` text (an output
    ///   whose `Debug` changes from run to run, as a `HashMap`'s order does, counts more).
    ///
    /// Only generated cases count: not explicit examples, saved failures, fuzz files, nor
    /// shrinking's runs. With statistics on, each case's generator is recorded instead of
    /// called directly, to count its decisions (the same inputs, a little slower: BENCHMARKS.md,
    /// "Statistics"); in fork mode, events, sizes and inputs are not collected (the cases run
    /// in child processes). The summary is written past the test harness's capture, as
    /// progress lines are, so `cargo test` shows it for a passing test, without
    /// `--nocapture`; with [`print_progress`](Check::print_progress) off it goes through
    /// the capture, and `cargo test -- --nocapture` shows it. [`on_stats`](Check::on_stats)
    /// gives the numbers to code.
    ///
    /// ```
    /// use greduce::{Check, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    ///     let v: Vec<u32> = (0..rng.random_range(0..4)).map(|_| rng.random_range(0..10)).collect();
    ///     if v.is_empty() {
    ///         greduce::event("empty list");
    ///     }
    ///     v
    /// }
    ///
    /// let sorted = |v: &Vec<u32>| {
    ///     greduce::event_value("sorted", v.is_sorted());
    ///     v.len() < 3
    /// };
    /// // Fails on case 3; the report ends with the statistics of the 3 cases.
    /// let report = Check::new(numbers)
    ///     .name("short")
    ///     .seed(11)
    ///     .persist(false)
    ///     .stats(true)
    ///     .try_check(sorted)
    ///     .unwrap_err();
    /// let text = report.to_string();
    /// assert!(text.contains("greduce: `short`: 2 cases passed, then case 3 failed, in "));
    /// assert!(text.contains(
    ///     "    events (of 3 cases run): 67 % sorted: true, 33 % sorted: false; 33 % empty list\n"
    /// ));
    /// assert!(text.contains("    input sizes (decisions): min 1, median 3, max 4\n"));
    /// assert!(text.contains("    distinct inputs: 3 of 3 (by `Debug` text)\n"));
    /// ```
    #[must_use]
    pub fn stats(mut self, on: bool) -> Self {
        self.config.stats = on;
        self
    }

    /// Gives `receive` the statistics of the generated cases ([`CheckStats`], the numbers
    /// [`stats`](Check::stats) prints), once, when the check ends: passing, or failing (then
    /// with the cases run until the failure). Collects them, whether or not they are
    /// printed. (Not called when a `GREDUCE_*` variable is invalid: the check fails before
    /// it runs.)
    ///
    /// ```
    /// use greduce::{Check, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn word<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    ///     (0..rng.random_range(0..8)).map(|_| rng.random_range('a'..='c')).collect()
    /// }
    ///
    /// // A test of the generator itself: does it make empty words, and long ones?
    /// let mut empty = 0;
    /// let mut longest = None;
    /// Check::new(word)
    ///     .seed(7)
    ///     .on_stats(|stats| {
    ///         empty = stats.event("empty");
    ///         longest = stats.max_decisions();
    ///     })
    ///     .check(|w: &String| {
    ///         if w.is_empty() {
    ///             greduce::event("empty");
    ///         }
    ///         w.len() < 8
    ///     });
    /// assert!(empty > 0);
    /// // A length and 7 letters.
    /// assert_eq!(longest, Some(8));
    /// ```
    #[must_use]
    pub fn on_stats(mut self, receive: impl FnOnce(CheckStats) + 'g) -> Self {
        self.on_stats = Some(Box::new(receive));
        self
    }

    /// How many cases [`assume`](crate::assume) may reject before the check fails as unhealthy (default:
    /// ten times the cases, at least 1000).
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let report = Check::new(numbers)
    ///     .persist(false)
    ///     .max_rejects(10)
    ///     .try_check(|v: &Vec<u32>| greduce::assume(v.len() > 100))
    ///     .unwrap_err();
    /// assert!(report.to_string().contains("too many rejected cases: 11 rejected (limit 10)"));
    /// ```
    #[must_use]
    pub fn max_rejects(mut self, rejects: u64) -> Self {
        self.config.max_rejects = Some(rejects);
        self
    }

    /// Which failures count as the one being shrunk (default [`SameFailure::Location`]).
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// use greduce::SameFailure;
    ///
    /// // Two bugs behind one `assert!`, told apart by the message's words.
    /// let property = |v: &Vec<u32>| {
    ///     let why = if v.len() >= 3 { "too long" } else { "too large" };
    ///     assert!(v.len() < 3 && v.iter().all(|&n| n < 900), "{why}: {v:?}");
    /// };
    /// let check = || Check::new(numbers).seed(1).persist(false);
    /// // By default a panic at the same place counts, whatever its message: either bug.
    /// let location = check().try_check(property).unwrap_err();
    /// assert_eq!(location.input(), Some("[900]"));
    /// // `Similar` compares the message up to its first `": "`: the first bug only.
    /// let similar = check().same_failure(SameFailure::Similar).try_check(property).unwrap_err();
    /// assert_eq!(similar.input(), Some("[0, 0, 0]"));
    /// ```
    #[must_use]
    pub fn same_failure(mut self, same: SameFailure) -> Self {
        self.config.same_failure = same;
        self
    }

    /// The name reports use (default: the name of the running test).
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let report = Check::new(numbers)
    ///     .name("short_lists")
    ///     .seed(1)
    ///     .persist(false)
    ///     .try_check(|v: &Vec<u32>| v.len() < 5)
    ///     .unwrap_err();
    /// assert!(report.to_string().starts_with("greduce: `short_lists` failed on case 1"));
    /// ```
    #[must_use]
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// An input that is always checked, before the generated ones. A failing example is
    /// reported as it is (it has no trace to shrink). Examples run in this process, also in
    /// fork mode (a child process can only rebuild generated inputs).
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let report = Check::new(numbers)
    ///     .persist(false)
    ///     .example(vec![1000])
    ///     .try_check(|v: &Vec<u32>| v.iter().all(|&n| n < 1000))
    ///     .unwrap_err();
    /// // Reported as given, without a seed.
    /// assert_eq!(report.input(), Some("[1000]"));
    /// assert_eq!(report.seed(), None);
    /// ```
    #[must_use]
    pub fn example(mut self, input: T) -> Self {
        self.examples.push(input);
        self
    }

    /// Save failures in `dir` (one file per test) instead of `greduce-regressions/` in the
    /// directory of the package under test. `GREDUCE_REGRESSIONS=<dir>` does the same;
    /// `GREDUCE_REGRESSIONS=off` turns saving off.
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let dir = std::env::temp_dir().join(format!("greduce-doc-saved-{}", std::process::id()));
    /// let _ = Check::new(numbers)
    ///     .name("short_lists")
    ///     .seed(1)
    ///     .regressions(&dir)
    ///     .try_check(|v: &Vec<u32>| v.len() < 5);
    /// // Saved in `<dir>/<test binary>/short_lists.txt`: the shrunk trace, the input as a comment.
    /// let binary = std::fs::read_dir(&dir).unwrap().next().unwrap().unwrap().path();
    /// let saved = std::fs::read_to_string(binary.join("short_lists.txt")).unwrap();
    /// assert!(saved.contains("# input: [0, 0, 0, 0, 0]"));
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    #[must_use]
    pub fn regressions(mut self, dir: impl Into<PathBuf>) -> Self {
        self.config.regressions = Regressions::Dir(dir.into());
        self
    }

    /// Replays every file of a fuzzer's artifact or corpus directory (`fuzz/artifacts/<target>`,
    /// `fuzz/corpus/<target>`) before the generated cases, each file's bytes answering
    /// the generator's decisions as they did in the fuzz target (see [`crate::fuzz`]). A
    /// file that fails is shrunk by the trace reducer, reported with its path, and saved in
    /// the regressions file like any failure. Called again, adds another directory.
    ///
    /// A relative `dir` is under the package being tested, where `cargo test` runs; a
    /// directory that does not exist has no files (no fuzzer ran yet). Files whose name
    /// starts with `.` are skipped. Nothing in the directory is deleted or rewritten; a
    /// file that cannot be read fails the check, naming it, and so does a file on which the
    /// generator panics (reported, not shrunk). A failure's seed, in its report and its
    /// saved entry, is a hash of its file. Files run in this process (or in a child, with
    /// [`fork`](Check::fork)): libFuzzer's `timeout-` and `oom-` files hang or exhaust
    /// memory here as in the fuzzer, unless a [`timeout`](Check::timeout) is set.
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
    /// // What a fuzzer left: an input of 4 numbers (a length byte, then two bytes each).
    /// let dir = std::env::temp_dir().join(format!("greduce-doc-fuzz-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// std::fs::write(dir.join("crash-1"), [4, 7, 0, 0, 1, 9, 0, 5, 0]).unwrap();
    /// let report = Check::new(numbers)
    ///     .fuzz_artifacts(&dir)
    ///     .persist(false)
    ///     .try_check(|v: &Vec<u32>| v.len() < 3)
    ///     .unwrap_err();
    /// assert!(report.to_string().contains("crash-1"));
    /// assert_eq!(report.input(), Some("[0, 0, 0]"));
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    #[must_use]
    pub fn fuzz_artifacts(mut self, dir: impl Into<PathBuf>) -> Self {
        self.config.fuzz_artifacts.push(dir.into());
        self
    }

    /// Whether to save failures and replay saved ones (default true).
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let dir = std::env::temp_dir().join(format!("greduce-doc-unsaved-{}", std::process::id()));
    /// let report = Check::new(numbers)
    ///     .name("short_lists")
    ///     .seed(1)
    ///     .regressions(&dir)
    ///     .persist(false)
    ///     .try_check(|v: &Vec<u32>| v.len() < 5);
    /// assert!(report.is_err());
    /// assert!(!dir.exists()); // nothing saved
    /// ```
    #[must_use]
    pub fn persist(mut self, on: bool) -> Self {
        self.config.regressions = if on {
            Regressions::Package
        } else {
            Regressions::Off
        };
        self
    }

    /// Whether to run each property call in a child process (the test binary, run again on
    /// this test), so that a crash (`abort()`, a stack overflow, a segfault in unsafe or FFI
    /// code) is a failure that shrinks like a panic (default false; `GREDUCE_FORK=1`). Needs
    /// the test to run under `cargo test`. The child runs the test's code up to its first
    /// forked check, which runs the one property call and ends the child: keep one forked
    /// check per test, and nothing before it that must not run many times.
    /// Off, it also removes a [`timeout`](Check::timeout), which needs a child process.
    ///
    /// ```no_run
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// // In a test run by `cargo test`: the abort fails the check, and the input shrinks to
    /// // 21 numbers, as a panic would.
    /// Check::new(numbers).fork(true).check(|v: &Vec<u32>| {
    ///     if v.len() > 20 {
    ///         std::process::abort();
    ///     }
    /// });
    /// ```
    #[must_use]
    pub fn fork(mut self, on: bool) -> Self {
        self.config.fork = on;
        if !on {
            // A time limit needs a child process: off, there is none.
            self.config.timeout = None;
        }
        self
    }

    /// A time limit for each property call; a call that takes longer is a failure ("timed
    /// out") that shrinks like a panic (default none; `GREDUCE_TIMEOUT=5s`). Turns on
    /// [`fork`](Check::fork) mode: a hung call can only be stopped in a child process.
    ///
    /// ```no_run
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// use std::time::Duration;
    ///
    /// // In a test run by `cargo test`: a call that hangs fails the check after a second, and
    /// // the input shrinks to 21 numbers, as a panic would.
    /// Check::new(numbers).timeout(Duration::from_secs(1)).check(|v: &Vec<u32>| {
    ///     if v.len() > 20 {
    ///         std::thread::sleep(Duration::from_secs(3600));
    ///     }
    /// });
    /// ```
    #[must_use]
    pub fn timeout(mut self, limit: Duration) -> Self {
        self.config.timeout = Some(limit);
        self
    }

    /// Whether to write to stderr, as things happen, the failing input when it is found and
    /// a progress line each second while shrinking takes more than a second (default true).
    /// These lines bypass the test harness's output capture, so they show even if the test
    /// is killed. Off, greduce's other notes (a regressions file that cannot be used or
    /// written, a stale saved failure, a case a previous run died in) go through the
    /// capture: they show with a failing test's output only.
    ///
    /// ```
    /// # use greduce::{Check, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// // Nothing is written while the check runs; the report holds the result.
    /// let report = Check::new(numbers)
    ///     .seed(1)
    ///     .persist(false)
    ///     .print_progress(false)
    ///     .try_check(|v: &Vec<u32>| v.len() < 5)
    ///     .unwrap_err();
    /// assert_eq!(report.input(), Some("[0, 0, 0, 0, 0]"));
    /// ```
    #[must_use]
    pub fn print_progress(mut self, on: bool) -> Self {
        self.progress = on;
        self
    }
}
