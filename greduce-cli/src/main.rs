//! `greduce reduce FILE -- CMD ARGS...`: shrink FILE while CMD still exits 0. What a user
//! reads (`greduce --help`) is in `options.rs`.

mod command;
mod file;
mod options;
mod progress;
mod reduce;

use command::{Interestingness, Scratch};
use greduce::grammar::Grammar;
use options::{Options, Request};
use progress::Progress;
use std::fmt::Write as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    match options::parse(std::env::args_os().skip(1)) {
        Ok(Request::Reduce(options)) => match run(&options) {
            Ok(()) => ExitCode::SUCCESS,
            // The original is not interesting, or reading, writing or running failed.
            Err(message) => {
                eprintln!("greduce: {message}");
                ExitCode::from(1)
            }
        },
        Ok(Request::Corpus { regressions, dir }) => match corpus(&regressions, &dir) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("greduce: {message}");
                ExitCode::from(1)
            }
        },
        Ok(Request::Completions(shell)) => {
            clap_complete::generate(
                shell,
                &mut options::command(),
                "greduce",
                &mut std::io::stdout(),
            );
            ExitCode::SUCCESS
        }
        // A usage error (exit status 2, on stderr), or the help or the version (0, stdout).
        Err(e) => {
            let _ = e.print();
            ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
        }
    }
}

/// `greduce corpus`: writes the saved failures' bytes and says what it wrote and skipped.
fn corpus(regressions: &std::path::Path, dir: &std::path::Path) -> Result<(), String> {
    if !regressions.is_file() {
        return Err(format!("{} is not a file", regressions.display()));
    }
    let seeded = greduce::fuzz::seed_corpus(regressions, dir).map_err(|e| {
        format!(
            "cannot seed {} from {}: {e}",
            dir.display(),
            regressions.display()
        )
    })?;
    for file in &seeded.files {
        println!("wrote {}", file.display());
    }
    for (seed, why) in &seeded.skipped {
        println!("skipped the failure {seed:#018x}: {why}");
    }
    if seeded.files.is_empty() && seeded.skipped.is_empty() {
        println!("no failures are saved in {}", regressions.display());
    }
    Ok(())
}

/// A `map_err` for an I/O step: what was being done, and the error.
fn io(what: &str) -> impl FnOnce(std::io::Error) -> String + '_ {
    move |e| format!("{what}: {e}")
}

/// Reads and checks the grammar of `--grammar`.
fn load_grammar(path: &std::path::Path) -> Result<Grammar, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the grammar {shown}: {e}"))?;
    text.parse()
        .map_err(|e| format!("the grammar {shown} is not valid: {e}"))
}

fn run(options: &Options) -> Result<(), String> {
    let file = &options.file;
    let shown = file.display();
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "{shown} is not UTF-8 text (invalid byte at offset {}): greduce reduce works on text",
            e.utf8_error().valid_up_to()
        )
    })?;
    // FILE is parsed when the grammar pass runs (last by default, on a text the other
    // passes have made small): parsing the 2.2 MB `json-100k` of the dd-bench up front
    // took 44 s and 5.5 GB.
    let grammar = options.grammar.as_deref().map(load_grammar).transpose()?;
    let command = Interestingness::new(&options.command, file, options.timeout)
        .map_err(io("cannot set up the command"))?;
    let scratch = Scratch::new(options.jobs).map_err(io("cannot make scratch directories"))?;
    // The original must be interesting, or there is nothing to keep.
    match command
        .first(&scratch.dirs()[0], text.as_bytes())
        .map_err(io("cannot run the command"))?
    {
        None => {
            return Err(format!(
                "`{}` did not finish within the timeout ({:?}) on the original {shown}; raise it \
                 with --timeout",
                command.shown(),
                options.timeout
            ));
        }
        Some(out) if !out.status.success() => {
            let mut message = format!(
                "`{}` is not interesting on the original {shown} ({}): it must exit 0 on the \
                 file to reduce, run in a directory holding only a copy of it",
                command.shown(),
                command::status_text(out.status)
            );
            for (name, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
                if !bytes.is_empty() {
                    let _ = write!(
                        message,
                        "\n--- its {name} (last lines) ---\n{}",
                        command::tail(bytes)
                    );
                }
            }
            return Err(message);
        }
        Some(_) => {}
    }
    let (backup, wrote_backup) = file::backup(file, text.as_bytes())
        .map_err(|e| format!("cannot save a backup of {shown}: {e}"))?;
    let progress = Progress::new(text.len(), options.quiet);
    let reducer = reduce::Reducer::new(&command, scratch.dirs(), grammar.as_ref(), &progress);
    let original = text.len();
    let mut save = |best: &str| file::write_atomically(file, best.as_bytes());
    let result = reducer.reduce(text, &options.passes, &mut save);
    progress.finish();
    let smallest = result.map_err(io("reduction stopped"))?;
    if !options.quiet {
        let timeouts = match progress.timeouts() {
            0 => String::new(),
            n => format!(", {n} timed out"),
        };
        eprintln!(
            "greduce: {shown}: {original} -> {} bytes, {} tests ({} cache hits{timeouts}), {:.1} s; \
             the original is in {}{}",
            smallest.len(),
            progress.tests(),
            progress.cache_hits(),
            progress.elapsed().as_secs_f64(),
            backup.display(),
            if wrote_backup {
                ""
            } else {
                " (saved by an earlier run)"
            }
        );
    }
    Ok(())
}
