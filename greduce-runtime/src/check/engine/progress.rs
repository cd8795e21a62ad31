//! The progress line a shrinking check prints on a terminal.

use crate::check::harness::to_stderr;
use crate::reduce::Progress;
use std::fmt::Debug;
use std::time::Duration;

/// The progress line shrinking writes each second once it has taken a second.
pub(super) struct ProgressLine<'a> {
    pub(super) name: &'a str,
    pub(super) on: bool,
    pub(super) printed: Option<Duration>,
    /// Whether sizes are numbers of decisions.
    pub(super) decisions: bool,
}

impl<'a> ProgressLine<'a> {
    pub(super) fn new(name: &'a str, on: bool, decisions: bool) -> Self {
        ProgressLine {
            name,
            on,
            printed: None,
            decisions,
        }
    }

    pub(super) fn show<T, S: Debug>(&mut self, p: &Progress<'_, T, S>) {
        let second = Duration::from_secs(1);
        let due = p.elapsed >= second
            && self
                .printed
                .is_none_or(|t| p.elapsed.saturating_sub(t) >= second);
        if self.on && due {
            self.printed = Some(p.elapsed);
            to_stderr(&format!(
                "greduce: shrinking `{}`: {} property calls, {} (was {:?}), {:.1} s\n",
                self.name,
                p.stats.property_calls,
                sized(self.decisions, &p.size),
                p.original_size,
                p.elapsed.as_secs_f64()
            ));
        }
    }
}

/// A size as reports say it: "6 decisions" (the default measure), else "size (3, 4)".
pub(super) fn sized<S: Debug>(decisions: bool, size: &S) -> String {
    match format!("{size:?}") {
        one if decisions && one == "1" => "1 decision".to_string(),
        n if decisions => format!("{n} decisions"),
        other => format!("size {other}"),
    }
}
