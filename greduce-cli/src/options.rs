//! The command line: `greduce reduce [OPTIONS] FILE -- CMD [ARGS...]`, `greduce corpus
//! REGRESSIONS DIR` and `greduce completions SHELL`, parsed by clap.
//!
//! clap's builder API rather than its derive. The derive builds the proc-macro crate
//! `clap_derive` (and heck; syn is built anyway, but it needs a newer syn 3 than the
//! workspace had): 2 to 3 s more CPU time on a cold `cargo build -p greduce-cli` (+7 %;
//! the wall time difference was lost in the noise of a shared two-core machine; figures
//! in the commit that moved the CLI onto clap). It would save little code here either,
//! where the defaults of `--jobs` and `--passes` and the grammar check come after parsing
//! anyway. The price of the builder is that values come out of `ArgMatches` by name,
//! their type checked at run time: the unit tests run `Command::debug_assert` and parse
//! every option, so a misspelled name or a wrong type fails them.

use clap::builder::styling::Styles;
use clap::builder::{EnumValueParser, PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, ArgMatches, Command, ValueEnum, value_parser};
use clap_complete::Shell;
use std::ffi::{OsStr, OsString};
use std::path::PathBuf;
use std::time::Duration;

/// The usage line of `greduce reduce`, as the README and the examples write it.
const USAGE: &str = "greduce reduce [OPTIONS] FILE -- CMD [ARGS...]";

/// What greduce does, first in `greduce --help` and `greduce reduce --help`.
const ABOUT: &str = "Shrink a file while a command still says it is interesting";

/// The paragraphs under [`ABOUT`] in the long help.
const LONG_ABOUT: &str = "\
Shrink a file while a command still says it is interesting

Reduces FILE in place to a smaller file for which CMD still exits 0 (\"interesting\"),
as C-Reduce, C-Vise and picire do. CMD runs in a scratch directory that holds the
candidate under FILE's own name, so `greduce reduce bug.c -- ./test.sh bug.c` tests each
candidate as bug.c; a CMD path with a '/' is taken from where greduce was started. Tests
run in parallel, each in its own directory.

FILE is saved first as FILE.orig (kept if it already exists), and rewritten atomically
at every improvement: interrupting greduce (Ctrl-C, kill) loses nothing.";

/// The sections after the options in the long help: the passes, the grammar, examples
/// and the exit status. `{h}` and `{r}` start and end a section heading.
const AFTER_HELP: &str = "\
{h}Passes:{r}
  Repeated until none shrinks the file: delete bracketed constructs ({}, (), [] with
  the start of the line they open on: a function, an `if` block, a JSON member),
  outermost first; delete chunks of lines; of tokens (words, runs of spaces, single
  symbols); of characters. Chunks are halves of the parts, then quarters, down to
  single parts. A comma left before a closing bracket goes too.

{h}Grammar:{r}
  With --grammar G, a last pass reduces FILE through its parse tree (Perses): each
  node, largest first, is replaced by the smallest node of the same nonterminal inside
  it (or its empty expansion) that stays interesting, so every candidate of that pass
  is derived by the grammar. G is a grammar in greduce's text form (`greduce::grammar`),
  one rule per line, the first rule's nonterminal the start:

      <json>    ::= <ws> <value> <ws>
      <value>   ::= <object> | <array> | <string> | <number> | \"true\" | \"false\" | \"null\"
      <array>   ::= \"[\" <ws> \"]\" | \"[\" <items> \"]\"
      <items>   ::= <json> | <json> \",\" <items>
      <number>  ::= \"-\"? [0-9]+
      <ws>      ::= [ \\n]*
      ...

  When the file as reduced so far does not parse with G (the file itself, or a text an
  earlier pass left that the command accepted), greduce says where and goes on without
  the grammar pass. So with a command that does not check the syntax itself, put the
  grammar pass first or alone (`--passes grammar,lines,tokens,chars`, `--passes grammar`).

{h}Examples:{r}
  # bug.c crashes the compiler with \"internal compiler error\"; keep it crashing.
  cat > test.sh <<'SH'
  #!/bin/sh
  gcc -c bug.c 2>&1 | grep -q 'internal compiler error'
  SH
  chmod +x test.sh
  greduce reduce bug.c -- ./test.sh

  # Any command works: shrink notes.txt while it still contains both words.
  greduce reduce notes.txt -- sh -c 'grep -q alpha notes.txt && grep -q omega notes.txt'

  # Shrink data.json while it holds `-0.5`, every candidate parsing with the grammar
  # (only the grammar pass runs: the others may leave text that does not parse).
  greduce reduce --grammar json.grammar --passes grammar data.json -- \\
      sh -c 'grep -q -- -0.5 data.json'

{h}Exit status:{r}
  0 when FILE was reduced (or could not be reduced further); 1 when CMD is not
  interesting on the original FILE, or a file cannot be read or written (FILE then
  holds the best result so far); 2 on a usage error.";

/// A granularity pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Granularity {
    Grammar,
    Lines,
    Brackets,
    Tokens,
    Chars,
}

impl Granularity {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Granularity::Grammar => "grammar",
            Granularity::Lines => "lines",
            Granularity::Brackets => "brackets",
            Granularity::Tokens => "tokens",
            Granularity::Chars => "chars",
        }
    }
}

/// `--passes`' values, listed in the help with a line each.
impl ValueEnum for Granularity {
    fn value_variants<'a>() -> &'a [Granularity] {
        &[
            Granularity::Grammar,
            Granularity::Brackets,
            Granularity::Lines,
            Granularity::Tokens,
            Granularity::Chars,
        ]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            Granularity::Grammar => "subtrees of FILE's parse tree by --grammar's grammar",
            Granularity::Brackets => "bracketed constructs, outermost first",
            Granularity::Lines => "chunks of lines",
            Granularity::Tokens => "chunks of tokens",
            Granularity::Chars => "chunks of characters",
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

/// One pass name of `--passes`, spaces around it ignored (`--passes "lines, chars"`).
#[derive(Clone)]
struct PassName;

impl TypedValueParser for PassName {
    type Value = Granularity;

    fn parse_ref(
        &self,
        cmd: &Command,
        arg: Option<&Arg>,
        value: &OsStr,
    ) -> Result<Granularity, clap::Error> {
        let trimmed = value.to_str().map_or(value, |v| OsStr::new(v.trim()));
        EnumValueParser::<Granularity>::new().parse_ref(cmd, arg, trimmed)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            Granularity::value_variants()
                .iter()
                .filter_map(ValueEnum::to_possible_value),
        ))
    }
}

/// The parsed command line of `greduce reduce`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Options {
    pub(crate) file: PathBuf,
    pub(crate) command: Vec<OsString>,
    pub(crate) jobs: usize,
    pub(crate) timeout: Duration,
    pub(crate) passes: Vec<Granularity>,
    /// The grammar file of `--grammar`.
    pub(crate) grammar: Option<PathBuf>,
    pub(crate) quiet: bool,
}

/// What the command line asks for (help and the version are clap's "errors" that print
/// to stdout and exit 0).
#[derive(Debug, PartialEq)]
pub(crate) enum Request {
    Reduce(Options),
    /// Write the bytes of the failures saved in a regressions file into a fuzzer's corpus.
    Corpus {
        regressions: PathBuf,
        dir: PathBuf,
    },
    /// Print a completion script for this shell.
    Completions(Shell),
}

/// The whole command line, for parsing and for completion scripts.
pub(crate) fn command() -> Command {
    let header = *Styles::default().get_header();
    let after_help = AFTER_HELP
        .replace("{h}", &header.render().to_string())
        .replace("{r}", &header.render_reset().to_string());
    Command::new("greduce")
        .version(env!("CARGO_PKG_VERSION"))
        .propagate_version(true)
        .about(ABOUT)
        .long_about(LONG_ABOUT)
        .override_usage(format!(
            "{USAGE}\n       greduce corpus REGRESSIONS DIR\n       greduce completions SHELL"
        ))
        .after_long_help(after_help.clone())
        .subcommand_required(true)
        .disable_help_flag(true)
        .disable_version_flag(true)
        .args(help_and_version())
        // Each subcommand's usage and options in `greduce --help` too.
        .flatten_help(true)
        .subcommands([reduce(after_help), corpus(), completions()])
}

/// `greduce reduce`, with the long help's last sections.
fn reduce(after_help: String) -> Command {
    Command::new("reduce")
        .about("Shrink FILE in place while CMD still exits 0")
        .long_about(LONG_ABOUT)
        .override_usage(USAGE)
        .after_long_help(after_help)
        // The version as `greduce -V` says it, not `greduce-reduce 0.1.0`.
        .display_name("greduce")
        .disable_help_flag(true)
        .disable_version_flag(true)
        // Last one wins, as in most tools (`-j 2 ... -j 4` runs 4).
        .args_override_self(true)
        .args([
            Arg::new("jobs")
                .short('j')
                .long("jobs")
                .value_name("N")
                .value_parser(jobs)
                // `-j -1` is a wrong number, not an unknown option.
                .allow_negative_numbers(true)
                .help("Tests run at once [default: the number of cores]"),
            Arg::new("timeout")
                .short('t')
                .long("timeout")
                .value_name("TIME")
                .value_parser(timeout)
                .allow_negative_numbers(true)
                .default_value("60")
                .help("A test running longer (`60`, `0.5`, `500ms`, `2m`) is stopped and counts as uninteresting"),
            Arg::new("grammar")
                .long("grammar")
                .value_name("G")
                .value_parser(value_parser!(PathBuf))
                .help(
                    "Also reduce by FILE's parse tree with the grammar in file G\n\
                     (a last pass by default; see Grammar below)",
                ),
            Arg::new("passes")
                .long("passes")
                .value_name("LIST")
                .value_delimiter(',')
                .value_parser(PassName)
                .help(
                    "Which passes, in order, comma-separated\n\
                     [default: brackets,lines,tokens,chars, and grammar last with --grammar]",
                ),
            Arg::new("quiet")
                .short('q')
                .long("quiet")
                .action(ArgAction::SetTrue)
                .help("No progress line"),
            Arg::new("file")
                .value_name("FILE")
                // After the options, FILE before CMD in `greduce --help` too.
                .display_order(100)
                .required(true)
                .value_parser(value_parser!(PathBuf))
                .help("The file to reduce, rewritten in place"),
            Arg::new("command")
                .value_name("CMD")
                .display_order(101)
                .required(true)
                .num_args(1..)
                .last(true)
                .allow_hyphen_values(true)
                .value_parser(value_parser!(OsString))
                .help(
                    "The command that says whether a candidate is interesting (exit status 0),\n\
                     after `--`, with its arguments: they go to it untouched, even those that\n\
                     look like greduce's options",
                ),
        ])
}

/// `greduce corpus REGRESSIONS DIR`.
fn corpus() -> Command {
    Command::new("corpus")
        .about("Write the failures saved in a regressions file into a fuzzer's corpus")
        .long_about(
            "Write the failures saved in a regressions file into a fuzzer's corpus\n\n\
             Each failure greduce saved in REGRESSIONS (a file under greduce-regressions/)\n\
             becomes the bytes that `greduce::fuzz::check` reads as its input: a file\n\
             greduce-<seed> in DIR (created if needed), so a fuzz target starts from the\n\
             minimal failures. For cargo-fuzz:\n\n    \
             greduce corpus greduce-regressions/quickstart_fuzz/artifacts.txt \\\n        \
             fuzz/corpus/quickstart",
        )
        .display_name("greduce")
        .disable_help_flag(true)
        .disable_version_flag(true)
        .args([
            Arg::new("regressions")
                .value_name("REGRESSIONS")
                .required(true)
                .value_parser(value_parser!(PathBuf))
                .help("A regressions file (greduce-regressions/<test binary>/<test>.txt)"),
            Arg::new("dir")
                .value_name("DIR")
                .required(true)
                .value_parser(value_parser!(PathBuf))
                .help("The fuzzer's corpus directory"),
        ])
}

/// `greduce completions SHELL`.
fn completions() -> Command {
    Command::new("completions")
        .about("Print a shell completion script for greduce")
        .long_about(
            "Print a shell completion script for greduce\n\n\
             For bash:\n\n    \
             greduce completions bash > ~/.local/share/bash-completion/completions/greduce\n\n\
             See your shell's manual for where the others go.",
        )
        .display_name("greduce")
        .disable_help_flag(true)
        .disable_version_flag(true)
        .arg(
            Arg::new("shell")
                .value_name("SHELL")
                .required(true)
                .value_parser(value_parser!(Shell))
                .help("The shell to complete for"),
        )
}

/// `-h` and `--help` (both print the long help, as they did before clap, whose default
/// prints a summary for `-h`) and `-V`, `--version`: global, so each subcommand has them
/// and `greduce --help` lists them once.
fn help_and_version() -> [Arg; 2] {
    [
        Arg::new("help")
            .short('h')
            .long("help")
            .global(true)
            .action(ArgAction::HelpLong)
            .help("Print help"),
        Arg::new("version")
            .short('V')
            .long("version")
            .global(true)
            .action(ArgAction::Version)
            .help("Print the version"),
    ]
}

/// `--jobs`: a positive number.
fn jobs(value: &str) -> Result<usize, String> {
    value
        .parse()
        .ok()
        .filter(|&jobs| jobs > 0)
        .ok_or_else(|| "expected a positive number of tests to run at once".to_string())
}

/// `--timeout`: a positive duration, read as `GREDUCE_TIMEOUT` is (`60`, `0.5`, `500ms`,
/// `2m`: a bare number is seconds).
fn timeout(value: &str) -> Result<Duration, String> {
    match greduce_settings::duration(value) {
        Some(time) if !time.is_zero() => Ok(time),
        Some(_) => Err("expected a positive duration, not zero".to_string()),
        None => Err(format!("expected {}", greduce_settings::DURATION_FORMS)),
    }
}

/// Parses the arguments after the program name. `Err` is clap's: a usage error (exit
/// status 2), or the help or the version, which it prints.
pub(crate) fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Request, clap::Error> {
    let mut command = command();
    let matches = command
        .try_get_matches_from_mut(std::iter::once("greduce".into()).chain(args))
        .map_err(separator_tip)?;
    match matches.subcommand() {
        Some(("corpus", m)) => Ok(Request::Corpus {
            regressions: m
                .get_one::<PathBuf>("regressions")
                .expect("required")
                .clone(),
            dir: m.get_one::<PathBuf>("dir").expect("required").clone(),
        }),
        Some(("completions", m)) => Ok(Request::Completions(
            *m.get_one::<Shell>("shell").expect("required"),
        )),
        Some(("reduce", m)) => reduce_options(m).map(Request::Reduce).map_err(|message| {
            let reduce = command.find_subcommand_mut("reduce").expect("a subcommand");
            reduce.error(ErrorKind::MissingRequiredArgument, message)
        }),
        _ => unreachable!("a subcommand is required"),
    }
}

/// Adds a tip to clap's "unexpected argument 'cc' found" for a word that is not an option:
/// most likely the command, given without the `--` before it.
fn separator_tip(mut e: clap::Error) -> clap::Error {
    if e.kind() == ErrorKind::UnknownArgument
        && let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg)
        && !arg.starts_with('-')
    {
        let tip = "the command to run and its arguments go after `--`";
        e.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![tip.into()]),
        );
    }
    e
}

/// The options of `greduce reduce`, and the one check clap does not make.
fn reduce_options(m: &ArgMatches) -> Result<Options, &'static str> {
    let grammar = m.get_one::<PathBuf>("grammar").cloned();
    let passes = match m.get_many::<Granularity>("passes") {
        Some(passes) if grammar.is_none() && passes.clone().any(|&p| p == Granularity::Grammar) => {
            return Err("the `grammar` pass needs a grammar: add `--grammar G`");
        }
        Some(passes) => passes.copied().collect(),
        // With a grammar, its pass runs last, on a text the others have made small: Perses
        // tests each node's candidates, smallest first, until one is interesting, so on a
        // large tree it runs thousands of tests. On the dd-bench's JSON (BENCHMARKS.md),
        // first it took 2238 tests on `json-1k`; after the brackets, 451 there but 300 s
        // without finishing on `json-100k`.
        None => [
            Granularity::Brackets,
            Granularity::Lines,
            Granularity::Tokens,
            Granularity::Chars,
        ]
        .into_iter()
        .chain(grammar.iter().map(|_| Granularity::Grammar))
        .collect(),
    };
    Ok(Options {
        file: m.get_one::<PathBuf>("file").expect("required").clone(),
        command: m
            .get_many::<OsString>("command")
            .expect("required")
            .cloned()
            .collect(),
        jobs: m
            .get_one::<usize>("jobs")
            .copied()
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)),
        timeout: *m.get_one::<Duration>("timeout").expect("a default"),
        passes,
        grammar,
        quiet: m.get_flag("quiet"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<OsString> {
        s.split_whitespace().map(OsString::from).collect()
    }

    fn options(s: &str) -> Options {
        match parse(args(s)) {
            Ok(Request::Reduce(o)) => o,
            other => panic!("{s}: {other:?}"),
        }
    }

    fn error(s: &str) -> clap::Error {
        parse(args(s)).expect_err(s)
    }

    #[test]
    fn the_command_line_is_consistent() {
        command().debug_assert();
    }

    #[test]
    fn parses_a_reduction() {
        let o =
            options("reduce -j 3 --timeout 0.5 --passes lines,chars -q bug.c -- ./t.sh bug.c -x");
        assert_eq!(o.file, PathBuf::from("bug.c"));
        assert_eq!(o.command, args("./t.sh bug.c -x"));
        assert_eq!(
            (o.jobs, o.timeout, o.quiet),
            (3, Duration::from_millis(500), true)
        );
        assert_eq!(o.passes, [Granularity::Lines, Granularity::Chars]);
        assert_eq!(o.grammar, None);
        let o = options("reduce --grammar j.g f.json -- t");
        assert_eq!(o.grammar, Some(PathBuf::from("j.g")));
        assert_eq!(o.passes[3..], [Granularity::Chars, Granularity::Grammar]);
        assert_eq!(o.timeout, Duration::from_secs(60));
        assert!(o.jobs >= 1 && !o.quiet);
        // A duration as `GREDUCE_TIMEOUT` reads it.
        assert_eq!(
            options("reduce -t 2m f -- t").timeout,
            Duration::from_secs(120)
        );
        assert_eq!(
            options("reduce -t 250ms f -- t").timeout,
            Duration::from_millis(250)
        );
        // Values attached, repeated options (the last wins), spaces in the list.
        let o = parse(
            [
                "reduce",
                "-j2",
                "--jobs=5",
                "--passes",
                "tokens, lines",
                "f",
                "--",
                "t",
            ]
            .map(OsString::from),
        );
        let Ok(Request::Reduce(o)) = o else {
            panic!("{o:?}")
        };
        assert_eq!(o.jobs, 5);
        assert_eq!(o.passes, [Granularity::Tokens, Granularity::Lines]);
        assert!(matches!(
            parse(args("completions zsh")),
            Ok(Request::Completions(Shell::Zsh))
        ));
    }

    #[test]
    fn the_command_keeps_what_looks_like_options() {
        let o = options("reduce f -- grep -q -j 0 --help -- -0.5 --passes x -V f");
        assert_eq!(
            o.command,
            args("grep -q -j 0 --help -- -0.5 --passes x -V f")
        );
        assert_eq!(o.file, PathBuf::from("f"));
    }

    #[test]
    fn says_what_is_wrong() {
        use ErrorKind::*;
        let cases = [
            ("", MissingSubcommand, "requires a subcommand"),
            (
                "shrink f -- t",
                InvalidSubcommand,
                "unrecognized subcommand 'shrink'",
            ),
            ("reduce -- t", MissingRequiredArgument, "<FILE>"),
            ("reduce f", MissingRequiredArgument, "<CMD>"),
            (
                "reduce f g -- t",
                UnknownArgument,
                "unexpected argument 'g'",
            ),
            ("reduce -j 0 f -- t", ValueValidation, "positive number"),
            ("reduce -j x f -- t", ValueValidation, "positive number"),
            ("reduce -j -1 f -- t", ValueValidation, "positive number"),
            ("reduce -t -1 f -- t", ValueValidation, "a duration such as"),
            ("reduce -t x f -- t", ValueValidation, "number of seconds"),
            (
                "reduce -t 0 f -- t",
                ValueValidation,
                "positive duration, not zero",
            ),
            (
                "reduce -t 1e30 f -- t",
                ValueValidation,
                "a duration such as",
            ),
            (
                "reduce --passes lines,words f -- t",
                InvalidValue,
                "'words'",
            ),
            ("reduce --fast f -- t", UnknownArgument, "'--fast'"),
            (
                "reduce f -j",
                InvalidValue,
                "a value is required for '--jobs <N>'",
            ),
            ("reduce f -t", InvalidValue, "'--timeout <TIME>'"),
            ("reduce f --passes", InvalidValue, "'--passes <LIST>'"),
            ("reduce f --grammar", InvalidValue, "'--grammar <G>'"),
            (
                "reduce --passes grammar f -- t",
                MissingRequiredArgument,
                "add `--grammar G`",
            ),
            ("completions tcsh", InvalidValue, "'tcsh'"),
        ];
        for (line, kind, says) in cases {
            let e = error(line);
            let message = e.render().to_string();
            assert_eq!(e.kind(), kind, "{line}: {message}");
            assert!(message.contains(says), "{line}: {message}");
            assert_eq!(e.exit_code(), 2, "{line}");
        }
        for line in [
            "--help",
            "-h",
            "reduce --help",
            "help reduce",
            "reduce f -h",
        ] {
            assert_eq!(error(line).kind(), DisplayHelp, "{line}");
        }
        for line in ["--version", "-V", "reduce -V"] {
            let e = error(line);
            assert_eq!(e.kind(), DisplayVersion, "{line}");
            assert_eq!(
                e.render().to_string(),
                format!("greduce {}\n", env!("CARGO_PKG_VERSION"))
            );
        }
    }
}
