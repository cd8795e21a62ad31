//! The paper's DL subjects: the originals rebuilt from the artifact's recorded draws, and
//! reduced.

use greduce::{Reducer, Search, Strategy};
use greduce_examples::dl::{Model, isra};
use greduce_examples::dl_subjects::{DlSubject, ORIGINAL_SIZES};

#[test]
fn the_originals_rebuild_from_their_draws() {
    for id in 1..=20 {
        let subject = DlSubject::new(id);
        let run = subject.rebuild();
        let (tensors, edges) = run.output.size();
        let (want_tensors, want_edges) = ORIGINAL_SIZES[id - 1];
        assert_eq!((tensors, edges), (want_tensors, want_edges), "DL-{id}");
    }
}

fn reduce(id: usize, fails: fn(&Model) -> bool) -> Model {
    let subject = DlSubject::new(id);
    let run = subject.rebuild();
    assert!(fails(&run.output), "the oracle holds on DL-{id}");
    Reducer::new(isra)
        .search(Search::Tree)
        .strategy(Strategy::Realign)
        .size(Model::size)
        .reduce(&run.trace, fails)
        .output
}

#[test]
fn dl19_reduces_to_a_gemm_alone() {
    let reduced = reduce(19, |m| m.ops().contains(&"Gemm"));
    assert_eq!(reduced.ops(), ["Gemm"]);
    assert_eq!(reduced.size(), (3, 3));
}

#[test]
fn dl9_reduces_to_a_global_pool_on_rank_3() {
    let reduced = reduce(9, greduce_examples::dl_subjects::global_pool_on_rank_3);
    assert_eq!(reduced.size(), (2, 2), "{reduced:?}");
}

#[test]
fn every_original_passes_the_validator() {
    for id in 1..=20 {
        let run = DlSubject::new(id).rebuild();
        if let Err(e) = greduce_examples::dl_shapes::validate(&run.output) {
            panic!("DL-{id}: {e:?}\n{:?}", run.output);
        }
    }
}

#[test]
fn generated_models_pass_the_validator() {
    for seed in 0..200 {
        let run = greduce::record(isra, seed);
        if let Err(e) = greduce_examples::dl_shapes::validate(&run.output) {
            panic!("seed {seed}: {e:?}");
        }
    }
}

#[test]
fn every_oracle_holds_on_its_original() {
    for oracle in greduce_examples::dl_subjects::dl_oracles() {
        let run = DlSubject::new(oracle.subject).rebuild();
        assert!((oracle.fails)(&run.output), "DL-{}", oracle.subject);
    }
}
