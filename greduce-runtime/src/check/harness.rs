//! What a check learns from the test harness and writes past it: the running test's name
//! (libtest names each test's thread after it), and notes on stderr that show even when the
//! harness captures the test's output.

use std::io::Write as _;

/// The running test's name (libtest names each test's thread after it), for reports.
pub(crate) fn test_name() -> String {
    running_test().unwrap_or_else(|| "property".to_string())
}

/// The name of the running test, when a test harness runs it on a thread of its name.
pub(crate) fn running_test() -> Option<String> {
    match std::thread::current().name() {
        Some(name) if name != "main" => Some(name.to_string()),
        _ => None,
    }
}

thread_local! {
    /// Whether the running check keeps its notes in the test harness's capture
    /// ([`Check::print_progress`] off).
    static CAPTURED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with the notes of [`to_stderr`] captured by the test harness when `captured`.
pub(crate) fn captured_if<T>(captured: bool, f: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            let _ = CAPTURED.try_with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(CAPTURED.with(|c| c.replace(captured)));
    f()
}

/// Writes a note to the process's stderr directly, past the test harness's capture (so it
/// shows even if the test passes or is killed), or, while a check with progress off runs,
/// through the capture (it shows with a failing test's output only).
pub(crate) fn to_stderr(text: &str) {
    if CAPTURED.try_with(std::cell::Cell::get).unwrap_or(false) {
        eprint!("{text}");
    } else {
        let _ = std::io::stderr().write_all(text.as_bytes());
    }
}
