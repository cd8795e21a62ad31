//! The paper's twenty DL subjects (TVM bugs DL-1 to DL-20), rebuilt from the artifact's
//! recorded draws, and the oracles that reproduce some of them in Rust.

use crate::dl::{Model, isra};
use greduce::Run;

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

    /// The original model with its trace. The draws replay exactly on all twenty (every
    /// draw used, the level-2 decision counts equal to the artifact's); the sizes match the
    /// artifact's for eighteen, and DL-10 and DL-12 have one distinct tensor more (edges
    /// equal): some tensor the artifact shares between two nodes is two tensors here. Which
    /// one is not known yet.
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
