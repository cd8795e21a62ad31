//! `#[derive(Generate)]`: parse the type and its `#[generate(..)]` attributes into a model
//! ([`attrs`]), check it, then write the `Generate` impl ([`expand`]), whose `generate` is
//! a `#[generator]` that draws each field in order.

pub(crate) mod attrs;
pub(crate) mod draw;
mod expand;

use attrs::How;
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens as _, format_ident};
use syn::spanned::Spanned as _;
use syn::{Data, DeriveInput, Fields, Ident, Member, Path, Type, parse_quote};

/// The type being derived for, as the impl needs it.
struct Model {
    input: DeriveInput,
    krate: Path,
    shape: Shape,
}

enum Shape {
    Struct(Body),
    Enum(Vec<Variant>),
}

/// The fields of a struct or a variant, drawn in order.
struct Body {
    fields: Vec<Field>,
    /// `{ .. }`, `( .. )` or nothing.
    style: Style,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Named,
    Tuple,
    Unit,
}

struct Field {
    /// The local it is bound to while the later fields are drawn: its name (`_0`, `_1`, ...
    /// for a tuple's), which later fields' attributes may name.
    binding: Ident,
    member: Member,
    ty: Type,
    how: How,
}

struct Variant {
    ident: Ident,
    body: Body,
    weight: u64,
    /// Whether a field's type names the enum itself (then it is no way out of a recursion).
    recursive: bool,
}

/// `#[derive(Generate)] item`: the impl, or errors (each once) and an impl that keeps other
/// code compiling.
pub(crate) fn derive(input: TokenStream) -> TokenStream {
    let input: DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(e) => return e.to_compile_error(),
    };
    let mut errors = Vec::new();
    let model = model(input, &mut errors);
    if errors.is_empty() {
        expand::generate_impl(&model)
    } else {
        let fallback = expand::fallback_impl(&model);
        let errors = errors.iter().map(syn::Error::to_compile_error);
        quote::quote!(#fallback #(#errors)*)
    }
}

fn model(input: DeriveInput, errors: &mut Vec<syn::Error>) -> Model {
    let krate =
        attrs::container_crate(&input.attrs, errors).unwrap_or_else(|| parse_quote!(::greduce));
    let shape = match &input.data {
        Data::Struct(s) => Shape::Struct(body(&s.fields, errors)),
        Data::Enum(e) => {
            if e.variants.is_empty() {
                errors.push(syn::Error::new(
                    input.ident.span(),
                    "`Generate` cannot be derived for an enum without variants: it has no \
                     value to generate",
                ));
            }
            let name = input.ident.to_string();
            let variants: Vec<Variant> = e
                .variants
                .iter()
                .map(|v| Variant {
                    ident: v.ident.clone(),
                    body: body(&v.fields, errors),
                    weight: attrs::variant_weight(&v.attrs, errors),
                    recursive: v
                        .fields
                        .iter()
                        .any(|f| mentions(&f.ty.to_token_stream(), &name)),
                })
                .collect();
            if !variants.is_empty() && variants.iter().all(|v| v.weight == 0) {
                errors.push(syn::Error::new(
                    input.ident.span(),
                    "every variant has `weight = 0`, so none can be generated; give one a \
                     weight above 0",
                ));
            }
            Shape::Enum(variants)
        }
        Data::Union(u) => {
            errors.push(syn::Error::new(
                u.union_token.span(),
                "`Generate` cannot be derived for a union: greduce cannot tell which field \
                 holds the value; write `impl Generate` by hand",
            ));
            Shape::Struct(Body {
                fields: Vec::new(),
                style: Style::Unit,
            })
        }
    };
    Model {
        input,
        krate,
        shape,
    }
}

/// The fields of a struct or variant, with their attributes; checks that an attribute
/// names only fields drawn before it.
fn body(fields: &Fields, errors: &mut Vec<syn::Error>) -> Body {
    let style = match fields {
        Fields::Named(_) => Style::Named,
        Fields::Unnamed(_) => Style::Tuple,
        Fields::Unit => Style::Unit,
    };
    let fields: Vec<Field> = fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut attrs = f.attrs.clone();
            let how = attrs::value_how(&mut attrs, errors);
            let (binding, member) = match &f.ident {
                Some(ident) => (ident.clone(), Member::Named(ident.clone())),
                None => (
                    format_ident!("_{}", i, span = Span::call_site()),
                    Member::Unnamed(i.into()),
                ),
            };
            Field {
                binding,
                member,
                ty: f.ty.clone(),
                how,
            }
        })
        .collect();
    for (i, field) in fields.iter().enumerate() {
        let Some(tokens) = expressions(&field.how) else {
            continue;
        };
        for later in &fields[i..] {
            if let Some(span) = find(&tokens, &later.binding) {
                let message = if later.binding == field.binding {
                    format!(
                        "`{}` names the field it draws: an attribute can name only the fields \
                         before it",
                        later.binding
                    )
                } else {
                    format!(
                        "`{}` is drawn after `{}`: an attribute can name only the fields before \
                         it (fields are drawn in order); move `{}` up",
                        later.binding, field.binding, later.binding
                    )
                };
                errors.push(syn::Error::new(span, message));
            }
        }
    }
    Body { fields, style }
}

/// The expressions of an attribute, which may name other fields.
fn expressions(how: &How) -> Option<TokenStream> {
    match how {
        How::Bounded { range, len } => {
            let mut tokens = TokenStream::new();
            tokens.extend(range.iter().map(quote::ToTokens::to_token_stream));
            tokens.extend(len.iter().map(quote::ToTokens::to_token_stream));
            Some(tokens)
        }
        How::Value(expr) => Some(expr.to_token_stream()),
        How::Default | How::Regex(_) | How::With(_) => None,
    }
}

/// Where `ident` appears in `tokens` as a name of its own: not a field or method after a
/// single `.` (`v.len`), nor a path segment after `::`.
fn find(tokens: &TokenStream, ident: &Ident) -> Option<Span> {
    use proc_macro2::TokenTree;
    // The two tokens before: whether the last was a `.` or `:` and the one before it too.
    let (mut last, mut before): (Option<char>, Option<char>) = (None, None);
    for tree in tokens.clone() {
        match &tree {
            TokenTree::Ident(i) if i == ident => {
                let member = last == Some('.') && before != Some('.');
                let segment = last == Some(':') && before == Some(':');
                if !member && !segment {
                    return Some(i.span());
                }
            }
            TokenTree::Group(g) => {
                if let Some(span) = find(&g.stream(), ident) {
                    return Some(span);
                }
            }
            _ => {}
        }
        before = last;
        last = match &tree {
            TokenTree::Punct(p) => Some(p.as_char()),
            _ => None,
        };
    }
    None
}

/// Whether `tokens` name `name` (a type naming the enum it is a field of).
fn mentions(tokens: &TokenStream, name: &str) -> bool {
    tokens.clone().into_iter().any(|tree| match tree {
        proc_macro2::TokenTree::Ident(i) => i == name || i == "Self",
        proc_macro2::TokenTree::Group(g) => mentions(&g.stream(), name),
        _ => false,
    })
}
