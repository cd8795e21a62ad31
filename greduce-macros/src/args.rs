//! The arguments of `#[generator(..)]`.

use proc_macro2::{Span, TokenStream};
use syn::parse::Parser;
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
