//! `fuzz::check` under a fuzzer's panic hook. libfuzzer-sys and afl.rs install a hook that
//! aborts the process on any panic it sees, even one caught on purpose; here a hook that
//! counts what it sees stands in for theirs (installed first, as the fuzzer's is), so that
//! `assume` and a property's own caught panics never reach it, and a failure does, once,
//! saying everything. Its own test binary: the hook is the process's.

use greduce::{assume, generator};
use rand::RngExt;
use std::panic::{catch_unwind, set_hook, take_hook};
use std::sync::atomic::{AtomicUsize, Ordering};

static SEEN: AtomicUsize = AtomicUsize::new(0);

#[generator]
fn number<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    let n = rng.random_range(0..100);
    assume(n != 5);
    assert!(n != 6, "six");
    n
}

fn seen() -> usize {
    SEEN.swap(0, Ordering::SeqCst)
}

#[test]
fn only_failures_reach_the_fuzzers_hook() {
    let default = take_hook();
    set_hook(Box::new(move |info| {
        SEEN.fetch_add(1, Ordering::SeqCst);
        default(info);
    }));
    // PassSet, and `assume` in the generator and in the property rejects: nothing seen.
    greduce::fuzz::check(&[1], number, |n: &u32| *n == 1);
    greduce::fuzz::check(&[5], number, |_: &u32| true);
    greduce::fuzz::check(&[2], number, |_: &u32| assume(false));
    // A panic the property catches itself is its own business.
    greduce::fuzz::check(&[3], number, |_: &u32| {
        catch_unwind(|| panic!("caught")).is_err()
    });
    assert_eq!(seen(), 0);

    let message = |payload: Box<dyn std::any::Any + Send>| {
        payload
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default()
    };
    // A failing property: one panic, the input and the failure in it.
    let failed = catch_unwind(|| greduce::fuzz::check(&[4], number, |n: &u32| *n < 4)).unwrap_err();
    assert_eq!(seen(), 1);
    let failed = message(failed);
    assert!(
        failed.starts_with("greduce::fuzz: the property failed on this input:\n    4\n"),
        "{failed}"
    );
    // A panicking generator: one panic, with its message and where.
    let failed = catch_unwind(|| greduce::fuzz::check(&[6], number, |_: &u32| true)).unwrap_err();
    assert_eq!(seen(), 1);
    let failed = message(failed);
    assert!(
        failed.starts_with(
            "greduce::fuzz: the generator failed on these bytes: panicked at tests/fuzz_hook.rs:"
        ),
        "{failed}"
    );
    assert!(failed.ends_with("\n    six"), "{failed}");
}
