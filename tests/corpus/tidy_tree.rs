//! Origin: zxch3n/tidy, `rust/crates/tidy-tree/tests/gen.rs` (commit 2aafdc45), rand 0.8:
//! random trees for the layout tests; each new node is appended to a parent picked at
//! random among the nodes so far; a helper draws each node; the rng is a concrete `StdRng`.
//!
//! Port: `gen_range` became `random_range`; `gen()` for the `usize` id became
//! `random::<u64>() as usize` (rand 0.9 dropped `usize` from the standard distribution). tidy-tree's `Node` and
//! `Link` are declared here with the fields and methods used.

use greduce::generator;
use rand::RngExt;
use rand::rngs::StdRng;
use std::cell::RefCell;
use std::fmt::Write as _;
use std::rc::{Rc, Weak};

type Coord = f64;

/// tidy-tree's shared node handle.
pub(crate) type Link = Rc<RefCell<Node>>;

/// tidy-tree's node (the fields the generator sets).
#[derive(Debug)]
pub(crate) struct Node {
    id: usize,
    width: Coord,
    height: Coord,
    children: Vec<Link>,
    me: Weak<RefCell<Node>>,
}

impl Node {
    fn new(id: usize, width: Coord, height: Coord) -> Link {
        Rc::new_cyclic(|me| {
            RefCell::new(Node {
                id,
                width,
                height,
                children: vec![],
                me: me.clone(),
            })
        })
    }

    fn append_child(&mut self, child: Link) {
        self.children.push(child);
    }

    fn me_rc(&self) -> Link {
        self.me.upgrade().expect("a live node")
    }
}

/// A node with a random id and size.
// Reason: ported as found.
#[allow(clippy::cast_lossless)]
#[generator]
pub(crate) fn gen_node(rng: &mut StdRng) -> Link {
    Node::new(
        rng.random::<u64>() as usize,
        rng.random_range(5..50) as Coord,
        rng.random_range(5..50) as Coord,
    )
}

/// A root and `num` more nodes, each under a random earlier node.
#[generator]
pub(crate) fn gen_tree(rng: &mut StdRng, num: usize) -> Link {
    let root = gen_node(rng);
    let mut nodes: Vec<Link> = vec![root.clone()];
    for _ in 0..num {
        let parent_index = rng.random_range(0..nodes.len());
        let parent = nodes[parent_index].clone();
        let node = gen_node(rng);
        parent.borrow_mut().append_child(node);
        nodes.push(
            parent
                .borrow_mut()
                .children
                .last_mut()
                .unwrap()
                .borrow()
                .me_rc(),
        );
    }

    root
}

/// The tree as text: `id:widthxheight`, then the children in brackets.
fn render(link: &Link) -> String {
    let node = link.borrow();
    let mut s = format!("{}:{}x{}", node.id, node.width, node.height);
    if !node.children.is_empty() {
        let children: Vec<String> = node.children.iter().map(render).collect();
        write!(s, "[{}]", children.join(" ")).expect("writing to a String");
    }
    s
}

fn depth(link: &Link) -> usize {
    link.borrow()
        .children
        .iter()
        .map(|c| 1 + depth(c))
        .max()
        .unwrap_or(0)
}

#[test]
fn a_deep_tree_ends_with_the_path_as_late_as_possible() {
    // Property: depth below 4 (6 nodes under the root). Minimal: ids 0, sizes 5; parents
    // 0, 0, 0 (as simple as the depth still reachable allows), then 1, 4, 5: the path
    // root - 1 - 4 - 5 - 6.
    let leaf = "0:5x5";
    crate::assert_minimum(
        |rng| gen_tree(rng, 6),
        |t: &Link| depth(t) >= 4,
        render,
        &format!("{leaf}[{leaf}[{leaf}[{leaf}[{leaf}]]] {leaf} {leaf}]"),
    );
}
