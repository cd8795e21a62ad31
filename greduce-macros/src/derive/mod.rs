//! `#[derive(Generate)]`: parse the type and its `#[generate(..)]` attributes into a model
//! ([`attrs`]), check it, then write the `Generate` impl ([`expand`]), whose `generate` is
//! a `#[generator]` that draws each field in order.

pub(crate) mod attrs;
pub(crate) mod draw;
mod expand;
mod model;

use attrs::How;
use model::{Body, Field, Model, Shape, Style, Variant};
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens as _, format_ident};
use syn::spanned::Spanned as _;
use syn::{Data, DeriveInput, Fields, Ident, Member, parse_quote};

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
            let params: Vec<String> = input
                .generics
                .type_params()
                .map(|p| p.ident.to_string())
                .collect();
            let variants: Vec<Variant> = e
                .variants
                .iter()
                .map(|v| {
                    let body = body(&v.fields, errors);
                    let depth_risk = depth_risk(&body, &name, &params);
                    Variant {
                        ident: v.ident.clone(),
                        body,
                        weight: attrs::variant_weight(&v.attrs, errors),
                        depth_risk,
                    }
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
        // `with = email` after a field named `email`: the field's local hides the function.
        if let How::With(path) = &field.how
            && let Some(name) = path.get_ident()
            && fields[..i].iter().any(|f| f.binding == *name)
        {
            errors.push(syn::Error::new(
                name.span(),
                format!(
                    "`{name}` here is the field `{name}` drawn before, not a generator: each \
                     field is bound to a local of its name for the attributes after it; write \
                     the generator's path (`self::{name}`, `crate::..`) or rename it"
                ),
            ));
        }
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
/// single `.` (`v.len`), a path segment after `::`, a struct literal's field name before a
/// single `:`, nor a name a closure's parameters or a `let` bind there (`|i| i * 2`).
fn find(tokens: &TokenStream, ident: &Ident) -> Option<Span> {
    find_in(tokens, ident, &mut false)
}

/// [`find`], with whether `ident` is bound by a closure or a `let` earlier in `tokens`
/// (then every later use is that binding's, an approximation of its scope).
fn find_in(tokens: &TokenStream, ident: &Ident, bound: &mut bool) -> Option<Span> {
    use proc_macro2::{Spacing, TokenTree};
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let punct = |i: usize| match trees.get(i) {
        Some(TokenTree::Punct(p)) => Some((p.as_char(), p.spacing())),
        _ => None,
    };
    // Inside a closure's parameter list, between its two `|`.
    let mut params = false;
    for (i, tree) in trees.iter().enumerate() {
        let before = i.checked_sub(1).and_then(punct);
        let before2 = i.checked_sub(2).and_then(punct);
        match tree {
            TokenTree::Punct(p) if p.as_char() == '|' => {
                // A closure's `|` opens where an expression starts; a `||` with nothing
                // between is an empty parameter list (or a logical or: either way no names).
                let opens = !params
                    && p.spacing() == Spacing::Alone
                    && (i == 0
                        || matches!(before, Some(('(' | ',' | '=' | '|' | '&', _)))
                        || matches!(&trees[i - 1], TokenTree::Ident(k) if k == "move"));
                params = if params { false } else { opens };
            }
            TokenTree::Ident(i2) if i2 == ident => {
                let after_let = i > 0 && matches!(&trees[i - 1], TokenTree::Ident(k) if k == "let");
                let member = matches!(before, Some(('.', _))) && !matches!(before2, Some(('.', _)));
                let segment = matches!(before, Some((':', _))) && matches!(before2, Some((':', _)));
                let field_name = matches!(punct(i + 1), Some((':', Spacing::Alone)));
                if params || after_let {
                    *bound = true;
                } else if !member && !segment && !field_name && !*bound {
                    return Some(i2.span());
                }
            }
            // A pattern among a closure's parameters (`|(i, j)|`) binds what it names.
            TokenTree::Group(g) if params => {
                *bound |= find_in(&g.stream(), ident, &mut false).is_some();
            }
            TokenTree::Group(g) => {
                if let Some(span) = find_in(&g.stream(), ident, bound) {
                    return Some(span);
                }
            }
            _ => {}
        }
    }
    None
}

/// [`Variant::depth_risk`] of a variant's fields: those drawn by their type's `Generate`
/// (a field drawn `with` a generator, or given a `value` or a `regex`, ends by itself).
fn depth_risk(body: &Body, name: &str, params: &[String]) -> (bool, usize, usize) {
    let drawn_by_type = body
        .fields
        .iter()
        .filter(|f| matches!(f.how, How::Default | How::Bounded { .. }));
    let mut names_itself = false;
    let mut may_lead_back = 0;
    for field in drawn_by_type {
        let tokens = field.ty.to_token_stream();
        names_itself |= mentions(&tokens, name);
        may_lead_back += usize::from(names_other_type(&tokens, params));
    }
    (names_itself, may_lead_back, body.fields.len())
}

/// Whether a type names something other than the standard library's types and modules and
/// the enum's own type parameters: a type of the user's, which may hold the enum again.
fn names_other_type(tokens: &TokenStream, params: &[String]) -> bool {
    const STD: &[&str] = &[
        "u8",
        "u16",
        "u32",
        "u64",
        "u128",
        "usize",
        "i8",
        "i16",
        "i32",
        "i64",
        "i128",
        "isize",
        "f32",
        "f64",
        "bool",
        "char",
        "str",
        "String",
        "Vec",
        "VecDeque",
        "LinkedList",
        "BinaryHeap",
        "HashMap",
        "HashSet",
        "BTreeMap",
        "BTreeSet",
        "Option",
        "Result",
        "Box",
        "Rc",
        "Arc",
        "Cell",
        "RefCell",
        "Wrapping",
        "Reverse",
        "PhantomData",
        "Duration",
        "NonZero",
        "Ipv4Addr",
        "Ipv6Addr",
        "IpAddr",
        "SocketAddr",
        "Ordering",
        "PathBuf",
        "std",
        "core",
        "alloc",
        "collections",
        "rc",
        "sync",
        "cell",
        "num",
        "time",
        "net",
        "cmp",
        "marker",
        "path",
        "string",
        "vec",
        "boxed",
        "hash",
        "RandomState",
    ];
    // The ident after a `'` is a lifetime's name.
    let mut lifetime = false;
    tokens.clone().into_iter().any(|tree| {
        let other = match &tree {
            proc_macro2::TokenTree::Ident(i) if !lifetime => {
                let i = i.to_string();
                !STD.contains(&i.as_str()) && !params.contains(&i)
            }
            proc_macro2::TokenTree::Group(g) => names_other_type(&g.stream(), params),
            _ => false,
        };
        lifetime = matches!(&tree, proc_macro2::TokenTree::Punct(p) if p.as_char() == '\'');
        other
    })
}

/// Whether `tokens` name `name` (a type naming the enum it is a field of).
fn mentions(tokens: &TokenStream, name: &str) -> bool {
    tokens.clone().into_iter().any(|tree| match tree {
        proc_macro2::TokenTree::Ident(i) => i == name || i == "Self",
        proc_macro2::TokenTree::Group(g) => mentions(&g.stream(), name),
        _ => false,
    })
}
