//! The paper's twenty DL subjects (TVM bugs DL-1 to DL-20), rebuilt from the artifact's
//! recorded draws, and the oracles that reproduce some of them in Rust.

use crate::graph_oracles::Fidelity;
use greduce::Run;
use greduce_domains::dl::{Model, Source, isra};
use greduce_domains::dl_shapes::{Bugs, infer};

/// The recorded draws of each subject (`data/dl/dlN.draws.txt`).
const DRAWS: [&str; 20] = [
    include_str!("../data/dl/dl1.draws.txt"),
    include_str!("../data/dl/dl2.draws.txt"),
    include_str!("../data/dl/dl3.draws.txt"),
    include_str!("../data/dl/dl4.draws.txt"),
    include_str!("../data/dl/dl5.draws.txt"),
    include_str!("../data/dl/dl6.draws.txt"),
    include_str!("../data/dl/dl7.draws.txt"),
    include_str!("../data/dl/dl8.draws.txt"),
    include_str!("../data/dl/dl9.draws.txt"),
    include_str!("../data/dl/dl10.draws.txt"),
    include_str!("../data/dl/dl11.draws.txt"),
    include_str!("../data/dl/dl12.draws.txt"),
    include_str!("../data/dl/dl13.draws.txt"),
    include_str!("../data/dl/dl14.draws.txt"),
    include_str!("../data/dl/dl15.draws.txt"),
    include_str!("../data/dl/dl16.draws.txt"),
    include_str!("../data/dl/dl17.draws.txt"),
    include_str!("../data/dl/dl18.draws.txt"),
    include_str!("../data/dl/dl19.draws.txt"),
    include_str!("../data/dl/dl20.draws.txt"),
];

/// The originals' sizes `(tensors, edges)` (the research notes' table).
pub const ORIGINAL_SIZES: [(usize, usize); 20] = [
    (67, 113),
    (59, 97),
    (101, 185),
    (47, 85),
    (35, 55),
    (126, 246),
    (108, 207),
    (45, 105),
    (99, 203),
    (117, 255),
    (54, 89),
    (114, 229),
    (94, 171),
    (53, 109),
    (114, 202),
    (110, 184),
    (90, 165),
    (44, 92),
    (128, 244),
    (80, 164),
];

/// One DL subject of the paper.
#[derive(Clone, Debug)]
pub struct DlSubject {
    /// 1 to 20.
    pub id: usize,
    /// The draws that make the original.
    pub draws: Vec<u64>,
}

impl DlSubject {
    /// Subject DL-`id`.
    ///
    /// # Panics
    ///
    /// When `id` is not 1 to 20.
    pub fn new(id: usize) -> DlSubject {
        assert!((1..=20).contains(&id), "DL subjects are DL-1 to DL-20");
        let mut draws: Vec<u64> = DRAWS[id - 1]
            .trim()
            .trim_start_matches('[')
            .trim_end_matches(']')
            .split(',')
            .map(|v| v.trim().parse().expect("a draw"))
            .collect();
        // The artifact draws the number of steps in 20..=100, the port in 1..=100.
        draws[0] += 19;
        DlSubject { id, draws }
    }

    /// The original model with its trace. On all twenty the draws replay exactly (every
    /// draw used) and the sizes are the artifact's.
    ///
    /// # Panics
    ///
    /// When the draws do not replay on the generator (a bug in the port).
    pub fn rebuild(&self) -> Run<Model> {
        greduce::replay_draws(isra, &self.draws)
            .unwrap_or_else(|e| panic!("DL-{} does not rebuild: {e}", self.id))
    }
}

/// DL-9, DL-12 (TVM indexing 3 on an array of size 3): a global pooling on a rank-3 input.
pub fn global_pool_on_rank_3(m: &Model) -> bool {
    m.nodes.iter().any(|n| {
        matches!(n.op, "GlobalMaxPool" | "GlobalAveragePool")
            && m.tensors[n.inputs[0]].shape.len() == 3
    })
}

/// A DL subject's oracle.
#[derive(Clone, Copy, Debug)]
pub struct DlOracle {
    /// The subject (1 to 20).
    pub subject: usize,
    /// What the predicate checks.
    pub what: &'static str,
    /// How faithful it is.
    pub fidelity: Fidelity,
    /// `true` when the model shows the bug.
    pub fails: fn(&Model) -> bool,
}

fn has_op(m: &Model, op: &str) -> bool {
    m.nodes.iter().any(|n| n.op == op)
}

/// Where shape inference with `bugs` first fails: the operator.
fn first_failure(m: &Model, bugs: Bugs) -> Option<&'static str> {
    infer(m, bugs).err().map(|e| e.op)
}

const POOL_BUG: Bugs = Bugs {
    pool_keeps_last_dim: true,
    flatten_axis0_rank1: false,
};

const FLATTEN_BUG: Bugs = Bugs {
    pool_keeps_last_dim: false,
    flatten_axis0_rank1: true,
};

/// Whether the slope of some `PRelu` satisfies `bad`.
fn prelu_slope(m: &Model, bad: impl Fn(&greduce_domains::dl::Tensor) -> bool) -> bool {
    m.nodes
        .iter()
        .any(|n| n.op == "PRelu" && bad(&m.tensors[n.inputs[1]]))
}

/// The subjects with an oracle (the research notes, section 6). DL-2, DL-7 and DL-8 have
/// none: their root causes are unclear.
#[allow(clippy::too_many_lines)] // Reason: a table, one entry per subject.
pub fn dl_oracles() -> Vec<DlOracle> {
    use Fidelity::{High, Low, Medium};
    let pool_then = |subject, what, op: &'static str| DlOracle {
        subject,
        what,
        fidelity: High,
        fails: match op {
            "Reshape" => |m| first_failure(m, POOL_BUG) == Some("Reshape"),
            _ => |m| {
                infer(m, POOL_BUG)
                    .err()
                    .is_some_and(|f| f.op == "Conv" && f.why.contains("kernel_shape"))
            },
        },
    };
    vec![
        DlOracle {
            subject: 1,
            what: "a PRelu whose slope is not 1-D",
            fidelity: Low,
            fails: |m| prelu_slope(m, |t| t.shape.len() != 1),
        },
        pool_then(
            3,
            "under 5-D global pooling that keeps the last dim, a Reshape's counts differ first",
            "Reshape",
        ),
        pool_then(4, "as DL-3", "Reshape"),
        DlOracle {
            subject: 5,
            what: "an LpPool on a rank-5 input",
            fidelity: Medium,
            fails: |m| {
                m.nodes
                    .iter()
                    .any(|n| n.op == "LpPool" && m.tensors[n.inputs[0]].shape.len() == 5)
            },
        },
        DlOracle {
            subject: 6,
            what: "a PRelu whose slope is not 1-D",
            fidelity: Low,
            fails: |m| prelu_slope(m, |t| t.shape.len() != 1),
        },
        DlOracle {
            subject: 9,
            what: "a global pooling on a rank-3 input",
            fidelity: High,
            fails: global_pool_on_rank_3,
        },
        pool_then(
            10,
            "under 5-D global pooling that keeps the last dim, a Conv weight disagrees with its \
             kernel first",
            "Conv",
        ),
        DlOracle {
            subject: 11,
            what: "with Flatten(axis = 0) typed as 1-D, a Transpose's perm fails first",
            fidelity: Medium,
            fails: |m| first_failure(m, FLATTEN_BUG) == Some("Transpose"),
        },
        DlOracle {
            subject: 12,
            what: "a global pooling on a rank-3 input",
            fidelity: High,
            fails: global_pool_on_rank_3,
        },
        pool_then(13, "as DL-3", "Reshape"),
        pool_then(14, "as DL-10", "Conv"),
        DlOracle {
            subject: 15,
            what: "a PRelu whose slope is computed (not an input)",
            fidelity: Low,
            fails: |m| prelu_slope(m, |t| t.source == Source::Output),
        },
        DlOracle {
            subject: 16,
            what: "a PRelu whose slope is computed (not an input)",
            fidelity: Low,
            fails: |m| prelu_slope(m, |t| t.source == Source::Output),
        },
        DlOracle {
            subject: 17,
            what: "a PRelu whose slope is not 1-D",
            fidelity: Low,
            fails: |m| prelu_slope(m, |t| t.shape.len() != 1),
        },
        DlOracle {
            subject: 18,
            what: "a ReduceSum (every one the generator makes fails in TVM's frontend)",
            fidelity: High,
            fails: |m| has_op(m, "ReduceSum"),
        },
        DlOracle {
            subject: 19,
            what: "a Gemm (the generator never gives it the third input TVM wants)",
            fidelity: High,
            fails: |m| has_op(m, "Gemm"),
        },
        DlOracle {
            subject: 20,
            what: "an Unsqueeze (axes as an input, which TVM's frontend does not read)",
            fidelity: High,
            fails: |m| has_op(m, "Unsqueeze"),
        },
    ]
}
