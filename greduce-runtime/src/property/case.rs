//! One call of a property on one input: what it returned or how it panicked, whether it
//! rejected the input with [`assume`], and the [`note`]s it left.

use crate::config::SameFailure;
use crate::panic_hook;
use crate::property::outcome::Outcome;
use crate::run::Stop;
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::fmt::{self, Debug, Display};
use std::panic::{AssertUnwindSafe, Location, catch_unwind, resume_unwind};

thread_local! {
    /// Whether a check is running a case on this thread.
    static IN_CASE: Cell<bool> = const { Cell::new(false) };
    static NOTES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// `let` bindings of a `#[greduce::test]` body, as `(pattern, Debug)`.
    static BINDINGS: RefCell<Vec<(String, String)>> = const { RefCell::new(Vec::new()) };
}

/// What a property returns: anything that tells the input's [`Outcome`]: `()`, a `bool`
/// (`false` is a failure), a `Result` (`Err` is a failure, shown with `Debug`) or an
/// [`Outcome`] itself. (Formerly `CaseResult`.)
///
/// ```
/// use greduce::generator;
/// use rand::RngExt;
///
/// #[generator]
/// fn digit<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
///     rng.random_range(0..10)
/// }
///
/// // The same property three ways: it panics, returns `false`, or returns `Err` to fail.
/// greduce::check(digit, |d: &u32| assert!(*d < 10, "{d} is not a digit"));
/// greduce::check(digit, |d: &u32| *d < 10);
/// greduce::check(digit, |d: &u32| char::from_digit(*d, 10).ok_or("not a digit"));
/// ```
pub trait IntoOutcome {
    /// `Err` with a description when the property failed.
    ///
    /// ```
    /// use greduce::IntoOutcome;
    ///
    /// assert_eq!(().into_result(), Ok(()));
    /// assert_eq!(false.into_result(), Err("the property returned false".to_string()));
    /// assert_eq!(Err::<u8, _>("too big").into_result(), Err("\"too big\"".to_string()));
    /// ```
    ///
    /// # Errors
    ///
    /// When the property reports a failure.
    fn into_result(self) -> Result<(), String>;
}

/// The former name of [`IntoOutcome`], kept for one release: a bound `P: CaseResult` still
/// holds for every property; an `impl CaseResult for X` of your own becomes `impl
/// IntoOutcome for X`.
#[deprecated(note = "renamed `IntoOutcome`")]
pub trait CaseResult: IntoOutcome {}

#[allow(deprecated)]
impl<T: IntoOutcome + ?Sized> CaseResult for T {}

impl IntoOutcome for () {
    fn into_result(self) -> Result<(), String> {
        Ok(())
    }
}

impl IntoOutcome for bool {
    fn into_result(self) -> Result<(), String> {
        if self {
            Ok(())
        } else {
            Err("the property returned false".to_string())
        }
    }
}

/// A property may return an [`Outcome`]: `Unresolved` (and `Timeout`) rejects the input as
/// [`assume(false)`](crate::assume) does, in property checks and delta debugging alike.
impl IntoOutcome for Outcome {
    #[track_caller]
    fn into_result(self) -> Result<(), String> {
        match self {
            Outcome::Passes => Ok(()),
            Outcome::Fails => Err("Outcome::Fails".to_string()),
            Outcome::Unresolved | Outcome::Timeout => unresolved(Location::caller()),
        }
    }
}

impl<T, E: Debug> IntoOutcome for Result<T, E> {
    fn into_result(self) -> Result<(), String> {
        self.map(|_| ()).map_err(|e| format!("{e:?}"))
    }
}

/// The payload [`assume`] unwinds with: never printed, never a failure.
pub(crate) struct Rejected(pub(crate) String);

/// The payload that re-raises a failure recorded earlier (a `#[greduce::test]` body's,
/// which failed while its inputs were drawn).
pub(crate) struct Reraised(pub(crate) Failure);

/// What a test returning "unresolved" does: inside a case, rejects it as `assume(false)`
/// would (neither a pass nor a failure); outside, reports it as an error.
///
/// # Errors
///
/// Outside a case: always, saying the test was unresolved.
pub fn unresolved(site: &Location<'_>) -> Result<(), String> {
    if IN_CASE.with(Cell::get) {
        resume_unwind(Box::new(Rejected(site.to_string())));
    }
    Err("the test was unresolved".to_string())
}

/// Records a `let` binding of a `#[greduce::test]` body for the report. Called by the code
/// `#[greduce::test]` writes.
pub(crate) fn bind(pattern: &str, value: &dyn Debug) {
    if IN_CASE.with(Cell::get) {
        let binding = (pattern.to_string(), format!("{value:?}"));
        BINDINGS.with(|b| b.borrow_mut().push(binding));
    }
}

/// The bindings recorded since the current case started.
pub(crate) fn take_bindings() -> Vec<(String, String)> {
    BINDINGS.with(|b| std::mem::take(&mut *b.borrow_mut()))
}

/// Rejects the current case when `condition` is false: the input is discarded, neither a
/// pass nor a failure. Too many rejections fail the check (a health check), so prefer
/// generating valid inputs directly.
///
/// Works in the property and in the generator, while a check runs a case.
///
/// # Panics
///
/// When called with `false` outside a check.
///
/// ```
/// greduce::check(
///     |rng: &mut rand::rngs::StdRng| rand::RngExt::random_range(rng, 0..100u32),
///     |x: &u32| {
///         greduce::assume(*x != 0);
///         assert_eq!(100 / x * x <= 100, true);
///     },
/// );
/// ```
#[track_caller]
pub fn assume(condition: bool) {
    if condition {
        return;
    }
    let site = Location::caller();
    assert!(
        IN_CASE.with(Cell::get),
        "greduce::assume(false) at {site} outside a greduce check"
    );
    resume_unwind(Box::new(Rejected(site.to_string())));
}

/// Adds a line to the report of the current case. Notes of passing cases and of shrink
/// attempts are dropped; only the final failing case's notes are shown. Outside a check,
/// does nothing.
///
/// ```
/// greduce::check(
///     |rng: &mut rand::rngs::StdRng| rand::RngExt::random_range(rng, 0..100u32),
///     |x: &u32| {
///         let doubled = x * 2;
///         greduce::note(format_args!("doubled = {doubled}"));
///         assert!(doubled % 2 == 0);
///     },
/// );
/// ```
pub fn note(line: impl Display) {
    if IN_CASE.with(Cell::get) {
        NOTES.with(|n| n.borrow_mut().push(line.to_string()));
    }
}

/// Runs `f` as part of a case (so `assume` and `note` work in it), without catching
/// anything: for the generator runs of shrinking, which the reducer catches.
pub(crate) fn within<T>(f: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            IN_CASE.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(IN_CASE.with(|c| c.replace(true)));
    f()
}

/// How a case failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Where.
    pub(crate) at: At,
    /// The panic message, the returned error, or what happened to the process.
    pub(crate) message: String,
}

/// Where a case failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum At {
    /// A panic at `file:line:col`.
    Panic(String),
    /// The property returned a failure.
    Returned,
    /// The process running the case crashed or timed out (fork mode).
    Process,
}

impl Failure {
    pub(crate) fn returned(message: String) -> Failure {
        Failure {
            at: At::Returned,
            message,
        }
    }
}

impl Failure {
    /// Whether `other` is the same failure as `self`, in the sense of `mode`.
    pub fn same(&self, other: &Failure, mode: SameFailure) -> bool {
        match mode {
            SameFailure::Any => true,
            SameFailure::Location => {
                self.at == other.at
                    && (self.at != At::Returned || kind(&self.message) == kind(&other.message))
            }
            SameFailure::Message => self.at == other.at && self.message == other.message,
            SameFailure::Similar => {
                self.at == other.at && gist(&self.message) == gist(&other.message)
            }
        }
    }
}

impl Failure {
    /// The failure in one line: where, and the message's first line.
    pub fn one_line(&self) -> String {
        let message = self.message.lines().next().unwrap_or("");
        match &self.at {
            At::Panic(at) => format!("panicked at {at}: {message}"),
            At::Returned => format!("returned a failure: {message}"),
            At::Process => message.to_string(),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.at {
            At::Panic(at) => write!(f, "panicked at {at}:")?,
            At::Returned => write!(f, "returned a failure:")?,
            At::Process => write!(f, "the test process failed:")?,
        }
        for line in self.message.lines() {
            write!(f, "\n    {line}")?;
        }
        Ok(())
    }
}

/// The kind of a returned error, from its `Debug`: the path it starts with when that is
/// followed by `(`, `{` or nothing (`Overflow(3)`, `Parse { at: 2 }`, `Outcome::Fails`);
/// empty for any other text (a string's `Debug` starts with `"`, a message with a word and
/// a space).
fn kind(message: &str) -> &str {
    let end = message
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(message.len());
    let (head, rest) = message.split_at(end);
    let starts_like_a_name = head.starts_with(|c: char| c.is_alphabetic() || c == '_');
    let rest = rest.trim_start_matches(' ');
    if starts_like_a_name && (rest.is_empty() || rest.starts_with(['(', '{'])) {
        head
    } else {
        ""
    }
}

/// What a message is about: its first line up to the first `": "` (what usually follows is
/// a value), each run of digits replaced by one `#`.
fn gist(message: &str) -> String {
    let first = message.lines().next().unwrap_or("");
    let head = first.split(": ").next().unwrap_or(first);
    let mut out = String::with_capacity(head.len());
    for c in head.chars() {
        if !c.is_ascii_digit() {
            out.push(c);
        } else if !out.ends_with('#') {
            out.push('#');
        }
    }
    out
}

/// What came of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaseEnd {
    /// The property passed.
    Passed,
    /// Unresolved: rejected by `assume` at this location (`file:line:col`), as
    /// [`Outcome::Unresolved`] says of a property.
    Unresolved(String),
    /// The property failed.
    Failed(Failure),
}

/// Runs `f` as a case: panics are caught (printing nothing when `quiet`; otherwise as the
/// thread already does), `assume` rejects, notes are collected. Returns what `f` returned,
/// or how it ended, and the notes. A replay stopping on purpose passes through.
pub(crate) fn guard<T>(quiet: bool, f: impl FnOnce() -> T) -> (Result<T, CaseEnd>, Vec<String>) {
    let was = IN_CASE.with(|c| c.replace(true));
    NOTES.with(|n| n.borrow_mut().clear());
    BINDINGS.with(|b| b.borrow_mut().clear());
    let _ = panic_hook::take_location();
    let result = if quiet {
        panic_hook::quiet_if(true, || catch_unwind(AssertUnwindSafe(f)))
    } else {
        panic_hook::brief(|| catch_unwind(AssertUnwindSafe(f)))
    };
    IN_CASE.with(|c| c.set(was));
    let notes = NOTES.with(|n| std::mem::take(&mut *n.borrow_mut()));
    let result = match result {
        Ok(t) => Ok(t),
        Err(payload) if payload.is::<Stop>() => resume_unwind(payload),
        Err(payload) => Err(ended(&*payload)),
    };
    (result, notes)
}

/// Classifies an unwinding case.
pub(crate) fn ended(payload: &(dyn Any + Send)) -> CaseEnd {
    if let Some(Rejected(site)) = payload.downcast_ref::<Rejected>() {
        return CaseEnd::Unresolved(site.clone());
    }
    if let Some(Reraised(failure)) = payload.downcast_ref::<Reraised>() {
        return CaseEnd::Failed(failure.clone());
    }
    let location = panic_hook::take_location().unwrap_or_else(|| "an unknown place".to_string());
    CaseEnd::Failed(Failure {
        at: At::Panic(location),
        message: panic_hook::message(payload),
    })
}

/// Runs a property on an input as a case.
pub fn check<T, P: IntoOutcome>(
    quiet: bool,
    property: &mut impl FnMut(&T) -> P,
    input: &T,
) -> (CaseEnd, Vec<String>) {
    let (result, notes) = guard(quiet, || property(input).into_result());
    let outcome = match result {
        Ok(Ok(())) => CaseEnd::Passed,
        Ok(Err(message)) => CaseEnd::Failed(Failure::returned(message)),
        Err(outcome) => outcome,
    };
    (outcome, notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn panic_at(at: &str, message: &str) -> Failure {
        Failure {
            at: At::Panic(at.to_string()),
            message: message.to_string(),
        }
    }

    #[test]
    fn similar_failures() {
        let a = panic_at(
            "a.rs:1:1",
            "index out of bounds: the len is 3 but the index is 5",
        );
        let b = panic_at(
            "a.rs:1:1",
            "index out of bounds: the len is 0 but the index is 0",
        );
        let c = panic_at(
            "a.rs:2:1",
            "index out of bounds: the len is 3 but the index is 5",
        );
        let d = panic_at("a.rs:1:1", "attempt to subtract with overflow");
        assert!(a.same(&b, SameFailure::Similar));
        assert!(!a.same(&c, SameFailure::Similar));
        assert!(!a.same(&d, SameFailure::Similar));
        assert!(a.same(&d, SameFailure::Location));
        assert!(!a.same(&b, SameFailure::Message));
        assert!(a.same(&c, SameFailure::Any));
        let returned = |m: &str| Failure::returned(m.to_string());
        let same = |a: &str, b: &str| returned(a).same(&returned(b), SameFailure::Location);
        assert!(same("\"abc is not a set\"", "\"aa is not a set\""));
        assert!(same("word abc repeats a letter", "word aa repeats"));
        assert!(same("Overflow(3)", "Overflow(700)"));
        assert!(same("Parse { at: 2 }", "Parse { at: 0 }"));
        assert!(!same("Overflow(3)", "Parse { at: 2 }"));
        assert!(!same("Overflow(3)", "\"overflow\""));
        assert!(same("Unit", "Unit"));
        assert!(!returned("x").same(&a, SameFailure::Location));
        assert_eq!(kind("Outcome::Fails"), "Outcome::Fails");
        assert_eq!(kind("Custom { kind: Other }"), "Custom");
        assert_eq!(kind("the property returned false"), "");
        assert_eq!(kind("1 is odd"), "");
        assert_eq!(gist("x too big: 17\nmore"), "x too big");
        assert_eq!(gist("len 12 > 7"), "len # > #");
    }

    #[test]
    fn assume_rejects_quietly() {
        let (result, notes) = guard(true, || {
            note("kept");
            assume(false);
        });
        assert!(matches!(result, Err(CaseEnd::Unresolved(_))));
        assert_eq!(notes, ["kept"]);
    }

    #[test]
    fn results_and_panics() {
        let mut prop = |x: &i32| -> Result<(), String> {
            assert!(*x < 10, "too big: {x}");
            if *x < 0 {
                Err("negative".into())
            } else {
                Ok(())
            }
        };
        assert_eq!(check(true, &mut prop, &1).0, CaseEnd::Passed);
        assert_eq!(
            check(true, &mut prop, &-1).0,
            CaseEnd::Failed(Failure::returned("\"negative\"".into()))
        );
        let CaseEnd::Failed(f) = check(true, &mut prop, &11).0 else {
            panic!("expected a failure")
        };
        assert_eq!(f.message, "too big: 11");
        assert!(matches!(f.at, At::Panic(at) if at.contains("case.rs")));
    }
}
