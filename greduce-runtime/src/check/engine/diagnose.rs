//! What a check says when something is off: a failure that does not come back on a
//! second run (with the first decision that differed), a generator that panicked while
//! recording, and the health of the cases rejected.

use crate::check::report;
use crate::check::report::Report;
use crate::config::Config;
use crate::property::case::CaseEnd;
use crate::property::case::Failure;
use crate::trace::Trace;

/// A generated case that failed.
pub(super) struct Failing<'a, T> {
    pub(super) name: &'a str,
    pub(super) config: &'a Config,
    /// Which case: "case 3", or "the saved failure at `file:line`".
    pub(super) origin: String,
    pub(super) seed: u64,
    pub(super) input: T,
    pub(super) failure: Failure,
}

impl<T> Failing<'_, T> {
    /// Whether `failure` is the failure being shrunk.
    pub(super) fn same_failure(&self, failure: &Failure) -> bool {
        self.failure.same(failure, self.config.same_failure)
    }

    /// Whether a case failed with the failure being shrunk.
    pub(super) fn same(&self, outcome: &CaseEnd) -> bool {
        matches!(outcome, CaseEnd::Failed(f) if self.same_failure(f))
    }

    pub(super) fn report(
        &self,
        input: String,
        failure: &Failure,
        notes: &[String],
        shrunk: Option<report::Shrunk>,
        flaky: Option<String>,
    ) -> Report {
        report::Failed {
            name: self.name,
            origin: &self.origin,
            seed: self.seed,
            input,
            failure,
            notes,
            shrunk,
            flaky,
        }
        .report()
    }

    pub(super) fn not_deterministic(&self, first: &str, second: &str) -> Report {
        not_deterministic(self.name, self.seed, first, second)
    }

    /// The generator panicked when run again, recording, from the failing case's seed. A
    /// panic of greduce's own says what is wrong with the generator (a helper that takes
    /// the rng without `#[generator]`): it is the report; any other is reported as such.
    pub(super) fn panicked_recording(&self, panic: &Failure) -> Report {
        let what = match panic.message.strip_prefix("greduce: ") {
            Some(own) if own.contains(crate::run::scopes::NOT_A_GENERATOR) => own.to_string(),
            _ => format!(
                "the generator panicked when run again from the failing case's seed to record \
                 it (called directly, it did not), so the case cannot be shrunk: {}",
                panic.one_line()
            ),
        };
        report::problem(self.name, Some(self.seed), &what)
    }
}

/// What a case did when run again, for a flaky report ("... but {this} when run again").
pub(super) fn rerun(outcome: &CaseEnd) -> String {
    match outcome {
        CaseEnd::Passed => "passed".to_string(),
        CaseEnd::Unresolved(at) => format!("was rejected by `assume` at {at}"),
        CaseEnd::Failed(f) => format!("failed another way ({})", f.one_line()),
    }
}

pub(super) fn not_deterministic(name: &str, seed: u64, first: &str, second: &str) -> Report {
    let what = format!(
        "the generator is not deterministic: run again from the same seed it produced a \
         different input, so it cannot be shrunk. A generator must draw all its randomness \
         from its rng (no thread_rng, no HashMap iteration order, no global state).\n    \
         first run: {}\n    second run: {}",
        truncated(first, 500),
        truncated(second, 500)
    );
    report::problem(name, Some(seed), &what)
}

/// Whether two `Debug` texts hold the same characters, in any order: outputs a
/// deterministic generator made twice print alike up to the order of a hash map's entries.
pub(super) fn same_up_to_order(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let sorted = |text: &str| {
        let mut bytes = text.as_bytes().to_vec();
        bytes.sort_unstable();
        bytes
    };
    a.len() == b.len() && sorted(a) == sorted(b)
}

/// The first decision where two recordings of one case differ, described; `None` when
/// they made the same decisions.
pub(super) fn first_difference(first: &Trace, second: &Trace) -> Option<String> {
    let (mut firsts, mut seconds) = (first.each_decision(), second.each_decision());
    for number in 1.. {
        let said = match (firsts.next(), seconds.next()) {
            (None, None) => return None,
            (Some(one), Some(other)) if one == other => continue,
            (Some(one), Some(other)) => format!(
                "the first run drew {} at {}, the second {} at {}",
                drawn(&one),
                one.site(),
                drawn(&other),
                other.site()
            ),
            (Some(one), None) => format!(
                "the first run drew {} at {}, the second had stopped",
                drawn(&one),
                one.site()
            ),
            (None, Some(other)) => format!(
                "the first run had stopped, the second drew {} at {}",
                drawn(&other),
                other.site()
            ),
        };
        return Some(format!("decision {number}: {said}"));
    }
    None
}

/// A decision's value and arguments as a saved trace writes them.
pub(super) fn drawn(decision: &crate::trace::Decision) -> String {
    format!(
        "{} ({})",
        crate::trace::value_text::value_text(&decision.value),
        crate::trace::value_text::args_text(&decision.args)
    )
}

/// A generator that drew differently from the same seed.
pub(super) fn drew_differently(name: &str, seed: u64, difference: &str) -> Report {
    let what = format!(
        "the generator is not deterministic: run twice from the same seed, it drew \
         differently, so it cannot be shrunk.\n    {difference}\n    A generator must draw \
         all its randomness from its rng. The usual causes: iterating a `HashMap` or \
         `HashSet` (their order changes from run to run: use a `BTreeMap` / `BTreeSet`, or \
         sort the keys before drawing for them), clocks, `thread_rng`, global state."
    );
    report::problem(name, Some(seed), &what)
}

/// The minimal trace replayed to another input than the one shrinking judged.
pub(super) fn not_deterministic_minimal<T>(
    failing: &Failing<'_, T>,
    judged: &str,
    again: &str,
) -> Report {
    let what = format!(
        "the generator is not deterministic: replayed from the minimal trace, it produced a \
         different input than the one shrinking tested, so no minimal input can be reported \
         (the original failing case stays saved). A generator must draw all its randomness \
         from its rng (no thread_rng, no HashMap iteration order, no global state).\n    \
         tested while shrinking: {}\n    replayed: {}",
        truncated(judged, 500),
        truncated(again, 500)
    );
    report::problem(failing.name, Some(failing.seed), &what)
}

pub(super) fn truncated(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}... ({} more bytes)", &text[..i], text.len() - i),
        None => text.to_string(),
    }
}
