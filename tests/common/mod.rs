//! Helpers shared by the behaviour tests.

/// The first recorded run (seeds 0 to 9999) whose output satisfies `wanted`.
pub(crate) fn first_run<T>(
    generator: impl Fn(&mut rand::rngs::StdRng) -> T + Copy,
    wanted: impl Fn(&T) -> bool,
) -> greduce::Run<T> {
    (0..10_000)
        .map(|seed| greduce::record(generator, seed))
        .find(|run| wanted(&run.output))
        .expect("a failing seed")
}

/// The first reducible part nested in another (depth 1): in a generator that loops, the first
/// part inside iteration 0 (such as its `then` block).
// Reason: every test file that includes this module uses some of its helpers, not all.
#[allow(dead_code)]
pub(crate) fn first_nested_part(trace: &greduce::Trace) -> greduce::Part {
    trace
        .parts_with_depth()
        .into_iter()
        .find(|(_, depth)| *depth == 1)
        .expect("a part at depth 1")
        .0
}
