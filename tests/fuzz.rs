//! `greduce::fuzz` without a fuzzer: bytes as a generator's decisions (locality, zero bytes,
//! short and random bytes), `to_bytes` back, `fuzz::check` as a fuzz target's body, and
//! `Check::fuzz_artifacts` replaying, shrinking and saving a fuzzer's files.

#[path = "common/every_decision.rs"]
mod every_decision;

use every_decision::{Output, every_decision};
use greduce::fuzz::{self, Bytes};
use greduce::{Check, ReplayError, generator};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::fmt::Debug;
use std::path::PathBuf;

/// A tree of nested calls, loops, selections, `while` loops and `match` arms.
#[derive(Clone, Debug, PartialEq)]
enum Node {
    Leaf(u16),
    Pair(Box<Node>, Box<Node>),
    List(Vec<Node>),
    Word(String),
}

#[generator]
fn node<R: rand::Rng + ?Sized>(rng: &mut R, depth: u32) -> Node {
    if depth == 0 {
        return Node::Leaf(rng.random_range(0..1000));
    }
    match rng.random_range(0..4) {
        0 => Node::Leaf(rng.random_range(0..1000)),
        1 => Node::Pair(
            Box::new(node(rng, depth - 1)),
            Box::new(node(rng, depth - 1)),
        ),
        2 => {
            let mut items = Vec::new();
            for _ in 0..rng.random_range(0..4) {
                items.push(node(rng, depth - 1));
            }
            Node::List(items)
        }
        _ => {
            let mut word = String::new();
            while rng.random_bool(0.7) {
                if rng.random_ratio(1, 3) {
                    word.push(rng.random_range('A'..='Z'));
                } else {
                    word.push(rng.random_range('a'..='z'));
                }
            }
            Node::Word(word)
        }
    }
}

#[generator]
fn tree<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Node> {
    (0..rng.random_range(1..5)).map(|_| node(rng, 3)).collect()
}

/// Ten independent decisions of two bytes each: byte `i` belongs to decision `i / 2`.
#[generator]
fn ten<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u16> {
    let mut v = Vec::new();
    for _ in 0..10 {
        v.push(rng.random_range(0..60_000));
    }
    v
}

/// The inputs of random byte strings of every length up to `max_len` (the empty one
/// included): each must make an input or stop over budget, never panic in greduce.
fn random_inputs<T: Debug>(
    generator: impl Fn(&mut StdRng) -> T + Copy,
    strings: usize,
    max_len: usize,
) -> Vec<(Vec<u8>, greduce::Run<T>)> {
    let mut rng = StdRng::seed_from_u64(7);
    let mut runs = Vec::new();
    for i in 0..strings {
        let len = if i == 0 {
            0
        } else {
            rng.random_range(0..=max_len)
        };
        let data: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        match fuzz::from_bytes(&data, generator) {
            Ok(run) => runs.push((data, run)),
            Err(ReplayError::OverBudget(_)) => {}
            Err(e) => panic!("{e} on {data:?}"),
        }
    }
    runs
}

#[test]
fn one_changed_byte_changes_one_decision_and_none_before_it() {
    let data: Vec<u8> = (0..20).map(|i| (i * 37) as u8).collect();
    let before = fuzz::from_bytes(&data, ten).unwrap();
    for at in 0..data.len() {
        let mut changed = data.clone();
        changed[at] ^= 0x5a;
        let after = fuzz::from_bytes(&changed, ten).unwrap();
        for k in 0..10 {
            let same = before.output[k] == after.output[k];
            assert_eq!(same, k != at / 2, "byte {at}, decision {k}");
        }
    }
    // Where the structure depends on the bytes, every decision before the one that reads
    // the changed byte stays: the changed run's bytes (written back from its trace) agree
    // with the first run's before it (`tree`'s decisions read at most 2 bytes each).
    for (_, run) in random_inputs(tree, 500, 200) {
        let canonical = fuzz::to_bytes(&run.trace).unwrap();
        if canonical.len() < 2 {
            continue;
        }
        let at = canonical.len() / 2;
        let mut changed = canonical.clone();
        changed[at] ^= 0xff;
        let again = fuzz::to_bytes(&fuzz::from_bytes(&changed, tree).unwrap().trace).unwrap();
        let kept = (at - 1).min(again.len());
        assert_eq!(
            again[..kept],
            canonical[..kept],
            "byte {at} of {canonical:?}"
        );
    }
}

#[test]
fn zero_bytes_and_no_bytes_give_the_simplest_input() {
    for zeros in [vec![], vec![0; 1], vec![0; 4096]] {
        assert_eq!(
            fuzz::from_bytes(&zeros, tree).unwrap().output,
            [Node::Leaf(0)]
        );
        assert_eq!(fuzz::from_bytes(&zeros, ten).unwrap().output, [0; 10]);
        let out = fuzz::from_bytes(&zeros, every_decision).unwrap().output;
        let empty = fuzz::from_bytes(&[], every_decision).unwrap().output;
        assert_eq!(out, empty);
        assert!(out.ints.is_empty() && out.floats.is_empty() && out.chars.is_empty());
        assert_eq!((out.word, out.bytes, out.leaf), ("zero", [0; 3], 0));
        assert_eq!(out.shuffled, every_decision::ITEMS);
    }
}

#[test]
fn random_and_short_bytes_never_panic_or_hang() {
    assert_eq!(random_inputs(tree, 2000, 64).len(), 2000);
    assert_eq!(random_inputs(every_decision, 2000, 300).len(), 2000);
}

/// A generator whose loop ends only on `true`, which bytes that run out never answer.
#[generator]
fn until_true<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let mut n = 0;
    loop {
        if rng.random_bool(0.5) {
            return n;
        }
        n += 1;
    }
}

#[test]
fn a_loop_that_ends_only_on_other_values_stops_over_budget() {
    assert_eq!(
        fuzz::from_bytes(&[0, 0, 255], until_true).unwrap().output,
        2
    );
    assert!(matches!(
        fuzz::from_bytes(&[], until_true),
        Err(ReplayError::OverBudget(_))
    ));
    // The fuzz target skips the input.
    fuzz::check(&[], until_true, |_: &u32| false);
}

/// Outputs are compared as `Debug` text (a float's NaN is equal to itself there).
fn same<T: Debug>(a: &T, b: &T) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

#[test]
fn to_bytes_then_bytes_make_the_same_output() {
    for seed in 0..300 {
        let run = greduce::record(tree, seed);
        let bytes = fuzz::to_bytes(&run.trace).unwrap();
        assert_eq!(
            fuzz::from_bytes(&bytes, tree).unwrap().output,
            run.output,
            "seed {seed}"
        );
    }
    for (_, run) in random_inputs(every_decision, 500, 300) {
        let bytes = fuzz::to_bytes(&run.trace).unwrap();
        let again = fuzz::from_bytes(&bytes, every_decision).unwrap();
        assert!(same(&again.output, &run.output), "{bytes:?}");
    }
}

#[test]
fn a_choice_from_an_iterator_of_unknown_length_has_no_byte_form() {
    // Recorded, `filter(..).choose(rng)` does not know how many items it chooses from.
    let run = (0..100)
        .map(|seed| greduce::record(every_decision, seed))
        .find(|run| run.output.from_iter.is_some())
        .unwrap();
    let error = fuzz::to_bytes(&run.trace).unwrap_err();
    assert!(error.to_string().contains("choose"), "{error}");
    assert!(
        error
            .to_string()
            .ends_with("has no byte form: fuzz bytes cannot make this trace")
    );
}

#[test]
fn fuzz_run_panics_on_a_failure_showing_the_input() {
    fuzz::check(&[3, 1, 0], tree, |t: &Vec<Node>| !t.is_empty());
    let failed = std::panic::catch_unwind(|| {
        fuzz::check(&[0, 0, 7, 0], tree, |t: &Vec<Node>| {
            t.iter().all(|n| *n != Node::Leaf(7))
        });
    })
    .unwrap_err();
    let message = failed.downcast_ref::<String>().unwrap();
    assert!(
        message.starts_with("greduce::fuzz: the property failed"),
        "{message}"
    );
    assert!(message.contains("Leaf(\n"), "{message}");
    // `assume` rejects, as in a check.
    fuzz::check(&[], tree, |_: &Vec<Node>| greduce::assume(false));
}

#[test]
fn bytes_read_directly_are_an_ordinary_rng() {
    let direct = tree(&mut Bytes::new(&[9; 64]));
    assert_eq!(direct, tree(&mut Bytes::new(&[9; 64])));
    assert!(!direct.is_empty());
}

/// A directory of its own under the temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("greduce-fuzz-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn artifacts_replay_shrink_and_save() {
    let artifacts = TempDir::new("artifacts");
    let regressions = TempDir::new("regressions");
    // Passing files first, then the crash (files replay in name order).
    std::fs::write(artifacts.0.join("a-passes"), [1, 0, 5]).unwrap();
    std::fs::write(artifacts.0.join(".hidden"), [0xff, 0xff]).unwrap();
    let crash = [3, 1, 200, 1, 9, 1, 0, 0];
    std::fs::write(artifacts.0.join("crash-1"), crash).unwrap();
    let report = Check::new(ten)
        .name("fuzzed")
        .cases(0)
        .fuzz_artifacts(&artifacts.0)
        .regressions(&regressions.0)
        .try_check(|v: &Vec<u16>| v.iter().all(|x| *x < 400))
        .unwrap_err();
    let text = report.to_string();
    assert!(text.contains("crash-1"), "{text}");
    assert_eq!(report.input(), Some("[0, 0, 0, 0, 0, 0, 0, 0, 0, 400]"));
    println!("{text}");
    // Saved like any failure, and the fuzzer's file is left as it was.
    let saved: Vec<_> = walk(&regressions.0);
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert!(
        std::fs::read_to_string(&saved[0])
            .unwrap()
            .contains("# input: [0, 0, 0, 0, 0, 0, 0, 0, 0, 400]")
    );
    assert_eq!(std::fs::read(artifacts.0.join("crash-1")).unwrap(), crash);
}

/// The files under `dir`, at any depth.
fn walk(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
fn an_empty_artifact_is_the_simplest_input_and_a_missing_directory_has_none() {
    let artifacts = TempDir::new("empty");
    std::fs::write(artifacts.0.join("crash-empty"), []).unwrap();
    let report = Check::new(ten)
        .cases(0)
        .persist(false)
        .fuzz_artifacts(&artifacts.0)
        .try_check(|v: &Vec<u16>| v.iter().any(|x| *x > 0))
        .unwrap_err();
    assert!(
        report.to_string().contains("crash-empty` (empty"),
        "{report}"
    );
    Check::new(ten)
        .cases(0)
        .persist(false)
        .fuzz_artifacts(artifacts.0.join("not-yet"))
        .check(|v: &Vec<u16>| v.iter().any(|x| *x > 0));
}

#[cfg(unix)]
#[test]
fn an_unreadable_artifact_is_named_and_left_as_it_is() {
    let artifacts = TempDir::new("unreadable");
    let link = artifacts.0.join("crash-dangling");
    std::os::unix::fs::symlink(artifacts.0.join("gone"), &link).unwrap();
    let report = Check::new(ten)
        .cases(0)
        .persist(false)
        .fuzz_artifacts(&artifacts.0)
        .try_check(|_: &Vec<u16>| true)
        .unwrap_err();
    let text = report.to_string();
    assert!(text.contains("cannot read the fuzz file"), "{text}");
    assert!(text.contains("crash-dangling"), "{text}");
    assert!(std::fs::symlink_metadata(&link).is_ok());
}

#[test]
fn a_fuzz_target_and_a_check_make_the_same_input_from_the_same_bytes() {
    for (data, run) in random_inputs(every_decision, 200, 300) {
        let mut seen: Option<Output> = None;
        fuzz::check(&data, every_decision, |out: &Output| {
            seen = Some(out.clone());
        });
        assert!(same(&seen.unwrap(), &run.output));
    }
}

/// Ends only on a raw sample other than the one zero bytes give.
#[generator]
fn until_not_a<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let mut n = 0;
    loop {
        let c: u8 = rng.sample(rand::distr::Alphanumeric);
        if c != b'A' {
            return n;
        }
        n += 1;
    }
}

/// A loop counted by four bytes, drawing nothing in its body.
#[generator]
fn empty_loop<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let mut n = 0;
    for _ in 0..rng.random_range(0..u32::MAX) {
        n += 1;
    }
    n
}

#[test]
fn raw_samples_and_empty_iterations_count_against_the_budget() {
    assert!(matches!(
        fuzz::from_bytes(&[], until_not_a),
        Err(ReplayError::OverBudget(_))
    ));
    assert!(matches!(
        fuzz::from_bytes(&[0xff, 0xff, 0xff, 0x7f], empty_loop),
        Err(ReplayError::OverBudget(_))
    ));
    assert_eq!(
        fuzz::from_bytes(&[7, 0, 0, 0], empty_loop).unwrap().output,
        7
    );
}

/// Rejects odd lengths.
#[generator]
fn even<R: rand::Rng + ?Sized>(rng: &mut R) -> usize {
    let n = rng.random_range(0..10);
    greduce::assume(n % 2 == 0);
    n
}

#[test]
fn assume_in_the_generator_rejects_the_bytes() {
    fuzz::check(&[3], even, |_: &usize| false);
    let rejected = fuzz::from_bytes(&[3], even).unwrap_err();
    assert!(
        rejected.to_string().contains("rejected by `assume`"),
        "{rejected}"
    );
    assert_eq!(fuzz::from_bytes(&[4], even).unwrap().output, 4);
}

/// A string of 2000 alphanumeric characters: its raw output is longer than a sampler sees
/// of the bytes.
#[generator]
fn long_string<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    use rand::distr::SampleString;
    rand::distr::Alphanumeric.sample_string(rng, 2000)
}

#[test]
fn a_raw_sample_longer_than_the_bytes_a_sampler_sees_has_no_byte_form() {
    let run = greduce::record(long_string, 1);
    assert!(fuzz::to_bytes(&run.trace).is_err());
    let short = greduce::record(|rng: &mut StdRng| until_not_a(rng), 1);
    let bytes = fuzz::to_bytes(&short.trace).unwrap();
    assert_eq!(
        fuzz::from_bytes(&bytes, until_not_a).unwrap().output,
        short.output
    );
}

#[test]
fn the_lean_run_makes_the_traced_runs_input() {
    // `fuzz::generate` (what `fuzz::check` gives the property) builds no trace; it makes the
    // input `fuzz::from_bytes` makes, with its trace, from the same bytes.
    for (data, run) in random_inputs(every_decision, 300, 300) {
        assert_eq!(fuzz::generate(&data, every_decision), Some(run.output));
    }
    for (data, run) in random_inputs(tree, 300, 300) {
        assert_eq!(fuzz::generate(&data, tree), Some(run.output));
    }
    // Both stop where the bytes would make the generator run away.
    let endless = [0u8; 0];
    assert!(fuzz::from_bytes(&endless, until_true).is_err());
    assert_eq!(fuzz::generate(&endless, until_true), None);
}

/// A list counted by a decision, and one grown by a `while` loop.
#[generator]
fn counted<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u16> {
    (0..rng.random_range(0..12))
        .map(|_| rng.random_range(0..1000))
        .collect()
}

#[generator]
fn grown<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u16> {
    let mut v = Vec::new();
    while rng.random_bool(0.8) {
        v.push(rng.random_range(0..1000));
    }
    v
}

/// Whether `new` is `old` with one contiguous run of its items removed.
fn one_run_removed(old: &[u16], new: &[u16]) -> bool {
    new.len() < old.len() && {
        let head = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        old[old.len() - (new.len() - head)..] == new[head..]
    }
}

/// Whether `new` is `old` with one of its items copied in somewhere.
fn one_copied_in(old: &[u16], new: &[u16]) -> bool {
    new.len() == old.len() + 1
        && (0..new.len()).any(|at| {
            let mut without = new.to_vec();
            let item = without.remove(at);
            without == old && old.contains(&item)
        })
}

#[test]
fn loop_mutations_change_iterations_and_keep_the_rest() {
    for (name, generator) in [
        ("counted", counted as fn(&mut StdRng) -> Vec<u16>),
        ("grown", grown),
    ] {
        let mutator = fuzz::Mutator::new(generator);
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..40u64 {
            let run = greduce::record(generator, seed);
            let input = fuzz::to_bytes(&run.trace).unwrap();
            for k in 0..25 {
                let (bytes, how) = mutator.mutated(&input, 4096, (seed * 25 + k) as u32);
                let new = fuzz::from_bytes(&bytes, generator).unwrap().output;
                let old = &run.output;
                let kept = match how {
                    "delete iterations" => one_run_removed(old, &new),
                    "duplicate iteration" => one_copied_in(old, &new),
                    "swap iterations" => {
                        let (mut a, mut b) = (old.clone(), new.clone());
                        a.sort_unstable();
                        b.sort_unstable();
                        a == b
                    }
                    "fresh iteration" => new.len() == old.len() + 1,
                    _ => true,
                };
                assert!(kept, "{name}, {how}: {old:?} became {new:?}");
                seen.insert(how);
            }
        }
        for how in [
            "value",
            "delete iterations",
            "duplicate iteration",
            "swap iterations",
            "fresh iteration",
            "fresh part",
            "fresh input",
        ] {
            assert!(seen.contains(how), "{name}: no `{how}` in {seen:?}");
        }
    }
}

#[test]
fn every_mutation_and_crossover_of_nested_inputs_decodes() {
    let mutator = fuzz::Mutator::new(tree);
    let mut kinds = std::collections::BTreeSet::new();
    let inputs: Vec<Vec<u8>> = (0..30)
        .map(|seed| fuzz::to_bytes(&greduce::record(tree, seed).trace).unwrap())
        .collect();
    for (i, input) in inputs.iter().enumerate() {
        for k in 0..20u32 {
            let seed = i as u32 * 20 + k;
            let (bytes, how) = mutator.mutated(input, 512, seed);
            assert!(bytes.len() <= 512);
            assert_eq!(mutator.mutated(input, 512, seed), (bytes.clone(), how));
            fuzz::from_bytes(&bytes, tree).unwrap_or_else(|e| panic!("{how}: {e}"));
            kinds.insert(how);
            let other = &inputs[(i + 1) % inputs.len()];
            let mut out = [0u8; 512];
            let n = mutator.crossover(input, other, &mut out, seed);
            fuzz::from_bytes(&out[..n], tree).unwrap_or_else(|e| panic!("crossover: {e}"));
        }
    }
    // Parts of the same generator spliced from elsewhere in the input: nested calls.
    assert!(kinds.contains("part from another"), "{kinds:?}");
}
