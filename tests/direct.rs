//! Called directly with an ordinary rng, an annotated generator returns exactly what the
//! same code without `#[generator]` returns; recording does not change the output either.

use greduce::generator;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Defines the same generator twice: annotated and plain.
macro_rules! twins {
    ($annotated:ident, $plain:ident, $leaf:ident, $leaf_plain:ident) => {
        twins!(@leaf #[generator] $leaf);
        twins!(@leaf $leaf_plain);
        twins!(@main #[generator] $annotated, $leaf);
        twins!(@main $plain, $leaf_plain);
    };
    (@leaf $(#[$attr:meta])? $name:ident) => {
        $(#[$attr])?
        fn $name<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
            use rand::RngExt;
            let n = rng.random_range(0..4usize);
            std::iter::repeat_with(|| rng.random::<u8>()).take(n).collect()
        }
    };
    (@main $(#[$attr:meta])? $name:ident, $leaf:ident) => {
        $(#[$attr])?
        fn $name<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
            use rand::RngExt;
            use rand::distr::{Bernoulli, StandardUniform, Uniform};
            use rand::seq::{IndexedMutRandom, IndexedRandom, IteratorRandom, SliceRandom};
            let mut out = Vec::<String>::new();
            let (a, b, c, d) = (rng.random_range(-5i64..5), rng.random_range(1.5f64..2.5), rng.random_range('a'..='z'), rng.random_range(..7u16));
            out.push(format!("{a} {b} {c} {d}"));
            let (e, f) = (rng.random_bool(0.3), rng.random_ratio(2, 7));
            let (g, h, i) = (rng.random::<u64>(), rng.random::<f64>(), rng.random::<bool>());
            out.push(format!("{e} {f} {g} {h} {i}"));
            let mut buf = [0u32; 3];
            rng.fill(&mut buf);
            out.push(format!("{buf:?}"));
            let s: u16 = rng.sample(StandardUniform);
            let u = rng.sample(Uniform::new(10i32, 20).unwrap());
            let b = rng.sample(Bernoulli::new(0.4).unwrap());
            out.push(format!("{s} {u} {b}"));
            let mut xs: Vec<u32> = (0..8).collect();
            let chosen = xs.choose(rng).copied();
            out.push(format!("{chosen:?}"));
            if let Some(x) = xs.choose_mut(rng) {
                *x += 100;
            }
            let weighted = xs.choose_weighted(rng, |x| x % 3).ok().copied();
            let sampled: Vec<u32> = xs.sample(rng, 3).copied().collect();
            out.push(format!("{weighted:?} {sampled:?}"));
            xs.shuffle(rng);
            out.push(format!("{xs:?}"));
            let (picked, rest) = xs.partial_shuffle(rng, 2);
            out.push(format!("{picked:?} {rest:?}"));
            let it_chosen = (0..20).filter(|x| x % 3 == 0).choose(rng);
            let it_sampled = (0..20).sample(rng, 4);
            out.push(format!("{it_chosen:?} {it_sampled:?}"));
            for i in 0..rng.random_range(0..4) {
                let x = rng.random_range(0..10);
                out.push(format!("a{i}:{x}"));
            }
            for i in 1..=rng.random_range(0..3) {
                out.push(format!("b{i}"));
            }
            let n = rng.random_range(0..4);
            for i in 0..n {
                let x = rng.random_bool(0.5);
                out.push(format!("c{i}:{x}"));
            }
            let v: Vec<u8> = (0..rng.random_range(0..3)).map(|_| rng.random_range(0..3)).collect();
            out.push(format!("{v:?}"));
            (0..rng.random_range(0..3)).for_each(|i| out.push(format!("d{i}")));
            let m = rng.random_range(0..3usize);
            let repeated: Vec<u8> = std::iter::repeat_with(|| rng.random_range(0..9)).take(m).collect();
            out.push(format!("{repeated:?}"));
            while rng.random_bool(0.6) {
                out.push("w".into());
            }
            let mut k = 0;
            while k < 5 && rng.random_ratio(3, 4) {
                k += 1;
            }
            out.push(format!("k{k}"));
            if rng.random_bool(0.5) {
                out.push("then".into());
            } else if rng.random::<bool>() {
                out.push("elif".into());
            } else {
                out.push("else".into());
            }
            let label = match rng.random_range(0..4) {
                0 => "zero",
                1 | 2 => "small",
                _ => "big",
            };
            out.push(label.into());
            let leaf = $leaf(rng);
            out.push(format!("{leaf:?}"));
            out.join(",")
        }
    };
}

twins!(annotated, plain, leaf, leaf_plain);

#[test]
fn direct_calls_match_the_plain_generator_for_100_seeds() {
    for seed in 0..100 {
        let a = annotated(&mut StdRng::seed_from_u64(seed));
        let p = plain(&mut StdRng::seed_from_u64(seed));
        assert_eq!(a, p, "seed {seed}");
    }
}

#[test]
fn recording_matches_the_plain_generator_for_100_seeds() {
    for seed in 0..100 {
        let run = greduce::record(annotated, seed);
        assert_eq!(
            run.output,
            plain(&mut StdRng::seed_from_u64(seed)),
            "seed {seed}"
        );
    }
}

#[test]
fn replaying_a_recorded_trace_gives_the_recorded_output() {
    for seed in 0..100 {
        let run = greduce::record(annotated, seed);
        let replay = greduce::replay(annotated, &run.trace, &[], greduce::Strategy::Halt);
        let again = replay
            .result
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{}", run.trace));
        assert_eq!(again.output, run.output, "seed {seed}");

        assert_eq!(
            again.trace.to_string(),
            run.trace.to_string().replace("len=?", "len=7"),
            "seed {seed}"
        );
    }
}
