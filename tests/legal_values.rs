//! A replayed value must be one the rand call could return for today's arguments: a saved
//! trace with a permutation that repeats an index, an index out of range, a sample with a
//! repeated index or a `Uniform` sample outside its bounds is an infeasible alignment,
//! handled by the strategy, never a hang, a panic inside greduce or an impossible output.

use greduce::{ReplayError, Strategy, Trace, generator};
use rand::RngExt;
use rand::distr::Uniform;
use rand::seq::{IndexedRandom, IteratorRandom, SliceRandom};
use std::sync::mpsc;
use std::time::Duration;

#[generator]
fn shuffled<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let mut items = vec![10, 20, 30, 40, 50];
    items.shuffle(rng);
    items
}

#[generator]
fn partly_shuffled<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let mut items = [10, 20, 30, 40, 50];
    let (chosen, _) = items.partial_shuffle(rng, 2);
    chosen.to_vec()
}

#[generator]
fn sampled<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let items = [10, 20, 30, 40, 50];
    items.sample(rng, 2).copied().collect()
}

#[generator]
fn reservoir<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    (0..5u32).map(|x| 10 * x).sample(rng, 2)
}

#[generator]
fn uniform<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, f64) {
    let a = rng.sample(Uniform::new(10u32, 20).expect("a legal range"));
    let b = rng.sample(Uniform::new(5.0f64, 6.0).expect("a legal range"));
    (a, b)
}

/// The recorded trace of `generator` with the value of the line containing `call` set to
/// `value`.
fn edited<T>(
    generator: impl FnMut(&mut rand::rngs::StdRng) -> T,
    call: &str,
    value: &str,
) -> Trace {
    let text = greduce::record(generator, 7).trace.to_text();
    let mut found = false;
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            if line.trim_start().starts_with("decision ") && line.contains(call) && !found {
                found = true;
                let (head, _) = line.rsplit_once(" = ").expect("a decision line");
                format!("{head} = {value}")
            } else {
                line.to_string()
            }
        })
        .collect();
    assert!(found, "no `{call}` line in\n{text}");
    Trace::parse(&lines.join("\n")).unwrap_or_else(|e| panic!("{e}"))
}

/// Replays `trace` with every strategy, each on a thread of its own with a deadline (a
/// hang fails the test instead of stalling it), and returns the outputs of those that
/// produced one. No replay may panic inside greduce.
fn replay_all<T: Send + 'static>(
    generator: fn(&mut rand::rngs::StdRng) -> T,
    trace: &Trace,
) -> Vec<T> {
    let mut outputs = Vec::new();
    for strategy in [Strategy::Halt, Strategy::Bypass, Strategy::Realign] {
        let (tx, rx) = mpsc::channel();
        let trace = trace.clone();
        std::thread::spawn(move || {
            let replay = greduce::replay(generator, &trace, &[], strategy);
            let _ = tx.send(replay.result);
        });
        let result = rx
            .recv_timeout(Duration::from_secs(10))
            .unwrap_or_else(|_| panic!("{strategy:?}: the replay hangs"));
        match result {
            Ok(run) => outputs.push(run.output),
            Err(ReplayError::Panicked { message, location }) => {
                panic!("{strategy:?}: panicked: {message} at {location:?}")
            }
            Err(_) => {}
        }
    }
    outputs
}

fn is_rearrangement(out: &[u32], of: &[u32]) -> bool {
    let (mut a, mut b) = (out.to_vec(), of.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

#[test]
fn a_shuffle_that_repeats_an_index_does_not_hang() {
    let trace = edited(shuffled, "shuffle", "indices:1,1,0,2,3");
    let outputs = replay_all(shuffled, &trace);
    assert!(!outputs.is_empty(), "re-align answers a legal permutation");
    for out in outputs {
        assert!(is_rearrangement(&out, &[10, 20, 30, 40, 50]), "{out:?}");
    }
}

#[test]
fn a_partial_shuffle_out_of_range_or_unreachable_is_infeasible() {
    for value in [
        "indices:0,1,2,3,9",
        "indices:0,0,1,2,3",
        // A permutation, but not one partial_shuffle(2) can make: it moves only elements
        // into the last two places.
        "indices:1,0,2,3,4",
    ] {
        let trace = edited(partly_shuffled, "partial_shuffle", value);
        let outputs = replay_all(partly_shuffled, &trace);
        assert!(!outputs.is_empty(), "{value}: re-align answers a legal one");
        for out in outputs {
            assert_eq!(out.len(), 2, "{value}: {out:?}");
            assert_ne!(out[0], out[1], "{value}: {out:?}");
        }
    }
}

#[test]
fn a_sample_with_a_repeated_index_is_infeasible() {
    let trace = edited(sampled, "sample", "indices:2,2");
    let outputs = replay_all(sampled, &trace);
    assert!(!outputs.is_empty());
    for out in outputs {
        assert_eq!(out.len(), 2, "{out:?}");
        assert_ne!(
            out[0], out[1],
            "rand never samples one element twice: {out:?}"
        );
    }
    let trace = edited(reservoir, "sample", "indices:3,3");
    for out in replay_all(reservoir, &trace) {
        assert_eq!(out.len(), 2, "{out:?}");
        assert_ne!(out[0], out[1], "{out:?}");
    }
    // A reservoir keeps its first items in their slots: [1, 0] is not a sample rand makes.
    let trace = edited(reservoir, "sample", "indices:1,0");
    for out in replay_all(reservoir, &trace) {
        assert_ne!(out, vec![10, 0], "{out:?}");
    }
}

#[test]
fn a_uniform_sample_outside_its_bounds_is_infeasible() {
    let trace = edited(uniform, "Uniform(UniformInt", "bits:0x3e8");
    let outputs = replay_all(uniform, &trace);
    assert!(!outputs.is_empty());
    for (a, b) in outputs {
        assert!((10..20).contains(&a), "{a}");
        assert!((5.0..6.0).contains(&b), "{b}");
    }
    // A float sample inside its bounds replays (it used to be refused as outside 0..1).
    let run = greduce::record(uniform, 3);
    let replayed = greduce::replay(uniform, &run.trace, &[], Strategy::Halt);
    assert_eq!(
        replayed.result.expect("replays as recorded").output,
        run.output
    );
}
