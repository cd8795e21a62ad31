//! [`mutate`], [`crossover`] and the [`Mutator`] behind them: libFuzzer's custom mutator
//! and crossover for a `#[generator]`, changing inputs as the generator sees them (see
//! `mutation.rs`).

use super::mutation::{ByteMutation, Engine, Runs};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A structure-aware mutator for a `#[generator]` (see [`mutate`]), with its options.
///
/// ```
/// use greduce::fuzz::Mutator;
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..10)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// let mutator = Mutator::new(numbers);
/// let (bytes, how) = mutator.mutated(&[3, 1, 0, 2, 0, 3, 0], 64, 7);
/// assert!(bytes.len() <= 64);
/// // Whatever the mutation, the bytes decode to a list the generator made.
/// let list = greduce::fuzz::from_bytes(&bytes, numbers).unwrap().output;
/// assert!(list.len() < 10 && list.iter().all(|&x| x < 1000), "{how}: {list:?}");
/// ```
pub struct Mutator<G> {
    generator: G,
    byte_mutation: Option<ByteMutation>,
    random_only: bool,
    bytes_only: bool,
}

impl<G> std::fmt::Debug for Mutator<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mutator")
            .field("byte_mutation", &self.byte_mutation.is_some())
            .field("random_only", &self.random_only)
            .field("bytes_only", &self.bytes_only)
            .finish_non_exhaustive()
    }
}

impl<G> Mutator<G> {
    /// A mutator for `generator` (any generator [`from_bytes`](super::replay) takes).
    pub fn new(generator: G) -> Mutator<G> {
        Mutator {
            generator,
            byte_mutation: None,
            random_only: false,
            bytes_only: false,
        }
    }

    /// Mutates a decision's bytes now and then with `mutation` (`libfuzzer_sys::fuzzer_mutate`
    /// in a libFuzzer target, so that the constants its comparison tracing found reach the
    /// decisions; `greduce::fuzz_target!` passes it).
    #[must_use]
    pub fn byte_mutation(mut self, mutation: ByteMutation) -> Mutator<G> {
        self.byte_mutation = Some(mutation);
        self
    }

    /// Makes every mutation a whole fresh random input: random cases under the fuzzer's
    /// instrumentation, the baseline a campaign is compared with.
    #[must_use]
    pub fn random_only(mut self) -> Mutator<G> {
        self.random_only = true;
        self
    }

    /// Leaves every mutation to the [`byte_mutation`](Mutator::byte_mutation) (libFuzzer's
    /// own, as without a custom mutator) and crossover to a cut of the bytes: the other
    /// baseline of a campaign.
    #[must_use]
    pub fn bytes_only(mut self) -> Mutator<G> {
        self.bytes_only = true;
        self
    }

    /// The mutation the environment variable `GREDUCE_FUZZ_MUTATION` names, for comparing
    /// campaigns of one target binary: `structure` (or unset: this mutator), `bytes`
    /// ([`Mutator::bytes_only`]) or `random` ([`Mutator::random_only`]).
    ///
    /// # Panics
    ///
    /// On any other value, naming the three.
    #[must_use]
    pub fn from_env(self) -> Mutator<G> {
        static MODE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        let mode = MODE.get_or_init(crate::config::env::fuzz_mutation);
        match mode.as_str() {
            "" | "structure" => self,
            "bytes" => self.bytes_only(),
            "random" => self.random_only(),
            other => panic!(
                "GREDUCE_FUZZ_MUTATION is `{other}`: it is `structure` (the default), `bytes` \
                 or `random`"
            ),
        }
    }
}

impl<G: Fn(&mut StdRng) -> T, T> Mutator<G> {
    /// Runs `f` with an engine whose runs are this mutator's generator's.
    fn with_engine<U>(&self, f: impl FnOnce(&mut Engine<'_>) -> U) -> U {
        let mut generator = |rng: &mut StdRng| (self.generator)(rng);
        let mut source = Runs(&mut generator);
        let mut engine = Engine {
            source: &mut source,
            byte_mutation: self.byte_mutation,
        };
        f(&mut engine)
    }

    /// A mutation of `input` for a fuzzer: writes it into `data` (which holds the input in
    /// its first `size` bytes) and returns its size, at most `max_size` and `data`'s length.
    /// The same arguments always give the same result. libFuzzer's custom mutator.
    pub fn mutate(&self, data: &mut [u8], size: usize, max_size: usize, seed: u32) -> usize {
        let max = max_size.min(data.len());
        let (bytes, _) = self.mutated(&data[..size.min(data.len())], max, seed);
        data[..bytes.len()].copy_from_slice(&bytes);
        bytes.len()
    }

    /// A crossover of two inputs for a fuzzer: a part of `data1` (a generator call or a
    /// loop iteration) replaced by a part of `data2` from the same generator or loop,
    /// written into `out`; returns its size (at most `out`'s length). The same arguments
    /// always give the same result. libFuzzer's custom crossover.
    pub fn crossover(&self, data1: &[u8], data2: &[u8], out: &mut [u8], seed: u32) -> usize {
        let mut rng = StdRng::seed_from_u64(u64::from(seed) ^ 0x0063_726f_7373);
        let bytes = if self.random_only {
            Some(self.with_engine(|e| e.fresh(&mut rng, out.len())))
        } else if self.bytes_only {
            None
        } else {
            self.with_engine(|e| e.cross(data1, data2, &mut rng))
        }
        .unwrap_or_else(|| {
            // One point: the first input's bytes up to a point, then the second's.
            let cut = rng.random_range(0..=data1.len().min(data2.len()));
            [&data1[..cut], &data2[cut..]].concat()
        });
        let n = bytes.len().min(out.len());
        out[..n].copy_from_slice(&bytes[..n]);
        n
    }

    /// [`Mutator::mutate`] as a value: the mutated bytes (at most `max_size`) and which
    /// mutation made them (`"value"`, `"delete iterations"`, `"fresh part"`, ...).
    pub fn mutated(&self, input: &[u8], max_size: usize, seed: u32) -> (Vec<u8>, &'static str) {
        let mut rng = StdRng::seed_from_u64(u64::from(seed) ^ 0x6d75_7461_7465);
        let (mut bytes, how) = self.with_engine(|e| {
            if self.bytes_only {
                e.bytes_or_fresh(input, max_size, &mut rng)
            } else if self.random_only {
                (e.fresh(&mut rng, max_size), "fresh input")
            } else {
                e.mutation(input, max_size, &mut rng)
            }
        });
        bytes.truncate(max_size);
        (bytes, how)
    }
}

/// The body of libFuzzer's custom mutator for a `#[generator]`: decodes the input (the
/// first `size` bytes of `data`) to its trace and changes it as the generator sees it (see
/// [`Mutator`]), writing the result into `data`; returns its size, at most `max_size`.
/// Deterministic: the same arguments give the same result.
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..10)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// let mut data = [0u8; 32];
/// data[..3].copy_from_slice(&[2, 7, 7]);
/// let size = greduce::fuzz::mutate(&mut data, 3, 32, 1, numbers);
/// let again = greduce::fuzz::from_bytes(&data[..size], numbers).unwrap();
/// assert!(again.output.len() < 10);
/// ```
pub fn mutate<T>(
    data: &mut [u8],
    size: usize,
    max_size: usize,
    seed: u32,
    generator: impl Fn(&mut StdRng) -> T,
) -> usize {
    Mutator::new(generator).mutate(data, size, max_size, seed)
}

/// The body of libFuzzer's custom crossover for a `#[generator]`: a generator call or
/// loop iteration of `data1` replaced by one of `data2` from the same generator or loop
/// (see [`Mutator::crossover`]), written into `out`; returns its size. Deterministic.
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     (0..rng.random_range(0..10)).map(|_| rng.random_range(0..1000)).collect()
/// }
///
/// let mut out = [0u8; 64];
/// let n = greduce::fuzz::crossover(&[2, 1, 0, 1, 0], &[3, 9, 0, 8, 0, 7, 0], &mut out, 5, numbers);
/// let mixed = greduce::fuzz::from_bytes(&out[..n], numbers).unwrap().output;
/// assert!(mixed.len() < 10);
/// ```
pub fn crossover<T>(
    data1: &[u8],
    data2: &[u8],
    out: &mut [u8],
    seed: u32,
    generator: impl Fn(&mut StdRng) -> T,
) -> usize {
    Mutator::new(generator).crossover(data1, data2, out, seed)
}
