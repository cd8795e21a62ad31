//! greduce testing itself: random generators (random programs run by one recursive
//! `#[generator]`) and random predicates. For every reduction, each accepted step is
//! strictly simpler in the order, the result still fails, and reducing the result again
//! accepts nothing (a fixpoint).

use greduce::{Outcome, Reducer, Strategy, generator};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use std::cell::RefCell;
use std::cmp::Ordering;

/// One instruction of a random program.
#[derive(Clone, Debug)]
enum Instr {
    /// Pushes a number from `lo..=hi`.
    Range(i64, i64),
    /// Pushes a full-range `i8`.
    Byte,
    /// Pushes a letter.
    Letter,
    /// Pushes 0 or 1.
    Coin,
    /// Pushes one of a few constants.
    Choose,
    /// Pushes a number from `0..=` the last number pushed (a range that depends on a value).
    Dependent,
    /// Runs the body 0 to `max` times.
    Loop(u32, Vec<Instr>),
    /// Runs the body, or not.
    If(Vec<Instr>),
    /// Runs one of three bodies.
    Match(Box<[Vec<Instr>; 3]>),
    /// Runs the body while a coin says so (at most 8 times).
    While(Vec<Instr>),
    /// Runs the body as a nested generator call.
    Call(Vec<Instr>),
}

/// Runs `program`, pushing what it draws to `out` (markers for structure included).
#[generator]
fn run<R: rand::Rng + ?Sized>(rng: &mut R, program: &[Instr], out: &mut Vec<i64>) {
    for instr in program {
        match instr {
            Instr::Range(lo, hi) => out.push(rng.random_range(*lo..=*hi)),
            Instr::Byte => out.push(i64::from(rng.random::<i8>())),
            Instr::Letter => out.push(i64::from(u32::from(rng.random_range('a'..='z')))),
            Instr::Coin => out.push(i64::from(rng.random_bool(0.5))),
            Instr::Choose => out.push(*[7, 3, 11, 5].choose(rng).expect("not empty")),
            Instr::Dependent => {
                let top = out.last().copied().unwrap_or(5).clamp(0, 50);
                out.push(rng.random_range(0..=top));
            }
            Instr::Loop(max, body) => {
                out.push(-1000);
                for _ in 0..rng.random_range(0..=*max) {
                    run(rng, body, out);
                }
            }
            Instr::If(body) => {
                if rng.random_bool(0.6) {
                    out.push(-2000);
                    run(rng, body, out);
                }
            }
            Instr::Match(arms) => match rng.random_range(0..3) {
                0 => run(rng, &arms[0], out),
                1 => {
                    out.push(-3001);
                    run(rng, &arms[1], out);
                }
                _ => {
                    out.push(-3002);
                    run(rng, &arms[2], out);
                }
            },
            Instr::While(body) => {
                let mut n = 0;
                while n < 8 && rng.random_bool(0.7) {
                    n += 1;
                    run(rng, body, out);
                }
            }
            Instr::Call(body) => {
                out.push(-4000);
                run(rng, body, out);
            }
        }
    }
}

/// A random program of nesting depth at most `depth` (drawn with plain rand: the program is
/// the generator's shape, not what it records).
fn program(rng: &mut StdRng, depth: u32) -> Vec<Instr> {
    let len = rng.random_range(1..=4);
    (0..len)
        .map(|_| {
            let leaf = depth == 0 || rng.random_bool(0.5);
            if leaf {
                match rng.random_range(0..6) {
                    0 => {
                        let lo = rng.random_range(-50..=20);
                        Instr::Range(lo, lo + rng.random_range(0..=1000))
                    }
                    1 => Instr::Byte,
                    2 => Instr::Letter,
                    3 => Instr::Coin,
                    4 => Instr::Choose,
                    _ => Instr::Dependent,
                }
            } else {
                match rng.random_range(0..5) {
                    0 => Instr::Loop(rng.random_range(1..=6), program(rng, depth - 1)),
                    1 => Instr::If(program(rng, depth - 1)),
                    2 => Instr::Match(Box::new([
                        program(rng, depth - 1),
                        program(rng, depth - 1),
                        program(rng, depth - 1),
                    ])),
                    3 => Instr::While(program(rng, depth - 1)),
                    _ => Instr::Call(program(rng, depth - 1)),
                }
            }
        })
        .collect()
}

/// A predicate over a program's output: true when it fails.
type Predicate = Box<dyn Fn(&Vec<i64>) -> bool>;

/// A predicate over the output, from a family, with a threshold taken from `original` so
/// that the original fails it.
fn predicate(kind: u32, original: &[i64]) -> Predicate {
    let values: Vec<i64> = original.iter().copied().filter(|v| *v > -1000).collect();
    let sum: i64 = values.iter().sum();
    let max = values.iter().copied().max().unwrap_or(0);
    let len = original.len();
    match kind % 6 {
        0 => Box::new(move |out| out.iter().filter(|v| **v > -1000).sum::<i64>() >= sum),
        1 => Box::new(move |out| out.iter().any(|v| *v >= max / 2 && *v > -1000)),
        2 => Box::new(move |out| out.len() >= len.div_ceil(2)),
        3 => Box::new(|out| {
            let vals: Vec<&i64> = out.iter().filter(|v| **v > -1000).collect();
            vals.iter()
                .enumerate()
                .any(|(i, a)| vals[i + 1..].contains(a))
        }),
        4 => Box::new(move |out| {
            out.contains(&-1000) && out.iter().filter(|v| **v > -1000).count() >= 2
        }),
        _ => Box::new(|out| {
            out.windows(2)
                .any(|w| w[0] > -1000 && w[1] > -1000 && w[0] > w[1] + 3)
        }),
    }
}

#[test]
fn every_accepted_step_is_simpler_and_results_are_fixpoints() {
    let (mut reduced_cases, mut steps_checked, mut fixpoints) = (0, 0, 0);
    for case in 0..400u64 {
        let mut shape = StdRng::seed_from_u64(case);
        let program = program(&mut shape, 3);
        let generator = |rng: &mut StdRng| {
            let mut out = Vec::new();
            run(rng, &program, &mut out);
            out
        };
        let recorded = greduce::record(generator, case);
        let fails = predicate(case as u32, &recorded.output);
        if !fails(&recorded.output) || recorded.trace.decision_count() < 3 {
            continue;
        }
        reduced_cases += 1;
        let strategy = [Strategy::Realign, Strategy::Bypass, Strategy::Halt][case as usize % 3];
        // Each accepted input must be strictly simpler than the one before it: checked as
        // the reduction goes.
        let last = RefCell::new(recorded.trace.clone());
        let first = Reducer::new(generator)
            .strategy(strategy)
            .max_property_calls(4000)
            .watch(|p| {
                if !p.improved {
                    return;
                }
                let before = last.replace(p.trace.clone());
                assert!(
                    p.trace.decision_count() <= before.decision_count()
                        && p.trace.cmp_simplicity(&before) == Ordering::Less,
                    "case {case} ({strategy:?}): an accepted step is not simpler\n\
                     before:\n{before}\nafter:\n{}",
                    p.trace
                );
                steps_checked += 1;
            })
            .reduce(&recorded.trace, |out: &Vec<i64>| Outcome::from(!fails(out)));
        assert!(first.reproduced, "case {case}: {program:?}");
        assert!(
            fails(&first.output),
            "case {case}: the result must still fail"
        );
        if first.stats.budget_exhausted || first.stats.stalled {
            continue;
        }
        // The result is a fixpoint: reducing it again accepts nothing.
        let again = Reducer::new(generator)
            .strategy(strategy)
            .explain(true)
            .reduce(&first.trace, |out: &Vec<i64>| Outcome::from(!fails(out)));
        assert_eq!(
            again.stats.accepted,
            0,
            "case {case} ({strategy:?}): reducing {:?} again accepted something\n{program:?}\n{}",
            first.output,
            again.explain()
        );
        assert_eq!(again.output, first.output, "case {case}");
        fixpoints += 1;
    }
    eprintln!("{reduced_cases} reductions, {steps_checked} steps, {fixpoints} fixpoints");
    assert!(reduced_cases > 150, "only {reduced_cases} cases failed");
    assert!(steps_checked > 1000, "only {steps_checked} steps");
    assert!(fixpoints > 150, "only {fixpoints} fixpoints checked");
}
