//! A property test that finds a real bug, shrinks the failing input and prints the report:
//!
//! ```text
//! cargo run --example quickstart
//! ```
//!
//! A build tool's scheduler with a real bug, tested on random task graphs; the generator,
//! the scheduler and the property are in `tasks.rs`.

mod tasks;

use greduce::Check;
use tasks::{Tasks, respects_dependencies, tasks};

fn main() {
    let report = Check::new(tasks)
        .name("schedule_respects_dependencies")
        .seed(0xe285_c83f_f06f_4d49)
        .persist(false)
        .size(|t: &Tasks| (t.names.len(), t.deps.len()))
        .try_check(respects_dependencies);
    match report {
        Ok(()) => println!("no failure found"),
        Err(report) => println!("{report}"),
    }
}
