//! [`fuzz_target!`](crate::fuzz_target): a libFuzzer target for a generator and a property,
//! with greduce's structure-aware mutator and crossover.

/// A whole cargo-fuzz target in one line: libFuzzer's `fuzz_target!` running
/// [`fuzz::check`](crate::fuzz::check) on each input, and its `fuzz_mutator!` and
/// `fuzz_crossover!` changing inputs as the generator sees them
/// ([`fuzz::Mutator`](crate::fuzz::Mutator): decisions' values, loop iterations deleted,
/// duplicated, swapped or made fresh, generator calls made again, parts spliced from other
/// inputs, and now and then a whole fresh random input), with libFuzzer's own byte
/// mutation on single decisions, so that the constants its comparison tracing finds still
/// reach them.
///
/// The generator is the path of a `#[generator]` function generic over its rng
/// (`R: rand::Rng + ?Sized`): the target runs it on [`fuzz::Bytes`](crate::fuzz::Bytes)
/// and the mutator on an `StdRng`. The property is anything
/// [`fuzz::check`](crate::fuzz::check) takes. The fuzz crate depends on `libfuzzer-sys` (as
/// `cargo fuzz init` writes it) and `greduce`.
///
/// ```text
/// // fuzz/fuzz_targets/quickstart.rs
/// #![no_main]
/// greduce::fuzz_target!(tasks::tasks, tasks::respects_dependencies);
/// ```
///
/// The environment variable `GREDUCE_FUZZ_MUTATION` picks the mutation of a run, for
/// comparing campaigns of one binary: `structure` (the default), `bytes` (libFuzzer's own)
/// or `random` (a fresh random input each time: random cases under the fuzzer).
#[macro_export]
macro_rules! fuzz_target {
    ($generator:path, $property:expr $(,)?) => {
        ::libfuzzer_sys::fuzz_target!(|data: &[u8]| {
            $crate::fuzz::check(data, $generator, $property);
        });

        ::libfuzzer_sys::fuzz_mutator!(|data: &mut [u8],
                                        size: usize,
                                        max_size: usize,
                                        seed: u32| {
            $crate::fuzz::Mutator::new($generator)
                .byte_mutation(::libfuzzer_sys::fuzzer_mutate)
                .from_env()
                .mutate(data, size, max_size, seed)
        });

        ::libfuzzer_sys::fuzz_crossover!(|data1: &[u8],
                                          data2: &[u8],
                                          out: &mut [u8],
                                          seed: u32| {
            $crate::fuzz::Mutator::new($generator)
                .from_env()
                .crossover(data1, data2, out, seed)
        });
    };
}
