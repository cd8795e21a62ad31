//! The arguments of `#[generator(..)]`.

use proc_macro2::{Span, TokenStream};
use syn::parse::Parser;
use syn::spanned::Spanned as _;
use syn::{Ident, Path, parse_quote};

/// Parsed `#[generator(rng = name, crate = path, name = "..")]`.
pub(crate) struct Args {
    /// The parameter holding the rng (default `rng`).
    pub(crate) rng: Ident,
    /// The path of the greduce crate (default `::greduce`).
    pub(crate) krate: Path,
    /// The name saved failures know the generator by (default: the function's).
    pub(crate) name: Option<syn::LitStr>,
}

impl Args {
    pub(crate) fn parse(tokens: TokenStream) -> syn::Result<Args> {
        let mut rng = None;
        let mut krate = None;
        let mut name: Option<syn::LitStr> = None;
        let parser = syn::meta::parser(|meta| {
            if meta.path.is_ident("name") {
                if name.is_some() {
                    return Err(meta.error("duplicate `name` argument"));
                }
                let lit: syn::LitStr = parse_or(value(&meta, "name = \"..\"")?, "name = \"..\"")?;
                if lit.value().is_empty()
                    || lit
                        .value()
                        .contains(|c: char| c.is_whitespace() || c == '@' || c == '#')
                {
                    return Err(syn::Error::new(
                        lit.span(),
                        "a generator's name is not empty and has no spaces, `@` or `#` (saved \
                         failures write it after an `@` and before a `#`)",
                    ));
                }
                name = Some(lit);
                return Ok(());
            }
            if meta.path.is_ident("rng") {
                if rng.is_some() {
                    return Err(meta.error("duplicate `rng` argument"));
                }
                rng = Some(parse_or(
                    value(&meta, "rng = <parameter>")?,
                    "rng = <parameter>",
                )?);
                Ok(())
            } else if meta.path.is_ident("crate") {
                if krate.is_some() {
                    return Err(meta.error("duplicate `crate` argument"));
                }
                krate = Some(parse_or(value(&meta, "crate = <path>")?, "crate = <path>")?);
                Ok(())
            } else {
                Err(meta.error(
                    "unknown `generator` argument; expected `rng = <parameter>`, `crate = <path>` \
                     or `name = \"..\"`",
                ))
            }
        });
        parser.parse2(tokens)?;
        Ok(Args {
            rng: rng.unwrap_or_else(|| Ident::new("rng", Span::call_site())),
            krate: krate.unwrap_or_else(|| parse_quote!(::greduce)),
            name,
        })
    }
}

/// A setting of `#[greduce::test(..)]`: the `Check` builder method it calls, and the
/// argument it passes.
pub(crate) struct Setting {
    pub(crate) method: Ident,
    pub(crate) value: Value,
}

/// The argument of a setting.
pub(crate) enum Value {
    Int(syn::LitInt),
    Bool(syn::LitBool),
    Str(syn::LitStr),
    /// A duration (`Duration::new(secs, nanos)` in the expansion: exact).
    Duration(std::time::Duration, Span),
    /// `greduce::<ty>::<variant>`.
    Variant(Ident, Ident),
    /// `config = <expression>`: a `greduce::Config`.
    Expr(Box<syn::Expr>),
}

/// Which executor runs an `async fn` test's future: `executor = plain|tokio`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Executor {
    /// `plain`: polls on the test thread, no runtime.
    Plain,
    /// `tokio`: tokio's current-thread runtime (greduce's feature `tokio`).
    Tokio,
}

/// Parsed `#[greduce::test(cases = 500, seed = 7, strategy = halt, ..)]`.
pub(crate) struct TestArgs {
    pub(crate) rng: Ident,
    pub(crate) krate: Path,
    pub(crate) settings: Vec<Setting>,
    /// `executor = ..` with the span of its value (`None`: the default, tokio's with the
    /// feature `tokio`, else the plain one).
    pub(crate) executor: Option<(Executor, Span)>,
    /// The span of the `executor` key, for the error on a test that is not `async`.
    pub(crate) executor_key: Option<Span>,
}

const TEST_ARGUMENTS: &str = "expected `config = <expression>`, `cases = <n>`, `seed = <n>`, `max_shrink_calls = <n>`, \
     `max_shrink_time = \"<duration>\"`, `max_rejects = <n>`, `strategy = halt|bypass|realign`, \
     `search = tree|sequence`, `shrink = <bool>`, `verbose = <bool>`, `stats = <bool>`, \
     `persist = <bool>`, `regressions = \"<directory>\"`, `executor = plain|tokio`, \
     `rng = <parameter>` or `crate = <path>`";

impl TestArgs {
    pub(crate) fn parse(tokens: TokenStream) -> syn::Result<TestArgs> {
        let mut rng = None;
        let mut krate: Option<Path> = None;
        let mut settings: Vec<Setting> = Vec::new();
        let mut executor = None;
        let mut executor_key = None;
        let parser = syn::meta::parser(|meta| {
            let unknown = || meta.error(format!("unknown `test` argument; {TEST_ARGUMENTS}"));
            let Some(name) = meta.path.get_ident().map(ToString::to_string) else {
                return Err(unknown());
            };
            if settings.iter().any(|s| s.method == name)
                || (name == "rng" && rng.is_some())
                || (name == "crate" && krate.is_some())
                || (name == "executor" && executor.is_some())
            {
                return Err(meta.error(format!("duplicate `{name}` argument")));
            }
            let Some(form) = test_form(&name) else {
                return Err(unknown());
            };
            let input = value(&meta, form)?;
            let value = match name.as_str() {
                "rng" => {
                    rng = Some(parse_or(input, form)?);
                    return Ok(());
                }
                "crate" => {
                    krate = Some(parse_or(input, form)?);
                    return Ok(());
                }
                "executor" => {
                    executor = Some(executor_choice(input, form)?);
                    executor_key = Some(meta.path.span());
                    return Ok(());
                }
                "cases" | "seed" | "max_shrink_calls" | "max_rejects" => {
                    Value::Int(count(input, &name, form)?)
                }
                "shrink" | "verbose" | "stats" | "persist" => Value::Bool(parse_or(input, form)?),
                "regressions" => {
                    // `regressions = false` reads naturally; the switch is `persist`.
                    if let Ok(flag) = input.fork().parse::<syn::LitBool>() {
                        return Err(syn::Error::new(
                            flag.span(),
                            format!(
                                "expected `{form}`; saving failures is switched with \
                                 `persist = {}`",
                                flag.value
                            ),
                        ));
                    }
                    Value::Str(parse_or(input, form)?)
                }
                "max_shrink_time" => {
                    let s: syn::LitStr = parse_or(input, form)?;
                    let time = greduce_settings::duration(&s.value()).ok_or_else(|| {
                        syn::Error::new(
                            s.span(),
                            format!("expected {}", greduce_settings::DURATION_FORMS),
                        )
                    })?;
                    Value::Duration(time, s.span())
                }
                "strategy" | "search" => variant(&name, input, form)?,
                "config" => Value::Expr(Box::new(parse_or(input, form)?)),
                _ => return Err(unknown()),
            };
            let setting = Setting {
                method: Ident::new(&name, meta.path.span()),
                value,
            };
            // `config` replaces every setting: it goes first, so that the others written
            // beside it change it, wherever it is written.
            if name == "config" {
                settings.insert(0, setting);
            } else {
                settings.push(setting);
            }
            Ok(())
        });
        parser.parse2(tokens)?;
        Ok(TestArgs {
            rng: rng.unwrap_or_else(|| Ident::new("rng", Span::call_site())),
            krate: krate.unwrap_or_else(|| parse_quote!(::greduce)),
            settings,
            executor,
            executor_key,
        })
    }
}

/// The expected form of a `#[greduce::test]` argument, `None` for an unknown one.
fn test_form(name: &str) -> Option<&'static str> {
    Some(match name {
        "config" => "config = <expression>",
        "cases" => "cases = <n>",
        "seed" => "seed = <n>",
        "max_shrink_calls" => "max_shrink_calls = <n>",
        "max_rejects" => "max_rejects = <n>",
        "max_shrink_time" => "max_shrink_time = \"<duration>\"",
        "strategy" => "strategy = halt|bypass|realign",
        "search" => "search = tree|sequence",
        "shrink" => "shrink = <bool>",
        "verbose" => "verbose = <bool>",
        "stats" => "stats = <bool>",
        "persist" => "persist = <bool>",
        "regressions" => "regressions = \"<directory>\"",
        "executor" => "executor = plain|tokio",
        "rng" => "rng = <parameter>",
        "crate" => "crate = <path>",
        _ => return None,
    })
}

/// A choice is written as a name: `strategy = halt`, not `strategy = "halt"`.
fn unquoted(name: &str, input: syn::parse::ParseStream<'_>) -> syn::Result<()> {
    match input.fork().parse::<syn::LitStr>() {
        Ok(quoted) => Err(syn::Error::new(
            quoted.span(),
            format!(
                "write the choice without quotes: `{name} = {}`",
                quoted.value()
            ),
        )),
        Err(_) => Ok(()),
    }
}

/// `strategy = halt|bypass|realign`, `search = tree|sequence`: the `greduce::<type>::<variant>`
/// the choice names.
fn variant(name: &str, input: syn::parse::ParseStream<'_>, form: &str) -> syn::Result<Value> {
    unquoted(name, input)?;
    let choice: Ident = parse_or(input, form)?;
    let (ty, variant) = match (name, choice.to_string().as_str()) {
        ("strategy", "halt") => ("Strategy", "Halt"),
        ("strategy", "bypass") => ("Strategy", "Bypass"),
        ("strategy", "realign") => ("Strategy", "Realign"),
        ("search", "tree") => ("Search", "Tree"),
        ("search", "sequence") => ("Search", "Sequence"),
        ("strategy", _) => {
            return Err(syn::Error::new(
                choice.span(),
                "expected `halt`, `bypass` or `realign`",
            ));
        }
        _ => {
            return Err(syn::Error::new(
                choice.span(),
                "expected `tree` or `sequence`",
            ));
        }
    };
    Ok(Value::Variant(
        Ident::new(ty, choice.span()),
        Ident::new(variant, choice.span()),
    ))
}

/// `plain` or `tokio`, unquoted.
fn executor_choice(
    input: syn::parse::ParseStream<'_>,
    form: &str,
) -> syn::Result<(Executor, Span)> {
    unquoted("executor", input)?;
    let choice: Ident = parse_or(input, form)?;
    match choice.to_string().as_str() {
        "plain" => Ok((Executor::Plain, choice.span())),
        "tokio" => Ok((Executor::Tokio, choice.span())),
        other => Err(syn::Error::new(
            choice.span(),
            format!(
                "unknown executor `{other}`; expected `plain` (polls the future on the test \
                 thread, no runtime) or `tokio` (tokio's current-thread runtime, with \
                 greduce's feature `tokio`)"
            ),
        )),
    }
}

/// The value after `name =`, or an error that shows the argument's form.
fn value<'a>(
    meta: &'a syn::meta::ParseNestedMeta<'_>,
    form: &str,
) -> syn::Result<syn::parse::ParseStream<'a>> {
    if meta.input.peek(syn::Token![=]) {
        meta.value()
    } else {
        Err(meta.error(format!("this argument needs a value: `{form}`")))
    }
}

/// Parses a `T`, or says what form was expected.
fn parse_or<T: syn::parse::Parse>(
    input: syn::parse::ParseStream<'_>,
    form: &str,
) -> syn::Result<T> {
    let span = input.span();
    input
        .parse()
        .map_err(|_| syn::Error::new(span, format!("expected `{form}`")))
}

/// A count: an integer literal from 0 to `u64::MAX`.
fn count(input: syn::parse::ParseStream<'_>, name: &str, form: &str) -> syn::Result<syn::LitInt> {
    let negative = input.peek(syn::Token![-]);
    let span = input.span();
    let n: Option<syn::LitInt> = if negative { None } else { input.parse().ok() };
    match n {
        Some(n) if n.base10_parse::<u64>().is_ok() => Ok(n),
        Some(n) => Err(syn::Error::new(
            n.span(),
            format!(
                "`{name}` takes a whole number from 0 to {}: `{form}`",
                u64::MAX
            ),
        )),
        None => Err(syn::Error::new(
            span,
            format!(
                "`{name}` takes a whole number from 0 to {}: `{form}`",
                u64::MAX
            ),
        )),
    }
}
