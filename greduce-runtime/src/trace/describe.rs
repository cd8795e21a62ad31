//! Recorded nodes in one line each ("iteration 2 of the loop @ src/gen.rs:10:5"), for
//! reports, the reduction log and replay errors.

use crate::trace::{Kind, NodeId, Part, Trace};

impl Trace {
    /// A part in one line ("iteration 2 of the loop @ src/gen.rs:10:5").
    ///
    /// ```
    /// # use greduce::{Reducer, generator};
    /// # use rand::RngExt;
    /// # #[generator]
    /// # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    /// #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// # }
    /// let run = greduce::record(numbers, 1);
    /// let first = run.trace.parts()[0];
    /// assert!(run.trace.describe(first).starts_with("iteration 0 of the loop @ "));
    /// ```
    pub fn describe(&self, part: Part) -> String {
        describe(self, part.0)
    }
}

/// A recorded node in one line.
pub(crate) fn describe(trace: &Trace, node: NodeId) -> String {
    describe_with(trace, node, &mut ChildIndex::default())
}

/// A loop, with which of its site's loops it is when the site ran several ("loop @ .. (the
/// 2nd of 5 at its site)"): an iteration moved between two loops of one site would read
/// the same for both without it. Walks the whole trace: for explanations only (a replay's
/// own messages use [`describe`]).
pub(crate) fn describe_loop(trace: &Trace, lp: NodeId) -> String {
    let Kind::Loop { site, .. } = trace.kind(lp) else {
        return describe(trace, lp);
    };
    let same_site = |n: &NodeId| matches!(trace.kind(*n), Kind::Loop { site: s, .. } if s == site);
    let all = (0..trace.len() as NodeId).filter(same_site).count();
    if all < 2 {
        return describe(trace, lp);
    }
    let nth = (0..lp).filter(same_site).count() + 1;
    format!("loop @ {site} (the {} of {all} at its site)", ordinal(nth))
}

/// `n` as an English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 111th.
fn ordinal(n: usize) -> String {
    let suffix = match n % 10 {
        1 if n % 100 != 11 => "st",
        2 if n % 100 != 12 => "nd",
        3 if n % 100 != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// An iteration, its loop described by [`describe_loop`].
pub(crate) fn describe_iteration(trace: &Trace, iteration: NodeId) -> String {
    let lp = trace.parent(iteration);
    let index = ChildIndex::default().index(trace, lp, iteration);
    format!("iteration {index} of the {}", describe_loop(trace, lp))
}

/// Describes `parts` (in trace order) as [`describe`] does, except that consecutive
/// iterations of one loop make one entry ("iterations 3-250 of the loop @ ..."): a
/// candidate of the reducer often removes hundreds of them, and a line each would cost more
/// than replaying the candidate.
pub(crate) fn describe_parts(trace: &Trace, parts: &[Part]) -> Vec<String> {
    let mut siblings = ChildIndex::default();
    let mut out = Vec::new();
    let mut i = 0;
    while i < parts.len() {
        let part = parts[i].0;
        let lp = trace.parent(part);
        if !matches!(trace.kind(part), Kind::Iteration) {
            out.push(describe_with(trace, part, &mut siblings));
            i += 1;
            continue;
        }
        let first = siblings.index(trace, lp, part);
        let mut last = first;
        // The next sibling starts where this one ends.
        while let Some(next) = parts.get(i + 1).map(|p| p.0)
            && trace.end(parts[i].0) == next
            && trace.parent(next) == lp
        {
            last += 1;
            i += 1;
        }
        let of = describe_with(trace, lp, &mut siblings);
        out.push(if first == last {
            format!("iteration {first} of the {of}")
        } else {
            format!("iterations {first}-{last} of the {of}")
        });
        i += 1;
    }
    out
}

/// Describes a run of `count` consecutive sibling nodes from `first` to `last` ("iterations
/// 3-250 of the loop @ ...").
pub(crate) fn describe_run(trace: &Trace, first: NodeId, last: NodeId, count: u32) -> String {
    if count == 1 {
        return describe(trace, first);
    }
    let mut siblings = ChildIndex::default();
    let parent = trace.parent(first);
    if matches!(trace.kind(first), Kind::Iteration) {
        let a = siblings.index(trace, parent, first);
        let b = siblings.index(trace, parent, last);
        let of = describe_with(trace, parent, &mut siblings);
        return format!("iterations {a}-{b} of the {of}");
    }
    format!(
        "{count} nodes from the {} to the {}",
        describe(trace, first),
        describe(trace, last)
    )
}

/// The children of the last loop whose iteration was described, in trace order.
#[derive(Default)]
struct ChildIndex {
    parent: Option<NodeId>,
    children: Vec<NodeId>,
}

impl ChildIndex {
    /// The position of `node` among the children of `parent`.
    fn index(&mut self, trace: &Trace, parent: NodeId, node: NodeId) -> usize {
        if self.parent != Some(parent) {
            self.parent = Some(parent);
            self.children = trace.children(parent).collect();
        }
        self.children.binary_search(&node).unwrap_or(0)
    }
}

fn describe_with(trace: &Trace, node: NodeId, siblings: &mut ChildIndex) -> String {
    match trace.kind(node) {
        Kind::Root => "root".into(),
        Kind::Scope { site, .. } => format!("call of `{}` @ {site}", site.what),
        Kind::Decision { decision, .. } => format!("decision {decision}"),
        Kind::Loop { site, .. } => format!("loop @ {site}"),
        Kind::Iteration => {
            let lp = trace.parent(node);
            let index = siblings.index(trace, lp, node);
            format!(
                "iteration {index} of the {}",
                describe_with(trace, lp, siblings)
            )
        }
        Kind::Selection { decision } => format!("`if` {decision}"),
        Kind::Branch { then } => {
            let sel = trace.parent(node);
            format!(
                "{} block of the {}",
                if then { "then" } else { "else" },
                describe_with(trace, sel, siblings)
            )
        }
        Kind::Switch { decision } => format!("`match` {decision}"),
        Kind::Arm => format!(
            "arm of the {}",
            describe_with(trace, trace.parent(node), siblings)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::ordinal;

    #[test]
    fn ordinals_read_as_english() {
        let read: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 113, 1000]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            read,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th", "112th", "113th", "1000th"
            ]
        );
    }
}
