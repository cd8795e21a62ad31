//! Samplers greduce does not know: `rng.random::<T>()` for a `T` that is not a primitive,
//! and `distr.sample(rng)`. A sampler that is a `#[generator]` is a nested generator call;
//! any other's raw rng output is one decision, which replays and shrinks as bytes.

use greduce::{Reducer, generator};
use rand::RngExt;
use rand::distr::{Alphanumeric, Distribution, StandardUniform, Uniform};

mod common;
use common::first_run;

#[derive(Debug, Clone, PartialEq)]
enum Op {
    Push(u8),
    Pop,
    Clear,
}

/// rand's idiom for "a random `Op`": `StandardUniform` samples it, and its `sample` is a
/// generator, so `rng.random::<Op>()` is a nested generator call.
impl Distribution<Op> for StandardUniform {
    #[generator]
    fn sample<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Op {
        match rng.random_range(0..3) {
            0 => Op::Push(rng.random()),
            1 => Op::Pop,
            _ => Op::Clear,
        }
    }
}

#[generator]
fn ops<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Op> {
    let n = rng.random_range(0..20);
    let mut out = Vec::new();
    for _ in 0..n {
        let op: Op = rng.random();
        out.push(op);
    }
    out
}

#[test]
fn a_generator_sampler_is_a_nested_call() {
    let mut direct = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(4);
    let run = greduce::record(ops, 4);
    assert_eq!(run.output, ops(&mut direct));
    let fails = |v: &Vec<Op>| {
        v.iter()
            .filter(|op| matches!(op, Op::Push(x) if *x >= 100))
            .count()
            >= 2
    };
    let run = first_run(ops, |v| v.len() > 8 && fails(v));
    let reduced = Reducer::new(ops).reduce(&run.trace, |x| !fails(x));
    assert_eq!(reduced.output, [Op::Push(100), Op::Push(100)]);
}

/// A tuple (drawn element by element), an array through rand's own sampler, which is not a
/// generator, and distributions sampled with `distr.sample(rng)` and `rng.sample(distr)`.
#[generator]
fn compound<R: rand::Rng + ?Sized>(rng: &mut R) -> ((u8, bool), [u16; 2], String, u32) {
    let pair = rng.random::<(u8, bool)>();
    let words: [u16; 2] = rng.random();
    let name: String = (0..4)
        .map(|_| char::from(Alphanumeric.sample(rng)))
        .collect();
    let digit = Uniform::new(0u32, 10).expect("a range").sample(rng);
    let letter = char::from(rng.sample(Alphanumeric));
    (pair, words, format!("{name}{letter}"), digit)
}

#[test]
fn raw_samplers_replay_and_shrink_as_bytes() {
    let mut direct = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(8);
    let run = greduce::record(compound, 8);
    assert_eq!(run.output, compound(&mut direct));
    // The pair is two decisions (a tuple is drawn element by element).
    assert_eq!(run.trace.decision_count(), 9);
    let replayed = greduce::replay(compound, &run.trace, &[], greduce::Strategy::Halt);
    assert_eq!(replayed.result.expect("replays").output, run.output);
    let fails = |c: &((u8, bool), [u16; 2], String, u32)| c.0.0 >= 10 && c.1[1] >= 300 && c.3 >= 5;
    let run = first_run(compound, fails);
    let reduced = Reducer::new(compound).reduce(&run.trace, |x| !fails(x));
    assert_eq!(
        reduced.output,
        ((10, false), [0, 300], "AAAAA".to_string(), 5)
    );
}

/// A generic generator: `rng.random::<T>()` needs only rand's own bound.
#[generator]
fn pair_of<T, R: rand::Rng + ?Sized>(rng: &mut R) -> (T, T)
where
    StandardUniform: Distribution<T>,
{
    (rng.random::<T>(), rng.random::<T>())
}

#[test]
fn a_generic_random_draws_through_the_sampler() {
    let run = greduce::record(pair_of::<u16, _>, 2);
    let mut direct = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(2);
    assert_eq!(run.output, pair_of::<u16, _>(&mut direct));
    let run = greduce::record(pair_of::<Op, _>, 2);
    let mut direct = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(2);
    assert_eq!(run.output, pair_of::<Op, _>(&mut direct));
}

/// rand's idiom for a random name, and a lazy stream of numbers.
#[generator]
fn names<R: rand::Rng + ?Sized>(rng: &mut R) -> (String, Vec<u8>) {
    let len = rng.random_range(1..12);
    let name: String = rng
        .sample_iter(&Alphanumeric)
        .take(len)
        .map(char::from)
        .collect();
    let bytes = (&mut *rng).random_iter().take(2).collect();
    (name, bytes)
}

#[test]
fn sample_iter_draws_each_item() {
    let mut direct = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(6);
    let run = greduce::record(names, 6);
    assert_eq!(run.output, names(&mut direct));
    let fails = |(name, bytes): &(String, Vec<u8>)| name.contains('z') && bytes[1] > 7;
    let run = first_run(names, fails);
    let reduced = Reducer::new(names).reduce(&run.trace, |x| !fails(x));
    assert_eq!(reduced.output, ("z".to_string(), vec![0, 8]));
}

/// `DistString::sample_string` takes the rng but is rand's: its raw output is one decision.
#[generator]
fn token<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    use rand::distr::SampleString;
    let len = rng.random_range(1..10);
    Alphanumeric.sample_string(rng, len)
}

#[test]
fn sample_string_is_recorded_as_raw_output() {
    let mut direct = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(3);
    let run = greduce::record(token, 3);
    assert_eq!(run.output, token(&mut direct));
    assert_eq!(run.trace.decision_count(), 2);
    let fails = |s: &String| s.len() >= 3;
    let run = first_run(token, |s| s.len() > 5);
    let reduced = Reducer::new(token).reduce(&run.trace, |x| !fails(x));
    assert_eq!(reduced.output, "AAA");
}

#[derive(Debug)]
// Reason: the values are drawn, and never read: the test is about how they are recorded.
#[allow(dead_code)]
enum Shape {
    Circle(u8),
    Square(u8),
}

#[generator]
fn circle<R: rand::Rng + ?Sized>(rng: &mut R) -> u8 {
    rng.random_range(1..10)
}

/// A distribution that draws itself and calls a generator: `sample` is not a generator.
struct Shapes;

impl Distribution<Shape> for Shapes {
    fn sample<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Shape {
        if rng.random::<u8>() >= 128 {
            Shape::Circle(circle(rng))
        } else {
            Shape::Square(rng.random())
        }
    }
}

#[generator]
fn shape<R: rand::Rng + ?Sized>(rng: &mut R) -> Shape {
    rng.sample(Shapes)
}

#[test]
fn a_sampler_that_draws_and_calls_a_generator_is_refused_by_name() {
    let refused = (0..20).find_map(|seed| {
        std::panic::catch_unwind(|| greduce::record(shape, seed))
            .err()
            .and_then(|e| e.downcast_ref::<String>().cloned())
    });
    let message = refused.expect("a seed that draws a circle");
    assert!(
        message.contains("drew from the rng itself and also called a #[generator]")
            && message.contains("annotate its `sample` with #[generator]"),
        "{message}"
    );
}

/// A distribution mapped from a `Uniform` is another type: a raw sampler.
#[generator]
fn doubled<R: rand::Rng + ?Sized>(rng: &mut R) -> u8 {
    rng.sample(Uniform::new(0u8, 9).expect("a range").map(|x| x * 2))
}

#[test]
fn a_mapped_uniform_is_a_raw_sampler() {
    let mut direct = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(2);
    let run = greduce::record(doubled, 2);
    assert_eq!(run.output, doubled(&mut direct));
    let fails = |x: &u8| *x >= 10;
    let run = first_run(doubled, fails);
    assert_eq!(
        Reducer::new(doubled)
            .reduce(&run.trace, |x| !fails(x))
            .output,
        10
    );
}
