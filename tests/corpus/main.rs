//! A corpus of real generators: functions found in public Rust code (fuzzers, benchmark
//! inputs, test data, mock data, simulations), ported to rand 0.10 the way a user upgrading
//! would, with `#[generator]` added. Each module names its origin, keeps the generator's
//! shape, and checks one property whose minimal failing input it states exactly.
//!
//! A generator that `#[generator]` cannot take unchanged yet stays in its module under
//! `#[cfg(any())]` with the error it gave, next to the smallest rewrite that compiles today.
//! `README.md` beside this file has the table and the totals.

mod algorithms_random_vec;
mod bearmark_rand_str;
mod cookbook_choose;
mod cookbook_passwd;
mod cookbook_point;
mod dijkstra_graph;
mod edge_list;
mod fixed_fuzzer;
mod fuzzer_string;
mod mastermind_guess;
mod mock4rs_phone;
mod monty_hall;
mod mori_mac;
mod mostly_ascending;
mod nbody;
mod net_coords;
mod random_graphs;
mod rayon_default_vec;
mod rayon_gen_strings;
mod rlisp_sexpr;
mod skip_list_level;
mod stuffsack_map;
mod tidy_tree;
mod zino_ipv4;
mod zino_phone;
mod zino_sentence;

use greduce::{Reducer, ReplayError, fuzz};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::fmt::Debug;
use std::time::Duration;

/// How many failing seeds each generator is shrunk from, and how many must end exactly at
/// the stated minimum.
const SEEDS: usize = 5;
const MUST_REACH: usize = 4;

/// Shrinks the runs of the first [`SEEDS`] seeds (from 0) whose output fails `fails`, with
/// the budgets a check has by default (2000 property calls, 10 s), and asserts that at least
/// [`MUST_REACH`] of them end at an output whose `view` is `minimum`. The message lists what
/// each seed reached.
pub(crate) fn assert_minimum<T: Debug, V: Debug + PartialEq>(
    generator: impl Fn(&mut StdRng) -> T + Copy,
    fails: impl Fn(&T) -> bool + Copy,
    view: impl Fn(&T) -> V,
    minimum: &V,
) {
    assert_bytes_round_trip(generator);
    let runs: Vec<_> = (0..10_000)
        .map(|seed| (seed, greduce::record(generator, seed)))
        .filter(|(_, run)| fails(&run.output))
        .take(SEEDS)
        .collect();
    assert_eq!(
        runs.len(),
        SEEDS,
        "fewer than {SEEDS} failing seeds in 0..10000"
    );
    let reached: Vec<(u64, V)> = runs
        .iter()
        .map(|(seed, run)| {
            let reduced = Reducer::new(generator)
                .max_property_calls(2000)
                .max_time(Duration::from_secs(10))
                .reduce(&run.trace, |x| !fails(x));
            (*seed, view(&reduced.output))
        })
        .collect();
    let hits = reached.iter().filter(|(_, v)| v == minimum).count();
    // Shown with `--nocapture`, for the table in README.md.
    println!("reached: {hits} of {SEEDS}");
    let listed: Vec<String> = reached
        .iter()
        .map(|(seed, v)| format!("  seed {seed}: {v:?}"))
        .collect();
    assert!(
        hits >= MUST_REACH,
        "{hits} of {SEEDS} seeds reached the minimum {minimum:?}; reached:\n{}",
        listed.join("\n")
    );
}

/// The generator under a fuzzer (`greduce::fuzz`): random, short and empty bytes make an
/// input or stop over budget, never panic in greduce; and the bytes `to_bytes` writes for
/// a recorded run, and for a run on bytes, make the same output again.
fn assert_bytes_round_trip<T: Debug>(generator: impl Fn(&mut StdRng) -> T + Copy) {
    let mut rng = StdRng::seed_from_u64(31);
    for i in 0..100 {
        let len = if i == 0 { 0 } else { rng.random_range(0..=300) };
        let data: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        let run = match fuzz::from_bytes(&data, generator) {
            Ok(run) => run,
            Err(ReplayError::OverBudget(_)) => continue,
            Err(e) => panic!("{e} on the bytes {data:?}"),
        };
        let bytes = fuzz::to_bytes(&run.trace).unwrap_or_else(|e| panic!("{e}"));
        let again = fuzz::from_bytes(&bytes, generator).unwrap();
        assert_same(&again.output, &run.output, "");
        // The lean run (a fuzz target's) makes the same input as the traced one.
        let without_trace = fuzz::generate_std(&data, generator).expect("the traced run returned");
        assert_same(
            &without_trace,
            &run.output,
            &format!("lean run on {data:?}"),
        );
        assert_mutations(generator, &data, i as u32);
    }
    for seed in 0..25 {
        let run = greduce::record(generator, seed);
        let bytes = fuzz::to_bytes(&run.trace).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let again = fuzz::from_bytes(&bytes, generator).unwrap();
        assert_same(&again.output, &run.output, &format!("seed {seed}"));
    }
}

/// The structure-aware mutator on `data`: the same seed gives the same bytes, within
/// `max_size`, and they decode (the generator returns, or stops over budget; a panic
/// inside greduce fails here); crossover too.
fn assert_mutations<T: Debug>(generator: impl Fn(&mut StdRng) -> T + Copy, data: &[u8], seed: u32) {
    let mutator = fuzz::Mutator::new(generator);
    for (k, max_size) in [(0, 64), (1, 512), (2, 4096)] {
        let seed = seed * 3 + k;
        let (bytes, how) = mutator.mutated(data, max_size, seed);
        assert!(bytes.len() <= max_size, "{how}: {} bytes", bytes.len());
        assert_eq!(mutator.mutated(data, max_size, seed), (bytes.clone(), how));
        match fuzz::from_bytes(&bytes, generator) {
            Ok(_) | Err(ReplayError::OverBudget(_)) => {}
            Err(e) => panic!("{how}: {e} on the mutated bytes {bytes:?}"),
        }
        let mut out = vec![0; max_size];
        let n = mutator.crossover(data, &bytes, &mut out, seed);
        let mut again = vec![0; max_size];
        assert_eq!(mutator.crossover(data, &bytes, &mut again, seed), n);
        assert_eq!(out, again);
        match fuzz::from_bytes(&out[..n], generator) {
            Ok(_) | Err(ReplayError::OverBudget(_)) => {}
            Err(e) => panic!("crossover: {e} on the bytes {:?}", &out[..n]),
        }
    }
}

/// Asserts that two outputs print the same characters, in any order: a `HashMap`'s or
/// `HashSet`'s order changes from one build of it to the next.
fn assert_same<T: Debug>(a: &T, b: &T, what: &str) {
    let sorted = |t: &T| {
        let mut chars: Vec<char> = format!("{t:?}").chars().collect();
        chars.sort_unstable();
        chars
    };
    assert!(sorted(a) == sorted(b), "{what}: {a:?} is not {b:?}");
}
