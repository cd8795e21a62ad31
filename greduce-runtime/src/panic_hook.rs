//! Quiet panics: while greduce replays candidates (hundreds of them may panic on purpose or
//! not), the panic message would flood stderr. A hook installed once per process prints
//! through the previous hook unless the current thread asked for quiet, and always remembers
//! the last panic's location for the reducer's explanations.

use std::cell::{Cell, RefCell};
use std::panic;
use std::sync::Once;

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
    static BRIEF: Cell<bool> = const { Cell::new(false) };
    static LAST_LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

static INSTALL: Once = Once::new();

fn install() {
    INSTALL.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let location = info
                .location()
                .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
            // `try_with`: the hook may run while thread-locals are being destroyed.
            let _ = LAST_LOCATION.try_with(|last| last.borrow_mut().clone_from(&location));
            if QUIET.try_with(Cell::get).unwrap_or(false) {
                return;
            }
            if BRIEF.try_with(Cell::get).unwrap_or(false) {
                // The panic as the standard hook words it, without a backtrace: the report
                // that follows says where the failure is.
                let thread = std::thread::current();
                let at = location.as_deref().unwrap_or("an unknown place");
                eprintln!(
                    "\nthread '{}' panicked at {at}:\n{}",
                    thread.name().unwrap_or("<unnamed>"),
                    message(info.payload())
                );
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `f`; with `quiet`, panics inside it print nothing on this thread. Either way, the
/// location of a panic inside is kept for [`take_location`].
pub(crate) fn quiet_if<T>(quiet: bool, f: impl FnOnce() -> T) -> T {
    install();
    if !quiet {
        return f();
    }
    let was = QUIET.with(|q| q.replace(true));
    let out = f();
    QUIET.with(|q| q.set(was));
    out
}

/// Runs `f`; a panic inside prints its message and location but no backtrace (for the
/// loud runs of a check: the final run of the minimal case, explicit examples, whose report
/// follows at once).
pub(crate) fn brief<T>(f: impl FnOnce() -> T) -> T {
    install();
    let was = BRIEF.with(|b| b.replace(true));
    let out = f();
    BRIEF.with(|b| b.set(was));
    out
}

/// Where the last panic on this thread happened (`file:line:col`), and forget it.
pub(crate) fn take_location() -> Option<String> {
    LAST_LOCATION.with(|last| last.borrow_mut().take())
}

/// The message of a panic payload.
pub(crate) fn message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic with a non-string payload)".to_string()
    }
}
