//! The `#[generate(..)]` attributes of a derive and of `#[greduce::test]` parameters: what
//! each field, parameter or variant asks for, parsed into a model before any code is
//! written.

use proc_macro2::Span;
use syn::spanned::Spanned as _;
use syn::{Attribute, Expr, LitInt, LitStr, Path};

/// How one value (a field or a parameter) is drawn.
pub(crate) enum How {
    /// Its type's `Generate`.
    Default,
    /// `range = EXPR`, `len = EXPR`, or both.
    Bounded {
        range: Option<Expr>,
        len: Option<Expr>,
    },
    /// `regex = "PATTERN"`: a `String` the pattern matches.
    Regex(LitStr),
    /// `with = PATH`: a generator function of the rng.
    With(Path),
    /// `value = EXPR`: drawn from nothing.
    Value(Expr),
}

/// The keys a field or parameter takes.
const VALUE_KEYS: &str = "`range = <range>`, `len = <range of lengths>`, `regex = \"<pattern>\"`, \
     `with = <generator>` or `value = <expression>`";

/// Reads the `#[generate(..)]` attributes of a field or parameter, removing them from
/// `attrs` (a parameter's must not reach rustc).
pub(crate) fn value_how(attrs: &mut Vec<Attribute>, errors: &mut Vec<syn::Error>) -> How {
    let mut range = None;
    let mut len = None;
    let mut regex = None;
    let mut with = None;
    let mut value = None;
    // Which keys were given, with their spans, for the conflicts below.
    let mut given: Vec<(&'static str, Span)> = Vec::new();
    for attr in take(attrs) {
        let parsed = attr.parse_nested_meta(|meta| {
            let key = key_of(&meta.path);
            let span = meta.path.span();
            let name: &'static str = match key.as_deref() {
                Some("range") => "range",
                Some("len") => "len",
                Some("regex") => "regex",
                Some("with") => "with",
                Some("value") => "value",
                Some("weight") => {
                    return Err(meta.error(
                        "`weight` goes on an enum's variant, not on a field; a field takes \
                         `range`, `len`, `regex`, `with` or `value`",
                    ));
                }
                Some("crate") => {
                    return Err(meta.error(
                        "`crate` goes on the type (`#[generate(crate = path)]` before the \
                         `struct` or `enum`), not on a field",
                    ));
                }
                _ => {
                    return Err(
                        meta.error(format!("unknown `generate` key; expected {VALUE_KEYS}"))
                    );
                }
            };
            if given.iter().any(|(n, _)| *n == name) {
                return Err(meta.error(format!("duplicate `{name}`")));
            }
            if !meta.input.peek(syn::Token![=]) {
                return Err(meta.error(format!("`{name}` needs a value: `{name} = ..`")));
            }
            let input = meta.value()?;
            match name {
                "range" => range = Some(input.parse::<Expr>()?),
                "len" => len = Some(input.parse::<Expr>()?),
                "value" => value = Some(input.parse::<Expr>()?),
                "with" => {
                    with = Some(input.parse::<Path>().map_err(|e| {
                        syn::Error::new(
                            e.span(),
                            "`with` takes the path of a generator function (`with = my_generator`)",
                        )
                    })?);
                }
                _ => {
                    let lit: LitStr = input.parse().map_err(|e| {
                        syn::Error::new(
                            e.span(),
                            "`regex` takes a string literal: `regex = \"[a-z]+\"`",
                        )
                    })?;
                    check_pattern(&lit)?;
                    regex = Some(lit);
                }
            }
            given.push((name, span));
            Ok(())
        });
        if let Err(e) = parsed {
            errors.push(e);
        }
    }
    // What goes with what: `range` and `len` together, the others alone (`regex` decides the
    // length and the characters, `with` and `value` everything).
    for (i, &(a, span)) in given.iter().enumerate() {
        for &(b, _) in &given[..i] {
            if !matches!((a, b), ("range", "len") | ("len", "range")) {
                let alone = if matches!(b, "range" | "len") { a } else { b };
                errors.push(syn::Error::new(
                    span,
                    format!(
                        "`{a}` cannot go with `{b}`: `{alone}` decides the whole value; only \
                         `range` and `len` combine (the elements of a collection in `range`)"
                    ),
                ));
            }
        }
    }
    if let Some(pattern) = regex {
        How::Regex(pattern)
    } else if let Some(path) = with {
        How::With(path)
    } else if let Some(expr) = value {
        How::Value(expr)
    } else if range.is_some() || len.is_some() {
        How::Bounded { range, len }
    } else {
        How::Default
    }
}

/// Reads a variant's `#[generate(weight = N)]` (1 when not given; 0: never generated).
pub(crate) fn variant_weight(attrs: &[Attribute], errors: &mut Vec<syn::Error>) -> u64 {
    let mut weight = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("generate")) {
        let parsed = attr.parse_nested_meta(|meta| {
            if !meta.path.is_ident("weight") {
                let key = key_of(&meta.path).unwrap_or_default();
                let message =
                    if matches!(key.as_str(), "range" | "len" | "regex" | "with" | "value") {
                        format!(
                            "`{key}` goes on a field (of this variant, or of a struct), not on a \
                         variant; a variant takes `weight = <n>`"
                        )
                    } else {
                        "unknown `generate` key on a variant; expected `weight = <n>`".to_string()
                    };
                return Err(meta.error(message));
            }
            if weight.is_some() {
                return Err(meta.error("duplicate `weight`"));
            }
            let lit: LitInt = meta
                .value()
                .and_then(syn::parse::ParseBuffer::parse)
                .map_err(|e| {
                    syn::Error::new(
                        e.span(),
                        "`weight` takes a whole number: `weight = 3` (0: never generated)",
                    )
                })?;
            let n: u64 = lit.base10_parse().map_err(|_| {
                syn::Error::new(lit.span(), "`weight` takes a whole number from 0 to 2^32")
            })?;
            if n > u64::from(u32::MAX) {
                return Err(syn::Error::new(
                    lit.span(),
                    "`weight` takes a whole number from 0 to 2^32",
                ));
            }
            weight = Some(n);
            Ok(())
        });
        if let Err(e) = parsed {
            errors.push(e);
        }
    }
    weight.unwrap_or(1)
}

/// Reads the type's `#[generate(crate = path)]`.
pub(crate) fn container_crate(attrs: &[Attribute], errors: &mut Vec<syn::Error>) -> Option<Path> {
    let mut krate = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("generate")) {
        let parsed = attr.parse_nested_meta(|meta| {
            if !meta.path.is_ident("crate") {
                let key = key_of(&meta.path).unwrap_or_default();
                let message = match key.as_str() {
                    "range" | "len" | "regex" | "with" | "value" => format!(
                        "`{key}` goes on a field, not on the type; the type takes `crate = <path>`"
                    ),
                    "weight" => "`weight` goes on an enum's variant, not on the type".to_string(),
                    _ => {
                        "unknown `generate` key on the type; expected `crate = <path>`".to_string()
                    }
                };
                return Err(meta.error(message));
            }
            if krate.is_some() {
                return Err(meta.error("duplicate `crate`"));
            }
            krate = Some(meta.value()?.parse::<Path>()?);
            Ok(())
        });
        if let Err(e) = parsed {
            errors.push(e);
        }
    }
    krate
}

/// The `#[generate(..)]` attributes taken out of `attrs`, the others left.
fn take(attrs: &mut Vec<Attribute>) -> Vec<Attribute> {
    let (ours, others) = std::mem::take(attrs)
        .into_iter()
        .partition(|a| a.path().is_ident("generate"));
    *attrs = others;
    ours
}

fn key_of(path: &Path) -> Option<String> {
    path.get_ident().map(ToString::to_string)
}

/// A pattern greduce can generate from, or the error at the literal.
fn check_pattern(lit: &LitStr) -> syn::Result<()> {
    greduce_regex::parse(&lit.value()).map(drop).map_err(|e| {
        let at = lit.value()[..e.offset()].chars().count();
        syn::Error::new(
            lit.span(),
            format!("`regex`: {e} (at character {at} of the pattern, counted from 0)"),
        )
    })
}
