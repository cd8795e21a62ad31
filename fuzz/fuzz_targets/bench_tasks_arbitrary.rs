//! Benchmark (BENCHMARKS.md, "Fuzzing"): the same task graphs as `bench_tasks_greduce`,
//! built by hand from `arbitrary`'s `Unstructured` (the usual way a cargo-fuzz target
//! gets structured input), decision for decision as the greduce generator draws them,
//! under the same property.
#![no_main]

use arbitrary::{Result, Unstructured};

#[derive(Debug, Default)]
struct Tasks {
    names: Vec<String>,
    deps: Vec<(usize, usize)>,
}

fn tasks(u: &mut Unstructured<'_>) -> Result<Tasks> {
    let mut t = Tasks::default();
    let n = u.int_in_range(2..=29usize)?;
    for i in 0..n {
        t.names.push(format!("task{i}"));
    }
    for _ in 0..u.int_in_range(0..=59usize)? {
        let a = u.int_in_range(0..=t.names.len() - 1)?;
        let b = u.int_in_range(0..=t.names.len() - 1)?;
        if a != b {
            t.deps.push((a.min(b), a.max(b)));
        }
        if u.ratio(1u8, 20u8)? {
            let last = t.deps.last().copied();
            t.deps.extend(last);
        }
    }
    Ok(t)
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(t) = tasks(&mut Unstructured::new(data)) else {
        return;
    };
    assert!(t.deps.iter().all(|&(a, b)| a < b && b < t.names.len()));
});
