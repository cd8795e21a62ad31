//! The order passes run in: rounds to a fixpoint, limited then full (see the module docs
//! of `passes`).

use crate::config::passes::{Pass, PassSet};
use crate::reduce::passes::probe::Probe;
use crate::reduce::passes::{delete, hoist, minimize, reorder, structure, together, trivial};

/// Runs `passes` to a fixpoint (or until a budget or the stall limit stops it).
pub(crate) fn run(probe: &mut dyn Probe, passes: PassSet) {
    let values = passes != PassSet::STRUCTURE;
    if passes.contains(PassSet::STRUCTURE) {
        probe.begin(Pass::Structure, false);
        structure::run(probe, !values);
    }
    let families: [(PassSet, Family); 7] = [
        (PassSet::TRIVIAL, trivial::run),
        (PassSet::DELETE, delete::run),
        (PassSet::HOIST, hoist::run),
        (PassSet::REORDER, reorder::run),
        (PassSet::TOGETHER, together::duplicates),
        (PassSet::MINIMIZE, minimize::run),
        (PassSet::TOGETHER, together::pairs),
    ];
    if !families.iter().any(|(family, _)| passes.contains(*family)) {
        return;
    }
    // The input each pass last ran over to its end without finding anything: running it
    // again on the same input would find nothing again (passes are deterministic).
    let mut clean: [Option<u64>; 8] = [None; 8];
    let mut limited = true;
    loop {
        let start = probe.generation();
        for (i, (family, pass)) in families.iter().enumerate() {
            if probe.stopped() {
                return;
            }
            if passes.contains(*family) && clean[i] != Some(probe.generation()) {
                let before = probe.generation();
                probe.cut_short();
                pass(probe, limited);
                // Every pass of the family ran to its end without finding anything (the
                // minimize, together and delete families try more in a full round than in a
                // limited one).
                let whole = !limited
                    || ![PassSet::MINIMIZE, PassSet::TOGETHER, PassSet::DELETE].contains(family);
                if probe.generation() == before && !probe.cut_short() && !probe.give_up() && whole {
                    clean[i] = Some(before);
                }
            }
        }
        // Simpler values can make parts removable; a full round checks it in any case.
        let structure = families.len();
        if passes.contains(PassSet::STRUCTURE)
            && (probe.generation() != start || !limited)
            && clean[structure] != Some(probe.generation())
        {
            let before = probe.generation();
            probe.cut_short();
            probe.begin(Pass::Structure, limited);
            structure::sweep(probe);
            if probe.generation() == before && !probe.cut_short() && !probe.give_up() {
                clean[structure] = Some(before);
            }
        }
        if probe.stopped() {
            return;
        }
        if probe.generation() != start {
            limited = true;
        } else if limited {
            limited = false;
        } else {
            return;
        }
    }
}

/// A pass family's entry point: runs its passes over the current trace once; `limited`: in
/// a limited round.
type Family = fn(&mut dyn Probe, bool);

/// How many failing candidates in a row the running pass may still propose, and where
/// each pass stopped when a limited round cut it short.
#[derive(Debug, Default)]
pub(crate) struct Limits {
    /// The pass proposing candidates now.
    pub(crate) pass: Option<Pass>,
    /// Failing candidates in a row the pass may still propose (`None`: no limit).
    left: Option<u32>,
    /// Passes that have succeeded in this reduction (they get more tries).
    proven: Vec<Pass>,
    /// Where each pass stopped when last cut short.
    cursors: Vec<(Pass, usize)>,
    /// Whether a pass used up its tries since [`Limits::take_cut_short`] last asked (a
    /// family runs several passes, each with its own tries).
    cut_short: bool,
}

impl Limits {
    /// Failing candidates in a row a pass may propose in a limited round.
    const TRIES: u32 = 24;
    /// The same, for a pass that has not succeeded yet in this reduction.
    const TRIES_UNPROVEN: u32 = 8;

    /// `pass` starts; `limited`: in a limited round.
    pub(crate) fn begin(&mut self, pass: Pass, limited: bool) {
        self.cut_short |= self.exhausted();
        self.pass = Some(pass);
        self.left = limited.then(|| self.tries(pass));
    }

    fn tries(&self, pass: Pass) -> u32 {
        if self.proven.contains(&pass) {
            Limits::TRIES
        } else {
            Limits::TRIES_UNPROVEN
        }
    }

    /// A candidate of the running pass was judged.
    pub(crate) fn judged(&mut self, accepted: bool) {
        let Some(pass) = self.pass else { return };
        if accepted {
            if !self.proven.contains(&pass) {
                self.proven.push(pass);
            }
            let tries = self.tries(pass);
            if let Some(left) = &mut self.left {
                *left = tries;
            }
        } else if let Some(left) = &mut self.left {
            *left = left.saturating_sub(1);
        }
    }

    /// Whether a pass used up its failing candidates since the last call (the running one
    /// included); forgets it.
    pub(crate) fn take_cut_short(&mut self) -> bool {
        let cut = std::mem::take(&mut self.cut_short) | self.exhausted();
        // The running pass's tries are accounted for: the next `begin` must not count them
        // again.
        self.left = None;
        cut
    }

    /// Whether the running pass has used up its failing candidates.
    pub(crate) fn exhausted(&self) -> bool {
        self.left == Some(0)
    }

    /// Where the running pass resumes (0 in a full round).
    pub(crate) fn resume(&self) -> usize {
        match (self.pass, self.left) {
            (Some(pass), Some(_)) => self
                .cursors
                .iter()
                .find(|(p, _)| *p == pass)
                .map_or(0, |(_, at)| *at),
            _ => 0,
        }
    }

    /// The running pass stopped at `at`.
    pub(crate) fn pause(&mut self, at: usize) {
        let Some(pass) = self.pass else { return };
        match self.cursors.iter_mut().find(|(p, _)| *p == pass) {
            Some((_, c)) => *c = at,
            None => self.cursors.push((pass, at)),
        }
    }
}
