//! The hunts: greduce's properties run against real libraries, to find their bugs.
//!
//! ```text
//! cargo run --release -p greduce-hunts -- petgraph|tract|js|js-shares [--cases N]
//! cargo run --release -p greduce-hunts -- petgraph-minimal | petgraph-simple
//! cargo run --release -p greduce-hunts -- petgraph-shrinks [--cases N]
//! cargo run --release -p greduce-hunts -- petgraph-proptest [--cases N]
//! cargo run --release -p greduce-hunts -- tract-minimal [--cases N]
//! cargo run --release -p greduce-hunts -- tract-exhaustive [--steps S] [--size T,E] \
//!     [--rank R] [--dims D] [--extras X] [--draws K] [--count]
//! cargo run --release -p greduce-hunts -- tract-proptest [--cases N] [--findings T1,T7]
//! cargo run --release -p greduce-hunts -- tract-timeline [--secs S] [--threads N]
//! cargo run --release -p greduce-hunts -- tract-artifacts DIR [--start UNIX_SECONDS]
//! cargo run --release -p greduce-hunts -- tract-shrink FILE|seed:N... | tract-decode FILE|seed:N...
//! cargo run --release -p greduce-hunts -- js-table [--subjects N] [--jsdelta PATH/delta.js]
//! cargo run --release -p greduce-hunts -- js-oracle [--invert] FILE
//! cargo run --release -p greduce-hunts -- js-artifacts DIR oxc|swc|boa [--start UNIX_SECONDS]
//! ```
//!
//! `hunt petgraph [--cases N]`: properties of petgraph's algorithms against brute-force
//! references, `N` cases each (200 by default); prints a summary table and each failure's
//! shrunk input (see `greduce_hunts::hunt_petgraph`). `hunt petgraph-minimal` searches
//! small graphs exhaustively for the smallest failure of each finding's property
//! (`FINDINGS.md`; directed for F1 to F4, undirected for F5); `hunt petgraph-simple`
//! searches simple graphs for F6, which fails by chance. `hunt tract [--cases N]`: five
//! checks of the tract ONNX runtime on generated DL models (loads, shapes, optimises, runs,
//! same outputs optimised or not), 6000 cases each by default (see
//! `greduce_hunts::hunt_tract`). `hunt tract-minimal [--cases N]` generates `10 N` models of
//! one node and as many of two and runs the checks on them, printing the smallest failure of
//! each finding it sees (sampling, not exhaustive).
//! `hunt tract-exhaustive [--steps S] [--size T,E] [--rank R] [--dims D] [--extras X]
//! [--draws K] [--count]` checks every model within those bounds
//! (`greduce_hunts::small_models`), exhaustively, on every core; with `--count` it only
//! counts them, by their operators.
//! `hunt petgraph-shrinks [--cases N]` shrinks the first `N` failures (20 by default) of
//! each finding's property with and without the exhaustive search, and counts those that
//! end at the finding's minimum (`greduce_hunts::petgraph_shrinks`).
//! `hunt petgraph-proptest` and `hunt tract-proptest [--cases N] [--findings T1,T7]` run the
//! findings' properties under proptest, for the comparison in `FINDINGS.md`.

use std::time::Instant;

const USAGE: &str = "usage: cargo run --release -p greduce-hunts -- petgraph|tract|js|js-shares [--cases N] | petgraph-minimal | petgraph-simple | petgraph-shrinks [--cases N] | petgraph-proptest [--cases N] | tract-minimal [--cases N] | tract-exhaustive [--steps S --size T,E --rank R --dims D --extras X --draws K --count] | tract-proptest [--cases N] [--findings T1,T7] | tract-timeline [--secs S] [--threads N] | tract-artifacts DIR [--start UNIX_SECONDS] | tract-shrink FILE|seed:N... | tract-decode FILE|seed:N... | js-table [--subjects N] [--jsdelta PATH/delta.js] | js-oracle [--invert] FILE | js-artifacts DIR oxc|swc|boa [--start UNIX_SECONDS]";

/// `hunt petgraph-minimal` (exhaustive searches for F1 to F5, F7 and F8) or, with `simple`, `hunt
/// petgraph-simple` (F6, by chance).
fn petgraph_minimal(simple: bool) {
    use greduce_hunts::hunt_petgraph as h;
    if simple {
        // F6 (`steiner_tree` returns a cycle on a simple graph with ties), which fails by
        // chance: no parallel edges or self-loops, weights 0 or 1, several calls per graph.
        // About 11 minutes, most of it on the 6-vertex graphs; 7 vertices with weight 0 only.
        let searches = [(3, 1, 20), (4, 1, 20), (5, 1, 20), (6, 1, 8), (7, 0, 20)];
        let found = h::smallest_simple_failure(h::steiner_tree_prop, &searches);
        println!("steiner_tree, simple graphs {searches:?}: {found:?}");
        return;
    }
    let props: [(&str, fn(&_) -> _); 6] = [
        (
            "bidirectional_dijkstra (start = goal)",
            h::bidirectional_dijkstra_same_prop,
        ),
        ("find_negative_cycle", h::find_negative_cycle_prop),
        (
            "floyd_warshall negative cycles",
            h::floyd_warshall_cycle_prop,
        ),
        ("floyd_warshall", h::floyd_warshall_prop),
        ("page_rank", h::page_rank_prop),
        ("tred", h::tred_prop),
    ];
    // Up to 4 vertices and 4 edges; then 2 vertices and 5 edges.
    for (name, prop) in props {
        let found = h::smallest_failure(prop, 4, 4);
        println!("{name}: {found:?}");
        let two = h::smallest_failure(prop, 2, 5);
        println!("{name}, 2 vertices, up to 5 edges: {two:?}");
    }
    // Undirected: `steiner_tree` (F5; F6 fails only by chance, `petgraph-simple`).
    let steiner = h::smallest_failure(h::steiner_tree_prop, 4, 4);
    println!("steiner_tree: {steiner:?}");
}

/// `hunt tract-exhaustive [--steps S] [--size T,E] [--rank R] [--dims D] [--extras X]
/// [--draws K] [--count]`: every model within the bounds through every check
/// (`greduce_hunts::small_models`), or with `--count` none; by default 2 steps, size
/// (4, 5), rank 2, dimensions 2, 1 extra input and 64 draws. `FINDINGS.md`
/// reports that search (48 s on 2 cores) and the same with `--rank 3` (59 minutes).
fn tract_exhaustive(mut args: impl Iterator<Item = String>) {
    use greduce_hunts::small_models::Bounds;
    let mut bounds = Bounds {
        steps: 2,
        size: (4, 5),
        rank: 2,
        dims: 2,
        extras: 1,
        max_draws: 64,
    };
    let number = |v: Option<&str>| v.and_then(|v| v.parse::<u64>().ok()).filter(|n| *n > 0);
    let mut count = false;
    while let Some(arg) = args.next() {
        if arg == "--count" {
            count = true;
            continue;
        }
        let value = args.next();
        let ok = match arg.as_str() {
            "--steps" => number(value.as_deref()).map(|n| bounds.steps = n as u32),
            "--rank" => number(value.as_deref()).map(|n| bounds.rank = n),
            "--dims" => number(value.as_deref()).map(|n| bounds.dims = n),
            "--extras" => value
                .as_deref()
                .and_then(|v| v.parse().ok())
                .map(|n| bounds.extras = n),
            "--draws" => number(value.as_deref()).map(|n| bounds.max_draws = n as usize),
            "--size" => value
                .as_deref()
                .and_then(|v| v.split_once(','))
                .and_then(|(t, e)| Some((t.parse().ok()?, e.parse().ok()?)))
                .map(|size| bounds.size = size),
            _ => None,
        };
        if ok.is_none() {
            eprintln!(
                "{USAGE}\n--steps, --rank, --dims and --draws take positive numbers, --extras \
                 a number, --size two (4,5)"
            );
            std::process::exit(2);
        }
    }
    let start = Instant::now();
    // Progress on stderr: a long search (rank 3) runs for an hour or more.
    let report = |r: &greduce_hunts::small_models::Report| {
        eprintln!(
            "step {}: {} of {} walks ({} models grown), {} models, {} runs, {} cut, {:.0} s",
            r.steps,
            r.done,
            r.walks,
            r.growing,
            r.walk.models,
            r.walk.replays,
            r.walk.cut,
            start.elapsed().as_secs_f64()
        );
    };
    if count {
        count_models(&bounds, report, start);
        return;
    }
    let (walk, found) = greduce_hunts::hunt_tract::exhaustive_failures(&bounds, report);
    println!(
        "{bounds:?}: {} models checked, {} runs of the generator, {} runs cut at {} draws, {:.0} s; failures among them: {}",
        walk.models,
        walk.replays,
        walk.cut,
        bounds.max_draws,
        start.elapsed().as_secs_f64(),
        found.len()
    );
    for (name, size, model) in found {
        println!(
            "{name}: {size:?}\n{}",
            greduce_hunts::hunt_tract::listing(&model)
        );
    }
}

/// `hunt tract-exhaustive ... --count`: the walk without the checks, what a search within
/// `bounds` would check: the number of models, then the 40 lists of operators with the most
/// models, the most first.
fn count_models(
    bounds: &greduce_hunts::small_models::Bounds,
    report: impl Fn(&greduce_hunts::small_models::Report) + Sync,
    start: Instant,
) {
    use std::collections::HashMap;
    let by_ops = std::sync::Mutex::new(HashMap::<Vec<&str>, u64>::new());
    let walk = greduce_hunts::small_models::each_model_reporting(
        &greduce_hunts::hunt_tract::TRACT_OPS,
        bounds,
        |model| {
            *by_ops
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .entry(model.ops())
                .or_default() += 1;
        },
        report,
    );
    println!(
        "{bounds:?}: {} models (not checked), {} runs of the generator, {} runs cut, {:.0} s",
        walk.models,
        walk.replays,
        walk.cut,
        start.elapsed().as_secs_f64()
    );
    let mut by_ops: Vec<_> = by_ops
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .into_iter()
        .collect();
    by_ops.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    for (ops, n) in by_ops.iter().take(40) {
        println!("{n:>10} {}", ops.join(", "));
    }
}

/// `hunt tract-timeline [--secs S] [--threads N]`: random cases against the clock; `hunt
/// tract-artifacts DIR [--start UNIX_SECONDS]`: a fuzzer's artifacts; both by signature.
/// `hunt tract-shrink FILE|seed:N...` and `tract-decode FILE|seed:N...`: artifacts (or random
/// cases by seed) shrunk or decoded
/// (`greduce_hunts::tract_timeline`).
fn tract_timeline(target: &str, mut args: impl Iterator<Item = String>) {
    use greduce_hunts::tract_timeline::{artifacts, random, table};
    use std::time::{Duration, SystemTime};
    let usage = |why: &str| -> ! {
        eprintln!("{USAGE}\n{why}");
        std::process::exit(2);
    };
    if target == "tract-shrink" || target == "tract-decode" {
        for source in args {
            let line =
                greduce_hunts::tract_timeline::decode_and_shrink(&source, target == "tract-shrink");
            match line {
                Ok(line) => println!("{source}: {line}"),
                Err(e) => eprintln!("{e}"),
            }
        }
        return;
    }
    let dir = if target == "tract-artifacts" {
        Some(
            args.next()
                .unwrap_or_else(|| usage("tract-artifacts takes a directory")),
        )
    } else {
        None
    };
    let (mut secs, mut threads, mut start) = (600u64, 2usize, None);
    while let Some(arg) = args.next() {
        let number = args.next().and_then(|v| v.parse::<u64>().ok());
        match (arg.as_str(), number) {
            ("--secs", Some(n)) if dir.is_none() && n > 0 => secs = n,
            ("--threads", Some(n)) if dir.is_none() && n > 0 => {
                threads = usize::try_from(n).unwrap_or(1);
            }
            ("--start", Some(n)) if dir.is_some() => {
                start = Some(SystemTime::UNIX_EPOCH + Duration::from_secs(n));
            }
            _ => usage(
                "tract-timeline takes --secs S and --threads N; tract-artifacts DIR --start UNIX_SECONDS",
            ),
        }
    }
    if let Some(dir) = dir {
        match artifacts(std::path::Path::new(&dir), start) {
            Ok((files, timeline)) => print!("{files} files in {dir}\n{}", table(&timeline)),
            Err(e) => usage(&e),
        }
    } else {
        let (cases, timeline) = random(Duration::from_secs(secs), threads, 0x7ac7_1000);
        print!(
            "{cases} cases in {secs} s on {threads} threads\n{}",
            table(&timeline)
        );
    }
}

/// `hunt js-artifacts DIR ENGINE [--start UNIX_SECONDS]`: a JavaScript fuzz target's crash
/// files (`fuzz/fuzz_targets/js_<engine>.rs`) sorted into findings by signature, each with
/// when it was first found (BENCHMARKS.md, "Fuzzing", 6).
#[cfg(feature = "js")]
fn js_artifacts(mut args: impl Iterator<Item = String>) {
    let usage = |why: &str| -> ! {
        eprintln!("{USAGE}\n{why}");
        std::process::exit(2);
    };
    let (Some(dir), Some(engine)) = (args.next(), args.next()) else {
        usage("js-artifacts takes a directory and an engine (oxc, swc or boa)");
    };
    let start = match (
        args.next().as_deref(),
        args.next().map(|n| n.parse::<u64>()),
    ) {
        (None, None) => None,
        (Some("--start"), Some(Ok(n))) => {
            Some(std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(n))
        }
        _ => usage("js-artifacts takes --start UNIX_SECONDS"),
    };
    let signature = |data: &[u8]| greduce_hunts::hunt_js::artifact_signature(data, &engine);
    match greduce_hunts::tract_timeline::artifacts_by(std::path::Path::new(&dir), start, signature)
    {
        Ok((files, timeline)) => print!(
            "{files} files in {dir}\n{}",
            greduce_hunts::tract_timeline::table(&timeline)
        ),
        Err(e) => usage(&e),
    }
}

/// `hunt js-table [--subjects N] [--jsdelta PATH]`: the paper table's JavaScript rows;
/// `hunt js-oracle [--invert] FILE`: the question its command-line reducers ask
/// (`greduce_hunts::js_table`).
#[cfg(feature = "js")]
fn js_table(target: &str, mut args: impl Iterator<Item = String>) {
    use greduce_hunts::js_table::{Tool, oracle, subjects, table};
    let usage = |why: &str| -> ! {
        eprintln!("{USAGE}\n{why}");
        std::process::exit(2);
    };
    if target == "js-oracle" {
        let (invert, file) = match (args.next(), args.next()) {
            (Some(flag), Some(file)) if flag == "--invert" => (true, file),
            (Some(file), None) => (false, file),
            _ => usage("js-oracle takes [--invert] FILE"),
        };
        let log = std::env::var_os(greduce_hunts::js_table::LOG).map(std::path::PathBuf::from);
        std::process::exit(oracle(std::path::Path::new(&file), invert, log.as_deref()));
    }
    let (mut count, mut jsdelta) = (10usize, None);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--subjects", Some(n)) if n.parse::<usize>().is_ok_and(|n| n > 0) => {
                count = n.parse().expect("checked");
            }
            ("--jsdelta", Some(path)) => jsdelta = Some(std::path::PathBuf::from(path)),
            _ => usage("js-table takes --subjects N and --jsdelta PATH/delta.js"),
        }
    }
    let me = std::env::current_exe().unwrap_or_else(|e| usage(&format!("this program: {e}")));
    let greduce = me.with_file_name("greduce");
    let mut tools = Vec::new();
    if greduce.exists() {
        tools.push(("greduce reduce (chars)", Tool::GreduceChars(greduce)));
    } else {
        eprintln!(
            "{} is not built (cargo build --release -p greduce-cli): its column is left out",
            greduce.display()
        );
    }
    if let Some(delta) = jsdelta {
        tools.push(("JSDelta", Tool::JsDelta(delta)));
    }
    let subjects = subjects(count);
    print!("{}", table(&subjects, &tools, &me));
}

/// `hunt petgraph|tract [--cases N]`, `hunt petgraph-minimal|petgraph-simple` (no case
/// count: exhaustive searches), `hunt tract-minimal [--cases N]`, `hunt
/// petgraph-proptest|tract-proptest [--cases N]`.
/// The cases a target runs unless `--cases` says otherwise.
fn default_cases(target: &str) -> u64 {
    // Models are slower to check than graphs, but the tract hunt needs more cases than 200:
    // four of its findings (T7 to T10) first fail after 4000 cases (6000 run in about 5
    // minutes on one core).
    // JavaScript programs: 8000 per check (the hunt's rows run on two threads; 3.5 minutes
    // on 2 cores); their shares, 1000. `petgraph-shrinks`: failures per finding.
    if target.starts_with("tract") {
        6000
    } else if target == "js" {
        8000
    } else if target == "js-shares" {
        1000
    } else if target == "petgraph-shrinks" {
        20
    } else {
        200
    }
}

fn hunt(mut args: impl Iterator<Item = String>) {
    let target = args.next().unwrap_or_default();
    match target.as_str() {
        "tract-exhaustive" => return tract_exhaustive(args),
        "tract-timeline" | "tract-artifacts" | "tract-shrink" | "tract-decode" => {
            return tract_timeline(&target, args);
        }
        #[cfg(feature = "js")]
        "js-table" | "js-oracle" => return js_table(&target, args),
        #[cfg(feature = "js")]
        "js-artifacts" => return js_artifacts(args),
        _ => {}
    }
    let mut cases = default_cases(&target);
    let mut only = Vec::new();
    while let Some(arg) = args.next() {
        let value = args.next();
        match (arg.as_str(), value) {
            ("--cases", Some(n)) if n.parse::<u64>().is_ok_and(|n| n > 0) => {
                cases = n.parse().expect("checked");
            }
            ("--findings", Some(names)) if target == "tract-proptest" => {
                only = names.split(',').map(str::to_string).collect();
            }
            _ => {
                eprintln!(
                    "{USAGE}\n--cases takes a positive number; --findings (tract-proptest \
                     only) a list such as T1,T7"
                );
                std::process::exit(2);
            }
        }
    }
    if target == "petgraph-shrinks" {
        let runs = usize::try_from(cases).unwrap_or(usize::MAX);
        print!("{}", greduce_hunts::petgraph_shrinks::table(runs));
        return;
    }
    if target == "petgraph-minimal" || target == "petgraph-simple" {
        petgraph_minimal(target == "petgraph-simple");
        return;
    }
    if target == "petgraph-proptest" {
        let cases = u32::try_from(cases).unwrap_or(u32::MAX);
        print!(
            "{}",
            greduce_hunts::hunt_petgraph::proptest_findings(cases, 5)
        );
        return;
    }
    if target == "tract-proptest" {
        let cases = u32::try_from(cases).unwrap_or(u32::MAX);
        print!(
            "{}",
            greduce_hunts::hunt_tract::proptest_findings(cases, 3, &only)
        );
        return;
    }
    if target == "tract-minimal" {
        // Each seed gives one model of one operator step and one of two.
        let samples = 10 * cases;
        let (by_nodes, found) = greduce_hunts::hunt_tract::small_failures(samples, 2);
        println!(
            "{} models of one node and {} of two ({samples} seeds); failures among them: {}",
            by_nodes[1],
            by_nodes[2],
            found.len()
        );
        for (name, size, model) in found {
            println!(
                "{name}: {size:?}\n{}",
                greduce_hunts::hunt_tract::listing(&model)
            );
        }
        return;
    }
    match target.as_str() {
        "petgraph" => {
            let rows = greduce_hunts::hunt_petgraph::hunt_all(cases);
            print!("{}", greduce_hunts::hunt_petgraph::table(&rows));
        }
        "tract" => {
            let rows = greduce_hunts::hunt_tract::hunt_all(cases);
            print!("{}", greduce_hunts::hunt_tract::table(&rows));
        }
        #[cfg(feature = "js")]
        "js-shares" => print!("{}", greduce_hunts::hunt_js::shares(cases)),
        #[cfg(feature = "js")]
        "js" => {
            let rows = greduce_hunts::hunt_js::hunt_all(cases);
            print!("{}", greduce_hunts::hunt_js::table(&rows));
        }
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    }
}

fn main() {
    hunt(std::env::args().skip(1));
}
