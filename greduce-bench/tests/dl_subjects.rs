//! The paper's DL subjects: the originals rebuilt from the artifact's recorded draws, and
//! reduced.

use greduce::{Reducer, Search, Strategy};
use greduce_bench::dl_subjects::{DlSubject, ORIGINAL_SIZES};
use greduce_domains::dl::{Model, isra};

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
        .reduce(&run.trace, |x| !fails(x))
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
    let reduced = reduce(9, greduce_bench::dl_subjects::global_pool_on_rank_3);
    assert_eq!(reduced.size(), (2, 2), "{reduced:?}");
}

#[test]
fn every_original_passes_the_validator() {
    for id in 1..=20 {
        let run = DlSubject::new(id).rebuild();
        if let Err(e) = greduce_domains::dl_shapes::validate(&run.output) {
            panic!("DL-{id}: {e:?}\n{:?}", run.output);
        }
    }
}

#[test]
fn generated_models_pass_the_validator() {
    for seed in 0..200 {
        let run = greduce::record(isra, seed);
        if let Err(e) = greduce_domains::dl_shapes::validate(&run.output) {
            panic!("seed {seed}: {e:?}");
        }
    }
}

#[test]
fn every_oracle_holds_on_its_original() {
    for oracle in greduce_bench::dl_subjects::dl_oracles() {
        let run = DlSubject::new(oracle.subject).rebuild();
        assert!((oracle.fails)(&run.output), "DL-{}", oracle.subject);
    }
}

#[test]
fn the_reduced_dl19_exports_to_onnx() {
    use greduce_domains::onnx::{ModelProto, to_onnx};
    use prost::Message;
    let reduced = reduce(19, |m| m.ops().contains(&"Gemm"));
    let bytes = to_onnx(&reduced);
    let model = ModelProto::decode(&bytes[..]).unwrap();
    assert_eq!(model.opset_import[0].version, 13);
    let graph = model.graph.unwrap();
    assert_eq!(graph.node.len(), 1);
    assert_eq!(graph.node[0].op_type, "Gemm");
    // Two float inputs, no constant, one output.
    assert_eq!(
        (
            graph.input.len(),
            graph.initializer.len(),
            graph.output.len()
        ),
        (2, 0, 1)
    );
    let dims = |v: &greduce_domains::onnx::ValueInfoProto| -> Vec<i64> {
        let t = v.r#type.as_ref().unwrap().tensor_type.as_ref().unwrap();
        t.shape
            .as_ref()
            .unwrap()
            .dim
            .iter()
            .map(|d| d.dim_value)
            .collect()
    };
    let (a, b, y) = (
        dims(&graph.input[0]),
        dims(&graph.input[1]),
        dims(&graph.output[0]),
    );
    assert_eq!((a[1], y), (b[0], vec![a[0], b[1]]));
}

#[test]
fn every_original_exports() {
    use greduce_domains::onnx::{ModelProto, to_onnx};
    use prost::Message;
    for id in 1..=20 {
        let m = DlSubject::new(id).rebuild().output;
        let graph = ModelProto::decode(&to_onnx(&m)[..]).unwrap().graph.unwrap();
        assert_eq!(graph.node.len(), m.nodes.len(), "DL-{id}");
        // Every node input is a graph input, a constant or an earlier node's output.
        let mut defined: std::collections::BTreeSet<String> = graph
            .input
            .iter()
            .map(|i| i.name.clone())
            .chain(graph.initializer.iter().map(|t| t.name.clone()))
            .collect();
        for node in &graph.node {
            assert!(node.input.iter().all(|i| defined.contains(i)), "DL-{id}");
            defined.extend(node.output.iter().cloned());
        }
    }
}
