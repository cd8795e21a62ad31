//! The environment: the `GREDUCE_*` variables that override a check's [`Config`], and the
//! other variables greduce reads (`CARGO_MANIFEST_DIR`, `GREDUCE_FUZZ_MUTATION`). No other
//! file reads a variable but fork mode's protocol, whose variables greduce sets for its own
//! child processes.

use super::{Config, Exhaust, PassSet, Regressions, Search, Strategy};
use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// An environment variable greduce cannot use: a value it cannot read, or a `GREDUCE_*`
/// name it does not know (a typo would otherwise be ignored silently).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum EnvError {
    /// A value greduce cannot use.
    Value {
        name: &'static str,
        /// The value as `Debug` prints it (lossily, when it is not UTF-8).
        value: String,
        expected: &'static str,
    },
    /// A variable greduce does not read.
    Unknown(String),
}

impl fmt::Display for EnvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EnvError::Value {
                name,
                value,
                expected,
            } => write!(
                f,
                "environment variable {name}={value} is not valid: expected {expected}"
            ),
            EnvError::Unknown(name) => write!(
                f,
                "unknown environment variable {name}; greduce reads {} (unset it, or fix \
                 its name)",
                VARIABLES.join(", ")
            ),
        }
    }
}

/// The variables greduce reads, for the "unknown variable" hint.
pub(crate) const VARIABLES: &[&str] = &[
    "GREDUCE_CASES",
    "GREDUCE_SEED",
    "GREDUCE_MAX_SHRINK_CALLS",
    "GREDUCE_MAX_SHRINK_TIME",
    "GREDUCE_STRATEGY",
    "GREDUCE_SEARCH",
    "GREDUCE_PASSES",
    "GREDUCE_EXHAUST",
    "GREDUCE_NO_SHRINK",
    "GREDUCE_VERBOSE",
    "GREDUCE_STATS",
    "GREDUCE_REGRESSIONS",
    "GREDUCE_FORK",
    "GREDUCE_TIMEOUT",
    "GREDUCE_FUZZ_MUTATION",
];

/// The directory of the package under test, as cargo sets it for tests and builds.
pub(crate) fn manifest_dir() -> Option<PathBuf> {
    std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from)
}

impl Regressions {
    /// The directory, if failures are saved (in `env.rs`: the default reads
    /// `CARGO_MANIFEST_DIR`).
    pub(crate) fn dir(&self) -> Option<PathBuf> {
        match self {
            Regressions::Package => manifest_dir().map(|dir| dir.join("greduce-regressions")),
            Regressions::Off => None,
            Regressions::Dir(dir) => Some(dir.clone()),
        }
    }
}

/// `GREDUCE_FUZZ_MUTATION`: how a fuzz target mutates (read by `fuzz::mutate`), empty when
/// unset.
pub(crate) fn fuzz_mutation() -> String {
    // Trimmed, as the check that validates it beside a fuzz target reads it.
    std::env::var("GREDUCE_FUZZ_MUTATION").map_or_else(|_| String::new(), |v| v.trim().to_string())
}

/// The current process's variables applied to `config`, then checked for `GREDUCE_*`
/// names greduce does not read (`internal`: the ones it sets for its own child processes).
pub(crate) fn apply(config: &mut Config, internal: &[&str]) -> Result<(), EnvError> {
    config.apply_env(|var| std::env::var_os(var))?;
    unknown_variable(std::env::vars_os().map(|(name, _)| name), internal)
}

impl Config {
    /// Applies the `GREDUCE_*` variables that `var` finds. Every value must be UTF-8 and
    /// not empty (an empty value is most likely a mistake: unset the variable instead),
    /// except that a directory for `GREDUCE_REGRESSIONS` may be any path.
    pub(crate) fn apply_env(
        &mut self,
        var: impl Fn(&str) -> Option<OsString>,
    ) -> Result<(), EnvError> {
        let mut get = |name: &'static str| match var(name) {
            None => Ok(None),
            Some(value) => match value.to_str() {
                Some("") => Err(invalid(name, "", "a value (unset the variable instead)")),
                Some(text) => Ok(Some((name, text.to_string()))),
                None => Err(EnvError::Value {
                    name,
                    value: quoted(&value),
                    expected: "a UTF-8 value",
                }),
            },
        };
        self.apply_read(&mut get)?;
        if let Some(dir) = var("GREDUCE_REGRESSIONS") {
            self.regressions = regressions("GREDUCE_REGRESSIONS", &dir)?;
        }
        Ok(())
    }

    /// Applies the variables `get` reads (all but `GREDUCE_REGRESSIONS`).
    fn apply_read(
        &mut self,
        get: &mut impl FnMut(&'static str) -> Result<Option<(&'static str, String)>, EnvError>,
    ) -> Result<(), EnvError> {
        if let Some((name, v)) = get("GREDUCE_CASES")? {
            self.cases = parse_u64(name, &v, "a number of cases (a non-negative integer)")?;
        }
        if let Some((name, v)) = get("GREDUCE_SEED")? {
            self.seed = Some(parse_seed(name, &v)?);
        }
        if let Some((name, v)) = get("GREDUCE_MAX_SHRINK_CALLS")? {
            self.max_shrink_calls = Some(parse_u64(
                name,
                &v,
                "a number of property calls (a non-negative integer)",
            )?);
        }
        if let Some((name, v)) = get("GREDUCE_MAX_SHRINK_TIME")? {
            self.max_shrink_time = Some(parse_duration(name, &v)?);
        }
        if let Some((name, v)) = get("GREDUCE_STRATEGY")? {
            self.strategy = match v.trim().to_ascii_lowercase().as_str() {
                "halt" => Strategy::Halt,
                "bypass" => Strategy::Bypass,
                "realign" | "re-align" => Strategy::Realign,
                _ => return Err(invalid(name, &v, "`halt`, `bypass` or `realign`")),
            };
        }
        if let Some((name, v)) = get("GREDUCE_SEARCH")? {
            self.search = match v.trim().to_ascii_lowercase().as_str() {
                "tree" => Search::Tree,
                "sequence" => Search::Sequence,
                _ => return Err(invalid(name, &v, "`tree` or `sequence`")),
            };
        }
        if let Some((name, v)) = get("GREDUCE_PASSES")? {
            self.passes = PassSet::parse(&v).map_err(|_| {
                invalid(
                    name,
                    &v,
                    "`all`, `paper`, or pass families joined by `,` (`structure`, `trivial`, \
                     `minimize`, `hoist`, `delete`, `together`, `reorder`)",
                )
            })?;
        }
        if let Some((name, v)) = get("GREDUCE_EXHAUST")? {
            self.exhaust = parse_exhaust(name, &v)?;
        }
        if let Some((name, v)) = get("GREDUCE_NO_SHRINK")? {
            self.shrink = !parse_flag(name, &v)?;
        }
        if let Some((name, v)) = get("GREDUCE_VERBOSE")? {
            self.verbose = parse_flag(name, &v)?;
        }
        if let Some((name, v)) = get("GREDUCE_STATS")? {
            self.stats = parse_flag(name, &v)?;
        }
        if let Some((name, v)) = get("GREDUCE_TIMEOUT")? {
            self.timeout = match v.trim() {
                "0" | "off" | "none" => None,
                // A zero duration is "off" too (no call could finish within it).
                _ => Some(parse_duration(name, &v)?).filter(|limit| !limit.is_zero()),
            };
            // A limit runs the check in fork mode by itself (`Config::forks`): a hung call
            // can only be stopped in a child process.
        }
        if let Some((name, v)) = get("GREDUCE_FUZZ_MUTATION")? {
            // A fuzz target's setting (`fuzz::Mutator::from_env`), not a check's: checked
            // here too, so that a typo shows in the test that runs beside the target.
            if !matches!(v.trim(), "structure" | "bytes" | "random") {
                return Err(invalid(name, &v, "`structure`, `bytes` or `random`"));
            }
        }
        if let Some((name, v)) = get("GREDUCE_FORK")? {
            self.fork = parse_flag(name, &v)?;
            if !self.fork {
                self.timeout = None;
            }
        }
        Ok(())
    }
}

/// `GREDUCE_EXHAUST`: `off` (or `0`, `false`, `no`), `on` (or `1`, `true`, `yes`: the
/// default bounds), or bounds as `key=value` pairs joined by `,` (`decisions`, `values`,
/// `inputs`, `calls`, `changes`; the others keep their defaults).
fn parse_exhaust(name: &'static str, v: &str) -> Result<Option<Exhaust>, EnvError> {
    let expected = "`off`, `on`, or bounds such as `decisions=8,values=3` (keys `decisions`, \
                    `values`, `inputs`, `calls`, `changes`)";
    match v.trim().to_ascii_lowercase().as_str() {
        "0" | "off" | "false" | "no" => return Ok(None),
        "1" | "on" | "true" | "yes" => return Ok(Some(Exhaust::default())),
        _ => {}
    }
    let mut bounds = Exhaust::default();
    for pair in v.split(',') {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| invalid(name, v, expected))?;
        let n: u64 = value
            .trim()
            .parse()
            .map_err(|_| invalid(name, v, expected))?;
        match key.trim() {
            "decisions" => {
                bounds.decisions = usize::try_from(n).map_err(|_| invalid(name, v, expected))?;
            }
            "values" if n >= 1 => bounds.values = n,
            "inputs" => bounds.inputs = n,
            "calls" => bounds.calls = n,
            "changes" => {
                bounds.changes = usize::try_from(n).map_err(|_| invalid(name, v, expected))?;
            }
            _ => return Err(invalid(name, v, expected)),
        }
    }
    Ok(Some(bounds))
}

/// `GREDUCE_REGRESSIONS`: `off` (or `0`, `false`, `no`), `on` (the default directory), or a
/// directory. A bare word that is not an existing directory is refused: it is more likely a
/// typo (`fast`) than a wish for a new directory of that name, which `./fast` still asks for.
fn regressions(name: &'static str, value: &OsStr) -> Result<Regressions, EnvError> {
    let expected = "`off`, `on`, or a directory: an existing one, or a path with a `/` (such \
                    as `./name`) to create";
    let bad = || EnvError::Value {
        name,
        value: quoted(value),
        expected,
    };
    if let Some(text) = value.to_str() {
        match text.trim().to_ascii_lowercase().as_str() {
            "" => return Err(bad()),
            "0" | "off" | "false" | "no" => return Ok(Regressions::Off),
            "1" | "on" | "true" | "yes" => return Ok(Regressions::Package),
            _ => {}
        }
    }
    let path = PathBuf::from(value);
    let has_separator = path.components().count() > 1 || path.is_absolute();
    if has_separator || path.is_dir() {
        Ok(Regressions::Dir(path))
    } else {
        Err(bad())
    }
}

/// The first `GREDUCE_*` variable among `names` that greduce does not read, if any
/// (`internal` names are the ones greduce sets for its own child processes).
pub(crate) fn unknown_variable(
    names: impl IntoIterator<Item = OsString>,
    internal: &[&str],
) -> Result<(), EnvError> {
    for name in names {
        let text = name.to_string_lossy();
        if text.starts_with("GREDUCE_")
            && !VARIABLES.contains(&text.as_ref())
            && !internal.contains(&text.as_ref())
        {
            return Err(EnvError::Unknown(text.into_owned()));
        }
    }
    Ok(())
}

/// A value quoted and escaped, as `Debug` prints it: the bytes of a value that is not
/// UTF-8 stay visible.
// Reason: the quoted, escaped form is the point (a `Display` would hide the bad bytes).
#[allow(clippy::unnecessary_debug_formatting)]
fn quoted(value: &OsStr) -> String {
    format!("{value:?}")
}

fn invalid(name: &'static str, value: &str, expected: &'static str) -> EnvError {
    EnvError::Value {
        name,
        value: format!("{value:?}"),
        expected,
    }
}

fn parse_u64(name: &'static str, value: &str, expected: &'static str) -> Result<u64, EnvError> {
    value
        .trim()
        .replace('_', "")
        .parse()
        .map_err(|_| invalid(name, value, expected))
}

/// A seed in decimal or `0x` hexadecimal (as reports print it).
fn parse_seed(name: &'static str, value: &str) -> Result<u64, EnvError> {
    crate::seed::parse(value).ok_or_else(|| invalid(name, value, crate::seed::EXPECTED))
}

/// A duration as `greduce_settings::duration` reads it (`10s`, `1.5s`, `500ms`, `2m`, or a
/// bare number of seconds), the syntax the macros and the CLI read too. Written there, not
/// taken from humantime: humantime reads only whole numbers of a unit (`1.5s` and a bare
/// `5` are errors there), and these two forms are documented and used; its other forms
/// (`1h 30m`, days, weeks) are not what a test's time limit needs.
fn parse_duration(name: &'static str, value: &str) -> Result<Duration, EnvError> {
    greduce_settings::duration(value)
        .ok_or_else(|| invalid(name, value, greduce_settings::DURATION_FORMS))
}

fn parse_flag(name: &'static str, value: &str) -> Result<bool, EnvError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(invalid(name, value, "`1`/`true` or `0`/`false`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(vars: &[(&str, &str)]) -> Result<Config, String> {
        let mut config = Config::default();
        config
            .apply_env(|name| {
                vars.iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| OsString::from(*v))
            })
            .map_err(|e| e.to_string())?;
        Ok(config)
    }

    #[test]
    fn reads_every_variable() {
        let config = with(&[
            ("GREDUCE_CASES", "1_000"),
            ("GREDUCE_SEED", "0xFF"),
            ("GREDUCE_MAX_SHRINK_CALLS", "50"),
            ("GREDUCE_MAX_SHRINK_TIME", "1.5s"),
            ("GREDUCE_STRATEGY", "halt"),
            ("GREDUCE_SEARCH", "sequence"),
            ("GREDUCE_PASSES", "structure,minimize"),
            ("GREDUCE_NO_SHRINK", "1"),
            ("GREDUCE_VERBOSE", "true"),
            ("GREDUCE_STATS", "on"),
            ("GREDUCE_REGRESSIONS", "off"),
            ("GREDUCE_FORK", "yes"),
            ("GREDUCE_TIMEOUT", "250ms"),
        ])
        .unwrap();
        assert_eq!(config.cases, 1000);
        assert_eq!(config.seed, Some(255));
        assert_eq!(config.max_shrink_calls, Some(50));
        assert_eq!(config.max_shrink_time, Some(Duration::from_millis(1500)));
        assert_eq!(config.strategy, Strategy::Halt);
        assert_eq!(config.search, Search::Sequence);
        assert_eq!(config.passes, PassSet::STRUCTURE | PassSet::MINIMIZE);
        assert!(!config.shrink);
        assert!(config.verbose);
        assert!(config.stats);
        assert_eq!(config.regressions, Regressions::Off);
        assert!(config.forks());
        assert_eq!(config.timeout, Some(Duration::from_millis(250)));
    }

    #[test]
    fn passes_by_name() {
        let passes = |v: &str| with(&[("GREDUCE_PASSES", v)]).map(|c| c.passes);
        assert_eq!(passes("paper"), Ok(PassSet::STRUCTURE));
        assert_eq!(passes("ALL"), Ok(PassSet::ALL));
        let e = passes("structure,shrink").unwrap_err();
        assert!(
            e.starts_with("environment variable GREDUCE_PASSES=\"structure,shrink\""),
            "{e}"
        );
    }

    #[test]
    fn exhaust_bounds() {
        let exhaust = |v: &str| with(&[("GREDUCE_EXHAUST", v)]).map(|c| c.exhaust);
        assert_eq!(exhaust("off"), Ok(None));
        assert_eq!(exhaust("on"), Ok(Some(Exhaust::default())));
        assert_eq!(
            exhaust("decisions=8, values=3"),
            Ok(Some(Exhaust {
                decisions: 8,
                values: 3,
                ..Exhaust::default()
            }))
        );
        assert_eq!(
            exhaust("inputs=50,calls=7").map(|e| e.map(|e| (e.inputs, e.calls))),
            Ok(Some((50, 7)))
        );
        assert_eq!(
            exhaust("changes=0").map(|e| e.map(|e| e.changes)),
            Ok(Some(0))
        );
        for bad in ["maybe", "values=0", "depth=3", "decisions=x", "decisions"] {
            let e = exhaust(bad).unwrap_err();
            assert!(
                e.starts_with(&format!("environment variable GREDUCE_EXHAUST=\"{bad}\"")),
                "{e}"
            );
        }
    }

    #[test]
    fn fork_and_timeout() {
        let fork = |vars: &[(&str, &str)]| with(vars).map(|c| (c.forks(), c.timeout));
        assert_eq!(
            fork(&[("GREDUCE_TIMEOUT", "2s")]),
            Ok((true, Some(Duration::from_secs(2))))
        );
        assert_eq!(fork(&[("GREDUCE_TIMEOUT", "0")]), Ok((false, None)));
        assert_eq!(fork(&[("GREDUCE_TIMEOUT", "off")]), Ok((false, None)));
        assert_eq!(fork(&[("GREDUCE_TIMEOUT", "0s")]), Ok((false, None)));
        assert_eq!(
            fork(&[("GREDUCE_TIMEOUT", "2s"), ("GREDUCE_FORK", "0")]),
            Ok((false, None))
        );
    }

    #[test]
    fn durations() {
        let time =
            |v| with(&[("GREDUCE_MAX_SHRINK_TIME", v)]).map(|c| c.max_shrink_time.expect("set"));
        assert_eq!(time("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(time("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(time("3"), Ok(Duration::from_secs(3)));
        assert!(time("-1s").is_err());
        assert!(time("1h").is_err());
    }

    #[test]
    fn bad_values_name_the_variable() {
        assert_eq!(
            with(&[("GREDUCE_CASES", "many")]).unwrap_err(),
            "environment variable GREDUCE_CASES=\"many\" is not valid: expected a number of \
             cases (a non-negative integer)"
        );
        assert_eq!(
            with(&[("GREDUCE_STRATEGY", "fast")]).unwrap_err(),
            "environment variable GREDUCE_STRATEGY=\"fast\" is not valid: expected `halt`, \
             `bypass` or `realign`"
        );
        assert!(with(&[("GREDUCE_SEED", "0xZZ")]).is_err());
        assert!(with(&[("GREDUCE_NO_SHRINK", "maybe")]).is_err());
    }

    /// Empty, negative, huge and non-UTF-8 values of every variable are errors that name
    /// the variable.
    #[cfg(unix)]
    #[test]
    fn every_variable_refuses_bad_values() {
        use std::os::unix::ffi::OsStringExt as _;
        let non_utf8 = OsString::from_vec(vec![b'5', 0xff, b's']);
        let bad = [
            OsString::new(),
            OsString::from("-1"),
            OsString::from("99999999999999999999999999999"),
            non_utf8,
        ];
        for name in VARIABLES {
            for value in &bad {
                let mut config = Config::default();
                let e = config
                    .apply_env(|var| (var == *name).then(|| value.clone()))
                    .expect_err(&format!("{name}={value:?} is refused"));
                let text = e.to_string();
                assert!(text.contains(&format!("{name}=")), "{text}");
            }
        }
    }

    #[test]
    fn regressions_refuse_a_bare_word_that_is_not_a_directory() {
        let dir = |v: &str| with(&[("GREDUCE_REGRESSIONS", v)]).map(|c| c.regressions);
        assert!(
            dir("fast")
                .unwrap_err()
                .contains("GREDUCE_REGRESSIONS=\"fast\"")
        );
        assert_eq!(dir("./fast"), Ok(Regressions::Dir(PathBuf::from("./fast"))));
        assert_eq!(dir("/tmp/x"), Ok(Regressions::Dir(PathBuf::from("/tmp/x"))));
        assert_eq!(dir("off"), Ok(Regressions::Off));
        assert_eq!(dir("on"), Ok(Regressions::Package));
        // An existing directory may be named bare (`src` exists where these tests run).
        assert_eq!(dir("src"), Ok(Regressions::Dir(PathBuf::from("src"))));
    }

    #[test]
    fn unknown_greduce_variables_are_named() {
        let names = |n: &[&str]| n.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(
            unknown_variable(
                names(&["PATH", "GREDUCE_CASES", "GREDUCE_FORK_JOB"]),
                &["GREDUCE_FORK_JOB"]
            ),
            Ok(())
        );
        let e = unknown_variable(names(&["GREDUCE_CASE"]), &[]).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("unknown environment variable GREDUCE_CASE;")
        );
    }
}
