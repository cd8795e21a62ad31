//! The command line: `greduce reduce [OPTIONS] FILE -- CMD [ARGS...]`, parsed by hand (a
//! handful of options does not need an argument-parsing crate).

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

/// What `--help` prints.
pub(crate) const HELP: &str = "\
greduce: shrink a file while a command still says it is interesting

USAGE:
    greduce reduce [OPTIONS] FILE -- CMD [ARGS...]

Reduces FILE in place to a smaller file for which CMD still exits 0 (\"interesting\"),
as C-Reduce, C-Vise and picire do. CMD runs in a scratch directory that holds the
candidate under FILE's own name, so `greduce reduce bug.c -- ./test.sh bug.c` tests each
candidate as bug.c; a CMD path with a '/' is taken from where greduce was started. Tests
run in parallel, each in its own directory.

FILE is saved first as FILE.orig (kept if it already exists), and rewritten atomically
at every improvement: interrupting greduce (Ctrl-C, kill) loses nothing.

Passes, repeated until none shrinks the file: delete bracketed constructs ({}, (), []
with the start of the line they open on: a function, an `if` block, a JSON member),
outermost first; delete chunks of lines; of tokens (words, runs of spaces, single
symbols); of characters. Chunks are halves of the parts, then quarters, down to single
parts. A comma left before a closing bracket goes too.

With --grammar G, a last pass reduces FILE through its parse tree (Perses): each node,
largest first, is replaced by the smallest node of the same nonterminal inside it (or its
empty expansion) that stays interesting, so every candidate of that pass is derived by
the grammar. G is a grammar in greduce's text form (`greduce::grammar`), one rule per
line, the first rule's nonterminal the start:

    <json>    ::= <ws> <value> <ws>
    <value>   ::= <object> | <array> | <string> | <number> | \"true\" | \"false\" | \"null\"
    <array>   ::= \"[\" <ws> \"]\" | \"[\" <items> \"]\"
    <items>   ::= <json> | <json> \",\" <items>
    <number>  ::= \"-\"? [0-9]+
    <ws>      ::= [ \\n]*
    ...

When the file as reduced so far does not parse with G (the file itself, or a text an
earlier pass left that the command accepted), greduce says where and goes on without the
grammar pass. So with a command that does not check the syntax itself, put the grammar
pass first or alone (`--passes grammar,lines,tokens,chars`, `--passes grammar`).

OPTIONS:
    -j, --jobs N        tests run at once (default: the number of cores)
    -t, --timeout SECS  a test running longer is stopped and counts as uninteresting
                        (default: 60)
        --grammar G     also reduce by FILE's parse tree with the grammar in file G
                        (a last pass by default; see above)
        --passes LIST   which passes, in order, from grammar,brackets,lines,tokens,
                        chars (default: brackets,lines,tokens,chars, and grammar
                        last with --grammar)
    -q, --quiet         no progress line
    -h, --help          this text
    -V, --version       the version

EXAMPLE:
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

EXIT STATUS:
    0 when FILE was reduced (or could not be reduced further); 1 when CMD is not
    interesting on the original FILE, or a file cannot be read or written (FILE then
    holds the best result so far); 2 on a usage error.
";

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

/// What the command line asks for.
#[derive(Debug, PartialEq)]
pub(crate) enum Request {
    Reduce(Options),
    Help,
    Version,
}

/// Parses the arguments after the program name.
pub(crate) fn parse(args: Vec<OsString>) -> Result<Request, String> {
    let mut args = args.into_iter();
    let Some(sub) = args.next() else {
        return Err("no subcommand: use `greduce reduce FILE -- CMD ARGS...`".to_string());
    };
    match sub.to_str() {
        Some("-h" | "--help" | "help") => return Ok(Request::Help),
        Some("-V" | "--version") => return Ok(Request::Version),
        Some("reduce") => {}
        _ => {
            return Err(format!(
                "unknown subcommand `{}`: the subcommand is `reduce`",
                sub.to_string_lossy()
            ));
        }
    }
    let mut file = None;
    let mut jobs = std::thread::available_parallelism().map_or(1, usize::from);
    let mut timeout = Duration::from_secs(60);
    let mut passes = None;
    let mut grammar = None;
    let mut quiet = false;
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy().into_owned();
        let mut value = |name: &str| {
            args.next()
                .map(|v| v.to_string_lossy().into_owned())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match text.as_str() {
            "--" => break,
            "-h" | "--help" => return Ok(Request::Help),
            "-V" | "--version" => return Ok(Request::Version),
            "-q" | "--quiet" => quiet = true,
            "-j" | "--jobs" => {
                let v = value("--jobs")?;
                jobs = v
                    .parse()
                    .ok()
                    .filter(|&j| j > 0)
                    .ok_or_else(|| format!("--jobs takes a positive number, not `{v}`"))?;
            }
            "-t" | "--timeout" => {
                let v = value("--timeout")?;
                timeout = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| *s > 0.0)
                    .and_then(|s| Duration::try_from_secs_f64(s).ok())
                    .ok_or_else(|| {
                        format!("--timeout takes a positive number of seconds, not `{v}`")
                    })?;
            }
            "--passes" => passes = Some(parse_passes(&value("--passes")?)?),
            "--grammar" => grammar = Some(PathBuf::from(value("--grammar")?)),
            flag if flag.starts_with('-') && flag.len() > 1 => {
                return Err(format!("unknown option `{flag}` (see `greduce --help`)"));
            }
            _ if file.is_none() => file = Some(PathBuf::from(arg)),
            _ => {
                return Err(format!(
                    "unexpected `{text}`: the command to run goes after `--`, as in \
                     `greduce reduce FILE -- CMD ARGS...`"
                ));
            }
        }
    }
    let file = file.ok_or("no FILE: use `greduce reduce FILE -- CMD ARGS...`")?;
    let command: Vec<OsString> = args.collect();
    if command.is_empty() {
        return Err(
            "no command after `--`: greduce needs the command that says whether a candidate \
             is interesting (exit status 0)"
                .to_string(),
        );
    }
    let passes = match passes {
        Some(passes) if grammar.is_none() && passes.contains(&Granularity::Grammar) => {
            return Err("the `grammar` pass needs a grammar: add `--grammar G`".to_string());
        }
        Some(passes) => passes,
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
    Ok(Request::Reduce(Options {
        file,
        command,
        jobs,
        timeout,
        passes,
        grammar,
        quiet,
    }))
}

fn parse_passes(list: &str) -> Result<Vec<Granularity>, String> {
    list.split(',')
        .map(|p| match p.trim() {
            "grammar" => Ok(Granularity::Grammar),
            "lines" => Ok(Granularity::Lines),
            "brackets" => Ok(Granularity::Brackets),
            "tokens" => Ok(Granularity::Tokens),
            "chars" => Ok(Granularity::Chars),
            other => Err(format!(
                "unknown pass `{other}` in --passes: the passes are grammar, brackets, lines, tokens and chars"
            )),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<OsString> {
        s.split_whitespace().map(OsString::from).collect()
    }

    #[test]
    fn parses_a_reduction() {
        let Ok(Request::Reduce(o)) = parse(args(
            "reduce -j 3 --timeout 0.5 --passes lines,chars -q bug.c -- ./t.sh bug.c -x",
        )) else {
            panic!("not parsed");
        };
        assert_eq!(o.file, PathBuf::from("bug.c"));
        assert_eq!(o.command, args("./t.sh bug.c -x"));
        assert_eq!(
            (o.jobs, o.timeout, o.quiet),
            (3, Duration::from_millis(500), true)
        );
        assert_eq!(o.passes, [Granularity::Lines, Granularity::Chars]);
        assert_eq!(o.grammar, None);
        let Ok(Request::Reduce(o)) = parse(args("reduce --grammar j.g f.json -- t")) else {
            panic!("not parsed");
        };
        assert_eq!(o.grammar, Some(PathBuf::from("j.g")));
        assert_eq!(o.passes[3..], [Granularity::Chars, Granularity::Grammar]);
    }

    #[test]
    fn says_what_is_wrong() {
        let error = |s| parse(args(s)).unwrap_err();
        assert!(error("").contains("no subcommand"));
        assert!(error("shrink f -- t").contains("unknown subcommand `shrink`"));
        assert!(error("reduce -- t").contains("no FILE"));
        assert!(error("reduce f").contains("no command after `--`"));
        assert!(error("reduce f g -- t").contains("unexpected `g`"));
        assert!(error("reduce -j 0 f -- t").contains("--jobs takes a positive number"));
        assert!(error("reduce -t x f -- t").contains("--timeout"));
        assert!(error("reduce -t 1e30 f -- t").contains("--timeout"));
        assert!(error("reduce --passes lines,words f -- t").contains("unknown pass `words`"));
        assert!(error("reduce --fast f -- t").contains("unknown option `--fast`"));
        assert!(error("reduce f -j").contains("--jobs needs a value"));
        assert!(error("reduce --passes grammar f -- t").contains("add `--grammar G`"));
        assert!(error("reduce f --grammar").contains("--grammar needs a value"));
        assert_eq!(parse(args("reduce --help")), Ok(Request::Help));
        assert_eq!(parse(args("--version")), Ok(Request::Version));
    }
}
