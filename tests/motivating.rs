//! The paper's motivating example: a password typed twice.

use greduce::{Reducer, Search, Strategy, generator};
use rand::RngExt;

#[generator]
fn password<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    let mut w = String::new();
    let n = rng.random_range(0..20);
    for _ in 0..n {
        w.push(rng.random_range('a'..='z'));
    }
    w.push('\n');
    format!("{w}{w}")
}

#[test]
fn seed_707880_gives_abc() {
    let run = greduce::record(password, 707880);
    println!("{}", run.trace);
    assert_eq!(run.output, "abc\nabc\n");
}

#[test]
fn reduces_to_c() {
    let run = greduce::record(password, 707880);
    for search in [Search::Sequence, Search::Tree] {
        for strategy in [Strategy::Halt, Strategy::Bypass, Strategy::Realign] {
            let reduced = Reducer::new(password)
                .strategy(strategy)
                .search(search)
                .reduce(&run.trace, |s: &String| s.contains('c'));
            println!("{search:?} {strategy:?}\n{}", reduced.explain());
            assert_eq!(reduced.output, "c\nc\n", "{search:?} {strategy:?}");
        }
    }
}
