//! A generator that makes every kind of decision greduce records, shared by the tests that
//! fuzz greduce's inputs (`fuzz_traces.rs`, `fuzz.rs`).

use greduce::generator;
use rand::RngExt;
use rand::distr::Uniform;
use rand::seq::{IndexedRandom, IteratorRandom, SliceRandom};

/// What one run of [`every_decision`] produced, part by part.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Output {
    pub(crate) ints: Vec<i64>,
    pub(crate) floats: Vec<f64>,
    pub(crate) chars: Vec<char>,
    pub(crate) word: &'static str,
    pub(crate) bytes: [u8; 3],
    pub(crate) shuffled: Vec<u8>,
    pub(crate) partial: (Vec<u8>, Vec<u8>),
    pub(crate) chosen: Option<u8>,
    pub(crate) weighted: u8,
    pub(crate) sampled: Vec<u8>,
    pub(crate) reservoir: Vec<u8>,
    pub(crate) from_iter: Option<u8>,
    pub(crate) uniform: (u32, f64),
    pub(crate) standard: (u64, f32, bool),
    pub(crate) leaf: u16,
}

pub(crate) const ITEMS: [u8; 5] = [10, 20, 30, 40, 50];

/// Every kind of decision greduce records.
#[generator]
pub(crate) fn every_decision<R: rand::Rng + ?Sized>(rng: &mut R) -> Output {
    let mut ints = Vec::new();
    for _ in 0..rng.random_range(0..4usize) {
        ints.push(rng.random_range(-5i64..5));
    }
    let mut floats = Vec::new();
    while rng.random_bool(0.6) {
        floats.push(rng.random_range(0.5f64..2.0));
    }
    let mut chars = Vec::new();
    if rng.random_ratio(2, 3) {
        chars.push(rng.random_range('a'..='z'));
    }
    let word = match rng.random_range(0..3) {
        0 => "zero",
        1 => "one",
        _ => "two",
    };
    let mut bytes = [0u8; 3];
    rng.fill(&mut bytes);
    let mut shuffled = ITEMS.to_vec();
    shuffled.shuffle(rng);
    let mut partial = ITEMS.to_vec();
    let (chosen_part, rest) = partial.partial_shuffle(rng, 2);
    let partial = (chosen_part.to_vec(), rest.to_vec());
    let chosen = ITEMS.choose(rng).copied();
    let weighted = *ITEMS
        .choose_weighted(rng, |x| u32::from(!x.is_multiple_of(20)))
        .expect("positive weights");
    let sampled: Vec<u8> = ITEMS.sample(rng, 3).copied().collect();
    let reservoir = ITEMS.iter().copied().sample(rng, 2);
    let from_iter = ITEMS.iter().copied().filter(|x| *x > 20).choose(rng);
    let uniform = (
        rng.sample(Uniform::new(10u32, 20).expect("a legal range")),
        rng.sample(Uniform::new_inclusive(5.0f64, 6.0).expect("a legal range")),
    );
    let standard = (
        rng.random::<u64>(),
        rng.random::<f32>(),
        rng.random::<bool>(),
    );
    Output {
        ints,
        floats,
        chars,
        word,
        bytes,
        shuffled,
        partial,
        chosen,
        weighted,
        sampled,
        reservoir,
        from_iter,
        uniform,
        standard,
        leaf: leaf(rng),
    }
}

#[generator]
fn leaf<R: rand::Rng + ?Sized>(rng: &mut R) -> u16 {
    rng.random_range(..u16::MAX)
}
