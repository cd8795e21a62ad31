//! The expression that draws one value (a field, or a `#[greduce::test]` parameter) as its
//! `#[generate(..)]` attribute asks: the only place that writes those calls.

use super::attrs::How;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned as _;
use syn::{Ident, Path, Type};

/// Input: a field `x: u32` with `#[generate(range = 0..10)]`. Output, inside a generator
/// whose rng is `rng`:
/// `<u32 as ::greduce::__private::GenerateIn<_>>::generate_in(rng, 0..10)`, its path spanned
/// at the type so a type that `range` cannot draw is reported there (not at the range:
/// `#[generator]` writes the call's site, `line!()` and `column!()`, at the call's span, and
/// clippy takes a number spanned at a range's leading `0` for a zero-prefixed literal).
/// Without attribute:
/// `<u32 as ::greduce::Generate>::generate(rng)`.
pub(crate) fn draw(how: &How, ty: &Type, rng: &Ident, krate: &Path) -> TokenStream {
    let p = quote!(#krate::__private);
    match how {
        How::Default => {
            quote_spanned!(ty.span()=> <#ty as #krate::Generate>::generate(#rng))
        }
        How::Bounded {
            range: Some(range),
            len: None,
        } => {
            let method = quote_spanned!(ty.span()=> <#ty as #p::GenerateIn<_>>::generate_in);
            quote!(#method(#rng, #range))
        }
        How::Bounded {
            range: None,
            len: Some(len),
        } => {
            let len = quote_spanned!(len.span()=> #p::IntoLen::into_len(#len));
            quote_spanned!(ty.span()=> <#ty as #p::GenerateLen>::generate_len(#rng, #len))
        }
        How::Bounded {
            range: Some(range),
            len: Some(len),
        } => {
            let len = quote_spanned!(len.span()=> #p::IntoLen::into_len(#len));
            let method = quote_spanned!(ty.span()=> <#ty as #p::GenerateLenIn<_>>::generate_len_in);
            quote!(#method(#rng, #len, #range))
        }
        How::Bounded {
            range: None,
            len: None,
        } => unreachable!("a bound without range or len is the default"),
        How::Regex(pattern) => {
            let cell = Ident::new("__GREDUCE_PATTERN", proc_macro2::Span::mixed_site());
            quote_spanned! {pattern.span()=>
                {
                    static #cell: ::std::sync::OnceLock<#krate::regex::Regex> =
                        ::std::sync::OnceLock::new();
                    #cell
                        .get_or_init(|| {
                            #krate::regex::Regex::new(#pattern)
                                .expect("the pattern was checked when the derive expanded")
                        })
                        .generate(#rng)
                }
            }
        }
        How::With(path) => quote_spanned!(path.span()=> #path(#rng)),
        How::Value(expr) => quote!(#expr),
    }
}
