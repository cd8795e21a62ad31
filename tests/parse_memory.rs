//! Parsing a saved trace keeps no memory once the trace is dropped: sites read back are
//! allocated once per process, not once per parse (10^6 parses used to keep 437 MB).

use greduce::{Trace, generator};
use rand::RngExt;

/// This process's resident memory in KiB (Linux; `None` elsewhere). The workspace forbids
/// `unsafe`, so a counting allocator is not an option.
fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[generator]
fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    let mut v = Vec::new();
    for _ in 0..rng.random_range(5..30) {
        v.push(rng.random_range(0..1000));
    }
    v
}

#[test]
fn parsing_again_keeps_nothing() {
    let text = greduce::record(numbers, 3).trace.to_text();
    // Warm up: the sites, and the buffers a thread keeps for the next trace.
    for _ in 0..3 {
        drop(Trace::parse(&text).expect("parses"));
    }
    let Some(before) = resident_kib() else {
        return;
    };
    for _ in 0..50_000 {
        drop(Trace::parse(&text).expect("parses"));
    }
    let grown = resident_kib().expect("read before") as i64 - before as i64;
    // Keeping the ~440 bytes of sites per parse grew 21 MB here.
    assert!(grown < 4 * 1024, "50 000 parses kept {grown} KiB");
}
