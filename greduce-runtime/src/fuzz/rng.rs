//! [`Bytes`]: an rng over a fuzzer's bytes.

use crate::run::replay::BYTES_SEED;
use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng};
use std::convert::Infallible;

/// An rng over a byte slice: a generator can take it wherever it takes an rng.
///
/// Called directly, the generator draws from the bytes as from any rng: each `u32` or
/// `u64` rand asks for is the next 4 or 8 bytes, little-endian, and zeros once the bytes
/// run out; rand's sampling turns them into values.
///
/// Inside [`fuzz::check`](super::run), a `#[generator]`'s decisions read the bytes
/// themselves, without rand: each decision reads its own fixed-width slice, counted from
/// its simplest value, so one changed byte changes one decision, zero bytes give the
/// simplest input, and bytes that run out end every reducible loop. There the rng draws
/// only for helpers passed [`unrecorded`](crate::unrecorded), from a stream seeded with
/// a constant: the stream [`fuzz::from_bytes`](super::replay) and
/// [`Check::fuzz_artifacts`](crate::Check::fuzz_artifacts) give the generator as an
/// `StdRng`, so all three make the same input from the same bytes.
///
/// ```
/// use greduce::fuzz::Bytes;
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u8, bool) {
///     (rng.random_range(0..100), rng.random_bool(0.5))
/// }
///
/// // A direct call: rand samples from the bytes.
/// let direct = pair(&mut Bytes::new(&[0; 16]));
/// assert_eq!(direct.0, 0);
/// // In greduce's fuzz entry points each decision reads its own byte: 42, then 255
/// // (`true`).
/// let run = greduce::fuzz::from_bytes(&[42, 255], pair).unwrap();
/// assert_eq!(run.output, (42, true));
/// ```
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
    /// Inside greduce's entry points (what the bytes do not answer is drawn from a seeded
    /// stream: `seeded`, seeded when first drawn from, as most runs never draw from it and
    /// seeding cost every input of a fuzz target).
    for_decisions: bool,
    seeded: Option<StdRng>,
}

impl<'a> Bytes<'a> {
    /// An rng that draws `data`, then zeros.
    #[must_use]
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes {
            data,
            at: 0,
            for_decisions: false,
            seeded: None,
        }
    }

    /// The rng greduce's entry points give a generator whose decisions read `data`.
    pub(crate) fn for_decisions(data: &'a [u8]) -> Bytes<'a> {
        Bytes {
            data,
            at: 0,
            for_decisions: true,
            seeded: None,
        }
    }

    /// The seeded stream, inside greduce's entry points.
    fn stream(&mut self) -> Option<&mut StdRng> {
        if !self.for_decisions {
            return None;
        }
        Some(
            self.seeded
                .get_or_insert_with(|| StdRng::seed_from_u64(BYTES_SEED)),
        )
    }

    /// The bytes, and zeros past their end.
    fn read(&mut self, dst: &mut [u8]) {
        let start = self.at.min(self.data.len());
        let end = self.at.saturating_add(dst.len()).min(self.data.len());
        self.at = self.at.saturating_add(dst.len());
        let (head, tail) = dst.split_at_mut(end - start);
        head.copy_from_slice(&self.data[start..end]);
        tail.fill(0);
    }
}

impl std::fmt::Debug for Bytes<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bytes")
            .field("len", &self.data.len())
            .field("at", &self.at)
            .field("for_decisions", &self.for_decisions)
            .finish()
    }
}

impl rand::TryRng for Bytes<'_> {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        if let Some(rng) = self.stream() {
            return Ok(rng.next_u32());
        }
        let mut word = [0; 4];
        self.read(&mut word);
        Ok(u32::from_le_bytes(word))
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        if let Some(rng) = self.stream() {
            return Ok(rng.next_u64());
        }
        let mut word = [0; 8];
        self.read(&mut word);
        Ok(u64::from_le_bytes(word))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        match self.stream() {
            Some(rng) => rng.fill_bytes(dst),
            None => self.read(dst),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn words_are_little_endian_then_zeros() {
        let mut b = Bytes::new(&[1, 0, 0, 0, 2, 3]);
        assert_eq!(b.next_u32(), 1);
        assert_eq!(b.next_u32(), 0x0302);
        assert_eq!(b.next_u64(), 0);
        let mut dst = [9; 3];
        b.fill_bytes(&mut dst);
        assert_eq!(dst, [0; 3]);
    }
}
