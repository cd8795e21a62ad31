//! [`event`] and [`event_value`]: labels a generator or a property attaches to the case
//! being run, counted once per case by the statistics of a check
//! ([`Check::stats`](crate::Check::stats)).
//!
//! The events of a case go to a thread-local set that is open only while the check counts a
//! generated case: outside that window (no check, statistics off, saved failures, shrinking)
//! an event costs one thread-local read and is dropped.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fmt::Display;

thread_local! {
    /// The events of the case being counted on this thread; `None` when none is.
    static EVENTS: RefCell<Option<BTreeSet<Event>>> = const { RefCell::new(None) };
}

/// One event: a label, and the value it was given with [`event_value`].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Event {
    pub(crate) label: String,
    pub(crate) value: Option<String>,
}

/// Counts `label` for the case being run, once per case however often it is called: the
/// statistics of the check ([`Check::stats`](crate::Check::stats)) give the share of cases
/// that had it. Callable in the generator and in the property, on the thread that runs
/// the case. Does nothing (costing one thread-local read, the label not even formatted)
/// outside a check, in a check that does not collect statistics, and outside its
/// generated cases: explicit examples, saved failures and shrinking's runs are not
/// counted.
///
/// ```
/// use greduce::{Check, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
///     let v: Vec<u32> = (0..rng.random_range(0..4)).map(|_| rng.random_range(0..10)).collect();
///     if v.is_empty() {
///         greduce::event("empty list");
///     }
///     v
/// }
///
/// let mut empty = 0;
/// Check::new(numbers)
///     .seed(1)
///     .on_stats(|stats| empty = stats.event("empty list"))
///     .check(|v: &Vec<u32>| v.len() < 4);
/// // A length of 0 is drawn a quarter of the time: 20 of the 100 cases drew no number.
/// assert_eq!(empty, 20);
/// ```
pub fn event(label: impl Display) {
    add(&label, None);
}

/// Counts `label` with `value` for the case being run (`sorted: true`, `sorted: false`):
/// each value of a label is counted apart, once per case, and the summary shows the values
/// of a label together. Otherwise as [`event`].
///
/// ```
/// use greduce::{Check, generator};
/// use rand::RngExt;
///
/// #[generator]
/// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u8, u8) {
///     (rng.random_range(0..3), rng.random_range(0..3))
/// }
///
/// let mut stats = None;
/// Check::new(pair)
///     .seed(1)
///     .on_stats(|s| stats = Some(s))
///     .check(|&(a, b): &(u8, u8)| {
///         greduce::event_value("sorted", a <= b);
///         a.max(b) < 3
///     });
/// let stats = stats.unwrap();
/// // Two thirds of the pairs are sorted (a third are equal).
/// assert_eq!(stats.event_value("sorted", "true"), 66);
/// assert_eq!(stats.event_value("sorted", "false"), 34);
/// ```
pub fn event_value(label: impl Display, value: impl Display) {
    add(&label, Some(&value));
}

fn add(label: &dyn Display, value: Option<&dyn Display>) {
    // `try_with`: an event from a thread-local's destructor is dropped, not a panic.
    let open = EVENTS
        .try_with(|events| events.try_borrow().is_ok_and(|e| e.is_some()))
        .unwrap_or(false);
    if !open {
        return;
    }
    // Formatted before the set is borrowed: a `Display` that sends an event itself finds
    // the set free.
    let event = Event {
        label: label.to_string(),
        value: value.map(ToString::to_string),
    };
    let _ = EVENTS.try_with(|events| {
        if let Ok(mut events) = events.try_borrow_mut()
            && let Some(events) = events.as_mut()
        {
            events.insert(event);
        }
    });
}

/// The window in which one case's events are collected: open from [`Window::open`] until
/// [`Window::close`] (or until dropped, when the events are lost). Restores the window it
/// replaced, so a check run inside a case leaves that case's events alone.
pub(crate) struct Window {
    /// The events of the window this one replaced, if one was open.
    outer: Option<BTreeSet<Event>>,
    closed: bool,
}

impl Window {
    pub(crate) fn open() -> Window {
        let outer = EVENTS.with(|events| events.replace(Some(BTreeSet::new())));
        Window {
            outer,
            closed: false,
        }
    }

    /// The case's events, each once.
    pub(crate) fn close(mut self) -> BTreeSet<Event> {
        self.restore()
    }

    fn restore(&mut self) -> BTreeSet<Event> {
        if std::mem::replace(&mut self.closed, true) {
            return BTreeSet::new();
        }
        let outer = self.outer.take();
        EVENTS
            .try_with(|events| events.replace(outer))
            .ok()
            .flatten()
            .unwrap_or_default()
    }
}

impl Drop for Window {
    fn drop(&mut self) {
        let _ = self.restore();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(events: &BTreeSet<Event>) -> Vec<String> {
        events
            .iter()
            .map(|e| match &e.value {
                Some(v) => format!("{}: {v}", e.label),
                None => e.label.clone(),
            })
            .collect()
    }

    #[test]
    fn each_event_once_per_window() {
        event("before");
        let window = Window::open();
        event("a");
        event("a");
        event_value("n", 1);
        event_value("n", 2);
        event_value("n", 1);
        assert_eq!(labels(&window.close()), ["a", "n: 1", "n: 2"]);
        event("after");
        assert_eq!(labels(&Window::open().close()), Vec::<String>::new());
    }

    #[test]
    fn an_inner_window_leaves_the_outer_one_alone() {
        let outer = Window::open();
        event("outer");
        let inner = Window::open();
        event("inner");
        assert_eq!(labels(&inner.close()), ["inner"]);
        event("outer again");
        drop(Window::open());
        assert_eq!(labels(&outer.close()), ["outer", "outer again"]);
    }

    #[test]
    fn a_display_that_sends_an_event_is_counted_once() {
        struct Loud;
        impl std::fmt::Display for Loud {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                event("from display");
                f.write_str("loud")
            }
        }
        let window = Window::open();
        event(Loud);
        assert_eq!(labels(&window.close()), ["from display", "loud"]);
    }
}
