//! The arguments of `#[generator(..)]`.

use proc_macro2::{Span, TokenStream};
use syn::parse::Parser;
use syn::spanned::Spanned as _;
use syn::{Ident, Path, parse_quote};

/// Parsed `#[generator(rng = name, crate = path)]`.
pub(crate) struct Args {
    /// The parameter holding the rng (default `rng`).
    pub(crate) rng: Ident,
    /// The path of the greduce crate (default `::greduce`).
    pub(crate) krate: Path,
}

impl Args {
    pub(crate) fn parse(tokens: TokenStream) -> syn::Result<Args> {
        let mut rng = None;
        let mut krate = None;
        let parser = syn::meta::parser(|meta| {
            if meta.path.is_ident("rng") {
                if rng.is_some() {
                    return Err(meta.error("duplicate `rng` argument"));
                }
                rng = Some(meta.value()?.parse::<Ident>()?);
                Ok(())
            } else if meta.path.is_ident("crate") {
                if krate.is_some() {
                    return Err(meta.error("duplicate `crate` argument"));
                }
                krate = Some(meta.value()?.parse::<Path>()?);
                Ok(())
            } else {
                Err(meta.error("unknown `generator` argument; expected `rng = <parameter>` or `crate = <path>`"))
            }
        });
        parser.parse2(tokens)?;
        Ok(Args {
            rng: rng.unwrap_or_else(|| Ident::new("rng", Span::call_site())),
            krate: krate.unwrap_or_else(|| parse_quote!(::greduce)),
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
    /// A duration, in milliseconds.
    Millis(u64, Span),
    /// `greduce::<ty>::<variant>`.
    Variant(Ident, Ident),
}

/// Parsed `#[greduce::test(cases = 500, seed = 7, strategy = halt, ..)]`.
pub(crate) struct TestArgs {
    pub(crate) rng: Ident,
    pub(crate) krate: Path,
    pub(crate) settings: Vec<Setting>,
}

const TEST_ARGUMENTS: &str = "expected `cases = <n>`, `seed = <n>`, `max_shrink_calls = <n>`, \
     `max_shrink_time = \"<duration>\"`, `max_rejects = <n>`, `strategy = halt|bypass|realign`, \
     `search = tree|sequence`, `shrink = <bool>`, `verbose = <bool>`, `persist = <bool>`, \
     `regressions = \"<directory>\"`, `rng = <parameter>` or `crate = <path>`";

impl TestArgs {
    pub(crate) fn parse(tokens: TokenStream) -> syn::Result<TestArgs> {
        let mut rng = None;
        let mut krate: Option<Path> = None;
        let mut settings: Vec<Setting> = Vec::new();
        let parser = syn::meta::parser(|meta| {
            let unknown = || meta.error(format!("unknown `test` argument; {TEST_ARGUMENTS}"));
            let Some(name) = meta.path.get_ident().map(ToString::to_string) else {
                return Err(unknown());
            };
            if settings.iter().any(|s| s.method == name)
                || (name == "rng" && rng.is_some())
                || (name == "crate" && krate.is_some())
            {
                return Err(meta.error(format!("duplicate `{name}` argument")));
            }
            let input = meta.value()?;
            let value = match name.as_str() {
                "rng" => {
                    rng = Some(input.parse::<Ident>()?);
                    return Ok(());
                }
                "crate" => {
                    krate = Some(input.parse::<Path>()?);
                    return Ok(());
                }
                "cases" | "seed" | "max_shrink_calls" | "max_rejects" => {
                    let n: syn::LitInt = input.parse()?;
                    n.base10_parse::<u64>()?;
                    Value::Int(n)
                }
                "shrink" | "verbose" | "persist" => Value::Bool(input.parse()?),
                "regressions" => Value::Str(input.parse()?),
                "max_shrink_time" => {
                    let s: syn::LitStr = input.parse()?;
                    let millis = duration_millis(&s.value()).ok_or_else(|| {
                        syn::Error::new(
                            s.span(),
                            "expected a duration such as \"10s\", \"500ms\" or \"2m\"",
                        )
                    })?;
                    Value::Millis(millis, s.span())
                }
                "strategy" | "search" => {
                    let choice: Ident = input.parse()?;
                    let (ty, variant) = match (name.as_str(), choice.to_string().as_str()) {
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
                    Value::Variant(
                        Ident::new(ty, choice.span()),
                        Ident::new(variant, choice.span()),
                    )
                }
                _ => return Err(unknown()),
            };
            settings.push(Setting {
                method: Ident::new(&name, meta.path.span()),
                value,
            });
            Ok(())
        });
        parser.parse2(tokens)?;
        Ok(TestArgs {
            rng: rng.unwrap_or_else(|| Ident::new("rng", Span::call_site())),
            krate: krate.unwrap_or_else(|| parse_quote!(::greduce)),
            settings,
        })
    }
}

/// `10s`, `1.5s`, `500ms`, `2m` in milliseconds.
fn duration_millis(text: &str) -> Option<u64> {
    let text = text.trim();
    let split = text.find(|c: char| c.is_ascii_alphabetic())?;
    let (number, unit) = text.split_at(split);
    let n: f64 = number.trim().parse().ok()?;
    let millis = match unit {
        "ms" => n,
        "s" => n * 1000.0,
        "m" | "min" => n * 60_000.0,
        _ => return None,
    };
    // Reason: checked finite and in range just before.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    (millis.is_finite() && (0.0..1e15).contains(&millis)).then(|| millis.round() as u64)
}
