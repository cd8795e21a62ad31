//! Writes the `Generate` impl of a derive's model. The only module of the derive that
//! quotes code.

use super::draw::draw;
use super::model::{Body, Model, Shape, Style, Variant};
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::{Ident, Path, parse_quote};

/// The rng parameter of a derived `generate`: hygienic, so no field name can shadow it.
fn rng() -> Ident {
    Ident::new("__greduce_rng", Span::mixed_site())
}

/// Input: `#[derive(Generate)] struct Point { x: i32, #[generate(range = 0..=x)] y: i32 }`.
/// Output:
///
/// ```text
/// impl ::greduce::Generate for Point {
///     #[::greduce::generator(crate = ::greduce, rng = __greduce_rng, name = "Point::generate")]
///     fn generate<__GreduceR: ::greduce::__private::Rng + ?Sized>(__greduce_rng: &mut __GreduceR) -> Self {
///         let __greduce_nested = ::greduce::__private::nested("Point");
///         let x: i32 = <i32 as ::greduce::Generate>::generate(__greduce_rng);
///         let y: i32 = <i32 as ::greduce::__private::GenerateIn<_>>::generate_in(__greduce_rng, 0..=x);
///         Point { x: x, y: y }
///     }
/// }
/// ```
///
/// An enum draws its variant with a `match` on `random_range(0..total weight)` (a multi-way
/// selection: shrinking goes towards the first variant) and, nested 8 derived types deep,
/// takes its simplest variant instead.
pub(super) fn generate_impl(model: &Model) -> TokenStream {
    let krate = &model.krate;
    let name = &model.input.ident;
    let rng = rng();
    let p = quote!(#krate::__private);
    let body = match &model.shape {
        Shape::Struct(body) => construct(body, &quote!(#name), &rng, krate),
        Shape::Enum(variants) => enum_body(variants, name, &rng, krate),
    };
    let key = format!("{name}::generate");
    let type_name = name.to_string();
    signature(
        model,
        &quote! {
            #[#krate::generator(crate = #krate, rng = #rng, name = #key)]
            fn generate<__GreduceR: #p::Rng + ?::core::marker::Sized>(
                #rng: &mut __GreduceR,
            ) -> Self {
                #[allow(unused_imports)]
                use #p::RngExt as _;
                let __greduce_nested = #p::nested(#type_name);
                #body
            }
        },
    )
}

/// After errors: an impl that compiles, so the type's uses raise no errors of their own.
pub(super) fn fallback_impl(model: &Model) -> TokenStream {
    let p = {
        let krate = &model.krate;
        quote!(#krate::__private)
    };
    signature(
        model,
        &quote! {
            fn generate<__GreduceR: #p::Rng + ?::core::marker::Sized>(
                _: &mut __GreduceR,
            ) -> Self {
                ::core::unimplemented!("the derive of `Generate` reported errors")
            }
        },
    )
}

/// `impl<..> Generate for Type<..> where ..params: Generate { method }`.
fn signature(model: &Model, method: &TokenStream) -> TokenStream {
    let krate = &model.krate;
    let name = &model.input.ident;
    let mut generics = model.input.generics.clone();
    let params: Vec<Ident> = generics.type_params().map(|t| t.ident.clone()).collect();
    let clause = generics.make_where_clause();
    for param in params {
        clause
            .predicates
            .push(parse_quote!(#param: #krate::Generate));
    }
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::Generate for #name #ty_generics #where_clause {
            #method
        }
    }
}

/// Draws the fields of `body` in order, then builds `path { .. }` of them.
fn construct(body: &Body, path: &TokenStream, rng: &Ident, krate: &Path) -> TokenStream {
    let draws = body.fields.iter().map(|f| {
        let binding = &f.binding;
        let ty = &f.ty;
        let value = draw(&f.how, ty, rng, krate);
        quote!(let #binding: #ty = #value;)
    });
    let bindings = body.fields.iter().map(|f| &f.binding);
    let value = match body.style {
        Style::Named => {
            let members = body.fields.iter().map(|f| &f.member);
            quote!(#path { #(#members: #bindings),* })
        }
        Style::Tuple => quote!(#path ( #(#bindings),* )),
        Style::Unit => quote!(#path),
    };
    quote!({ #(#draws)* #value })
}

fn enum_body(variants: &[Variant], name: &Ident, rng: &Ident, krate: &Path) -> TokenStream {
    let drawn: Vec<&Variant> = variants.iter().filter(|v| v.weight > 0).collect();
    let build = |v: &Variant| {
        let ident = &v.ident;
        construct(&v.body, &quote!(#name::#ident), rng, krate)
    };
    // The way out of a recursion: a variant whose fields do not name the enum, then with
    // the fewest fields of types that might lead back to it (`Paren(Spanned)` where
    // `Spanned` holds the enum), then with the fewest fields; the first of those.
    let simplest = drawn
        .iter()
        .min_by_key(|v| v.depth_risk)
        .map_or_else(|| quote!(::core::unreachable!()), |v| build(v));
    let choice = if let [only] = drawn.as_slice() {
        build(only)
    } else {
        let total: u64 = drawn.iter().map(|v| v.weight).sum();
        let mut start = 0u64;
        let arms = drawn.iter().enumerate().map(|(i, v)| {
            let end = start + v.weight - 1;
            let pattern = if i + 1 == drawn.len() {
                quote!(_)
            } else if v.weight == 1 {
                quote!(#start)
            } else {
                quote!(#start..=#end)
            };
            start = end + 1;
            let value = build(v);
            quote_spanned!(v.ident.span()=> #pattern => #value,)
        });
        quote! {
            match #rng.random_range(0u64..#total) {
                #(#arms)*
            }
        }
    };
    quote! {
        if __greduce_nested.at_limit() {
            #simplest
        } else {
            #choice
        }
    }
}
