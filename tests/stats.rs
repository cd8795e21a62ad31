//! Statistics of a check (`Check::stats`, `Check::on_stats`, `GREDUCE_STATS`): events from
//! the generator and the property, input sizes, rejections, distinct inputs, the printed
//! summary, and what is not counted (shrinking's runs).

// Reason: `UPDATE_EXPECT=1` writes snapshots as `r#"..."#`.
#![allow(clippy::needless_raw_string_hashes)]

use expect_test::expect;
use greduce::{Check, CheckStats, assume, event, event_value, generator};
use rand::RngExt;
use std::cell::{Cell, RefCell};

/// A digit; the event `zero` when it is 0.
#[generator]
fn digit<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let d = rng.random_range(0..10);
    if d == 0 {
        event("zero");
    }
    d
}

/// Up to two numbers: one decision for the length, one per number.
#[generator]
fn short_list<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let v: Vec<u32> = (0..rng.random_range(0..3))
        .map(|_| rng.random_range(0..100))
        .collect();
    for _ in &v {
        // Once per case, however many numbers.
        event("drew a number");
    }
    v
}

#[generator]
fn coin<R: rand::Rng + ?Sized>(rng: &mut R) -> bool {
    rng.random_bool(0.5)
}

/// A check of `generator` from seed 1 that prints nothing, and its statistics.
fn stats_of<T: std::fmt::Debug>(
    check: Check<'_, T>,
    property: impl FnMut(&T) -> bool,
) -> (Result<(), greduce::Report>, CheckStats) {
    let got = RefCell::new(None);
    let result = check
        .name("counted")
        .seed(1)
        .persist(false)
        .print_progress(false)
        .on_stats(|s| *got.borrow_mut() = Some(s))
        .try_check(property);
    (result, got.into_inner().expect("on_stats was called"))
}

#[test]
fn an_event_of_the_generator_is_counted_once_per_case() {
    let zeros = Cell::new(0);
    let (result, stats) = stats_of(Check::new(digit), |&d| {
        zeros.set(zeros.get() + u64::from(d == 0));
        true
    });
    result.unwrap();
    assert_eq!(stats.cases(), 100);
    assert_eq!(stats.passed(), 100);
    // The 100 digits from seed 1 hold 10 zeros, as the property saw.
    assert_eq!(stats.event("zero"), 10);
    assert_eq!(zeros.get(), 10);
    assert_eq!(stats.events().collect::<Vec<_>>(), [("zero", None, 10)]);
}

#[test]
fn an_event_called_many_times_in_a_case_counts_once() {
    let nonempty = Cell::new(0);
    let (result, stats) = stats_of(Check::new(short_list), |v| {
        nonempty.set(nonempty.get() + u64::from(!v.is_empty()));
        true
    });
    result.unwrap();
    assert_eq!(stats.event("drew a number"), 72);
    assert_eq!(nonempty.get(), 72);
}

#[test]
fn events_of_the_property_count_with_their_values() {
    let odd = Cell::new(0);
    let large = Cell::new(0);
    let (result, stats) = stats_of(Check::new(digit), |&d| {
        odd.set(odd.get() + d % 2);
        large.set(large.get() + u32::from(d > 6));
        event_value("parity", d % 2);
        event_value("parity", d % 2);
        if d > 6 {
            event_value("large", true);
        }
        true
    });
    result.unwrap();
    // 10 zeros from the generator, and the property's events beside them.
    assert_eq!(stats.event("zero"), 10);
    assert_eq!(stats.event_value("parity", "1"), u64::from(odd.get()));
    assert_eq!(stats.event_value("parity", "0"), 100 - u64::from(odd.get()));
    assert_eq!(stats.event_value("large", "true"), u64::from(large.get()));
    assert_eq!(
        stats.events().collect::<Vec<_>>(),
        [
            ("large", Some("true"), 31),
            ("parity", Some("0"), 50),
            ("parity", Some("1"), 50),
            ("zero", None, 10)
        ]
    );
    assert_eq!(stats.event("parity"), 0);
    assert_eq!(stats.event_value("parity", "2"), 0);
}

#[test]
fn input_sizes_are_in_decisions() {
    let lengths = RefCell::new(Vec::new());
    let (result, stats) = stats_of(Check::new(short_list), |v| {
        lengths.borrow_mut().push(v.len() as u64);
        true
    });
    result.unwrap();
    let mut sizes: Vec<u64> = lengths.into_inner().iter().map(|n| n + 1).collect();
    sizes.sort_unstable();
    assert_eq!(stats.inputs(), 100);
    assert_eq!(stats.min_decisions(), Some(1));
    assert_eq!(stats.max_decisions(), Some(3));
    assert_eq!(stats.median_decisions(), Some(sizes[49]));
    assert_eq!(stats.median_decisions(), Some(2));
}

#[test]
fn rejections_are_counted_by_place() {
    let (zeros, nines) = (Cell::new(0), Cell::new(0));
    let zero_line = line!() + 4;
    let (result, stats) = stats_of(Check::new(digit), |&d| {
        zeros.set(zeros.get() + u64::from(d == 0));
        nines.set(nines.get() + u64::from(d == 9));
        assume(d != 0);
        assume(d != 9);
        true
    });
    result.unwrap();
    let file = file!();
    assert_eq!(stats.passed(), 100);
    // In the order of the first rejection: a nine came first.
    assert_eq!(
        stats.rejections(),
        [
            (format!("{file}:{}:9", zero_line + 1), nines.get()),
            (format!("{file}:{zero_line}:9"), zeros.get()),
        ]
    );
    assert_eq!((zeros.get(), nines.get()), (14, 9));
    assert_eq!(stats.rejected(), 23);
    assert_eq!(stats.cases(), 123);
    // Rejected cases ran: their events count, their inputs too.
    assert_eq!(stats.event("zero"), 14);
    assert_eq!(stats.inputs(), 123);
}

#[test]
fn a_rejection_in_the_generator_leaves_no_input() {
    let (result, stats) = stats_of(
        Check::new(|rng: &mut rand::rngs::StdRng| {
            let d = digit(rng);
            assume(d != 0);
            d
        }),
        |_| true,
    );
    result.unwrap();
    // 12 zeros, rejected by the generator: no input, but their events count.
    assert_eq!(stats.rejected(), 12);
    assert_eq!(stats.cases(), 112);
    assert_eq!(stats.event("zero"), 12);
    assert_eq!(stats.inputs(), 100);
}

#[test]
fn a_bool_has_two_distinct_inputs() {
    let (result, stats) = stats_of(Check::new(coin), |_| true);
    result.unwrap();
    assert_eq!(stats.inputs(), 100);
    assert_eq!(stats.distinct_inputs(), 2);
    let (_, digits) = stats_of(Check::new(digit), |_| true);
    assert_eq!(digits.distinct_inputs(), 10);
}

#[test]
fn shrinking_runs_are_not_counted() {
    let (calls, zeros) = (Cell::new(0), Cell::new(0));
    let (result, stats) = stats_of(Check::new(digit), |&d| {
        calls.set(calls.get() + 1);
        zeros.set(zeros.get() + u64::from(d == 0));
        event("property ran");
        d != 7
    });
    let report = result.unwrap_err();
    assert!(report.to_string().contains("failed on case 3"), "{report}");
    // Shrinking called the property 7 times more, once on 0 (the generator's event `zero`
    // was sent then), but only the 3 generated cases count: 2 passed, one failed.
    assert_eq!(calls.get(), 10);
    assert_eq!(zeros.get(), 1);
    assert_eq!(stats.cases(), 3);
    assert_eq!(stats.passed(), 2);
    assert_eq!(stats.event("property ran"), 3);
    assert_eq!(stats.event("zero"), 0);
    assert_eq!(stats.inputs(), 3);
}

/// The summary with its time replaced by `T`.
fn normalised(text: &str) -> String {
    text.lines()
        .map(|line| match (line.find(" in "), line.find(" s (seed")) {
            (Some(i), Some(j)) if i < j => format!("{} in T{}\n", &line[..i], &line[j..]),
            _ => format!("{line}\n"),
        })
        .collect()
}

#[test]
fn the_summary() {
    let (result, stats) = stats_of(Check::new(short_list), |v| {
        event_value("sorted", v.is_sorted());
        if v.is_empty() {
            event("empty list");
        }
        assume(v.first() != Some(&7));
        true
    });
    result.unwrap();
    expect![[r#"
        greduce: `counted`: 100 cases passed in T s (seed 0x1)
            events (of 102 cases run): 87 % sorted: true, 13 % sorted: false; 72 % drew a number; 28 % empty list
            input sizes (decisions): min 1, median 2, max 3
            rejected by assume: 2 (at tests/stats.rs:232:9)
            distinct inputs: 70 of 102 (by `Debug` text)
    "#]]
    .assert_eq(&normalised(&stats.to_string()));
}

#[test]
fn the_summary_ends_the_report_of_a_failure() {
    let report = Check::new(digit)
        .name("failing")
        .seed(1)
        .persist(false)
        .print_progress(false)
        .stats(true)
        .try_check(|&d: &u32| d != 7)
        .unwrap_err();
    let text = report.to_string();
    let summary = &text[text.find("greduce: `failing`: 2 cases").expect(&text)..];
    expect![[r#"
        greduce: `failing`: 2 cases passed, then case 3 failed, in T s (seed 0x1)
            events (of 3 cases run): none
            input sizes (decisions): min 1, median 1, max 1
            distinct inputs: 3 of 3 (by `Debug` text)
    "#]]
    .assert_eq(&normalised(summary));
}

#[test]
fn without_stats_the_report_has_no_summary() {
    let report = Check::new(short_list)
        .name("failing")
        .seed(1)
        .persist(false)
        .print_progress(false)
        .try_check(|v: &Vec<u32>| v.len() < 2)
        .unwrap_err();
    assert!(!report.to_string().contains("cases passed"), "{report}");
}

#[test]
fn events_outside_a_check_do_nothing() {
    event("alone");
    event_value("alone", 1);
    let (_, stats) = stats_of(Check::new(coin), |_| true);
    assert_eq!(stats.event("alone"), 0);
}

#[test]
fn fork_mode_counts_outcomes_only() {
    let small = |&d: &u32| {
        assume(d < 5);
        true
    };
    let (result, stats) = stats_of(Check::new(digit).cases(3).fork(true), small);
    result.unwrap();
    // Each case ran in a child process: passes and rejections are counted, as in this
    // process, but no events, sizes or inputs.
    let (_, here) = stats_of(Check::new(digit).cases(3), small);
    assert_eq!((stats.passed(), stats.rejected()), (3, 8));
    assert_eq!(stats.rejections(), here.rejections());
    assert_eq!(here.inputs(), 11);
    assert_eq!(stats.inputs(), 0);
    assert_eq!(stats.event("zero"), 0);
    assert!(
        stats
            .to_string()
            .contains("events, input sizes, distinct inputs: not collected (fork mode"),
        "{stats}"
    );
}

/// Runs test `name` of this binary in a child process with `vars` set, with the test
/// harness capturing its output (`nocapture` false) or not; returns its stderr and stdout.
/// The child tests below run only when `STATS_TEST_CHILD` is set.
fn child(name: &str, nocapture: bool, vars: &[(&str, &str)]) -> (String, String) {
    let command = if nocapture {
        common::test_child(name)
    } else {
        common::test_child_captured(name)
    };
    let (_, err, out) = common::run_child(command, "STATS_TEST_CHILD", vars);
    (err, out)
}

fn in_child() -> bool {
    std::env::var_os("STATS_TEST_CHILD").is_some()
}

#[test]
#[ignore = "a helper: run in a child process by another test"]
fn child_plain() {
    if in_child() {
        Check::new(coin)
            .name("plain")
            .seed(1)
            .check(|_: &bool| true);
    }
}

#[test]
#[ignore = "a helper: run in a child process by another test"]
fn child_with_stats() {
    if in_child() {
        Check::new(coin)
            .name("with_stats")
            .seed(1)
            .stats(true)
            .check(|_: &bool| true);
    }
}

#[test]
#[ignore = "a helper: run in a child process by another test"]
fn child_quiet_with_stats() {
    if in_child() {
        Check::new(coin)
            .name("quiet")
            .seed(1)
            .stats(true)
            .print_progress(false)
            .check(|_: &bool| true);
    }
}

#[greduce::test(stats = true, seed = 1, cases = 20)]
#[ignore = "a helper: run in a child process by another test"]
fn child_test_attribute(rng: &mut impl rand::Rng) {
    if !in_child() {
        return;
    }
    let heads = coin(rng);
    event_value("heads", heads);
}

const WITH_STATS: &str = "\
greduce: `with_stats`: 100 cases passed in T s (seed 0x1)
    events (of 100 cases run): none
    input sizes (decisions): min 1, median 1, max 1
    distinct inputs: 2 of 100 (by `Debug` text)
";

#[test]
fn the_variable_turns_the_summary_on_and_off() {
    let (err, _) = child("child_plain", true, &[("GREDUCE_STATS", "1")]);
    assert_eq!(
        normalised(&err),
        WITH_STATS.replace("with_stats", "plain"),
        "{err}"
    );
    let (err, _) = child("child_plain", true, &[]);
    assert_eq!(err, "");
    // The variable wins over the builder.
    let (err, out) = child("child_with_stats", true, &[("GREDUCE_STATS", "0")]);
    assert_eq!(err, "", "{out}");
    let (err, _) = child("child_with_stats", true, &[]);
    assert_eq!(normalised(&err), WITH_STATS);
    let (err, _) = child("child_plain", true, &[("GREDUCE_STATS", "maybe")]);
    assert!(
        err.contains("environment variable GREDUCE_STATS=\"maybe\" is not valid"),
        "{err}"
    );
}

#[test]
fn a_passing_test_shows_the_summary_without_nocapture() {
    let (err, out) = child("child_with_stats", false, &[]);
    assert!(out.contains("test result: ok. 1 passed"), "{out}");
    assert_eq!(normalised(&err), WITH_STATS);
    // Through the capture (progress off), a passing test's output is not shown...
    let (err, out) = child("child_quiet_with_stats", false, &[]);
    assert_eq!(err, "", "{out}");
    assert!(!out.contains("greduce:"), "{out}");
    // ... but `--nocapture` shows it.
    let (err, _) = child("child_quiet_with_stats", true, &[]);
    assert!(
        err.starts_with("greduce: `quiet`: 100 cases passed in "),
        "{err}"
    );
}

#[test]
fn the_test_attribute_takes_stats() {
    let (err, _) = child("child_test_attribute", true, &[]);
    expect![[r#"
        greduce: `child_test_attribute`: 20 cases passed in T s (seed 0x1)
            events (of 20 cases run): 50 % heads: false, 50 % heads: true
            input sizes (decisions): min 1, median 1, max 1
            distinct inputs: 2 of 20 (by `Debug` text)
    "#]]
    .assert_eq(&normalised(&err));
}

/// Cost of statistics, per case: `cargo test --release -p greduce --test stats --
/// --ignored --nocapture cost_of_stats`. Also times what a counted case adds, apart: the
/// recording of the generator (against a direct call) and the hash of the input's `Debug`
/// (the first input, written for each case).
#[test]
#[ignore = "a measurement, run by hand"]
fn cost_of_stats() {
    use rand::SeedableRng;
    use std::fmt::Write as _;
    use std::hash::Hasher;
    use std::time::Instant;
    #[generator]
    fn numbers<R: rand::Rng + ?Sized>(rng: &mut R, max: u32) -> Vec<u32> {
        (0..rng.random_range(0..max))
            .map(|_| rng.random_range(0..1000))
            .collect()
    }
    /// A hasher written to as the check's is.
    struct HashWriter<H>(H);
    impl<H: Hasher> std::fmt::Write for HashWriter<H> {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0.write(s.as_bytes());
            Ok(())
        }
    }
    /// Nanoseconds per call of `f` over `n` calls.
    fn time(n: u64, mut f: impl FnMut(u64)) -> f64 {
        let start = Instant::now();
        for i in 0..n {
            f(i);
        }
        start.elapsed().as_secs_f64() / n as f64 * 1e9
    }
    /// Nanoseconds per case of `cases` cases of `numbers(rng, max)`, statistics on or off.
    fn per_case(max: u32, cases: u64, on: bool) -> f64 {
        let check = Check::new(|rng: &mut rand::rngs::StdRng| numbers(rng, max))
            .seed(1)
            .cases(cases)
            .persist(false)
            .print_progress(false);
        let check = if on { check.on_stats(|_| {}) } else { check };
        let mut check = Some(check);
        time(1, |_| {
            check.take().unwrap().check(|v: &Vec<u32>| {
                event_value("long", v.len() > 10);
                true
            });
        }) / cases as f64
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    for (max, cases) in [(2, 200_000), (30, 50_000), (1000, 2_000)] {
        // Interleaved rounds, the median of each.
        let (mut off, mut on, mut direct, mut recorded, mut hashed) =
            (vec![], vec![], vec![], vec![], vec![]);
        let input = greduce::record(|r| numbers(r, max), 1).output;
        let mut sink = 0;
        for _ in 0..7 {
            off.push(per_case(max, cases, false));
            on.push(per_case(max, cases, true));
            direct.push(time(cases, |seed| {
                let rng = &mut rand::rngs::StdRng::seed_from_u64(seed);
                sink += numbers(rng, max).len();
            }));
            recorded.push(time(cases, |seed| {
                sink += greduce::record(|r| numbers(r, max), seed).output.len();
            }));
            hashed.push(time(cases, |_| {
                // (SipHash here; the check's foldhash is a little faster.)
                let mut writer = HashWriter(std::hash::DefaultHasher::new());
                let _ = write!(writer, "{input:?}");
                sink += writer.0.finish() as usize & 1;
            }));
        }
        let (off, on) = (median(off), median(on));
        println!(
            "up to {max} numbers: off {off:.0} ns per case, on {on:.0} ns (+{:.0} ns, \
             {:.2}x); direct call {:.0} ns, recorded {:.0} ns, Debug hash of {} numbers \
             {:.0} ns ({sink})",
            on - off,
            on / off,
            median(direct),
            median(recorded),
            input.len(),
            median(hashed),
        );
    }
}

mod common;
