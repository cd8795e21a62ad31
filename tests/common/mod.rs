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
