//! The delta debugger: runs the function under test on candidate calls (with a cache, the
//! failure's identity and statistics) and reduces each argument in turn.

use super::args::{Args, call};
use super::outcome::{Outcome, word};
use super::report::{Isolated, ReducedArgs, StartError, Stats};
use greduce_runtime::__toolkit::delta::{self, Mode, Positions, Start, Variant};
use greduce_runtime::__toolkit::{self as case, CaseEnd, Failure};
use greduce_runtime::{IntoOutcome, SameFailure};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::marker::PhantomData;
use std::ops::Range;
use std::time::Instant;

/// Reduces `args` to a 1-minimal failing call of `test`: removing any one part of any
/// argument makes the failure go away (or change). `args` is one [`Reducible`](super::Reducible) value or a
/// tuple of them.
///
/// ```
/// use greduce::dd;
///
/// // Fails when a number repeats.
/// let distinct = |v: &Vec<i32>| v.iter().all(|x| v.iter().filter(|y| *y == x).count() == 1);
/// let min = dd::ddmin(vec![3, 1, 4, 1, 5, 9, 2, 6], distinct).unwrap();
/// assert_eq!(min.args, [1, 1]);
/// ```
///
/// # Errors
///
/// When the original call does not fail ([`StartError::NotFailing`]) or is unresolved.
pub fn ddmin<A: Args, R: IntoOutcome>(
    args: A,
    test: impl FnMut(&A) -> R,
) -> Result<ReducedArgs<A>, StartError> {
    DeltaDebugger::new(test).min(args)
}

/// General delta debugging: a maximal passing call, a minimal failing call and their
/// 1-minimal difference (adding any one part of the difference to the passing call, or
/// removing it from the failing one, flips the outcome).
///
/// ```
/// use greduce::dd::{self, Text};
///
/// // Fails on a division by zero.
/// let isolated = dd::dd(Text::tokens("a = b / 0 + c"), |t: &Text| !t.contains("/ 0")).unwrap();
/// assert_eq!(isolated.difference.as_str(), "/");
/// ```
///
/// # Errors
///
/// When the original call does not fail, or when every argument emptied still fails, so
/// that there is no passing call to start from ([`StartError::NotPassing`]).
pub fn dd<A: Args, R: IntoOutcome>(
    args: A,
    test: impl FnMut(&A) -> R,
) -> Result<Isolated<A>, StartError> {
    DeltaDebugger::new(test).diff(args)
}

/// Delta debugging of a failing call, with settings: the Debugging Book's `DeltaDebugger`.
///
/// ```
/// use greduce::dd::{DeltaDebugger, Text};
///
/// /// Evaluates `+ - * /` on integers; a division by zero panics, as Rust's `/` does.
/// fn myeval(inp: &str) -> Result<i64, String> {
///     # fn expr(t: &[u8], i: &mut usize) -> Result<i64, String> {
///     #     let mut v = term(t, i)?;
///     #     while let Some(&op @ (b'+' | b'-')) = t.get(*i) { *i += 1; let r = term(t, i)?; v = if op == b'+' { v + r } else { v - r }; }
///     #     Ok(v)
///     # }
///     # fn term(t: &[u8], i: &mut usize) -> Result<i64, String> {
///     #     let mut v = atom(t, i)?;
///     #     while let Some(&op @ (b'*' | b'/')) = t.get(*i) { *i += 1; let r = atom(t, i)?; v = if op == b'*' { v * r } else { v / r }; }
///     #     Ok(v)
///     # }
///     # fn atom(t: &[u8], i: &mut usize) -> Result<i64, String> {
///     #     let start = *i;
///     #     while t.get(*i).is_some_and(u8::is_ascii_digit) { *i += 1; }
///     #     std::str::from_utf8(&t[start..*i]).unwrap().parse().map_err(|_| format!("syntax error at {start}"))
///     # }
///     # let t: Vec<u8> = inp.bytes().filter(|b| *b != b' ').collect();
///     # let mut i = 0;
///     # let v = expr(&t, &mut i)?;
///     # if i == t.len() { Ok(v) } else { Err(format!("syntax error at {i}")) }
///     // ...
/// }
///
/// let min = DeltaDebugger::new(|s: &Text| myeval(s))
///     .named("myeval")
///     .min(Text::chars("1 + 2 * 3 / 0"))
///     .unwrap();
/// // Candidates that do not parse return `Err`: another failure, so unresolved.
/// assert_eq!(min.to_string(), r#"myeval("3/0")"#);
/// assert!(min.failure.as_deref().unwrap().contains("attempt to divide by zero"));
/// ```
pub struct DeltaDebugger<F, A = ()> {
    test: F,
    name: String,
    same: SameFailure,
    log: bool,
    args: PhantomData<fn(&A)>,
}

impl<F> DeltaDebugger<F> {
    /// A delta debugger of calls of `test`. It fails by panicking, returning `false` or
    /// `Err`, or returning [`Outcome::Fails`].
    #[must_use]
    pub fn new<A, R>(test: F) -> DeltaDebugger<F, A>
    where
        F: FnMut(&A) -> R,
    {
        // A function item's path (`crate::mystery`) without generic arguments; `test` for
        // a closure or a function pointer.
        let full = std::any::type_name::<F>();
        let path = full.split('<').next().unwrap_or(full);
        let name = path.rsplit("::").next().unwrap_or(path);
        let plain = !name.is_empty()
            && path
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == ':');
        let name = if full.contains('{') || !plain {
            "test"
        } else {
            name
        };
        DeltaDebugger {
            test,
            name: name.to_string(),
            same: SameFailure::default(),
            log: false,
            args: PhantomData,
        }
    }
}

// `min`, `max` and `diff` take the arguments by value: a call reads as the book's does,
// `dd.min(Text::chars(input))`, with the input built in place.
#[allow(clippy::needless_pass_by_value)]
impl<F, A: Args, R: IntoOutcome> DeltaDebugger<F, A>
where
    F: FnMut(&A) -> R,
{
    /// The function's name in the reduced call's text (default: the function's own name, or
    /// `test` for a closure).
    #[must_use]
    pub fn named(mut self, name: &str) -> Self {
        name.clone_into(&mut self.name);
        self
    }

    /// Which failures count as the original one (default [`SameFailure::Location`]: a panic
    /// at the same place, whatever its message). Others are unresolved.
    #[must_use]
    pub fn same_failure(mut self, same: SameFailure) -> Self {
        self.same = same;
        self
    }

    /// Prints each test to stderr as it runs (`Test #3 f("ab"): PASS`), as the book's
    /// `log=True` does.
    #[must_use]
    pub fn log(mut self, log: bool) -> Self {
        self.log = log;
        self
    }

    /// Reduces `args` to a 1-minimal failing call: each argument in turn, the others held,
    /// until none changes.
    ///
    /// # Errors
    ///
    /// When the call with `args` does not fail ([`StartError::NotFailing`]) or is unresolved
    /// ([`StartError::Unresolved`]).
    pub fn min(&mut self, args: A) -> Result<ReducedArgs<A>, StartError> {
        let mut tester = self.start(&args)?;
        let mut state = full(&args);
        turns(&args, &mut state, |arg, state| {
            let narrowed = tester.narrow(&args, state, arg, Mode::Min, &[]).ok()?;
            Some(narrowed.fail)
        });
        let failure = tester.failure.as_ref().map(Failure::one_line);
        Ok(ReducedArgs {
            args: args.keep(&all_runs(&state)),
            failure,
            stats: tester.stats(),
            name: tester.name.to_string(),
        })
    }

    /// Enlarges a passing call to a 1-maximal one: starting from every argument emptied,
    /// each argument in turn takes back all of its original parts it can while the call
    /// still passes, until none changes.
    ///
    /// # Errors
    ///
    /// When `args` does not fail, or the call with every argument emptied does not pass
    /// ([`StartError::NotPassing`]).
    pub fn max(&mut self, args: A) -> Result<ReducedArgs<A>, StartError> {
        let mut tester = self.start(&args)?;
        let mut state: Vec<Vec<usize>> = vec![Vec::new(); args.count()];
        match tester.run(&args, &state) {
            Outcome::Passes => {}
            _ => return Err(tester.not_passing(&args, &state)),
        }
        let originals = full(&args);
        turns(&args, &mut state, |arg, state| {
            // The universe is the argument's original parts; the others stay as they pass,
            // and the argument grows from where it is (a passing call, so `dd` starts).
            let mut universe = state.to_vec();
            universe[arg].clone_from(&originals[arg]);
            let narrowed = tester
                .narrow(&args, &universe, arg, Mode::Max, &state[arg])
                .ok()?;
            Some(narrowed.pass)
        });
        Ok(ReducedArgs {
            args: args.keep(&all_runs(&state)),
            failure: None,
            stats: tester.stats(),
            name: tester.name.to_string(),
        })
    }

    /// General delta debugging: each argument in turn is narrowed from both sides (the
    /// failing value shrinks, a passing value grows inside it) until none changes. The
    /// result pairs the minimal failing call with a maximal passing call that differs from
    /// it in one argument only (the one with the smallest difference), and that difference.
    ///
    /// # Errors
    ///
    /// When `args` does not fail, or when no argument can be emptied (its other parts
    /// kept) without the call still failing, so no passing call exists to narrow from
    /// ([`StartError::NotPassing`]).
    pub fn diff(&mut self, args: A) -> Result<Isolated<A>, StartError> {
        let mut tester = self.start(&args)?;
        let mut state = full(&args);
        let mut passing: Vec<Option<Vec<usize>>> = vec![None; args.count()];
        turns(&args, &mut state, |arg, state| {
            match tester.narrow(&args, state, arg, Mode::Both, &[]) {
                Ok(narrowed) => {
                    passing[arg] = Some(narrowed.pass);
                    Some(narrowed.fail)
                }
                // Emptying the argument still fails: its minimum is empty, and it has no
                // passing value.
                Err(Start::PassFails) => {
                    passing[arg] = None;
                    Some(Vec::new())
                }
                // Emptied, the call is unresolved: no passing value to grow from.
                Err(Start::PassUnresolved) => {
                    passing[arg] = None;
                    None
                }
                Err(Start::WholePasses) => None,
            }
        });
        let best = passing
            .iter()
            .enumerate()
            .filter_map(|(arg, pass)| Some((arg, pass.as_ref()?)))
            .min_by_key(|(arg, pass)| state[*arg].len() - pass.len());
        let Some((arg, pass)) = best else {
            let empty = vec![Vec::new(); args.count()];
            return Err(tester.not_passing(&args, &empty));
        };
        let mut pass_state = state.clone();
        pass_state[arg].clone_from(pass);
        let mut diff_state = vec![Vec::new(); args.count()];
        diff_state[arg] = state[arg]
            .iter()
            .copied()
            .filter(|i| pass.binary_search(i).is_err())
            .collect();
        Ok(Isolated {
            passing: args.keep(&all_runs(&pass_state)),
            failing: args.keep(&all_runs(&state)),
            difference: args.keep(&all_runs(&diff_state)),
            failure: tester
                .failure
                .as_ref()
                .map(Failure::one_line)
                .unwrap_or_default(),
            stats: tester.stats(),
            name: tester.name.to_string(),
        })
    }

    /// Runs the original call, which must fail: its failure is the one being reduced.
    fn start(&mut self, args: &A) -> Result<Tester<'_, F, A>, StartError> {
        let mut tester = Tester {
            test: &mut self.test,
            name: &self.name,
            same: self.same,
            log: self.log,
            failure: None,
            cache: HashMap::new(),
            tests: 0,
            cache_hits: 0,
            started: Instant::now(),
            args: PhantomData,
        };
        let state = full(args);
        match tester.run(args, &state) {
            Outcome::Fails => Ok(tester),
            Outcome::Passes => Err(StartError::NotFailing {
                call: call(&self.name, args),
            }),
            Outcome::Unresolved | Outcome::Timeout => Err(StartError::Unresolved {
                call: call(&self.name, args),
            }),
        }
    }
}

/// Every part of every argument, as indices into the original arguments.
fn full<A: Args>(args: &A) -> Vec<Vec<usize>> {
    (0..args.count())
        .map(|arg| (0..args.parts(arg)).collect())
        .collect()
}

fn all_runs(state: &[Vec<usize>]) -> Vec<Vec<Range<usize>>> {
    state.iter().map(|set| runs(set)).collect()
}

/// Takes the arguments in turn until none changes: `step` returns an argument's new parts,
/// or `None` to leave it. As in the book, a change makes every *other* argument due again
/// (the changed one was just narrowed as far as this step goes).
fn turns<A: Args>(
    args: &A,
    state: &mut [Vec<usize>],
    mut step: impl FnMut(usize, &[Vec<usize>]) -> Option<Vec<usize>>,
) {
    let mut due = vec![true; args.count()];
    while let Some(arg) = due.iter().position(|&d| d) {
        due[arg] = false;
        if let Some(parts) = step(arg, state)
            && parts != state[arg]
        {
            state[arg] = parts;
            for (other, due) in due.iter_mut().enumerate() {
                *due |= other != arg;
            }
        }
    }
}

/// Runs the function under test on candidate calls.
struct Tester<'d, F, A> {
    test: &'d mut F,
    name: &'d str,
    same: SameFailure,
    log: bool,
    /// The original call's failure, once it ran.
    failure: Option<Failure>,
    /// Outcomes by a hash of the candidate's parts: 16 bytes a test, however large the
    /// input.
    cache: HashMap<u128, Outcome>,
    tests: u64,
    cache_hits: u64,
    started: Instant,
    args: PhantomData<fn(&A)>,
}

impl<F, A: Args, R: IntoOutcome> Tester<'_, F, A>
where
    F: FnMut(&A) -> R,
{
    /// The outcome of the call made of `state` (per argument, indices of its original
    /// parts).
    fn run(&mut self, args: &A, state: &[Vec<usize>]) -> Outcome {
        let key = key(state);
        if let Some(&outcome) = self.cache.get(&key) {
            self.cache_hits += 1;
            return outcome;
        }
        let candidate = args.keep(&all_runs(state));
        let (outcome, _notes) = case::check(true, self.test, &candidate);
        self.tests += 1;
        let (outcome, detail) = match outcome {
            CaseEnd::Passed => (Outcome::Passes, None),
            CaseEnd::Unresolved(at) => (Outcome::Unresolved, Some(format!("rejected at {at}"))),
            CaseEnd::Failed(failure) => {
                let line = failure.one_line();
                match &self.failure {
                    None => {
                        self.failure = Some(failure);
                        (Outcome::Fails, Some(line))
                    }
                    Some(original) if original.same(&failure, self.same) => {
                        (Outcome::Fails, Some(line))
                    }
                    Some(_) => (Outcome::Unresolved, Some(line)),
                }
            }
        };
        if self.log {
            let detail = detail.map(|d| format!(" ({d})")).unwrap_or_default();
            eprintln!(
                "Test #{} {}: {}{detail}",
                self.tests,
                call(self.name, &candidate),
                word(outcome)
            );
        }
        self.cache.insert(key, outcome);
        outcome
    }

    /// Runs `dd` on argument `arg` of the call `state`, the others held, starting from the
    /// passing parts `pass` (original indices, a subset of `state[arg]`).
    fn narrow(
        &mut self,
        args: &A,
        state: &[Vec<usize>],
        arg: usize,
        mode: Mode,
        pass: &[usize],
    ) -> Result<Narrowed, Start> {
        let universe = &state[arg];
        let mut candidate = state.to_vec();
        // The start, as positions in `universe`.
        let pass: Vec<usize> = pass
            .iter()
            .filter_map(|i| universe.binary_search(i).ok())
            .collect();
        let pass = Positions::from_sorted(&pass);
        let narrowed = delta::dd(universe.len(), Variant::Book, mode, pass, &mut |set| {
            candidate[arg].clear();
            candidate[arg].extend(set.iter().map(|i| universe[i]));
            Some(self.run(args, &candidate))
        })?;
        let back = |set: &Positions| set.iter().map(|i| universe[i]).collect();
        Ok(Narrowed {
            pass: back(&narrowed.pass),
            fail: back(&narrowed.fail),
        })
    }

    fn not_passing(&mut self, args: &A, state: &[Vec<usize>]) -> StartError {
        StartError::NotPassing {
            call: call(self.name, &args.keep(&all_runs(state))),
        }
    }

    fn stats(&self) -> Stats {
        Stats {
            tests: self.tests,
            cache_hits: self.cache_hits,
            elapsed: self.started.elapsed(),
        }
    }
}

/// Ascending indices as runs of consecutive indices.
fn runs(set: &[usize]) -> Vec<Range<usize>> {
    Positions::from_sorted(set).intervals().to_vec()
}

/// A narrowed pair of one argument's parts (original indices, ascending): passing and
/// failing.
struct Narrowed {
    pass: Vec<usize>,
    fail: Vec<usize>,
}

/// A 128-bit hash of a candidate's parts (two independent 64-bit hashes).
fn key(state: &[Vec<usize>]) -> u128 {
    let half = |salt: u8| {
        let mut h = DefaultHasher::new();
        salt.hash(&mut h);
        for set in state {
            runs(set).hash(&mut h);
        }
        h.finish()
    };
    (u128::from(half(0)) << 64) | u128::from(half(1))
}
