//! User variables named like the ones `#[generator]` invents keep working.

#![allow(clippy::used_underscore_binding)] // Reason: the point is to use such names.

use greduce::generator;
use rand::RngExt;
use rand::seq::IndexedRandom;

#[generator]
fn shadowing<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let __greduce_scope = 1u32;
    let __greduce_rng = 2u32;
    let __greduce_arg = 3u32;
    let __greduce_sel = 4u32;
    let __greduce_while = 5u32;
    let __greduce_switch = 6u32;
    let __greduce_seq = [7u32, 8];
    let __greduce_run = 0u32;
    let mut out = vec![__greduce_scope, __greduce_rng];
    out.push(rng.random_range(__greduce_arg..10));
    if rng.random_bool(0.5) {
        out.push(__greduce_sel);
    }
    while rng.random_bool(0.5) {
        out.push(__greduce_while);
    }
    match rng.random_range(0..2) {
        0 => out.push(__greduce_switch),
        _ => out.push(*__greduce_seq.choose(rng).unwrap()),
    }
    // A `move` closure that draws, next to a user variable named like the run's handle.
    let mut last = move || rng.random_range(__greduce_run..10);
    out.push(last());
    out
}

#[test]
fn invented_names_do_not_capture_user_variables() {
    for seed in 0..20 {
        let run = greduce::record(shadowing, seed);
        assert_eq!(&run.output[..2], &[1, 2]);
        assert!((3..10).contains(&run.output[2]));
        let (last, middle) = run.output[3..].split_last().expect("the closure's draw");
        assert!(middle.iter().all(|x| [4, 5, 6, 7, 8].contains(x)));
        assert!(*last < 10);
    }
}

/// The rng parameter can have another name.
#[generator(rng = source)]
fn renamed(source: &mut rand::rngs::StdRng, rng: u32) -> u32 {
    rng + source.random_range(0..10)
}

#[test]
fn a_parameter_named_rng_that_is_not_the_rng() {
    let run = greduce::record(|source| renamed(source, 100), 1);
    assert!((100..110).contains(&run.output));
    assert_eq!(run.trace.decision_count(), 1);
}
