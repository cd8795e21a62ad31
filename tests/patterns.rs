//! Reduction through each recognized pattern.

use greduce::{Reducer, Strategy, generator};
use rand::RngExt;
use rand::seq::{IndexedRandom, SliceRandom};

mod common;
use common::first_run;

#[generator]
fn draws_while<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let mut v = Vec::new();
    while rng.random_bool(0.9) {
        v.push(rng.random_range(0..100));
    }
    v
}

#[test]
fn while_loop_iterations_are_removed() {
    let fails = |v: &Vec<u32>| v.iter().any(|x| *x > 90);
    let run = first_run(draws_while, |v| v.len() > 10 && fails(v));
    let reduced = Reducer::new(draws_while).reduce(&run.trace, |x| !fails(x));
    assert_eq!(reduced.output.len(), 1);
    assert!(reduced.output[0] > 90);
}

#[derive(Debug, Default, PartialEq)]
struct Config {
    verbose: bool,
    retries: u32,
    name: Option<char>,
}

#[generator]
fn config<R: rand::Rng + ?Sized>(rng: &mut R) -> Config {
    let mut c = Config::default();
    if rng.random_bool(0.5) {
        c.verbose = true;
    }
    if rng.random_ratio(1, 2) {
        c.retries = rng.random_range(1..5);
    } else {
        c.retries = 0;
    }
    if rng.random() {
        c.name = Some(rng.random_range('a'..='z'));
    }
    c
}

#[test]
fn selection_blocks_are_removed() {
    let fails = |c: &Config| c.retries > 2;
    let run = first_run(config, |c| c.verbose && c.name.is_some() && fails(c));
    let reduced = Reducer::new(config).reduce(&run.trace, |x| !fails(x));
    assert_eq!(
        reduced.output,
        Config {
            verbose: false,
            retries: run.output.retries,
            name: None
        }
    );
}

#[derive(Debug, PartialEq)]
enum Shape {
    Dot,
    Line(u32),
    Poly(u32),
}

#[generator]
fn shapes<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Shape> {
    (0..rng.random_range(1..10))
        .map(|_| match rng.random_range(0..3) {
            0 => Shape::Dot,
            1 => Shape::Line(rng.random_range(1..10)),
            _ => Shape::Poly(rng.random_range(3..10)),
        })
        .collect()
}

#[test]
fn match_arms_are_replaced_by_the_first() {
    let fails =
        |s: &Vec<Shape>| s.len() >= 3 && s.iter().any(|s| matches!(s, Shape::Poly(k) if *k >= 5));
    let run = first_run(shapes, |s| {
        s.len() >= 6 && s.iter().filter(|s| **s != Shape::Dot).count() >= 4 && fails(s)
    });
    let reduced = Reducer::new(shapes).reduce(&run.trace, |x| !fails(x));
    assert_eq!(reduced.output.len(), 3, "{:?}", reduced.output);
    assert_eq!(
        reduced.output.iter().filter(|s| **s == Shape::Dot).count(),
        2,
        "{:?}",
        reduced.output
    );
}

#[generator]
fn deck<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let mut cards: Vec<u32> = (0..rng.random_range(1..20))
        .map(|_| rng.random_range(0..50))
        .collect();
    cards.shuffle(rng);
    cards
}

#[test]
fn shuffles_replay_on_shorter_slices_in_every_strategy() {
    let fails = |v: &Vec<u32>| v.contains(&49);
    let run = first_run(deck, |v| v.len() > 12 && fails(v));
    for strategy in [Strategy::Halt, Strategy::Bypass, Strategy::Realign] {
        let reduced = Reducer::new(deck)
            .strategy(strategy)
            .reduce(&run.trace, |x| !fails(x));
        assert_eq!(reduced.output, vec![49], "{strategy:?}");
    }
}

#[generator]
fn graph<R: rand::Rng + ?Sized>(rng: &mut R) -> (Vec<usize>, Vec<(usize, usize)>) {
    let mut nodes = Vec::new();
    let n = rng.random_range(1..10);
    for i in 0..n {
        nodes.push(i);
    }
    let mut edges = Vec::new();
    for _ in 0..rng.random_range(0..20) {
        let a = *nodes.choose(rng).unwrap();
        let b = *nodes.choose(rng).unwrap();
        edges.push((a, b));
    }
    (nodes, edges)
}

#[test]
fn edges_stay_valid_while_nodes_are_removed() {
    let fails = |(_, edges): &(Vec<usize>, Vec<(usize, usize)>)| edges.iter().any(|(a, b)| a == b);
    let run = first_run(graph, |(nodes, edges)| {
        nodes.len() > 6 && edges.len() > 10 && fails(&(nodes.clone(), edges.clone()))
    });
    let reduced = Reducer::new(graph)
        .explain(true)
        .reduce(&run.trace, |x| !fails(x));
    let (nodes, edges) = &reduced.output;
    assert_eq!(edges.len(), 1);
    assert_eq!(nodes.len(), 1, "{:?}", reduced.output);
    assert_eq!(edges[0], (0, 0));
    // Every candidate the generator produced was a valid graph.
    for attempt in &reduced.attempts {
        assert!(!matches!(
            attempt.verdict,
            greduce::Verdict::ReplayFailed(greduce::ReplayError::Panicked { .. })
        ));
    }
}

fn parse(x: u32) -> Result<u32, String> {
    if x == 13 {
        Err("unlucky".into())
    } else {
        Ok(x * 2)
    }
}

#[generator]
fn control<R: rand::Rng + ?Sized>(rng: &mut R) -> Result<Vec<u32>, String> {
    let mut v = Vec::new();
    'outer: for _ in 0..rng.random_range(0..30) {
        let x = rng.random_range(0..100);
        if x % 7 == 0 {
            continue;
        }
        if x > 97 {
            break 'outer;
        }
        if x == 43 {
            return Err("43".into());
        }
        v.push(parse(x)?);
    }
    Ok(v)
}

#[test]
fn break_continue_return_and_question_mark_keep_the_trace_well_formed() {
    let mut shapes = [0; 4];
    for seed in 0..300 {
        let run = greduce::record(control, seed);
        let again = greduce::replay(control, &run.trace, &[], Strategy::Halt)
            .result
            .expect("replays");
        assert_eq!(again.output, run.output, "seed {seed}");
        assert_eq!(again.trace, run.trace, "seed {seed}");
        match &run.output {
            Ok(v) if v.len() < 10 => shapes[0] += 1,
            Ok(_) => shapes[1] += 1,
            Err(e) if e == "43" => shapes[2] += 1,
            Err(_) => shapes[3] += 1,
        }
    }
    assert!(
        shapes.iter().all(|n| *n > 0),
        "every exit path was exercised: {shapes:?}"
    );
    // And it reduces: keep only what makes the `?` fail.
    let run = first_run(control, |r| r.as_ref().is_err_and(|e| e == "unlucky"));
    let reduced = Reducer::new(control).reduce(&run.trace, |r: &Result<Vec<u32>, String>| {
        !r.as_ref().is_err_and(|e| e == "unlucky")
    });
    assert_eq!(reduced.trace.part_count(), 1);
}

#[generator]
fn inclusive<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let mut v = Vec::new();
    for i in 1..=rng.random_range(0..10u32) {
        v.push(i * rng.random_range(0..10));
    }
    let m = rng.random_range(0..5usize);
    v.extend(std::iter::repeat_with(|| rng.random_range(100..200)).take(m));
    v
}

#[test]
fn inclusive_loops_and_repeat_with_take_reduce() {
    // Only the `take` matters: the inclusive loop goes down to no iterations (count 0).
    let fails = |v: &Vec<u32>| v.iter().any(|x| (150..190).contains(x));
    let run = first_run(inclusive, |v| {
        v.len() > 8 && v.iter().filter(|x| **x >= 100).count() >= 3 && fails(v)
    });
    let reduced = Reducer::new(inclusive).reduce(&run.trace, |x| !fails(x));
    assert_eq!(reduced.output.len(), 1, "{:?}", reduced.output);
    // Only the inclusive loop matters: the take goes down to nothing.
    let fails = |v: &Vec<u32>| v.iter().filter(|x| **x < 100).count() >= 2;
    let run = first_run(inclusive, |v| {
        v.len() > 8 && v.iter().any(|x| *x >= 100) && fails(v)
    });
    let reduced = Reducer::new(inclusive).reduce(&run.trace, |x| !fails(x));
    assert_eq!(reduced.output.len(), 2, "{:?}", reduced.output);
    assert!(reduced.output.iter().all(|x| *x < 100));
}

#[generator]
fn coin(rng: &mut impl rand::Rng) -> bool {
    rng.random_bool(0.5)
}

#[generator]
fn dynamic(rng: &mut dyn rand::Rng) -> u8 {
    rng.random_range(0..10)
}

#[generator]
fn flips<R: rand::Rng>(rng: &mut R) -> Vec<bool> {
    (0..rng.random_range(0..10)).map(|_| coin(rng)).collect()
}

#[test]
fn impl_rng_and_dyn_rng_parameters() {
    let run = first_run(flips, |v| {
        v.len() > 5 && v.iter().filter(|b| **b).count() >= 3
    });
    let reduced = Reducer::new(flips).reduce(&run.trace, |v: &Vec<bool>| !v.contains(&true));
    assert_eq!(reduced.output, vec![true]);
    let run = greduce::record(|rng| dynamic(rng), 3);
    assert_eq!(run.trace.decision_count(), 1);
}

/// A stateful generator: names are numbered by a counter kept in the generator struct.
#[derive(Default)]
struct Names {
    next: u32,
}

impl Names {
    #[generator]
    fn name<R: rand::Rng + ?Sized>(&mut self, rng: &mut R) -> String {
        self.next += 1;
        let letter = rng.random_range('a'..='z');
        format!("{letter}{}", self.next)
    }

    #[generator]
    fn names<R: rand::Rng + ?Sized>(&mut self, rng: &mut R) -> Vec<String> {
        let mut v = Vec::new();
        for _ in 0..rng.random_range(0..20) {
            v.push(self.name(rng));
        }
        v
    }
}

#[test]
fn generator_methods_are_scopes() {
    let names = |rng: &mut rand::rngs::StdRng| Names::default().names(rng);
    let run = first_run(names, |v| {
        v.len() > 10 && v.iter().any(|n| n.starts_with('q'))
    });
    assert!(run.trace.to_string().contains("name @ tests/patterns.rs"));
    let reduced = Reducer::new(names).reduce(&run.trace, |v: &Vec<String>| {
        !v.iter().any(|n| n.starts_with('q'))
    });
    assert_eq!(reduced.output.len(), 1);
    assert_eq!(
        reduced.output[0], "q1",
        "the counter restarts with each run of the generator"
    );
}

#[generator]
fn chained<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    (0..rng.random_range(1..6))
        .map(|_| 'x')
        .chain((0..rng.random_range(1..6)).map(|_| 'y'))
        .collect()
}

#[test]
fn chained_loops_are_recorded_one_after_the_other() {
    let run = first_run(chained, |s| {
        s.matches('x').count() >= 3 && s.matches('y').count() >= 3
    });
    let parts = run.trace.parts_with_depth();
    assert!(
        parts.iter().all(|(_, depth)| *depth == 0),
        "neither loop is inside the other:\n{}",
        run.trace
    );
    let reduced = Reducer::new(chained).reduce(&run.trace, |s: &String| !s.contains('y'));
    assert_eq!(reduced.output, "xy");
}

#[generator]
fn zipped<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<(u8, u8)> {
    (0..rng.random_range(1..4u8))
        .map(|i| i * 2)
        .zip((0..rng.random_range(1..4u8)).map(|i| i + 1))
        .collect()
}

#[test]
fn loops_iterated_together_fail_loudly_when_recorded() {
    use rand::SeedableRng;
    let direct = zipped(&mut rand::rngs::StdRng::seed_from_u64(1));
    assert!(!direct.is_empty(), "called directly, it runs as written");
    let panic = std::panic::catch_unwind(|| greduce::record(zipped, 1)).unwrap_err();
    let message = panic.downcast_ref::<String>().unwrap();
    assert!(
        message.contains("two reducible loops are iterated at the same time"),
        "{message}"
    );
}

#[generator]
fn backwards<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<char> {
    let mut letters = Vec::new();
    for c in 'a'..rng.random_range('b'..='z') {
        letters.push(c);
    }
    letters.extend(
        (0..rng.random_range(1..5))
            .map(|i| char::from(b'0' + i))
            .rev(),
    );
    letters
}

#[test]
fn char_bounds_and_reversed_loops() {
    let run = first_run(backwards, |v| v.len() > 8 && v.contains(&'3'));
    assert!(run.output.ends_with(&['0']), "reversed: {:?}", run.output);
    let reduced = Reducer::new(backwards).reduce(&run.trace, |v: &Vec<char>| !v.contains(&'e'));
    assert_eq!(reduced.output, vec!['a', 'b', 'c', 'd', 'e', '0']);
}

#[generator]
fn offset<R: rand::Rng + ?Sized>(rng: &mut R) -> impl Fn(u32) -> u32 + use<R> {
    let k = rng.random_range(0..10);
    move |x| x + k
}

#[test]
fn generators_returning_impl_trait() {
    use rand::SeedableRng;
    let direct = offset(&mut rand::rngs::StdRng::seed_from_u64(5));
    let recorded = greduce::record(offset, 5);
    assert_eq!(direct(100), (recorded.output)(100));
    assert_eq!(recorded.trace.decision_count(), 1);
}

/// Returns a closure that keeps drawing from the rng after the generator returned.
#[generator]
fn draw_later<R: rand::Rng + ?Sized>(rng: &mut R) -> impl FnMut() -> u32 + '_ {
    let top = rng.random_range(50..100);
    move || rng.random_range(0..top)
}

fn draw_later_plain<R: rand::Rng + ?Sized>(rng: &mut R) -> impl FnMut() -> u32 + '_ {
    let top = rng.random_range(50..100);
    move || rng.random_range(0..top)
}

#[generator]
fn drawn_later<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    // A closure made by another generator, then a `move` closure in the body.
    let mut later = draw_later(rng);
    let (a, b) = (later(), later());
    drop(later);
    let mut pair = move || (rng.random_range(0..10), rng.random_range(0..10));
    let (c, d) = pair();
    vec![a, b, c, d]
}

#[test]
fn move_closures_that_draw_are_recorded_and_replayed() {
    use rand::SeedableRng;
    for seed in 0..20 {
        let mut direct = rand::rngs::StdRng::seed_from_u64(seed);
        let mut plain = rand::rngs::StdRng::seed_from_u64(seed);
        let (mut f, mut g) = (draw_later(&mut direct), draw_later_plain(&mut plain));
        assert_eq!([f(), f()], [g(), g()]);
    }
    let run = greduce::record(drawn_later, 7);
    // The bound, two draws in the returned closure, two in the body's closure.
    assert_eq!(run.trace.decision_count(), 5);
    let text = run.trace.to_string();
    assert_eq!(text.matches("random_range").count(), 5, "{text}");
    let replayed = greduce::replay(drawn_later, &run.trace, &[], Strategy::Halt);
    assert_eq!(replayed.result.expect("replays").output, run.output);
}

/// A closure that borrows (does not move) the rng and draws can be returned: it takes the
/// run's handle when it runs.
#[generator]
fn lazy_bytes<R: rand::Rng + ?Sized>(rng: &mut R) -> impl Iterator<Item = u8> + '_ {
    (0..3).map(|_| rng.random::<u8>())
}

#[generator]
fn lazy_bytes_collected<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
    let first: Vec<u8> = lazy_bytes(rng).collect();
    // An `async move` block that draws compiles too (it gets its own handle).
    let later = async move { rng.random::<u8>() };
    drop(later);
    first
}

#[test]
fn returned_borrowing_closures_and_async_blocks() {
    use rand::SeedableRng;
    let direct: Vec<u8> = lazy_bytes(&mut rand::rngs::StdRng::seed_from_u64(3)).collect();
    let plain: Vec<u8> = {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        (0..3).map(|_| rng.random::<u8>()).collect()
    };
    assert_eq!(direct, plain);
    let run = greduce::record(lazy_bytes_collected, 3);
    assert_eq!(run.output, direct);
    assert_eq!(run.trace.decision_count(), 3);
    let replayed = greduce::replay(lazy_bytes_collected, &run.trace, &[], Strategy::Halt);
    assert_eq!(replayed.result.expect("replays").output, run.output);
}

#[derive(Debug, PartialEq)]
enum Expr {
    Lit(u32),
    Add(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
}

/// The recursive shape of the issue: `if depth < 6 && rng.random_bool(p)` grows the tree,
/// an `else if` chain picks the next shape.
#[generator]
fn expr<R: rand::Rng + ?Sized>(rng: &mut R, depth: u32) -> Expr {
    if depth < 6 && rng.random_bool(0.6) {
        Expr::Add(
            Box::new(expr(rng, depth + 1)),
            Box::new(expr(rng, depth + 1)),
        )
    } else if depth < 6 && rng.random_bool(0.3) {
        Expr::Neg(Box::new(expr(rng, depth + 1)))
    } else {
        Expr::Lit(rng.random_range(0..100))
    }
}

fn literals(e: &Expr) -> Vec<u32> {
    match e {
        Expr::Lit(n) => vec![*n],
        Expr::Add(a, b) => [literals(a), literals(b)].concat(),
        Expr::Neg(a) => literals(a),
    }
}

#[test]
fn if_condition_and_decision_is_a_selection() {
    let tree = |rng: &mut rand::rngs::StdRng| expr(rng, 0);
    // Fails on a tree holding two literals of at least 50.
    let fails = |e: &Expr| literals(e).iter().filter(|&&n| n >= 50).count() >= 2;
    for seed in 0..5 {
        let run = (seed * 1000..seed * 1000 + 1000)
            .map(|s| greduce::record(tree, s))
            .find(|run| literals(&run.output).len() > 6 && fails(&run.output))
            .expect("a failing seed");
        let reduced = Reducer::new(tree).reduce(&run.trace, |x| !fails(x));
        assert_eq!(
            reduced.output,
            Expr::Add(Box::new(Expr::Lit(50)), Box::new(Expr::Lit(50))),
            "from {:?}",
            run.output
        );
    }
    // Past the depth limit no decision is drawn, as without the attribute.
    let mut direct = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(7);
    let run = greduce::record(|rng| expr(rng, 6), 7);
    assert_eq!(run.output, expr(&mut direct, 6));
    assert_eq!(run.trace.decision_count(), 1);
}

/// Raw rng output, as code written for `RngCore` draws it.
#[generator]
fn raw<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u64, [u8; 3]) {
    let a = rng.next_u32();
    let b = rng.next_u64();
    let mut c = [0u8; 3];
    rng.fill_bytes(&mut c);
    (a, b, c)
}

#[test]
fn raw_rng_output_is_recorded_and_shrinks() {
    let mut direct = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(5);
    let run = greduce::record(raw, 5);
    assert_eq!(run.output, raw(&mut direct));
    assert_eq!(run.trace.decision_count(), 3);
    let fails = |(a, b, c): &(u32, u64, [u8; 3])| *a > 1000 && *b % 2 == 1 && c[1] > 0;
    let run = first_run(raw, fails);
    let reduced = Reducer::new(raw).reduce(&run.trace, |x| !fails(x));
    assert_eq!(reduced.output, (1001, 1, [0, 1, 0]));
}

/// The rng inside the standard macros, as generators of text write it.
#[generator]
fn record_line<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    use std::fmt::Write;
    let mut line = format!("id={}", rng.random_range(0..1000));
    for _ in 0..rng.random_range(0..4) {
        write!(line, ";{}", rng.random_range(0..100)).expect("writing to a String");
    }
    let tags = vec![rng.random_range(b'a'..=b'z'), rng.random_range(b'a'..=b'z')];
    assert!(tags.len() == 2, "tags {}", tags.len());
    line + " " + &String::from_utf8(tags).expect("ascii")
}

#[test]
fn rng_in_formatting_macros_is_recorded_and_shrinks() {
    let mut direct = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(9);
    let run = greduce::record(record_line, 9);
    assert_eq!(run.output, record_line(&mut direct));
    let id = |s: &String| -> u32 { s[3..].split([';', ' ']).next().unwrap().parse().unwrap() };
    let fails = |s: &String| s.matches(';').count() >= 2 && id(s) >= 500;
    let run = first_run(record_line, fails);
    let reduced = Reducer::new(record_line).reduce(&run.trace, |x| !fails(x));
    assert_eq!(reduced.output, "id=500;0;0 aa");
}

#[generator]
fn byte<R: rand::Rng + ?Sized>(rng: &mut R) -> u8 {
    rng.random()
}

/// A run started inside a generator: the generator it calls belongs to the inner run.
#[generator]
fn records_inside<R: rand::Rng + ?Sized>(rng: &mut R) -> u8 {
    greduce::record(|_inner| byte(rng), 0).output
}

#[test]
fn a_run_inside_a_generator() {
    let run = greduce::record(records_inside, 1);
    let mut direct = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(1);
    assert_eq!(run.output, records_inside(&mut direct));
}
