//! The rng handed to a sampler greduce does not know (a `Distribution` whose `sample` is not
//! a `#[generator]`: rand's own for tuples and arrays, a user's): it records the raw output
//! the sampler consumes, as bytes, and plays recorded bytes back, so the sample replays and
//! its bytes shrink like a `fill`'s.
//!
//! Words are stored big-endian, so lowering the bytes first to last lowers the word, and
//! rand's samplers map a lower word to a lower value (an index, a uniform integer, a float
//! in `[0, 1)`).

use crate::run::{self, Handle};
use crate::trace::NodeId;
use rand::Rng;
use std::convert::Infallible;

/// Raw rng output, recorded from an rng or played back from recorded bytes.
pub struct Tape<'r, R: ?Sized> {
    /// Recording: the rng the bytes come from.
    rng: Option<&'r mut R>,
    /// Recording: every byte handed out. Playing back: the bytes to hand out, then those
    /// made up past their end.
    bytes: Vec<u8>,
    /// Playing back: the next byte to hand out.
    at: usize,
    /// Playing back past the recorded bytes: zeros (the simplest output) for
    /// [`Tape::ZEROS`] bytes, then a fixed generator's (splitmix64, this its state), so a
    /// sampler that rejects some outputs still ends, and the same way every time.
    past: u64,
    /// Bytes made up past the recorded ones so far.
    made_up: usize,
    /// Recording: whether to keep what is drawn (not when passing it through).
    keep: bool,
    /// Recording: the run and the node open when the sampler was called, to tell whether
    /// it draws itself (with that node still the innermost) or only through generators it
    /// calls (with their scopes open).
    watch: Option<(Handle, NodeId)>,
    /// Whether the sampler drew with the watched node the innermost.
    drew_itself: bool,
}

impl<R: ?Sized> std::fmt::Debug for Tape<'_, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tape")
            .field("recording", &self.rng.is_some())
            .field("bytes", &self.bytes.len())
            .finish_non_exhaustive()
    }
}

impl<'r, R: Rng + ?Sized> Tape<'r, R> {
    /// A tape that draws from `rng` and records what it drew.
    pub(crate) fn recording(rng: &'r mut R) -> Self {
        Tape {
            keep: true,
            ..Tape::from(Some(rng), Vec::new())
        }
    }

    /// A tape that passes `rng`'s output through and records nothing (outside a run).
    pub(crate) fn through(rng: &'r mut R) -> Self {
        Tape::from(Some(rng), Vec::new())
    }
}

impl<'r, R: ?Sized> Tape<'r, R> {
    /// A tape on `rng` (drawing from it) or on `bytes` (playing them back), keeping nothing
    /// and watching nothing.
    fn from(rng: Option<&'r mut R>, bytes: Vec<u8>) -> Self {
        Tape {
            rng,
            bytes,
            at: 0,
            past: 0x9E37_79B9_7F4A_7C15,
            made_up: 0,
            keep: false,
            watch: None,
            drew_itself: false,
        }
    }

    /// A tape that hands out `bytes`, then bytes of a fixed generator.
    pub(crate) fn playing(bytes: Vec<u8>) -> Self {
        Tape::from(None, bytes)
    }

    /// Playing back: whether the sampler read exactly the recorded bytes (no fewer, no
    /// more).
    pub(crate) fn read_exactly(&self) -> bool {
        self.made_up == 0 && self.at == self.bytes.len()
    }

    /// Watches which draws the sampler makes itself, in the run `handle` is on (see
    /// [`Tape::drew_itself`]).
    pub(crate) fn watching(mut self, handle: &Handle) -> Self {
        self.watch = run::open_node(handle).map(|node| (handle.clone(), node));
        self
    }

    /// Whether the sampler drew from the tape itself, not only through the generators it
    /// called.
    pub(crate) fn drew_itself(&self) -> bool {
        self.drew_itself
    }

    /// Notes a draw (see [`Tape::watching`]).
    fn drawing(&mut self) {
        if let Some((handle, node)) = &self.watch
            && run::open_node(handle) == Some(*node)
        {
            self.drew_itself = true;
        }
    }

    /// The bytes the sampler consumed: all it drew when recording; when playing back, the
    /// recorded ones it read (and those made up past them), without the ones it left.
    pub(crate) fn into_bytes(mut self) -> Vec<u8> {
        if self.rng.is_none() {
            self.bytes.truncate(self.at);
        }
        self.bytes
    }

    /// [`Tape::into_bytes`] as a decision's value.
    pub(crate) fn into_value(self) -> crate::trace::value::Value {
        crate::trace::value::Value::Bytes(Box::new(self.into_bytes()))
    }

    /// How many zero bytes playing back hands out past the recorded ones.
    const ZEROS: usize = 64;

    /// The next `N` bytes played back.
    fn play<const N: usize>(&mut self) -> [u8; N] {
        while self.bytes.len() < self.at + N {
            if self.made_up < Self::ZEROS {
                self.bytes.push(0);
                self.made_up += 1;
                continue;
            }
            self.past = self.past.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.past;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            self.bytes.extend((z ^ (z >> 31)).to_be_bytes());
        }
        let mut out = [0; N];
        out.copy_from_slice(&self.bytes[self.at..self.at + N]);
        self.at += N;
        out
    }
}

impl<R: Rng + ?Sized> Tape<'_, R> {
    /// A word of `N` bytes: drawn from the rng (and kept, when recording), or played back.
    fn word<const N: usize>(&mut self, draw: impl FnOnce(&mut R) -> [u8; N]) -> [u8; N] {
        self.drawing();
        match &mut self.rng {
            Some(rng) => {
                let bytes = draw(rng);
                if self.keep {
                    self.bytes.extend(bytes);
                }
                bytes
            }
            None => self.play(),
        }
    }
}

impl<R: Rng + ?Sized> rand::TryRng for Tape<'_, R> {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(u32::from_be_bytes(
            self.word(|rng| rng.next_u32().to_be_bytes()),
        ))
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(u64::from_be_bytes(
            self.word(|rng| rng.next_u64().to_be_bytes()),
        ))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.drawing();
        match &mut self.rng {
            Some(rng) => {
                rng.fill_bytes(dst);
                if self.keep {
                    self.bytes.extend_from_slice(dst);
                }
            }
            None => {
                for byte in dst {
                    *byte = self.play::<1>()[0];
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn recorded_bytes_play_back_the_same_samples() {
        let mut rng = StdRng::seed_from_u64(3);
        let mut tape = Tape::recording(&mut rng);
        let drawn: ((u8, bool), [u16; 3], f64, char) = tape.random();
        let bytes = tape.into_bytes();
        // The tape passes the rng's output through unchanged.
        let direct: ((u8, bool), [u16; 3], f64, char) = StdRng::seed_from_u64(3).random();
        assert_eq!(drawn, direct);
        let mut played = Tape::<StdRng>::playing(bytes.clone());
        assert_eq!(played.random::<((u8, bool), [u16; 3], f64, char)>(), drawn);
        assert_eq!(played.into_bytes(), bytes);
    }

    #[test]
    fn zero_bytes_give_the_low_end_and_past_the_end_is_fixed() {
        let mut zeros = Tape::<StdRng>::playing(vec![0; 8]);
        assert_eq!(zeros.random_range(10..20), 10);
        let mut short = Tape::<StdRng>::playing(Vec::new());
        let a: [u64; 10] = short.random();
        assert_eq!(a[..8], [0; 8]);
        assert_ne!(a[8..], [0; 2]);
        let mut again = Tape::<StdRng>::playing(Vec::new());
        assert_eq!(again.random::<[u64; 10]>(), a);
        assert_eq!(short.into_bytes().len(), 80);
    }
}
