//! The domain generators under a fuzzer's bytes (`greduce::fuzz`): random, short and empty
//! bytes make an input or stop over budget, never panic in greduce; `to_bytes` writes
//! bytes that make the same input again, from a recorded run and from a run on bytes; the
//! lean run a fuzz target makes gives the same input as the traced one; and the
//! structure-aware mutator's inputs (and crossovers) stay within their size, are the same
//! for the same seed, and decode.

use greduce::{ReplayError, fuzz};
use greduce_domains::dl::isra;
use greduce_domains::graph::{Directed, EdgeList, GnmModel, Undirected, fast_gnm};
use greduce_domains::js::javascript;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::fmt::Debug;

fn bytes_round_trip<T: Debug + PartialEq>(
    generator: impl Fn(&mut StdRng) -> T + Copy,
    strings: usize,
    seeds: u64,
) {
    let mut rng = StdRng::seed_from_u64(11);
    let mut made = 0;
    for i in 0..strings {
        let len = if i == 0 {
            0
        } else {
            rng.random_range(0..=2000)
        };
        let data: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        let run = match fuzz::from_bytes(&data, generator) {
            Ok(run) => run,
            Err(ReplayError::OverBudget(_)) => continue,
            Err(e) => panic!("{e} on the bytes {data:?}"),
        };
        made += 1;
        let bytes = fuzz::to_bytes(&run.trace).unwrap();
        assert_eq!(
            fuzz::from_bytes(&bytes, generator).unwrap().output,
            run.output
        );
        assert_eq!(
            fuzz::generate_std(&data, generator).as_ref(),
            Some(&run.output)
        );
        mutations(generator, &data, i as u32);
    }
    assert_eq!(made, strings, "every input made an output");
    for seed in 0..seeds {
        let run = greduce::record(generator, seed);
        let bytes = fuzz::to_bytes(&run.trace).unwrap();
        let again = fuzz::from_bytes(&bytes, generator).unwrap();
        assert_eq!(again.output, run.output, "seed {seed}");
    }
}

/// The mutator on `data`: within `max_size`, the same for the same seed, decoding (the
/// generator returns or stops over budget); crossover too.
fn mutations<T: Debug>(generator: impl Fn(&mut StdRng) -> T + Copy, data: &[u8], seed: u32) {
    let mutator = fuzz::Mutator::new(generator);
    for max_size in [100, 4096] {
        let (bytes, how) = mutator.mutated(data, max_size, seed);
        assert!(bytes.len() <= max_size, "{how}");
        assert_eq!(mutator.mutated(data, max_size, seed), (bytes.clone(), how));
        match fuzz::from_bytes(&bytes, generator) {
            Ok(_) | Err(ReplayError::OverBudget(_)) => {}
            Err(e) => panic!("{how}: {e}"),
        }
        let mut out = vec![0; max_size];
        let n = mutator.crossover(data, &bytes, &mut out, seed);
        let mut again = vec![0; max_size];
        assert_eq!(mutator.crossover(data, &bytes, &mut again, seed), n);
        assert_eq!(out, again);
        match fuzz::from_bytes(&out[..n], generator) {
            Ok(_) | Err(ReplayError::OverBudget(_)) => {}
            Err(e) => panic!("crossover: {e}"),
        }
    }
}

#[test]
fn graphs_from_bytes() {
    let model = GnmModel {
        nodes: 30,
        edges: 60,
        weighted: true,
        multigraph: true,
    };
    bytes_round_trip(
        |rng| fast_gnm::<EdgeList<Directed>, _>(rng, &model),
        200,
        50,
    );
    let simple = GnmModel {
        weighted: false,
        multigraph: false,
        ..model
    };
    bytes_round_trip(
        |rng| fast_gnm::<EdgeList<Undirected>, _>(rng, &simple),
        200,
        50,
    );
}

#[test]
fn dl_models_from_bytes() {
    bytes_round_trip(isra, 60, 20);
}

#[test]
fn javascript_programs_from_bytes() {
    bytes_round_trip(javascript, 100, 20);
}
