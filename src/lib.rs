//! Property-based testing whose shrinking re-runs your own generator.
//!
//! greduce implements GReduce, *validity-preserving delta debugging via generator*: you
//! annotate an ordinary rand-based generator with [`#[generator]`](generator); greduce
//! records a run of it as a [`Trace`] (its decisions, reducible loops, selections and nested
//! generator calls) and, when a property fails, shrinks the failing input by changing that
//! trace (removing parts of it, then simplifying the values that remain) and running the
//! generator again against it. Every candidate is produced by your generator, so it is
//! valid by construction: a graph whose edges only name existing nodes stays such a graph,
//! however much is removed, and a value can be lowered even when later decisions depend on
//! it.
//!
//! # Example
//!
//! A property test: greduce runs it on 100 generated inputs; when one fails, it shrinks it
//! by re-running the generator, and reports the smallest failing input it found.
//!
//! ```
//! use greduce::{Check, generator};
//! use rand::RngExt;
//!
//! /// A list of up to 30 numbers below 1000.
//! #[generator]
//! fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
//!     let mut v = Vec::new();
//!     for _ in 0..rng.random_range(0..30) {
//!         v.push(rng.random_range(0..1000));
//!     }
//!     v
//! }
//!
//! // A property that holds: nothing to report.
//! greduce::check(numbers, |v: &Vec<u32>| v.iter().all(|&n| n < 1000));
//!
//! // One that does not (any list of 5 or more numbers fails it).
//! let report = Check::new(numbers)
//!     .seed(1)
//!     .persist(false)
//!     .try_check(|v: &Vec<u32>| assert!(v.len() < 5, "too many numbers"))
//!     .unwrap_err();
//! // Shrinking removed loop iterations until 5 numbers were left (any fewer would pass),
//! // then made each number as simple as it could be.
//! assert_eq!(report.input(), Some("[0, 0, 0, 0, 0]"));
//! println!("{report}");
//! ```
//!
//! The report (what `check` panics with in a test; here one named `few_numbers`) reads:
//!
//! ```text
//! greduce: `few_numbers` failed on case 1 (seed 0x1)
//!
//! minimal failing input (6 decisions, was 25):
//!     [0, 0, 0, 0, 0]
//!
//! failure: panicked at src/lib.rs:31:32:
//!     too many numbers
//!
//! generator trace:
//!     loop at src/lib.rs:12: 5 iterations (was 24)
//!
//! shrinking: 24 property calls in 0.00 s
//! reproduce: GREDUCE_SEED=0x1 cargo test -- few_numbers --exact
//! ```
//!
//! (Outside a test, as in `main`, the check is named `property` and `reproduce` gives the
//! program's own command line with the seed.)
//!
//! # Vocabulary
//!
//! One word per idea, in these docs, the API and the messages:
//!
//! - **run**: one execution of a generator, with its output and its trace ([`Run`]).
//!   [`record`] makes one from an rng; [`replay`] makes one from a trace.
//! - **trace**: what a run leaves behind ([`Trace`]): its decisions, and the reducible parts
//!   around them (generator calls, loops and their iterations, `if` selections, `match`
//!   switches).
//! - **decision**: one draw at a site (`random_range`, `random_bool`, `choose`, ...) and the
//!   value it answered ([`Decision`]).
//! - **site**: where in the generator's source a decision or a part is ([`Site`]).
//! - **candidate**: a trace the reducer tries: the current trace changed by one edit, replayed
//!   to an input.
//! - **pass**: one way the reducer proposes candidates ([`Pass`]); [`PassSet`] selects them.
//! - **failure**: how a property failed (a panic, `false`, `Err`), and whether two failures
//!   are the same ([`SameFailure`]).
//! - **outcome**: what a property says about one input ([`Outcome`]): it passes, fails, is
//!   unresolved (rejected with [`assume`], or otherwise) or timed out.
//! - **verdict**: what the reducer decided about a candidate ([`Verdict`]), shown by
//!   [`Reducer::explain`].
//! - **case**: one input a check gives its property (generated, an example, saved, or read
//!   from a fuzzer's file).
//! - **reduction**: shrinking one failing run ([`Reducer`] gives a [`Reduction`]).
//! - **config**: every setting of a check, a reduction and a `#[greduce::test]`, in one
//!   value ([`Config`]); the `GREDUCE_*` variables override it when a check runs.
//!
//! # Property tests
//!
//! Two ways to write one:
//!
//! - **Imperative**, with [`#[greduce::test]`](macro@test): the test body takes the rng,
//!   draws its inputs (by calling generators, or drawing directly) and checks them. The body
//!   is instrumented like a generator, and the report shows every top-level `let` that drew
//!   randomness with its `Debug`:
//!
//!   ```
//!   # use greduce::generator;
//!   # use rand::RngExt;
//!   # #[generator]
//!   # fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
//!   #     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
//!   # }
//!   #[greduce::test(cases = 200)]
//!   fn sum_is_order_independent(rng: &mut impl rand::Rng) {
//!       let v = numbers(rng);
//!       let k = rng.random_range(0..=v.len());
//!       let mut rotated = v.clone();
//!       rotated.rotate_left(k);
//!       assert_eq!(rotated.iter().sum::<u32>(), v.iter().sum::<u32>());
//!   }
//!   # fn main() {}
//!   ```
//!
//!   In the report: `let v = [..];` and `let k = ..;`. Write it `#[greduce::test]` (importing
//!   it would shadow the built-in `#[test]`).
//! - **Functional**, with [`check`] or the [`Check`] builder inside any test: a generator and
//!   a property taking `&T`.
//!
//! A property fails by panicking, by returning `false`, or by returning `Err` (any
//! `Result<_, E: Debug>`). [`assume`] rejects a case (too many rejections fail the check
//! with a message naming the `assume`); [`note`] adds a line to the report of the final
//! failing case only. [`Check::example`] adds inputs that are always checked first.
//!
//! While cases run and shrinking tries candidates, panics print nothing; only the final run
//! of the minimal case prints (its panic message, and anything it prints). A candidate counts
//! only if it fails the same way as the original ([`SameFailure`]: by default a panic at the
//! same place, or an `Err` of the same kind, whatever the message says, so a message that
//! names the input does not stop shrinking), so shrinking never slides to another bug. The
//! minimal case runs once more at the end: if it passes, the report says the property is
//! flaky. If the generator gives another input for the same seed, the report says it is not
//! deterministic instead of shrinking.
//!
//! Cases run with the generator called directly (as fast as without greduce); only a
//! failing case is run again, recording, to be shrunk.
//!
//! What did the cases look like? [`event`]`(label)` and [`event_value`]`(label, value)`,
//! called in the generator or the property, count a case once per label (and value);
//! [`Check::stats`] (`#[greduce::test(stats = true)]`, `GREDUCE_STATS=1`) prints, after the
//! cases pass, the share of the cases run that had each event, the inputs' sizes in
//! decisions, the rejections by the place of their [`assume`], and how many inputs were
//! distinct; [`Check::on_stats`] gives those numbers to code ([`CheckStats`]). With them
//! on, each case is recorded, to count its decisions (about half a microsecond more per
//! case, plus the formatting of its input's `Debug`; `BENCHMARKS.md`, "Statistics"):
//!
//! ```
//! use greduce::{Check, generator};
//! use rand::RngExt;
//!
//! #[generator]
//! fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
//!     let v: Vec<u32> = (0..rng.random_range(0..4)).map(|_| rng.random_range(0..10)).collect();
//!     if v.is_empty() {
//!         greduce::event("empty list");
//!     }
//!     v
//! }
//!
//! // Prints (on stderr, shown by `cargo test` for a passing test):
//! //   greduce: `sorted_stays_sorted`: 100 cases passed in 0.01 s (seed 0x2a)
//! //       events (of 100 cases run): 72 % sorted: true, 28 % sorted: false; 28 % empty list
//! //       input sizes (decisions): min 1, median 3, max 4
//! //       distinct inputs: 56 of 100 (by `Debug` text)
//! let mut sorted = 0;
//! Check::new(numbers)
//!     .name("sorted_stays_sorted")
//!     .seed(42)
//!     .stats(true)
//!     .on_stats(|stats| sorted = stats.event_value("sorted", "true"))
//!     .check(|v: &Vec<u32>| {
//!         greduce::event_value("sorted", v.is_sorted());
//!         let mut w = v.clone();
//!         w.sort();
//!         w.is_sorted()
//!     });
//! assert_eq!(sorted, 72);
//! ```
//!
//! ## Async tests
//!
//! A `#[greduce::test]` can be an `async fn`. Each case runs its future to completion on
//! the test thread, where greduce records and replays, so draws made in the body (before,
//! between and after `.await`s, and in the `async` blocks it awaits) shrink like any;
//! parameters drawn from their types are drawn before the future starts. `?`, `return` and
//! the report's `let` bindings work as in a synchronous test:
//!
//! ```
//! # use rand::RngExt;
//! # async fn send(bytes: Vec<u8>) -> Vec<u8> { bytes }
//! #[greduce::test]
//! async fn echoes_what_it_is_sent(bytes: Vec<u8>, rng: &mut impl rand::Rng) {
//!     let received = send(bytes.clone()).await;
//!     let k = rng.random_range(0..=bytes.len());
//!     assert_eq!(received[..k], bytes[..k]);
//! }
//! # fn main() {}
//! ```
//!
//! Without the feature `tokio`, the future runs on a plain executor: it polls on the test
//! thread and parks it until the future's waker is called, which is all that futures from
//! std, channels, locks and most of the `futures` crate need. With the feature, it runs on
//! tokio's current-thread runtime (drivers enabled: tasks, timers, sockets), a new one per
//! case, so no task or paused clock of one case is left for the next (this example needs
//! tokio in your dev-dependencies and the feature; it runs as a test in greduce's repository,
//! `greduce-bench/tests/async_tokio.rs`):
//!
//! ```text
//! use rand::RngExt;
//!
//! #[greduce::test]
//! async fn spawned_sums(#[generate(len = 0..10)] xs: Vec<u16>, rng: &mut impl rand::Rng) {
//!     let k = rng.random_range(0..=xs.len());
//!     let (head, tail) = (xs[..k].to_vec(), xs[k..].to_vec());
//!     let head = tokio::spawn(async move { head.into_iter().map(u32::from).sum::<u32>() });
//!     let tail = tokio::spawn(async move { tail.into_iter().map(u32::from).sum::<u32>() });
//!     let total = head.await.unwrap() + tail.await.unwrap();
//!     assert_eq!(total, xs.into_iter().map(u32::from).sum::<u32>());
//! }
//! ```
//!
//! A test chooses with `#[greduce::test(executor = plain)]` or `executor = tokio` (which
//! without the feature is a compile error that names it). Draws stay in the test's own
//! future: a task it spawns cannot draw (it would need the rng, which the test borrows,
//! and the run's handle, which is not `Send`), and an `async fn` cannot take the rng (only
//! a `#[generator]`, which is synchronous, can): draw in the body, or in the generators it
//! calls.
//!
//! Not with `#[tokio::test]`, which makes a test of its own (written below
//! `#[greduce::test]`, greduce rejects it and says so): write `#[greduce::test] async fn`
//! instead. Inside a `#[tokio::test]`, a [`check`] whose property is synchronous works; a
//! property that blocks on a future there panics in tokio ("Cannot start a runtime from
//! within a runtime") on every input, and greduce reports that panic as the failure of the
//! simplest input. For an async property in the functional style, build a runtime in a
//! plain `#[test]` and call its `block_on` in the property; or, in a
//! `#[tokio::test(flavor = "multi_thread")]`, run the check in
//! `tokio::task::block_in_place` and block on `Handle::current()` in the property.
//!
//! # Generators from types
//!
//! `#[derive(Generate)]` writes a generator for a type of yours, [`any`]`::<T>()` is the
//! generator of any type that implements [`Generate`] (yours, and the standard library's:
//! numbers, `char`, `String`, collections, `Option`, tuples, ...), and a
//! `#[greduce::test]` takes parameters drawn from their types:
//!
//! ```
//! use greduce::Generate;
//!
//! #[derive(Clone, Debug, Generate)]
//! enum Op {
//!     Push(u8),
//!     Pop,
//! }
//!
//! #[greduce::test]
//! fn push_then_pop_gives_it_back(ops: Vec<Op>, x: u8) {
//!     let mut stack = Vec::new();
//!     for op in &ops {
//!         match op {
//!             Op::Push(v) => stack.push(*v),
//!             Op::Pop => {
//!                 stack.pop();
//!             }
//!         }
//!     }
//!     stack.push(x);
//!     assert_eq!(stack.pop(), Some(x));
//! }
//! # fn main() {}
//! ```
//!
//! The derived `generate` is a `#[generator]` that draws each field in order, so what it
//! draws is recorded and shrinks like any generator's; an enum draws its variant first, and
//! shrinks towards its first variant (among variants of the same size: one with nothing to
//! draw is simpler still). Generic types get `T: Generate` bounds; recursive types end by
//! construction (see [`Generate`]). Attributes on fields (and on `#[greduce::test]`
//! parameters) and variants:
//!
//! | attribute | on | draws |
//! |---|---|---|
//! | `#[generate(range = 1..=6)]` | an integer, `char` or float; a collection, `Option` or array of them | a value in the range (each element in it) |
//! | `#[generate(len = 1..10)]` (or `len = 3`, `..=4`) | `String`, `Vec`, `VecDeque`, `LinkedList`, `BinaryHeap`, maps, sets | that many elements; for a set or map, that many drawn, and a repeat counts once: shrinking lowers elements towards one simplest value and keeps them apart only where the property needs them apart, so a shrunk set holds fewer unless the failure needs more |
//! | `#[generate(len = .., range = ..)]` | `String` (a range of `char`), a collection | both |
//! | `#[generate(regex = "[a-z]{2,8}")]` | `String` | a string the pattern matches ([`regex`]; the pattern is checked at compile time) |
//! | `#[generate(with = my_generator)]` | anything | `my_generator(rng)`: any `#[generator]` function; the way for a type of another crate |
//! | `#[generate(value = expr)]` | anything | nothing: the field is `expr` |
//! | `#[generate(weight = 3)]` | an enum's variant | the variant 3 times as often as one of weight 1 (default); 0: never |
//! | `#[generate(crate = path)]` | the type | for a crate that renames `greduce` |
//!
//! An attribute's expression may name the fields before it, by name (`_0`, `_1`, ... for a
//! tuple's fields): fields are drawn in order, each bound to a local of its name.
//!
//! ```
//! use greduce::Generate;
//!
//! /// A slice of a buffer: the start within it, the length within what is left.
//! #[derive(Debug, Generate)]
//! struct Window {
//!     #[generate(len = 1..=64)]
//!     buffer: Vec<u8>,
//!     #[generate(range = 0..buffer.len())]
//!     start: usize,
//!     #[generate(range = 0..=buffer.len() - start)]
//!     len: usize,
//! }
//!
//! greduce::check(greduce::any::<Window>(), |w: &Window| {
//!     assert_eq!(w.buffer[w.start..w.start + w.len].len(), w.len);
//! });
//! ```
//!
//! # Configuration
//!
//! Each setting is a [`Check`] builder method and (except fork and timeout, which
//! `#[greduce::test]` bodies do not support yet, and passes and exhaust, which only their
//! variables set for a `#[greduce::test]`) a `#[greduce::test(..)]` argument of the same
//! name; an environment variable, when set, wins over both:
//!
//! | setting | variable | default |
//! |---|---|---|
//! | [`cases`](Check::cases) | `GREDUCE_CASES` | 100 |
//! | [`seed`](Check::seed) | `GREDUCE_SEED` (decimal or `0x` hex) | random per run |
//! | [`max_shrink_calls`](Check::max_shrink_calls) | `GREDUCE_MAX_SHRINK_CALLS` | 2000 |
//! | [`max_shrink_time`](Check::max_shrink_time) | `GREDUCE_MAX_SHRINK_TIME` (`10s`, `500ms`) | 10 s |
//! | [`strategy`](Check::strategy) | `GREDUCE_STRATEGY` (`halt`, `bypass`, `realign`) | re-align |
//! | [`search`](Check::search) | `GREDUCE_SEARCH` (`tree`, `sequence`) | tree |
//! | [`passes`](Check::passes) | `GREDUCE_PASSES` (`all`, `paper`, `structure,minimize`, ...) | all |
//! | [`exhaust`](Check::exhaust) (a bounded exhaustive search after shrinking) | `GREDUCE_EXHAUST` (`on`, `off`, `decisions=8,values=3`) | off |
//! | [`shrink`](Check::shrink) | `GREDUCE_NO_SHRINK=1` | shrink |
//! | [`verbose`](Check::verbose) (list every candidate) | `GREDUCE_VERBOSE=1` | off |
//! | [`stats`](Check::stats) (a summary of the generated cases) | `GREDUCE_STATS=1` | off |
//! | [`fork`](Check::fork) | `GREDUCE_FORK=1` | off |
//! | [`timeout`](Check::timeout) | `GREDUCE_TIMEOUT` (`5s`) | none |
//! | [`regressions`](Check::regressions), [`persist`](Check::persist) | `GREDUCE_REGRESSIONS` (`off`, `on`, or a directory) | `greduce-regressions/` |
//!
//! All the settings at once are a [`Config`], built with `..Config::default()` and shared:
//! [`Check::config`], [`Reducer::config`] (whose own defaults have no budgets) and
//! `#[greduce::test(config = ..)]` take one, and the settings written after it (or beside
//! it, in the attribute) change it.
//!
//! ```
//! use greduce::{Config, Search};
//!
//! fn quick() -> Config {
//!     Config { cases: 20, search: Search::Sequence, ..Config::default() }
//! }
//!
//! #[greduce::test(config = quick(), seed = 7)]
//! fn sums_commute(rng: &mut impl rand::Rng) {
//!     use rand::RngExt;
//!     let (a, b) = (rng.random_range(0..100u32), rng.random_range(0..100u32));
//!     assert_eq!(a + b, b + a);
//! }
//! # fn main() {}
//! ```
//!
//! A variable with a value greduce cannot use fails the test with an error naming it: an
//! empty value, one that is not UTF-8, or one out of range. So does a `GREDUCE_*` variable
//! greduce does not read (a misspelt name would otherwise be ignored). `GREDUCE_REGRESSIONS`
//! takes an existing directory, or a path with a `/` (`./failures`) to create: a bare word
//! that names no directory is taken for a typo.
//! `GREDUCE_SEED=<seed>` with the seed a report prints runs that failing case first, so it
//! fails and shrinks the same way again; the report's last line is that command.
//!
//! Shrinking stops when a budget runs out and reports the best input so far, saying so.
//! When it takes more than a second, a progress line (property calls, current size) is
//! written to stderr each second.
//!
//! # Saved failures
//!
//! A failure is saved as soon as it is found, and again after each improvement while
//! shrinking (so an interrupted run loses nothing), in
//! `greduce-regressions/<binary>/<test>.txt` in the package's directory (`<binary>` is the
//! test binary: `numbers` for `tests/numbers.rs`): the shrunk trace as text
//! ([`Trace::to_text`]), one node per line with its site
//! (`random_range@src/gen.rs:12:17@gen::numbers#2`: the operation, its place, and its key,
//! the 2nd site of the generator `numbers` of the module `gen`), with the input and the
//! failure as comments. Commit
//! the file: saved failures replay before the generated cases on every run, so a fixed bug
//! stays tested.
//!
//! Edits do not lose a saved failure. Its sites are found by their keys, so lines inserted or
//! removed above, a renamed local or `rustfmt` change nothing; a generator renamed or moved
//! to another file or module is replayed with its decisions in order, and one whose code
//! changed (a draw added) with re-align. A failure that still fails is shrunk again and
//! saved with today's sites. Only an entry that none of these reproduces is reported as
//! stale (with what to do) and kept until you delete it. Two generators of one name in one
//! module (two `sample` methods of `Distribution` impls) share their keys, so a saved
//! failure may take one for the other: give them names of their own with
//! `#[generator(name = "..")]`. A file greduce cannot read is reported with its line, is
//! never overwritten, and the generated cases still run (then the test fails, naming the
//! file).
//!
//! # Recursive generators
//!
//! A generator may call itself. Pass the depth down and test it in the same condition as
//! the decision: `if depth < 6 && rng.random_bool(0.5)` is a reducible selection, like
//! `if rng.random_bool(0.5)`, whose decision is drawn (and recorded) only while `depth < 6`
//! holds, as `&&` draws it only then; past the limit the generator draws nothing for it, as
//! without the attribute. Each call is a nested generator call in the trace, so shrinking
//! removes a whole subtree by removing the `if` block that built it (replay then answers
//! `false`, and the `else` branch draws a literal).
//!
//! ```
//! use greduce::{Check, PassSet, generator};
//! use rand::RngExt;
//!
//! #[derive(Debug)]
//! enum Expr {
//!     Lit(u32),
//!     Add(Box<Expr>, Box<Expr>),
//! }
//! use Expr::{Add, Lit};
//!
//! /// An expression of additions, at most 6 deep, over literals below 100.
//! #[generator]
//! fn expr<R: rand::Rng + ?Sized>(rng: &mut R, depth: u32) -> Expr {
//!     if depth < 6 && rng.random_bool(0.5) {
//!         Add(Box::new(expr(rng, depth + 1)), Box::new(expr(rng, depth + 1)))
//!     } else {
//!         Lit(rng.random_range(0..100))
//!     }
//! }
//!
//! fn literals(e: &Expr) -> Vec<u32> {
//!     match e {
//!         Lit(n) => vec![*n],
//!         Add(a, b) => [literals(a), literals(b)].concat(),
//!     }
//! }
//!
//! // Fails on an expression with two literals of 50 or more.
//! let at_most_one_large = |e: &Expr| literals(e).iter().filter(|&&n| n >= 50).count() < 2;
//! let report = Check::new(|rng| expr(rng, 0))
//!     .seed(1)
//!     .persist(false)
//!     .try_check(at_most_one_large)
//!     .unwrap_err();
//! assert_eq!(report.input(), Some("Add(Lit(50), Lit(50))"));
//!
//! // Without the hoist pass, the additions above the two literals stay.
//! let unhoisted = Check::new(|rng| expr(rng, 0))
//!     .seed(1)
//!     .persist(false)
//!     .passes(PassSet::STRUCTURE | PassSet::MINIMIZE)
//!     .try_check(at_most_one_large)
//!     .unwrap_err();
//! assert_eq!(
//!     unhoisted.input(),
//!     Some("Add(Add(Lit(50), Add(Add(Lit(0), Add(Lit(50), Lit(0))), Lit(0))), Lit(0))")
//! );
//! ```
//!
//! Removing parts cannot turn `Add(Add(a, b), c)` into `Add(a, b)`: that is the hoist pass
//! ([`PassSet::HOIST`]), which replaces a generator call by a smaller call of the same
//! generator nested in it, so a subtree that holds the failure moves up in place of its
//! parent; its decisions are replayed by the outer call, with the outer call's arguments
//! (here, a smaller depth). The second check above runs without it.
//!
//! # Parameterised generators
//!
//! A generator can take arguments besides its rng: a size, a range, a setting. Where greduce
//! wants a generator of the rng alone ([`check`], [`Check::new`], [`record`],
//! [`Reducer::new`]), pass a closure that supplies them: `Check::new(|rng| graph(rng, 8))`.
//! Shrinking runs the closure again, so the arguments stay what they were. Another generator
//! can also draw an argument and pass it on (`let n = rng.random_range(1..=8); graph(rng, n)`):
//! that argument is a decision like any other, and when shrinking lowers it the call runs
//! again with the smaller value.
//!
//! ```
//! use greduce::{Check, generator};
//! use rand::RngExt;
//!
//! #[derive(Debug)]
//! struct Graph {
//!     nodes: usize,
//!     edges: Vec<(usize, usize)>,
//! }
//!
//! /// A graph on `nodes` nodes with fewer than `3 * nodes` edges between them.
//! #[generator]
//! fn graph<R: rand::Rng + ?Sized>(rng: &mut R, nodes: usize) -> Graph {
//!     let mut edges = Vec::new();
//!     for _ in 0..rng.random_range(0..3 * nodes) {
//!         edges.push((rng.random_range(0..nodes), rng.random_range(0..nodes)));
//!     }
//!     Graph { nodes, edges }
//! }
//!
//! /// A graph of 1 to 8 nodes.
//! #[generator]
//! fn any_graph<R: rand::Rng + ?Sized>(rng: &mut R) -> Graph {
//!     let nodes = rng.random_range(1..=8);
//!     graph(rng, nodes)
//! }
//!
//! /// Fails when a node has 3 edges out of it.
//! let fan_out_below_3 = |g: &Graph| {
//!     let mut out = vec![0; g.nodes];
//!     for &(from, _) in &g.edges {
//!         out[from] += 1;
//!     }
//!     out.iter().all(|&n| n < 3)
//! };
//!
//! greduce::check(|rng| graph(rng, 1), fan_out_below_3); // one node: at most 2 edges
//! let fixed = Check::new(|rng| graph(rng, 8))
//!     .seed(1)
//!     .persist(false)
//!     .try_check(fan_out_below_3)
//!     .unwrap_err();
//! assert_eq!(fixed.input(), Some("Graph { nodes: 8, edges: [(0, 0), (0, 0), (0, 0)] }"));
//! // Drawn, the node count shrinks too: to 2, as 1 node allows at most 2 edges.
//! let drawn = Check::new(any_graph)
//!     .seed(1)
//!     .persist(false)
//!     .try_check(fan_out_below_3)
//!     .unwrap_err();
//! assert_eq!(drawn.input(), Some("Graph { nodes: 2, edges: [(0, 0), (0, 0), (0, 0)] }"));
//! ```
//!
//! A generator generic over the type it draws takes the bound [`Int`] for a range of that
//! type, besides rand's own:
//!
//! ```
//! use greduce::{Check, Int, generator};
//! use rand::RngExt;
//! use rand::distr::uniform::SampleUniform;
//! use std::ops::Range;
//!
//! /// Up to `max_len` values from `range`.
//! #[generator]
//! fn list<R: rand::Rng + ?Sized, T: Int + SampleUniform>(
//!     rng: &mut R,
//!     range: Range<T>,
//!     max_len: usize,
//! ) -> Vec<T> {
//!     (0..rng.random_range(0..=max_len)).map(|_| rng.random_range(range.clone())).collect()
//! }
//!
//! let report = Check::new(|rng| list(rng, 0..1000u16, 20))
//!     .seed(1)
//!     .persist(false)
//!     .try_check(|v: &Vec<u16>| v.iter().map(|&x| u32::from(x)).sum::<u32>() < 1000)
//!     .unwrap_err();
//! assert_eq!(report.input(), Some("[1, 999]"));
//! ```
//!
//! # Maps and sets
//!
//! A generator must draw all its randomness from its rng, and run again from the same
//! seed, make the same decisions. Iterating a `HashMap` or `HashSet` breaks that: their
//! order changes from run to run, so a draw made per entry gets other arguments. greduce
//! refuses such a generator, naming the first decision that differed. Iterate a `BTreeMap`
//! / `BTreeSet` instead, or sort the keys first. A `HashMap` that the generator only
//! *returns* is fine: outputs are compared by what was drawn, not by how they print.
//!
//! ```
//! use greduce::generator;
//! use rand::RngExt;
//! use std::collections::BTreeMap;
//!
//! /// Stock per item, then an order for each item in stock: per entry of a `BTreeMap`,
//! /// in the same order every run.
//! #[generator]
//! fn orders<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<(u32, u32)> {
//!     let mut stock = BTreeMap::new();
//!     for _ in 0..rng.random_range(0..5) {
//!         stock.insert(rng.random_range(0..100u32), rng.random_range(1..10u32));
//!     }
//!     let mut out = Vec::new();
//!     for (item, count) in &stock {
//!         out.push((*item, rng.random_range(0..=*count)));
//!     }
//!     out
//! }
//!
//! greduce::check(orders, |o: &Vec<(u32, u32)>| o.iter().all(|(_, n)| *n <= 9));
//! ```
//!
//! # Stateful testing
//!
//! To test a system against a model, generate the *operations*: a reducible loop of steps,
//! each step one arm of a `match rng.random_range(0..k)`, collected in a [`Steps`] (a `Vec`
//! whose `Debug` numbers them, so the report lists the minimal operations as numbered
//! steps). The generator runs the model as it goes, so an operation with a precondition
//! draws only what the model's state allows (a key the cache holds); when the state allows
//! none, it skips the step (`continue`) or rejects the case ([`assume`]). The property runs
//! the steps on the system and on the model and compares them after every step.
//!
//! Shrinking removes steps and runs the generator again, so every candidate meets the
//! preconditions by construction: remove the `Put` of a key and a later `Get` draws again
//! from the keys still held. There is nothing to write for shrinking, and no precondition
//! to state twice.
//!
//! The system here is an LRU cache of two entries (`LruCache`, in
//! `examples/state_machine/lru.rs`, which this example includes) that stamps each entry
//! with a clock when it is written or read and evicts the oldest stamp; its bug is that a
//! read does not advance the clock, so the entry read ties with the last one written, and
//! eviction (the first of equal stamps) can throw out the entry just read. The model
//! (`Model`) keeps the entries in a list from the least to the most recently used. Both
//! have `put`, `get`, `remove` and `entries` (the trait `Cache`).
//! `cargo run --example state_machine` runs this test (`examples/state_machine/`).
//!
//! ```
//! # #[path = "../examples/state_machine/lru.rs"]
//! # mod lru;
//! # use lru::{Cache, LruCache, Model};
//! use greduce::{Check, Steps, generator};
//! use rand::RngExt;
//! use rand::seq::IndexedRandom;
//!
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! enum Op {
//!     Put(u32, u32),
//!     Get(u32),
//!     Remove(u32),
//! }
//!
//! /// Runs `op` on the cache or on the model; what it answered.
//! fn apply(cache: &mut impl Cache, op: Op) -> Option<u32> {
//!     match op {
//!         Op::Put(key, value) => {
//!             cache.put(key, value);
//!             None
//!         }
//!         Op::Get(key) => cache.get(key),
//!         Op::Remove(key) => cache.remove(key),
//!     }
//! }
//!
//! /// Up to 39 operations: a `Put` of a new key (the smallest the cache does not hold), or
//! /// a `Put`, `Get` or `Remove` of a key it holds.
//! #[generator]
//! fn operations<R: rand::Rng + ?Sized>(rng: &mut R) -> Steps<Op> {
//!     let mut model = Model::new(2);
//!     let mut steps = Steps::new();
//!     for _ in 0..rng.random_range(0..40) {
//!         let op = match rng.random_range(0..4) {
//!             0 => Op::Put(model.free_key(), rng.random_range(0..100)),
//!             arm => {
//!                 // The precondition: a key the cache holds (with none, skip the step).
//!                 let Some(&key) = model.keys().choose(rng) else {
//!                     continue;
//!                 };
//!                 match arm {
//!                     1 => Op::Put(key, rng.random_range(0..100)),
//!                     2 => Op::Get(key),
//!                     _ => Op::Remove(key),
//!                 }
//!             }
//!         };
//!         apply(&mut model, op);
//!         steps.push(op);
//!     }
//!     steps
//! }
//!
//! let report = Check::new(operations)
//!     .seed(7)
//!     .persist(false)
//!     .size(|steps: &Steps<Op>| steps.len())
//!     .try_check(|steps: &Steps<Op>| {
//!         let (mut cache, mut model) = (LruCache::new(2), Model::new(2));
//!         for (step, &op) in (1..).zip(steps.iter()) {
//!             assert_eq!(apply(&mut cache, op), apply(&mut model, op), "step {step}: answer");
//!             assert_eq!(cache.entries(), model.entries(), "after step {step}: entries");
//!         }
//!     })
//!     .unwrap_err();
//! // Fill the cache, read the older entry, add a third: the cache evicts the entry read.
//! assert_eq!(
//!     report.input(),
//!     Some("1. Put(0, 0)\n2. Put(1, 0)\n3. Get(0)\n4. Put(2, 0)")
//! );
//! ```
//!
//! `cargo run --example state_machine` prints:
//!
//! ```text
//! greduce: `cache_agrees_with_model` failed on case 12 (seed 0x1a82e79b05b5faeb)
//!
//! minimal failing input (size 4, was 17):
//!     1. Put(0, 0)
//!     2. Put(1, 0)
//!     3. Get(0)
//!     4. Put(2, 0)
//!
//! failure: panicked at examples/state_machine/main.rs:90:9:
//!     assertion `left == right` failed: after step 4, Put(2, 0): the cache (left) and the model (right) hold other entries
//!       left: [(1, 0), (2, 0)]
//!      right: [(0, 0), (2, 0)]
//!
//! generator trace:
//!     loop at examples/state_machine/main.rs:58: 4 iterations (was 23)
//!     match at examples/state_machine/main.rs:59: a later arm 1 of 4 times (was 15 of 23)
//!
//! shrinking: 37 property calls in 0.00 s
//! reproduce: GREDUCE_SEED=0x1a82e79b05b5faeb target/debug/examples/state_machine
//! ```
//!
//! The same test with [proptest-state-machine](https://docs.rs/proptest-state-machine)
//! (`greduce-bench/src/bin/bench/stateful.rs`): a reference state machine that draws the next
//! operation from the model's state, the same preconditions stated again for shrinking
//! (which deletes and simplifies recorded operations without drawing them again), and the
//! system's side, which compares with the model's state *after* each operation:
//!
//! ```ignore
//! use proptest::prelude::*;
//! use proptest::sample::select;
//! use proptest_state_machine::{ReferenceStateMachine, StateMachineTest, prop_state_machine};
//!
//! /// The reference state machine: the model, and the operations it allows next.
//! struct CacheModel;
//!
//! impl ReferenceStateMachine for CacheModel {
//!     type State = Model;
//!     type Transition = Op;
//!
//!     fn init_state() -> BoxedStrategy<Model> {
//!         Just(Model::new(2)).boxed()
//!     }
//!
//!     fn transitions(model: &Model) -> BoxedStrategy<Op> {
//!         let new_key = model.free_key();
//!         let put_new = (0..100u32).prop_map(move |value| Op::Put(new_key, value));
//!         let held = model.keys();
//!         if held.is_empty() {
//!             return put_new.boxed();
//!         }
//!         prop_oneof![
//!             put_new,
//!             (select(held.clone()), 0..100u32).prop_map(|(key, value)| Op::Put(key, value)),
//!             select(held.clone()).prop_map(Op::Get),
//!             select(held).prop_map(Op::Remove),
//!         ]
//!         .boxed()
//!     }
//!
//!     /// Checked again while shrinking: a removed step can leave a `Get` of a key that is
//!     /// no longer held.
//!     fn preconditions(model: &Model, op: &Op) -> bool {
//!         match *op {
//!             Op::Put(..) => true,
//!             Op::Get(key) | Op::Remove(key) => model.keys().contains(&key),
//!         }
//!     }
//!
//!     fn apply(mut model: Model, op: &Op) -> Model {
//!         apply(&mut model, *op);
//!         model
//!     }
//! }
//!
//! /// The test: the cache, checked against the model after every step.
//! struct CacheTest;
//!
//! impl StateMachineTest for CacheTest {
//!     type SystemUnderTest = LruCache;
//!     type Reference = CacheModel;
//!
//!     fn init_test(_: &Model) -> LruCache {
//!         LruCache::new(2)
//!     }
//!
//!     /// `model` is the model *after* `op`: a `Get` answers what it holds now, a `Remove`
//!     /// what the cache held before (equal to the model's, checked after the last step).
//!     fn apply(mut cache: LruCache, model: &Model, op: Op) -> LruCache {
//!         let held = |entries: Vec<(u32, u32)>, key| {
//!             entries.into_iter().find(|&(k, _)| k == key).map(|(_, v)| v)
//!         };
//!         let expected = match op {
//!             Op::Put(..) => None,
//!             Op::Get(key) => held(model.entries(), key),
//!             Op::Remove(key) => held(cache.entries(), key),
//!         };
//!         assert_eq!(apply(&mut cache, op), expected, "{op:?}: answer");
//!         cache
//!     }
//!
//!     fn check_invariants(cache: &LruCache, model: &Model) {
//!         assert_eq!(cache.entries(), model.entries(), "entries");
//!     }
//! }
//!
//! prop_state_machine! {
//!     #[test]
//!     fn cache_agrees_with_model(sequential 1..40 => CacheTest);
//! }
//! ```
//!
//! Run from the same 100 seeds (`cargo run --release -p greduce-bench -- stateful 100`,
//! see `BENCHMARKS.md`), greduce ended at the four steps above from every seed, after 46.3
//! property calls on average. proptest-state-machine, with 38.2 calls, ended at four steps
//! from 60 seeds (at these four from 45), at five from 18 and at six from 22: 4.62 steps
//! on average, 22 different endings. It removes one step at a time, so a `Put` and a later
//! `Remove` of its key both stay when removing the `Put` alone breaks the `Remove`'s
//! precondition and removing the `Remove` alone makes the failure go away; and the keys it
//! drew stay as drawn (`Put(1, 0), Put(2, 0), Get(1), Put(0, 0)`). greduce removes such
//! steps together and draws the rest again, so the keys are renumbered from the smallest.
//! Shrinking took a millisecond or less on average with either; proptest-state-machine,
//! which does not run a generator again, took about half as long.
//!
//! # Crashes and hangs
//!
//! With [`Check::fork`], every property call runs in a child process (the test binary run
//! again on the one test), so `std::process::abort()`, a stack overflow or a segfault in
//! unsafe or FFI code is a failure that shrinks like a panic; with [`Check::timeout`], so is
//! a call that runs too long (the limit counts the call, not the child's start-up). The
//! child makes the input too: each generated case, and each shrink candidate (replayed
//! there before the test process replays it), so a generator that crashes, hangs or
//! allocates without bound is a named failure with its seed, or a rejected candidate,
//! never the end of the test run.
//! `#[greduce::test]` bodies, which generate and check in one function, do not run in
//! child processes yet (with `GREDUCE_FORK=1` they run in the test process, with a note).
//!
//! Without fork mode a case that kills the test process is not lost: each case notes its
//! seed while it runs, and the next run of the test finds the case the process died in,
//! runs it again in a child process and shrinks it there (for a `#[greduce::test]` body,
//! the report gives its seed). A saved failure that crashed the test process makes its
//! check run in fork mode from then on.
//!
//! # Coming from proptest
//!
//! A proptest strategy is a value that describes how to generate; a greduce generator is the
//! code that generates, drawing from `rng` with rand's methods, and shrinking needs nothing
//! more from it. Each strategy becomes the code it stands for:
//!
//! | proptest | greduce |
//! |---|---|
//! | `any::<u32>()`, `any::<bool>()` | [`any`]`::<u32>()` as a generator, `u32::generate(rng)` or `rng.random::<u32>()` in one, `rng.random_bool(0.5)` |
//! | `#[derive(Arbitrary)]` (proptest-derive), `any::<T>()` | `#[derive(Generate)]`, [`any`]`::<T>()` ([generators from types](#generators-from-types)); recursive types need nothing more |
//! | `#[proptest(strategy = "0..10")]`, `#[proptest(regex = "..")]`, `#[proptest(value = "..")]`, `#[proptest(weight = 3)]`, `#[proptest(skip)]` | `#[generate(range = 0..10)]`, `#[generate(regex = "..")]`, `#[generate(value = ..)]`, `#[generate(weight = 3)]`, `#[generate(weight = 0)]` |
//! | `"[a-z]{1,8}"` as a strategy (a regex) | [`regex::Regex`]`::new("[a-z]{1,8}")?.generate(rng)`, or `#[generate(regex = "[a-z]{1,8}")]` |
//! | `prop_compose! { fn window()(len in 1..64usize)(start in 0..len, len in Just(len)) -> .. }` (a field that depends on another) | `#[generate(range = 0..len)] start: usize` after `len`: an attribute names the fields before it |
//! | `0..10u32`, `'a'..='z'` | `rng.random_range(0..10u32)`, `rng.random_range('a'..='z')` |
//! | `Just(x)` | `x` |
//! | `"[a-z]{1,8}"` (a regular expression) | `Regex::new("[a-z]{1,8}").unwrap().generate(rng)` ([regular expressions](#regular-expressions)) |
//! | `prop::collection::vec(s, 0..n)` | `(0..rng.random_range(0..n)).map(\|_\| s(rng)).collect()`, or a `for` loop that pushes: a reducible loop |
//! | `prop::sample::select(v)` | `*v.choose(rng).unwrap()` |
//! | `prop::option::of(s)` | `if rng.random_bool(0.5) { Some(s(rng)) } else { None }` |
//! | `prop_oneof![a, b, c]` | `match rng.random_range(0..3) { 0 => a(rng), 1 => b(rng), _ => c(rng) }`; shrinks towards the first arm, as `prop_oneof!` does |
//! | `s.prop_map(f)` | `f(s(rng))` |
//! | `s.prop_flat_map(\|n\| t(n))` | `let n = s(rng); t(rng, n)` ([parameterised](#parameterised-generators)) |
//! | `leaf.prop_recursive(..)` | a generator that calls itself with a depth ([recursive](#recursive-generators)) |
//! | `s.prop_filter("why", f)` | draw again in a `loop` until `f` holds (shrinking deletes the retries), or [`assume`] |
//! | `prop_compose!`, a function returning `impl Strategy` | a `#[generator]` function, with the same arguments |
//! | `impl Arbitrary for T` by hand | `impl Generate for T` with `#[generator]` on `generate` (or `impl Distribution<T> for StandardUniform` with `#[generator]` on `sample`, drawn with `rng.random::<T>()`: [what `#[generator]` rewrites](#what-generator-rewrites)) |
//! | `proptest! { #[test] fn t(x in s(), v: Vec<u8>) { .. } }` | `#[greduce::test] fn t(rng: &mut impl rand::Rng, v: Vec<u8>) { let x = s(rng); .. }`, or [`check`]`(s, \|x\| ..)` in a `#[test]` |
//! | `prop_assert!`, `prop_assert_eq!` | `assert!`, `assert_eq!` (or return `false` or `Err`) |
//! | `prop_assume!(c)` | [`assume`]`(c)`: rejects the case, in the property or in the generator |
//! | `#![proptest_config(ProptestConfig::with_cases(500))]` | `#[greduce::test(cases = 500)]`, [`Check::cases`]`(500)` |
//! | `ProptestConfig { max_shrink_iters, max_shrink_time, .. }` | [`Check::max_shrink_calls`], [`Check::max_shrink_time`] (a `Duration`; `"10s"` in the attribute); all at once: `Config { max_shrink_calls: Some(500), ..Config::default() }` ([`Config`]) |
//! | `max_global_rejects`, `max_local_rejects` | [`Check::max_rejects`] (one limit for the check) |
//! | `fork`, `timeout` | [`Check::fork`], [`Check::timeout`] |
//! | `failure_persistence` | [`Check::regressions`], [`Check::persist`] |
//! | `proptest-regressions/<source file>.txt` (seeds) | `greduce-regressions/<binary>/<test>.txt` (shrunk traces; [saved failures](#saved-failures)) |
//! | `PROPTEST_CASES`, `PROPTEST_RNG_SEED`, `PROPTEST_MAX_SHRINK_ITERS`, `PROPTEST_MAX_SHRINK_TIME`, `PROPTEST_FORK`, `PROPTEST_TIMEOUT`, `PROPTEST_VERBOSE`, `PROPTEST_DISABLE_FAILURE_PERSISTENCE` | `GREDUCE_CASES`, `GREDUCE_SEED`, `GREDUCE_MAX_SHRINK_CALLS`, `GREDUCE_MAX_SHRINK_TIME`, `GREDUCE_FORK`, `GREDUCE_TIMEOUT`, `GREDUCE_VERBOSE`, `GREDUCE_REGRESSIONS=off` ([configuration](#configuration)) |
//! | `ValueTree`, `simplify`, `complicate` | nothing to write: shrinking runs the generator again |
//!
//! A test of a stack, in proptest:
//!
//! ```text
//! use proptest::prelude::*;
//!
//! #[derive(Clone, Debug)]
//! enum Op {
//!     Push(u8),
//!     Pop,
//! }
//!
//! fn op() -> impl Strategy<Value = Op> {
//!     prop_oneof![any::<u8>().prop_map(Op::Push), Just(Op::Pop)]
//! }
//!
//! proptest! {
//!     #![proptest_config(ProptestConfig::with_cases(500))]
//!     #[test]
//!     fn push_then_pop_gives_it_back(
//!         ops in prop::collection::vec(op(), 0..20),
//!         x in any::<u8>(),
//!     ) {
//!         let mut stack = Vec::new();
//!         for op in &ops {
//!             match op {
//!                 Op::Push(v) => stack.push(*v),
//!                 Op::Pop => {
//!                     stack.pop();
//!                 }
//!             }
//!         }
//!         prop_assume!(!stack.is_empty());
//!         let before = stack.clone();
//!         stack.push(x);
//!         prop_assert_eq!(stack.pop(), Some(x));
//!         prop_assert_eq!(stack, before);
//!     }
//! }
//! ```
//!
//! and in greduce:
//!
//! ```
//! use greduce::generator;
//! use rand::RngExt;
//!
//! #[derive(Clone, Debug)]
//! enum Op {
//!     Push(u8),
//!     Pop,
//! }
//!
//! #[generator]
//! fn op<R: rand::Rng + ?Sized>(rng: &mut R) -> Op {
//!     match rng.random_range(0..2) {
//!         0 => Op::Push(rng.random()),
//!         _ => Op::Pop,
//!     }
//! }
//!
//! #[greduce::test(cases = 500)]
//! fn push_then_pop_gives_it_back(rng: &mut impl rand::Rng) {
//!     let ops: Vec<Op> = (0..rng.random_range(0..20)).map(|_| op(rng)).collect();
//!     let x: u8 = rng.random();
//!     let mut stack = Vec::new();
//!     for op in &ops {
//!         match op {
//!             Op::Push(v) => stack.push(*v),
//!             Op::Pop => {
//!                 stack.pop();
//!             }
//!         }
//!     }
//!     greduce::assume(!stack.is_empty());
//!     let before = stack.clone();
//!     stack.push(x);
//!     assert_eq!(stack.pop(), Some(x));
//!     assert_eq!(stack, before);
//! }
//! # fn main() {}
//! ```
//!
//! # The engine
//!
//! The reducer can be used directly. The GReduce paper's motivating example: a password
//! typed twice, with a bug on any password containing `c`.
//!
//! ```
//! use greduce::{Reducer, Search, Strategy, generator};
//! use rand::RngExt;
//!
//! #[generator]
//! fn password<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
//!     let mut w = String::new();
//!     let n = rng.random_range(0..20);
//!     for _ in 0..n {
//!         w.push(rng.random_range('a'..='z'));
//!     }
//!     w.push('\n');
//!     format!("{w}{w}")
//! }
//!
//! let run = greduce::record(password, 707_880);
//! assert_eq!(run.output, "abc\nabc\n");
//!
//! let reduced = Reducer::new(password)
//!     .strategy(Strategy::Realign)
//!     .search(Search::Tree)
//!     .explain(true)
//!     .reduce(&run.trace, |s: &String| !s.contains('c'));
//! assert_eq!(reduced.output, "c\nc\n");
//! // Every candidate tried, the pass that proposed it, and why it was rejected.
//! println!("{}", reduced.explain());
//! ```
//!
//! Removing characters from `"abc\nabc\n"` directly never gives a valid password (the two
//! lines must match); removing iterations of the generator's loop always does.
//!
//! # Inputs you already have
//!
//! With a failing input and no generator (a bug report's file, a crashing corpus entry),
//! [`dd`] is delta debugging on the input itself: [`dd::ddmin`] reduces it to a 1-minimal
//! failing input, and [`dd::dd`] isolates a 1-minimal failure-inducing difference between a
//! passing and a failing input. The same password, reduced by characters:
//!
//! ```
//! use greduce::dd::{self, Text};
//!
//! let min = dd::ddmin(Text::chars("abc\nabc\n"), |s: &Text| !s.contains('c')).unwrap();
//! assert_eq!(min.args.as_str(), "c");
//! ```
//!
//! `"c"` is no password (the generator's candidates always were). For files and shell
//! commands, the `greduce-cli` package's `greduce reduce FILE -- CMD` does the same from a
//! shell.
//!
//! # Grammars
//!
//! [`grammar`] is the grammar side of reduction: write a grammar (in Rust or in a compact
//! text form, checked with located errors), generate from it with a depth-limited fuzzer
//! that is a `#[generator]` (so what it generates shrinks by its trace, context hooks such
//! as define-before-use included), parse an existing input (Earley) and reduce it with
//! Perses, and, once a failure is found, generalise it into a pattern and build a grammar
//! that never (or always) produces it, so testing can go on to the next bug.
//!
//! ```
//! use greduce::grammar::{Condition, Fuzzer, Grammar, generalise, specialise};
//! use greduce::Reducer;
//! use rand::SeedableRng;
//!
//! let g: Grammar = r#"
//!     <expr> ::= <term> "+" <expr> | <term>
//!     <term> ::= "(" <expr> ")" | [0-9]
//! "#.parse().unwrap();
//! // A parser that fails on two parentheses in a row.
//! let passes = |s: &str| !s.contains("((");
//!
//! // Generate, and shrink the first failure by the fuzzer's trace.
//! let fuzzer = Fuzzer::new(&g);
//! let generate = |rng: &mut rand::rngs::StdRng| fuzzer.generate(rng).text();
//! let run = (0..).map(|seed| greduce::record(generate, seed)).find(|r| !passes(&r.output)).unwrap();
//! let minimal = Reducer::new(generate).reduce(&run.trace, |s: &String| passes(s)).output;
//! assert_eq!(minimal, "((0))");
//!
//! // What about the failure matters: a parenthesised expression right inside parentheses.
//! let general = generalise(&fuzzer, &g.parse(&minimal).unwrap(), 20, 0, passes).pattern;
//! let pattern = general.characterizing().clone();
//! assert_eq!(pattern.to_string(), "((<expr>))");
//! // A grammar that never derives it: testing can look for other bugs now.
//! let avoiding = specialise(&g, &!Condition::contains(pattern.clone())).unwrap();
//! let mut rng = rand::rngs::StdRng::seed_from_u64(1);
//! for _ in 0..100 {
//!     let text = Fuzzer::new(&avoiding).generate(&mut rng).text();
//!     assert!(!pattern.found_in(&g.parse(&text).unwrap()));
//! }
//! ```
//!
//! # Regular expressions
//!
//! [`regex`] generates strings from a regular expression: [`regex::Regex::generate`] is a
//! `#[generator]`, so a failing string shrinks by its trace like any input, towards the
//! pattern's simplest strings: each alternation to its first alternative, each repetition
//! down to its minimum, each character to its class's first (`[a-z]` to `a`, `\d` and `.`
//! to `0`). The syntax is a subset of the `regex` crate's (with ASCII `\d`, `\w` and
//! `\s`): a pattern that uses more (a backreference, lookaround, flags, `\b`, `\p{..}`) is
//! a [`regex::PatternError`] naming it, at its offset in the pattern.
//!
//! ```
//! use greduce::Check;
//! use greduce::regex::Regex;
//!
//! // Versions such as `1.20.3` and `0.4.0-rc2`.
//! let version = Regex::new(r"(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})(-rc\d)?").unwrap();
//! // A version parser that forgets the pre-release part.
//! let parses = |v: &String| v.split('.').all(|n| n.parse::<u32>().is_ok());
//! let report = Check::new(|rng| version.generate(rng))
//!     .seed(1)
//!     .persist(false)
//!     .try_check(parses)
//!     .unwrap_err();
//! assert_eq!(report.input(), Some("\"0.0.0-rc0\""));
//! ```
//!
//! # How it works
//!
//! - **Record** ([`record`]): run the generator with a seeded rng and build its trace, a tree
//!   of *decisions* (each with its *site*, arguments and value), *reducible loops* (a loop
//!   whose count is a decision; each iteration is a reducible part), *reducible selections*
//!   (`if <random bool>`; the taken block is a reducible part), multi-way selections
//!   (`match rng.random_range(..)`), and *scopes* (a call of another `#[generator]`).
//! - **Reduce** ([`Reducer`]): propose changes to the trace. First the paper's structural
//!   reduction: ddmin over all parts in trace order ([`Search::Sequence`]) or level by level
//!   over the tree of parts ([`Search::Tree`], HDD, the default and the paper's best). Then
//!   value passes that simplify what remains (see [Passes](#passes)).
//! - **Replay** ([`replay`]): run the generator again, answering each decision from the
//!   changed trace: a loop count becomes the number of kept iterations, a selection whose
//!   block was removed answers `false`, a changed value answers as changed, any other
//!   decision aligns with the next recorded operation at the same site if the recorded value
//!   is still legal for today's arguments. When nothing aligns, the [`Strategy`] decides:
//!   halt the candidate, bypass (remove the enclosing part too and replay again), or
//!   re-align (answer the simplest legal value and align again as soon as the run comes back
//!   to recorded operations; the default).
//! - The property answers an [`Outcome`] (a `bool` converts as everywhere in greduce: `true`
//!   passes, `false` fails). A candidate is accepted when it fails (the failure reproduces)
//!   and is strictly simpler than the
//!   current input (see [What minimal means](#what-minimal-means)). Edits already tried and
//!   replays that decided the same as one already tested are answered from caches, so
//!   nothing is tested twice.
//!
//! # What minimal means
//!
//! Inputs are compared by a total order, and a candidate is accepted only when it reproduces
//! the failure *and* is strictly simpler than the current input:
//!
//! 1. a smaller size: by default the number of decisions, or a measure of yours
//!    ([`Reducer::size`], [`Check::size`]) such as `(nodes, edges)`; so removing structure
//!    wins first;
//! 2. then fewer decisions;
//! 3. then shortlex over the decisions in trace order, each value ranked by simplicity (0 is
//!    the simplest its arguments allow): integers by distance from the in-range value
//!    nearest zero, zig-zagging around it (`0, 1, -1, 2, -2, ...`; when a bound cuts one side
//!    off, the other continues); `false` before `true`; index 0 first for `choose`, `match`
//!    arms and weighted choices; `char`s from `'0'` upwards, then the ones below `'0'`
//!    downwards; floats non-negative first, integral values below 2^56 in their order, then
//!    other finite values with simpler fractions first, then infinity, then NaN; `fill`
//!    bytes and permutations by length, then lexicographically. [`Trace::cmp_simplicity`]
//!    compares two traces this way.
//!
//! Every accepted step is strictly simpler, so a reduction always ends; and a failure found
//! from different seeds tends to end at the same input. Earlier decisions weigh most: of
//! `(a, b)` failing when `a + b >= 100`, the minimal input keeps `a` small.
//!
//! ```
//! use greduce::{Reducer, generator};
//! use rand::RngExt;
//!
//! #[generator]
//! fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u32) {
//!     (rng.random_range(0..100), rng.random_range(0..100))
//! }
//!
//! let fails = |(a, b): &(u32, u32)| a + b >= 100;
//! let run = greduce::record(pair, 0);
//! assert_eq!(Reducer::new(pair).reduce(&run.trace, |x| !fails(x)).output, (1, 99));
//! // A size measure comes first: this one asks for the smallest `b`.
//! let small_b = Reducer::new(pair)
//!     .size(|&(_, b): &(u32, u32)| b)
//!     .reduce(&run.trace, |x| !fails(x));
//! assert_eq!(small_b.output, (99, 1));
//! ```
//!
//! # Passes
//!
//! Shrinking runs families of passes ([`PassSet`]), selected with [`Reducer::passes`],
//! [`Check::passes`] or `GREDUCE_PASSES`:
//!
//! | family | what it tries |
//! |---|---|
//! | [`STRUCTURE`](PassSet::STRUCTURE) | removing reducible parts: ddmin or HDD, with halt, bypass or re-align (the paper's algorithm) |
//! | [`TRIVIAL`](PassSet::TRIVIAL) | every decision inside one part (an iteration, a block, a call) set to its simplest value at once |
//! | [`MINIMIZE`](PassSet::MINIMIZE) | each value lowered: the simplest first, then a search towards it (bisection once a step down works); a byte-sized value also at each of the 16 nearest distances; a value that picks a shape (a `match` on a decision, a generator call's first decision) also a little higher, when that draws fewer decisions; floats from `random` to fewer binary digits |
//! | [`HOIST`](PassSet::HOIST) | a generator call replaced by a smaller call of the same generator nested in it; or (a descent) run its simplest way down to a nested call of another generator, which replays that call |
//! | [`DELETE`](PassSet::DELETE) | decisions no part covers deleted (a fixed-count loop's iteration, a rejection loop's retries, also with the number drawn just before them lowered by as many), and an iteration removed with the index-like values past it lowered by one |
//! | [`TOGETHER`](PassSet::TOGETHER) | equal values lowered together; an amount moved between two values; two negative values moved to the other side of zero at once; two values lowered by the same amount; iterations moved between loops of one site |
//! | [`REORDER`](PassSet::REORDER) | a loop's iterations sorted; two calls of one generator swapped; a value moved to a later decision of its site; a loop's last iteration moved, with its values, after the last iteration of a later loop of its site |
//!
//! The structural pass runs first; the others follow in rounds until a round changes
//! nothing. A round gives each pass a few failing candidates in a row (fewer for a pass
//! that has never succeeded; a pass cut short resumes there next time), and a final round
//! runs every pass over everything, so the result is a fixpoint: reducing it again accepts
//! nothing. Shrinking also stops after 200 property calls in a row without progress (or
//! twice the longest such run that did end in progress; the default counts from the first
//! value pass on, so the structural pass alone, the paper's algorithm, runs to its end;
//! [`Reducer::max_stall`] sets a limit that counts from the start), and when a budget runs
//! out.
//!
//! [`PassSet::STRUCTURE`] alone is the GReduce paper's algorithm, which removes parts and
//! never changes a value:
//!
//! ```
//! use greduce::{PassSet, Reducer, generator};
//! use rand::RngExt;
//!
//! #[generator]
//! fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
//!     (0..rng.random_range(1..=20)).map(|_| rng.random_range(0..1000)).collect()
//! }
//!
//! let fails = |v: &Vec<u32>| v.iter().any(|x| *x >= 900);
//! let run = (0..).map(|seed| greduce::record(numbers, seed)).find(|r| fails(&r.output)).unwrap();
//! let paper = Reducer::new(numbers).passes(PassSet::STRUCTURE).reduce(&run.trace, |x| !fails(x));
//! assert_eq!(paper.output.len(), 1); // one element: whichever large one it kept
//! let full = Reducer::new(numbers).reduce(&run.trace, |x| !fails(x));
//! assert_eq!(full.output, [900]); // and the smallest value that still fails
//! ```
//!
//! # What `#[generator]` rewrites
//!
//! The function keeps its signature. It takes its random source as a parameter named `rng`
//! (or the one named by `#[generator(rng = name)]`) of type `&mut R` with
//! `R: rand::Rng + ?Sized`, `&mut impl rand::Rng`, or `&mut` a concrete rng.
//!
//! | in the body | recorded as |
//! |---|---|
//! | `rng.random_range(r)`, `random_bool(p)`, `random_ratio(n, d)`, `random::<T>()`, `fill(buf)`, `sample(distr)` | a decision |
//! | `rng.next_u32()`, `next_u64()`, `fill_bytes(buf)` (raw output) | a decision (a number of that width; bytes) |
//! | `rng.random::<T>()` (or `let x: T = rng.random()`) for a `T` that is not a primitive, `distr.sample(rng)`, `rng.sample(distr)` for a `distr` other than `Uniform`, `Bernoulli`, `StandardUniform` (`Alphanumeric`, `WeightedIndex`, yours), `rng.sample_iter(distr)`, `rng.random_iter()` | a nested generator call when the sampler's `sample` is a `#[generator]`; else one decision holding the raw rng output it consumed, which shrinks as bytes (lower bytes give lower samples for rand's distributions) |
//! | `xs.choose(rng)`, `choose_mut`, `choose_weighted`, `sample(rng, k)`, `shuffle`, `partial_shuffle` (slices and iterators) | a decision |
//! | `for _ in a..rng.random_range(r)` (or `..=`), `(a..<decision>).map(..)` / `.for_each(..)` | a reducible loop |
//! | `let n = rng.random_range(r);` then `for _ in a..n`, `(a..n).map(..)`, `repeat_with(..).take(n)`, `rng.sample_iter(d).take(n)` | a reducible loop counted by that decision |
//! | `while rng.random_bool(p) { .. }`, `while cond && rng.random_bool(p) { .. }` | a reducible loop, one part per iteration |
//! | `if rng.random_bool(p) { .. } [else { .. }]` (or `random_ratio`, `random::<bool>()`), `if cond && rng.random_bool(p)`, and `else if` chains of them | a reducible selection (made only when `cond` holds, as `&&` draws only then) |
//! | `match rng.random_range(0..k) { .. }` | a multi-way selection; reduction may replace the arm by the first value's |
//! | `other_generator(rng, ..)`, `self.method(rng, ..)` | a scope (checked at run time to be a `#[generator]`) |
//! | the rng in the arguments of `format!`, `write!`, `writeln!`, `print!`, `println!`, `eprint!`, `eprintln!`, `format_args!`, `panic!`, `assert!`, `assert_eq!`, `assert_ne!` (and `debug_` ones), `vec![..]` | as the same expression outside the macro |
//!
//! A type of yours drawn with `rng.random::<Op>()` is drawn by rand's `StandardUniform`;
//! put `#[generator]` on your `sample` and its decisions are recorded and shrink like any
//! generator's. A generic generator needs no bound of greduce's for `random::<T>()`, only
//! rand's own, as long as the type is named where it is drawn (a turbofish or a `let`
//! type; `random()` whose type is inferred from elsewhere must be a primitive, and the
//! compile error says so):
//!
//! ```
//! use greduce::generator;
//! use rand::RngExt;
//! use rand::distr::{Distribution, StandardUniform};
//!
//! #[derive(Debug, PartialEq)]
//! enum Op { Push(u8), Pop }
//!
//! impl Distribution<Op> for StandardUniform {
//!     #[generator]
//!     fn sample<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Op {
//!         if rng.random_bool(0.7) { Op::Push(rng.random()) } else { Op::Pop }
//!     }
//! }
//!
//! #[generator]
//! fn some<T, R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<T>
//! where
//!     StandardUniform: Distribution<T>,
//! {
//!     (0..rng.random_range(0..10)).map(|_| rng.random::<T>()).collect()
//! }
//!
//! let run = greduce::record(some::<Op, _>, 3);
//! let fails = |ops: &Vec<Op>| ops.iter().any(|op| matches!(op, Op::Push(x) if *x > 9));
//! if fails(&run.output) {
//!     let reduced = greduce::Reducer::new(some::<Op, _>).reduce(&run.trace, |x| !fails(x));
//!     assert_eq!(reduced.output, [Op::Push(10)]);
//! }
//! ```
//!
//! `break`, `continue`, `return` and `?` keep working. Anything else done with the rng is a
//! compile error naming what is supported: an unknown method, the rng inside another macro
//! (`json!(..)`: bind the value first), rand's free functions that draw from the
//! thread rng, and the names rand removed (`gen_range` and friends, with their new names).
//! To pass the rng on purpose to a helper whose draws need not be recorded, write
//! `helper(greduce::unrecorded(rng))`.
//!
//! # Called directly
//!
//! Outside greduce, an annotated generator runs the very code it had without the attribute:
//! the macro keeps the original statements and selects them with one thread-local check per
//! call, so it gives the same values for the same seed at the same speed. Inside a greduce
//! run (recording or replaying on the current thread), the instrumented statements run
//! instead: they take a handle on the run when they start and hand it to each decision and
//! reducible part, so recording a million decisions costs a million pointer dereferences,
//! not a million thread-local lookups. A closure or `async` block that draws gets a handle
//! of its own (a `move` one a copy, any other one the current run's each time it runs), so
//! it can be returned or stored; it can not be sent to another thread (the handle is not
//! `Send`). Recording draws from the rng exactly as the direct call would, so
//! `greduce::record(g, seed).output` is what `g(&mut StdRng::seed_from_u64(seed))` returns.
//!
//! # Limitations
//!
//! - Only what the table lists is recorded: generators draw from their `rng` parameter, on
//!   one thread. A helper that takes the rng must be a `#[generator]` (or be passed
//!   [`unrecorded`]); this is checked when the call runs under greduce, not at compile time,
//!   because the macro cannot see whether another function carries the attribute.
//! - Re-align answers the simplest legal value, so an index recorded against a longer list
//!   becomes 0 (the paper's "references by index" weakness); the delete pass's removal with
//!   index-like values lowered covers the common case of a value naming a later element of
//!   a list.
//! - A size measure of yours steers only among the candidates the passes propose; the passes
//!   are designed for the default order (fewer decisions, then simpler values first).
//! - Values drawn with `sample(Uniform)` are lowered towards the lower bound for integer
//!   ranges starting at 0 or more (greduce reads the bounds from the sampler's `Debug`
//!   text, as rand keeps them private); float ranges and negative bounds keep their
//!   values.
//! - A distribution greduce does not know (`Alphanumeric`, `WeightedIndex`, a tuple's
//!   `StandardUniform`, one of yours without `#[generator]`) is recorded as the raw rng
//!   output it consumed, and shrinks as bytes: towards what the sampler gives on all-zero
//!   output, byte by byte, so two such values are not traded against each other as two
//!   numbers are.
//! - Replay stops generators by unwinding, so greduce needs `panic = "unwind"` (the default,
//!   and what `cargo test` uses), and generators must not catch panics (`catch_unwind`
//!   around a generator call): greduce aborts, with a message, a replay that keeps going.
//! - Loops nest: two reducible loops iterated at the same time (`a.map(..).zip(b.map(..))`)
//!   cannot be recorded as parts of one another, and recording them panics with an
//!   explanation. Chaining them, or collecting one first, works.
//! - A generator that returns `impl Trait` keeps a single instrumented copy of its body,
//!   which checks for a run at each decision: the same values, slightly slower when called
//!   directly.
//! - The reducer does not test again a replay that made the same decisions as one it has
//!   tested, nor (for traces of up to 16 384 nodes) an output whose `Debug` text it has
//!   already tested; when `Debug` leaves out something the property looks at, or the
//!   property is not a function of its input, turn that off with [`Reducer::output_cache`].
//! - `sample(Uniform)`: a recorded sample is reused only for a distribution with the same
//!   parameters.
//!
//! # Crate features
//!
//! - `dd` (default): [`dd`], delta debugging of inputs you already have.
//! - `grammar` (default, with `dd`): [`grammar`], grammars, their fuzzer, Perses and
//!   specialisation. The two cost about 0.4 s of a 10 s cold build of a crate with one
//!   derived type (`BENCHMARKS.md`, "Cold build of a user crate"); `default-features =
//!   false` leaves them out.
//! - `tokio`: [async tests](#async-tests) run on tokio's current-thread runtime (by
//!   default, and when a test asks for `executor = tokio`). It brings in tokio with its `rt`
//!   feature only; the runtime enables the drivers (timers, sockets) that the tokio
//!   features of your own dependency turn on. Without it, async tests run on a plain
//!   executor.

mod fuzz_target;
mod generate;

pub use generate::{Generate, any};
pub use greduce_macros::{Generate, generator, test};
pub use greduce_runtime::Steps;
pub use greduce_runtime::fuzz;
pub use greduce_runtime::{
    Attempt, Certificate, Check, CheckStats, Config, Decision, Exhaust, Int, IntoOutcome, Outcome,
    ParseTraceError, Part, Pass, PassSet, PassStats, Progress, ReduceError, Reducer, Reduction,
    ReductionStats, Regressions, Replay, ReplayError, Report, Run, SameFailure, Search, Site,
    Strategy, Trace, Verdict, assume, call_label, check, event, event_value, note, record,
    record_with, replay, replay_draws, replay_with, target, unrecorded,
};
#[allow(deprecated)] // the former names, kept for one release
pub use greduce_runtime::{CaseResult, Passes, Stats};
#[cfg(feature = "dd")]
pub use greduce_toolkit::dd;
#[cfg(feature = "grammar")]
pub use greduce_toolkit::grammar;
pub mod regex;

#[doc(hidden)]
pub mod __private {
    //! Called by code that `#[generator]` and `#[derive(Generate)]` write. Not public API.
    pub use crate::generate::{
        GenerateIn, GenerateLen, GenerateLenIn, IntoLen, Len, Nested, default_len, nested,
    };
    pub use greduce_runtime::__private::*;
    pub use rand::{Rng, RngExt};
}

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
