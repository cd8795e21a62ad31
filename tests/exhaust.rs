//! The bounded exhaustive search after shrinking (`Reducer::exhaust`): a failure whose
//! global minimum no chain of single failing edits reaches, found by the search with a
//! certificate whose counts a brute force over the same bounds checks; and a minimum two
//! changes away from a large input, found in its neighbourhood.

use greduce::{Exhaust, Pass, Reducer, generator};
use rand::RngExt;

/// A number drawn one of two ways: alone (`(0, n)`), or as a sum of two (`(1, a + b)`).
#[generator]
fn number<R: rand::Rng + ?Sized>(rng: &mut R) -> (u8, u32) {
    match rng.random_range(0..2) {
        0 => (0, rng.random_range(0..1000)),
        _ => (1, rng.random_range(0..1000) + rng.random_range(0..1000)),
    }
}

/// The same generator, its decisions taken from `choices` (each below its range's size,
/// or the execution does not exist): what the brute force runs.
fn number_from(choices: &[u64]) -> Option<((u8, u32), usize)> {
    let mut at = 0;
    let mut next = |n: u64| {
        let c = *choices.get(at)?;
        at += 1;
        (c < n).then_some(c as u32)
    };
    let output = match next(2)? {
        0 => (0, next(1000)?),
        _ => (1, next(1000)? + next(1000)?),
    };
    Some((output, at))
}

/// Fails at 3 drawn alone, or at 500 and more as a sum.
fn fails((how, n): (u8, u32)) -> bool {
    if how == 0 { n == 3 } else { n >= 500 }
}

fn failing_sum() -> greduce::Run<(u8, u32)> {
    (0..10_000)
        .map(|seed| greduce::record(number, seed))
        .find(|r| r.output.0 == 1 && fails(r.output))
        .expect("a seed")
}

/// How many executions make exactly `k` decisions, each among its first `values` values,
/// for each `k` up to `decisions`: every sequence of choices tried.
fn brute_force(decisions: usize, values: u64) -> Vec<u64> {
    let mut counts = vec![0; decisions + 1];
    for (len, count) in counts.iter_mut().enumerate() {
        for code in 0..values.pow(len as u32) {
            let choices: Vec<u64> = (0..len)
                .map(|i| code / values.pow(i as u32) % values)
                .collect();
            if let Some((_, used)) = number_from(&choices)
                && used == len
            {
                *count += 1;
            }
        }
    }
    counts
}

#[test]
fn shrinking_alone_stops_at_a_sum() {
    let reduced = Reducer::new(number).reduce(&failing_sum().trace, |x| !fails(*x));
    assert_eq!(reduced.output, (1, 500));
    assert_eq!(reduced.certificate, None);
}

#[test]
fn the_search_finds_the_number_alone_and_certifies_it() {
    let bounds = Exhaust {
        decisions: 3,
        values: 4,
        ..Exhaust::default()
    };
    let reduced = Reducer::new(number)
        .exhaust(bounds)
        .reduce(&failing_sum().trace, |x| !fails(*x));
    assert_eq!(reduced.output, (0, 3));
    let certificate = reduced.certificate.expect("a certificate");
    assert!(certificate.complete);
    // Two values of the arm; alone: 4 numbers (2 decisions); a sum: 4 x 4 (3 decisions).
    assert_eq!(certificate.inputs, [0, 0, 4, 16]);
    assert_eq!(certificate.inputs, brute_force(3, 4));
    // Smaller than (0, 3): (0, 0), (0, 1), (0, 2).
    assert_eq!(certificate.asked, 3);
    assert_eq!(
        certificate.to_string(),
        "no smaller failing input among 20 inputs of at most 3 decisions, values up to 4 per \
         decision, nor among its 0 neighbours that change at most 2 of its decisions"
    );
    // The neighbours of (0, 3) (2 decisions, values up to 4) are all walked already.
    assert_eq!(certificate.neighbours, 0);
    let exhaust = reduced
        .stats
        .passes
        .iter()
        .find(|p| p.pass == Pass::Exhaust);
    assert!(
        exhaust.is_some_and(|p| p.accepted == 1),
        "{}",
        reduced.stats
    );
}

#[test]
fn certificate_counts_match_the_brute_force_under_other_bounds() {
    for (decisions, values) in [(1, 2), (2, 3), (3, 2), (3, 5), (4, 3)] {
        let bounds = Exhaust {
            decisions,
            values,
            ..Exhaust::default()
        };
        let reduced = Reducer::new(number)
            .exhaust(bounds)
            .reduce(&failing_sum().trace, |x| !fails(*x));
        let certificate = reduced.certificate.expect("a certificate");
        assert!(certificate.complete);
        assert_eq!(
            certificate.inputs,
            brute_force(decisions, values),
            "{decisions} decisions, {values} values"
        );
    }
}

#[test]
fn a_walk_cut_short_says_so() {
    let bounds = Exhaust {
        decisions: 3,
        values: 4,
        inputs: 5,
        ..Exhaust::default()
    };
    let reduced = Reducer::new(number)
        .exhaust(bounds)
        .reduce(&failing_sum().trace, |x| !fails(*x));
    let certificate = reduced.certificate.expect("a certificate");
    assert!(!certificate.complete);
    assert!(certificate.total() <= 5);
    assert!(
        certificate
            .to_string()
            .ends_with("(incomplete: not every input within the bounds was walked and asked)")
    );
}

/// A number from 1: zero panics (as an `assume` would in a check).
#[generator]
fn nonzero<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let x = rng.random_range(0..100);
    assert!(x != 0, "zero");
    x
}

/// The same draw, without the panic: to pick a seed.
#[generator]
fn any_number<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    rng.random_range(0..100)
}

#[test]
fn the_walk_goes_on_past_an_execution_that_panics() {
    // The simplest execution (0) panics; the others are walked, and none below 50 fails.
    let seed = (0..1000)
        .find(|seed| greduce::record(any_number, *seed).output >= 50)
        .expect("a seed");
    let run = greduce::record(nonzero, seed);
    let bounds = Exhaust {
        decisions: 1,
        values: 60,
        ..Exhaust::default()
    };
    let reduced = Reducer::new(nonzero)
        .exhaust(bounds)
        .reduce(&run.trace, |x| *x < 50);
    assert_eq!(reduced.output, 50);
    let certificate = reduced.certificate.expect("a certificate");
    assert!(certificate.complete);
    // 1 to 59: 59 inputs of one decision, of which 1 to 49 are smaller than 50.
    assert_eq!(certificate.inputs, [0, 59]);
    assert_eq!(certificate.asked, 49);
}

#[test]
fn huge_bounds_stay_within_the_inputs_budget() {
    let bounds = Exhaust {
        decisions: usize::MAX,
        values: u64::MAX,
        inputs: 1000,
        calls: 10,
        changes: usize::MAX,
    };
    let reduced = Reducer::new(number)
        .exhaust(bounds)
        .reduce(&failing_sum().trace, |x| !fails(*x));
    let certificate = reduced.certificate.expect("a certificate");
    assert!(!certificate.complete);
    assert!(certificate.total() <= 1000);
}

/// Thirty draws the property ignores (a loop of fixed count), then a pair.
#[generator]
fn padded_pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (Vec<u32>, u32, u32) {
    let mut pad = Vec::new();
    for _ in 0..30 {
        pad.push(rng.random_range(0..100));
    }
    (pad, rng.random_range(0..100), rng.random_range(0..100))
}

/// Fails on a pair of equal values from 50, or on (3, 2): from (50, 50), lowering one value
/// or both by as much passes; only both changed at once, differently, reach (3, 2).
fn pair_fails(&(_, x, y): &(Vec<u32>, u32, u32)) -> bool {
    (x == y && x >= 50) || (x, y) == (3, 2)
}

/// How many distinct draws of `padded_pair` differ from `draws` in one or two places, each
/// changed draw among 0 to `values - 1`, not counting `walked`.
fn neighbours_by_brute_force(draws: &[u32], values: u32, walked: &[Vec<u32>]) -> u64 {
    let mut all = std::collections::HashSet::new();
    for i in 0..draws.len() {
        for a in 0..values {
            let mut one = draws.to_vec();
            one[i] = a;
            all.insert(one.clone());
            for j in i + 1..draws.len() {
                for b in 0..values {
                    let mut two = one.clone();
                    two[j] = b;
                    all.insert(two);
                }
            }
        }
    }
    all.remove(draws);
    for w in walked {
        all.remove(w);
    }
    all.len() as u64
}

#[test]
fn a_minimum_two_changes_away_is_found_among_the_neighbours() {
    let run = (0..10_000)
        .map(|seed| greduce::record(padded_pair, seed))
        .find(|r| r.output.1 == r.output.2 && r.output.1 >= 50)
        .expect("a seed");
    let shrunk = Reducer::new(padded_pair).reduce(&run.trace, |p| !pair_fails(p));
    assert_eq!((shrunk.output.1, shrunk.output.2), (50, 50));
    // The walk from the simplest execution reaches nothing of 32 decisions: only the
    // neighbourhood can.
    let bounds = Exhaust {
        decisions: 0,
        values: 4,
        ..Exhaust::default()
    };
    let reduced = Reducer::new(padded_pair)
        .exhaust(bounds)
        .reduce(&run.trace, |p| !pair_fails(p));
    assert_eq!(reduced.output, (vec![0; 30], 3, 2));
    let certificate = reduced.certificate.expect("a certificate");
    assert!(certificate.complete);
    // The walk ran the simplest execution (all zeros) only, which has 32 decisions: not
    // within its bounds, so a neighbour.
    assert_eq!(certificate.total(), 0);
    let mut draws = vec![0; 30];
    draws.extend([3, 2]);
    assert_eq!(
        certificate.neighbours,
        neighbours_by_brute_force(&draws, 4, &[])
    );
    assert_eq!(certificate.neighbours, 4560);
    assert!(
        certificate
            .to_string()
            .starts_with("no smaller failing input among the input's 4560 neighbours that change at most 2 of its decisions")
    );
    // Without the neighbourhood, the search stops where shrinking did.
    let walk_only = Reducer::new(padded_pair)
        .exhaust(Exhaust {
            changes: 0,
            ..bounds
        })
        .reduce(&run.trace, |p| !pair_fails(p));
    assert_eq!((walk_only.output.1, walk_only.output.2), (50, 50));
    assert_eq!(walk_only.certificate.map(|c| c.neighbours), Some(0));
}

#[test]
fn the_neighbourhood_stays_within_the_inputs_budget() {
    let run = (0..10_000)
        .map(|seed| greduce::record(padded_pair, seed))
        .find(|r| r.output.1 == r.output.2 && r.output.1 >= 50)
        .expect("a seed");
    let bounds = Exhaust {
        decisions: 0,
        values: u64::MAX,
        inputs: 50,
        ..Exhaust::default()
    };
    let reduced = Reducer::new(padded_pair)
        .exhaust(bounds)
        .reduce(&run.trace, |p| !pair_fails(p));
    let certificate = reduced.certificate.expect("a certificate");
    assert!(!certificate.complete);
    assert!(certificate.neighbours <= 50, "{certificate:?}");
    // The first 50 change one draw of the padding each: none is smaller.
    assert_eq!((reduced.output.1, reduced.output.2), (50, 50));
}

#[test]
fn a_budget_that_cuts_the_last_decisions_values_says_so() {
    // One decision, far more values than the budget: only 5 neighbours run.
    let seed = (0..1000)
        .find(|seed| greduce::record(any_number, *seed).output >= 50)
        .expect("a seed");
    let run = greduce::record(any_number, seed);
    let bounds = Exhaust {
        decisions: 0,
        values: 100,
        inputs: 5,
        ..Exhaust::default()
    };
    let reduced = Reducer::new(any_number)
        .exhaust(bounds)
        .reduce(&run.trace, |x| *x < 50);
    let certificate = reduced.certificate.expect("a certificate");
    assert!(certificate.neighbours <= 5, "{certificate:?}");
    assert!(!certificate.complete, "{certificate:?}");
}
