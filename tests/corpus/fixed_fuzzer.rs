//! Origin: hanishkvc/prgs-rustland-tester-fuzzerk, `src/random.rs`, `RandomFixedFuzzer`
//! (commit 023d0e19), rand 0.8: a fuzzer object whose trait method appends a random number
//! of bytes from its charset, each by `random::<usize>() % len`.
//!
//! Port: `rand::random` (the thread rng) became draws from an `rng` parameter, added to the
//! trait methods after `&self`; `random::<usize>()` became `random::<u64>() as usize`
//! (rand 0.9 dropped `usize` from the standard distribution). The crate's `Fuzz` trait is declared here with those two
//! methods.

use greduce::generator;
use rand::RngExt;

/// The crate's fuzzer trait (the two methods this fuzzer implements).
pub(crate) trait Fuzz {
    fn append_fuzzed_immut<R: rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        step: usize,
        buf: &mut Vec<u8>,
    );
    fn append_fuzzed<R: rand::Rng + ?Sized>(&mut self, rng: &mut R, step: usize, buf: &mut Vec<u8>);
}

/// Generate a random buffer of bytes, which containts byte values from the specified set,
/// of size within the specified limits of min and max len.
pub(crate) struct RandomFixedFuzzer {
    minlen: usize,
    maxlen: usize,
    charset: Vec<u8>,
}

impl RandomFixedFuzzer {
    pub(crate) fn new(minlen: usize, maxlen: usize, charset: Vec<u8>) -> RandomFixedFuzzer {
        RandomFixedFuzzer {
            minlen,
            maxlen,
            charset,
        }
    }

    /// Created a instance, setup to generate printable ascii chars
    pub(crate) fn new_printables(minlen: usize, maxlen: usize) -> RandomFixedFuzzer {
        let mut charset = Vec::new();
        for i in 32..127 {
            charset.push(i);
        }
        Self::new(minlen, maxlen, charset)
    }
}

impl Fuzz for RandomFixedFuzzer {
    /// Appends `minlen` to `maxlen` bytes of the charset, each `random % len`.
    #[generator]
    fn append_fuzzed_immut<R: rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        _step: usize,
        buf: &mut Vec<u8>,
    ) {
        let curlen = rng.random::<u64>() as usize;
        let curlen = self.minlen + curlen % (self.maxlen - self.minlen + 1);
        for _i in 0..curlen {
            let char = self.charset[rng.random::<u64>() as usize % self.charset.len()];
            buf.push(char);
        }
    }

    /// Appends as [`Fuzz::append_fuzzed_immut`] does.
    // Reason: ported as found.
    #[allow(clippy::needless_return)]
    #[generator]
    fn append_fuzzed<R: rand::Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        step: usize,
        buf: &mut Vec<u8>,
    ) {
        return self.append_fuzzed_immut(rng, step, buf);
    }
}

/// A buffer of 0 to 10 printable characters, from a fresh fuzzer.
#[generator]
fn fuzzed<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
    let mut buf = Vec::new();
    RandomFixedFuzzer::new_printables(0, 10).append_fuzzed(rng, 0, &mut buf);
    buf
}

#[test]
fn a_buffer_with_a_tilde_ends_as_one_tilde() {
    // Property: no '~'. Minimal: length draw 1 (length 1), then 94, the smallest draw that
    // picks '~' (the last of 95 printables).
    crate::assert_minimum(
        fuzzed,
        |b: &Vec<u8>| b.contains(&b'~'),
        Clone::clone,
        &b"~".to_vec(),
    );
}
