//! The domain generators under a fuzzer's bytes (`greduce::fuzz`): random, short and empty
//! bytes make an input or stop over budget, never panic in greduce; and `to_bytes` writes
//! bytes that make the same input again, from a recorded run and from a run on bytes.

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
        let run = match fuzz::replay(&data, generator) {
            Ok(run) => run,
            Err(ReplayError::OverBudget(_)) => continue,
            Err(e) => panic!("{e} on the bytes {data:?}"),
        };
        made += 1;
        let bytes = fuzz::to_bytes(&run.trace).unwrap();
        assert_eq!(fuzz::replay(&bytes, generator).unwrap().output, run.output);
    }
    assert_eq!(made, strings, "every input made an output");
    for seed in 0..seeds {
        let run = greduce::record(generator, seed);
        let bytes = fuzz::to_bytes(&run.trace).unwrap();
        let again = fuzz::replay(&bytes, generator).unwrap();
        assert_eq!(again.output, run.output, "seed {seed}");
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
