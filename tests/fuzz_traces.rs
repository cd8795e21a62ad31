//! Fuzzing saved traces: mutated trace text goes through `Trace::parse`, and every trace
//! that parses is replayed with each strategy on a generator that makes every kind of
//! decision. Counted: hangs (an input that takes more than a second), panics inside
//! greduce, and outputs the generator could not have produced (checked against what rand
//! itself returns, not against greduce's own checks).
//!
//! CI runs 10 000 inputs. A long run:
//!
//! ```text
//! FUZZ_INPUTS=1000000 cargo test --release --test fuzz_traces -- --nocapture
//! ```
//!
//! (`FUZZ_SEED=<n>` starts from another seed.) The summary line gives the counts; the first
//! input of each kind of failure is printed in full, and the test fails.

use greduce::{ReplayError, Strategy, Trace};
use rand::rngs::StdRng;
use rand::seq::{IteratorRandom, SliceRandom};
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[path = "common/every_decision.rs"]
mod every_decision;
use every_decision::{ITEMS, Output, every_decision};

/// What rand can return for the calls whose legal answers are not a range: collected by
/// running rand itself on many seeds.
struct Oracle {
    partial: HashSet<(Vec<u8>, Vec<u8>)>,
    reservoir: HashSet<Vec<u8>>,
}

impl Oracle {
    fn new() -> Oracle {
        let mut partial = HashSet::new();
        let mut reservoir = HashSet::new();
        for seed in 0..20_000 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut items = ITEMS.to_vec();
            let (a, b) = items.partial_shuffle(&mut rng, 2);
            partial.insert((a.to_vec(), b.to_vec()));
            reservoir.insert(ITEMS.iter().copied().sample(&mut rng, 2));
        }
        Oracle { partial, reservoir }
    }

    /// Why `out` is not an output [`every_decision`] can produce, if it is not.
    fn impossible(&self, out: &Output) -> Option<&'static str> {
        let sorted = |v: &[u8]| {
            let mut v = v.to_vec();
            v.sort_unstable();
            v
        };
        let distinct = |v: &[u8]| v.iter().collect::<HashSet<_>>().len() == v.len();
        let checks: [(&'static str, bool); 15] = [
            (
                "an int",
                out.ints.len() < 4 && out.ints.iter().all(|x| (-5..5).contains(x)),
            ),
            ("a float", out.floats.iter().all(|x| (0.5..2.0).contains(x))),
            (
                "a char",
                out.chars.len() <= 1 && out.chars.iter().all(char::is_ascii_lowercase),
            ),
            ("the word", ["zero", "one", "two"].contains(&out.word)),
            ("the shuffle", sorted(&out.shuffled) == ITEMS),
            ("the partial shuffle", self.partial.contains(&out.partial)),
            ("the choice", out.chosen.is_some_and(|x| ITEMS.contains(&x))),
            (
                "the weighted choice",
                ITEMS.contains(&out.weighted) && !out.weighted.is_multiple_of(20),
            ),
            (
                "the sample",
                out.sampled.len() == 3
                    && distinct(&out.sampled)
                    && out.sampled.iter().all(|x| ITEMS.contains(x)),
            ),
            ("the reservoir", self.reservoir.contains(&out.reservoir)),
            (
                "the iterator choice",
                out.from_iter.is_some_and(|x| x > 20 && ITEMS.contains(&x)),
            ),
            ("the uniform int", (10..20).contains(&out.uniform.0)),
            ("the uniform float", (5.0..=6.0).contains(&out.uniform.1)),
            ("the standard float", (0.0..1.0).contains(&out.standard.1)),
            ("the leaf", out.leaf < u16::MAX),
        ];
        checks.iter().find(|(_, ok)| !ok).map(|(what, _)| *what)
    }
}

/// Pieces that mutations put into a trace's text.
const PIECES: [&str; 24] = [
    "",
    " ",
    "  ",
    "iteration",
    "then",
    "arm",
    "decision",
    "loop",
    "scope",
    "=",
    ":",
    "@",
    ",",
    "offset:",
    "indices:",
    "bits:0x",
    "int:u8:0:",
    "linked:0",
    "99999999999999999999",
    "18446744073709551615",
    "-1",
    "0",
    "NaN",
    "é",
];

/// A random value as the trace text writes one.
fn random_value(rng: &mut StdRng) -> String {
    let number = |rng: &mut StdRng| -> u64 {
        match rng.random_range(0..4) {
            0 => rng.random_range(0..8),
            1 => rng.random(),
            2 => u64::MAX - rng.random_range(0..3),
            _ => rng.random_range(0..1000),
        }
    };
    match rng.random_range(0..7) {
        0 => format!("offset:{}", number(rng)),
        1 => format!("bits:{:#x}", number(rng)),
        2 => format!("index:{}", number(rng)),
        3 => format!("bool:{}", rng.random_bool(0.5)),
        4 => format!(
            "float:{}",
            [0.0, -1.0, 5.5, 1e300, f64::NAN, 0.999][rng.random_range(0..6)]
        ),
        5 => {
            let len = rng.random_range(0..7);
            let ix: Vec<String> = (0..len)
                .map(|_| rng.random_range(0..7).to_string())
                .collect();
            format!("indices:{}", ix.join(","))
        }
        _ => format!("bytes:{:02x}{:02x}", rng.random::<u8>(), rng.random::<u8>()),
    }
}

/// `text` with one to three random edits.
fn mutate(text: &str, rng: &mut StdRng) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for _ in 0..rng.random_range(1..=3) {
        if lines.is_empty() {
            lines.push(String::new());
        }
        let at = rng.random_range(0..lines.len());
        match rng.random_range(0..8) {
            0 => {
                lines.remove(at);
            }
            1 => {
                let copy = lines[rng.random_range(0..lines.len())].clone();
                lines.insert(at, copy);
            }
            2 => {
                let other = rng.random_range(0..lines.len());
                lines.swap(at, other);
            }
            3 => {
                let line = &mut lines[at];
                let cut = rng.random_range(0..=line.len());
                if line.is_char_boundary(cut) {
                    line.truncate(cut);
                }
            }
            4 => {
                let piece = PIECES[rng.random_range(0..PIECES.len())];
                let line = &mut lines[at];
                let cut = rng.random_range(0..=line.len());
                if line.is_char_boundary(cut) {
                    line.insert_str(cut, piece);
                }
            }
            // Values and arguments: what corrupt files most often get wrong.
            5 | 6 => {
                if let Some((head, _)) = lines[at].rsplit_once(" = ") {
                    lines[at] = format!("{head} = {}", random_value(rng));
                }
            }
            _ => {
                // A number in the line's arguments changed.
                let line = &lines[at];
                let digits: Vec<usize> = line
                    .char_indices()
                    .filter(|(_, c)| c.is_ascii_digit())
                    .map(|(i, _)| i)
                    .collect();
                if let Some(&i) = digits.get(rng.random_range(0..digits.len().max(1))) {
                    let mut line = line.clone();
                    line.replace_range(i..=i, &rng.random_range(0..10).to_string());
                    lines[at] = line;
                }
            }
        }
    }
    lines.join("\n")
}

/// What went wrong with one input.
#[derive(Debug)]
enum Finding {
    /// A panic inside greduce (the generator's own code never panics).
    Panic(String),
    /// An output rand could not have produced.
    Impossible(&'static str, String),
}

/// Parses `text` and replays it with every strategy; returns what went wrong.
fn run_one(text: &str, oracle: &Oracle) -> Option<Finding> {
    let parsed = catch_unwind(|| Trace::parse(text));
    let trace = match parsed {
        Err(_) => return Some(Finding::Panic("Trace::parse panicked".to_string())),
        Ok(Err(_)) => return None,
        Ok(Ok(trace)) => trace,
    };
    for strategy in [Strategy::Halt, Strategy::Bypass, Strategy::Realign] {
        let replayed = catch_unwind(AssertUnwindSafe(|| {
            greduce::replay(every_decision, &trace, &[], strategy)
        }));
        match replayed {
            Err(_) => return Some(Finding::Panic(format!("replay ({strategy:?}) panicked"))),
            Ok(replay) => match replay.result {
                Ok(run) => {
                    if let Some(what) = oracle.impossible(&run.output) {
                        return Some(Finding::Impossible(what, format!("{:?}", run.output)));
                    }
                }
                Err(ReplayError::Panicked { message, location }) => {
                    return Some(Finding::Panic(format!("{message} at {location:?}")));
                }
                Err(_) => {}
            },
        }
    }
    None
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn mutated_traces_never_hang_panic_or_produce_the_impossible() {
    let inputs = env_number("FUZZ_INPUTS", 10_000);
    let seed = env_number("FUZZ_SEED", 1);
    // The input being run and when it started, for the watchdog.
    let current: Arc<Mutex<(String, Option<Instant>)>> = Arc::default();
    let (done_tx, done_rx) = mpsc::channel();
    let worker_current = Arc::clone(&current);
    std::thread::spawn(move || {
        let oracle = Oracle::new();
        let originals: Vec<String> = (0..16)
            .map(|s| greduce::record(every_decision, s).trace.to_text())
            .collect();
        let mut rng = StdRng::seed_from_u64(seed);
        let (mut parsed, mut panics, mut impossible) = (0u64, Vec::new(), Vec::new());
        let mut slowest = Duration::ZERO;
        for _ in 0..inputs {
            let original = &originals[rng.random_range(0..originals.len())];
            let text = mutate(original, &mut rng);
            let started = Instant::now();
            *worker_current.lock().unwrap() = (text.clone(), Some(started));
            parsed += u64::from(Trace::parse(&text).is_ok());
            match run_one(&text, &oracle) {
                Some(Finding::Panic(why)) => panics.push((why, text)),
                Some(Finding::Impossible(what, out)) => impossible.push((what, out, text)),
                None => {}
            }
            slowest = slowest.max(started.elapsed());
            worker_current.lock().unwrap().1 = None;
        }
        let _ = done_tx.send((parsed, panics, impossible, slowest));
    });
    let hang = Duration::from_secs(1);
    let (parsed, panics, impossible, slowest) = loop {
        match done_rx.recv_timeout(Duration::from_millis(100)) {
            Ok(result) => break result,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let (text, started) = current.lock().unwrap().clone();
                assert!(
                    started.is_none_or(|s| s.elapsed() <= hang),
                    "an input takes more than {hang:?} (a hang):\n{text}"
                );
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => panic!("the fuzz thread died"),
        }
    };
    eprintln!(
        "fuzz: {inputs} inputs from seed {seed}, {parsed} parsed; 0 hangs (slowest {slowest:?}), \
         {} panics inside greduce, {} impossible outputs",
        panics.len(),
        impossible.len()
    );
    if let Some((why, text)) = panics.first() {
        panic!("{} panics; the first: {why}\n{text}", panics.len());
    }
    if let Some((what, out, text)) = impossible.first() {
        panic!(
            "{} impossible outputs; the first: {what} in {out}\n{text}",
            impossible.len()
        );
    }
}
