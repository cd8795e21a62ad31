//! What a baseline reduction costs, and the cache of tested texts they share.

use crate::dd::Outcome;
use std::collections::HashMap;

/// What a reduction by [`perses`](super::perses) or [`ddmin_choices`](super::ddmin_choices)
/// did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Candidates proposed, including those whose text was tested already.
    pub candidates: usize,
    /// Calls of the test (candidates with a text not tested before).
    pub tests: usize,
    /// Tests that reproduced the failure.
    pub failing: usize,
    /// Tests that were unresolved (the candidate was not a valid input for the test).
    pub unresolved: usize,
    /// Candidates that were not inputs at all (a choice sequence that runs out derives
    /// nothing; Perses' candidates always are).
    pub underived: usize,
}

/// A test with a cache of the texts it was called on, counting as it goes.
pub(crate) struct Tester<F> {
    test: F,
    tested: HashMap<String, Outcome>,
    pub(crate) effort: Effort,
}

impl<F: FnMut(&str) -> O, O: Into<Outcome>> Tester<F> {
    pub(crate) fn new(test: F) -> Self {
        Tester {
            test,
            tested: HashMap::new(),
            effort: Effort::default(),
        }
    }

    /// The outcome of a candidate's text, and whether the test ran for it (not from the
    /// cache).
    pub(crate) fn run(&mut self, shown: String) -> (Outcome, bool) {
        self.effort.candidates += 1;
        if let Some(&outcome) = self.tested.get(&shown) {
            return (outcome, false);
        }
        let outcome = (self.test)(&shown).into();
        self.effort.tests += 1;
        match outcome {
            Outcome::Fails => self.effort.failing += 1,
            Outcome::Unresolved | Outcome::Timeout => self.effort.unresolved += 1,
            Outcome::Passes => {}
        }
        self.tested.insert(shown, outcome);
        (outcome, true)
    }

    /// A candidate that is no input at all.
    pub(crate) fn underived(&mut self) {
        self.effort.candidates += 1;
        self.effort.underived += 1;
    }

    /// The first test: an error unless the original fails.
    pub(crate) fn original(
        &mut self,
        shown: String,
        call: &dyn Fn() -> String,
    ) -> Result<(), crate::dd::StartError> {
        match self.run(shown).0 {
            Outcome::Fails => Ok(()),
            Outcome::Passes => Err(crate::dd::StartError::NotFailing { call: call() }),
            Outcome::Unresolved | Outcome::Timeout => {
                Err(crate::dd::StartError::Unresolved { call: call() })
            }
        }
    }
}
