//! Runs the stages of `#[generator]`: parse the arguments and the function, check the
//! signature, rewrite the body, emit.

use crate::args::{Args, TestArgs};
use crate::codegen::Codegen;
use crate::recognize::Recognizer;
use proc_macro2::TokenStream;
use quote::{ToTokens as _, quote};
use syn::spanned::Spanned as _;
use syn::visit_mut::VisitMut;
use syn::{Block, FnArg, Ident, ItemFn, Pat, Stmt, Type};

/// `#[generator(args)] item`: the rewritten function, or the function unchanged plus the
/// errors when its signature cannot be instrumented.
pub(crate) fn generator(args: TokenStream, item: TokenStream) -> TokenStream {
    let original = item.clone();
    let args = match Args::parse(args) {
        Ok(args) => args,
        Err(e) => return with_error(&original, &e),
    };
    let mut func: ItemFn = match syn::parse2(item) {
        Ok(func) => func,
        Err(e) => return with_error(&original, &e),
    };
    let rng = match check_signature(&func, &args.rng, Attr::Generator) {
        Ok(rng) => rng,
        Err(e) => return with_error(&original, &e),
    };
    let name = args
        .name
        .map_or_else(|| func.sig.ident.to_string(), |n| n.value());
    let codegen = Codegen::new(args.krate, rng, name);
    // Items (`use`, `fn`, `impl`, `macro_rules!`) are hoisted out of the two copies of the
    // body below: they would otherwise be defined twice.
    let (items, plain): (Vec<Stmt>, Vec<Stmt>) = std::mem::take(&mut func.block.stmts)
        .into_iter()
        .partition(|s| matches!(s, Stmt::Item(_)));
    let mut instrumented = Block {
        brace_token: func.block.brace_token,
        stmts: plain.clone(),
    };
    let mut recognizer = Recognizer::new(&codegen);
    recognizer.visit_block_mut(&mut instrumented);
    // With errors, the user's own statements hold the offending code: leave them out, so the
    // errors reported are ours (they replaced that code in the instrumented copy). A
    // function returning `impl Trait` keeps one copy too: two copies could return two
    // different closure types. Its decisions check for a run one by one instead (the same
    // values, a little slower when called directly).
    let single = !recognizer.errors.is_empty() || returns_impl_trait(&func.sig.output);
    let plain = (!single).then(|| Block {
        brace_token: func.block.brace_token,
        stmts: plain,
    });
    func.block.stmts = codegen.body(
        &items,
        plain.as_ref(),
        &instrumented,
        &func.sig.ident,
        recognizer.uses_seq,
    );
    // Each error replaced the expression it is about (so rustc reports no follow-up error
    // there), and is reported there, once: emitting it again after the function made rustc
    // count it twice ("due to 5 previous errors" with 3 shown).
    func.into_token_stream()
}

/// Whether the return type mentions `impl Trait`.
fn returns_impl_trait(output: &syn::ReturnType) -> bool {
    struct Find(bool);
    impl syn::visit::Visit<'_> for Find {
        fn visit_type_impl_trait(&mut self, _: &syn::TypeImplTrait) {
            self.0 = true;
        }
    }
    let mut find = Find(false);
    syn::visit::Visit::visit_return_type(&mut find, output);
    find.0
}

fn with_error(item: &TokenStream, error: &syn::Error) -> TokenStream {
    let error = error.to_compile_error();
    quote!(#item #error)
}

/// Checks what `#[generator]` needs of the signature and returns the rng parameter's ident
/// (as the user wrote it, so generated uses resolve to it).
fn check_signature(func: &ItemFn, rng: &Ident, attr: Attr) -> syn::Result<Ident> {
    func.modifiers.require_empty()?;
    let name = attr.name();
    let sig = &func.sig;
    if let Some(asyncness) = &sig.asyncness {
        return Err(syn::Error::new(
            asyncness.span,
            format!(
                "{name} cannot instrument an `async fn`: a run is recorded on one thread, \
                 start to end; make the generator synchronous"
            ),
        ));
    }
    if let Some(constness) = &sig.constness {
        return Err(syn::Error::new(
            constness.span,
            format!(
                "{name} cannot instrument a `const fn`: decisions happen at run time; remove `const`"
            ),
        ));
    }
    for input in &sig.inputs {
        let FnArg::Typed(typed) = input else { continue };
        let Pat::Ident(pat) = &*typed.pat else {
            continue;
        };
        if pat.ident != *rng {
            continue;
        }
        return match &*typed.ty {
            Type::Reference(r) if r.mutability.is_some() => Ok(pat.ident.clone()),
            ty => Err(syn::Error::new_spanned(
                ty,
                format!(
                    "the generator rng `{rng}` must be a mutable reference: `&mut R` with \
                     `R: rand::Rng + ?Sized`, `&mut impl rand::Rng`, or `&mut` a concrete rng"
                ),
            )),
        };
    }
    Err(syn::Error::new(
        sig.ident.span(),
        format!(
            "{name} needs the random source as a parameter named `{rng}` (for example \
             `{rng}: &mut R` with `R: rand::Rng + ?Sized`); name another one with \
             `{}`",
            attr.naming()
        ),
    ))
}

/// `#[greduce::test(args)] item`: a `#[test]` that checks the body (a generator drawing its
/// own inputs, from its rng or as parameters drawn from their types), or the function
/// unchanged plus the errors.
pub(crate) fn test(args: TokenStream, item: TokenStream) -> TokenStream {
    let original = item.clone();
    let args = match TestArgs::parse(args) {
        Ok(args) => args,
        Err(e) => return with_error(&original, &e),
    };
    let mut func: ItemFn = match syn::parse2(item) {
        Ok(func) => func,
        Err(e) => return with_error(&original, &e),
    };
    if let Err((e, tokio_test)) = check_async(&func, &args) {
        // Without `#[tokio::test]`, which would not resolve in a crate without tokio.
        if let Some(index) = tokio_test {
            func.attrs.remove(index);
            return with_error(&func.to_token_stream(), &e);
        }
        return with_error(&original, &e);
    }
    // An `async fn` test: its body becomes a future that each case runs to completion on
    // the test thread. The rest is checked as for a synchronous test.
    let asyncness = func.sig.asyncness.take();
    let mut errors = Vec::new();
    let (drawn, rng) = test_params(&mut func, &args.rng, &args.krate, &mut errors);
    if let Some(first) = errors.into_iter().reduce(|mut all, e| {
        all.combine(e);
        all
    }) {
        return with_error(&original, &first);
    }
    let rng = match check_signature(&func, &rng, Attr::Test) {
        Ok(rng) => rng,
        Err(e) => return with_error(&original, &e),
    };
    let codegen = Codegen::new(args.krate.clone(), rng.clone(), func.sig.ident.to_string());
    bind_lets(&mut func.block, &codegen);
    let mut statements = Vec::new();
    for param in &drawn {
        let (pat, ty) = (&param.pat, &param.ty);
        let value = crate::derive::draw::draw(&param.how, ty, &rng, &args.krate);
        statements.push(syn::parse_quote!(let #pat: #ty = #value;));
        let names = bound_names(pat);
        if !names.is_empty() {
            statements.push(codegen.bind(&names, pat.span()));
        }
    }
    if let Some(asyncness) = asyncness {
        // Items stay outside the future: the generator hoists the items of its body, not
        // those of a block in it, and its two copies of the body would define them twice.
        let (items, body): (Vec<Stmt>, Vec<Stmt>) = std::mem::take(&mut func.block.stmts)
            .into_iter()
            .partition(|s| matches!(s, Stmt::Item(_)));
        let body = Block {
            brace_token: func.block.brace_token,
            stmts: body,
        };
        let unit = match &func.sig.output {
            syn::ReturnType::Default => true,
            syn::ReturnType::Type(_, ty) => matches!(&**ty, Type::Tuple(t) if t.elems.is_empty()),
        };
        statements.push(codegen.block_on(args.executor, asyncness.span, &body, unit));
        func.block.stmts = items.into_iter().chain(statements).collect();
    } else {
        func.block.stmts.splice(0..0, statements);
    }
    codegen.test_fn(&func, &args.settings, args.executor)
}

/// What an `async fn` test needs: no `#[tokio::test]` beside it (tokio's attribute makes a
/// test of its own; the error comes with its index among the attributes), and no
/// `executor` argument on a synchronous one.
fn check_async(func: &ItemFn, args: &TestArgs) -> Result<(), (syn::Error, Option<usize>)> {
    if let Some(index) = func.attrs.iter().position(|a| is_tokio_test(a.path())) {
        let error = syn::Error::new_spanned(
            &func.attrs[index],
            "`#[tokio::test]` makes a test of its own; remove it: `#[greduce::test] async fn` \
             runs each case on tokio's current-thread runtime with greduce's feature `tokio`",
        );
        return Err((error, Some(index)));
    }
    if func.sig.asyncness.is_none()
        && let Some(key) = args.executor_key
    {
        let error = syn::Error::new(
            key,
            "`executor` chooses what runs the future of an `async fn` test; this test is not \
             `async`: remove the argument",
        );
        return Err((error, None));
    }
    Ok(())
}

/// `tokio::test`, `::tokio::test`.
fn is_tokio_test(path: &syn::Path) -> bool {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    segments == ["tokio", "test"]
}

/// A parameter of a `#[greduce::test]` drawn from its type.
struct Drawn {
    pat: Pat,
    ty: Type,
    how: crate::derive::attrs::How,
}

/// Takes the parameters drawn from their types out of the test's signature (with their
/// `#[generate(..)]` attributes), leaving the rng, or adding a hygienic one when the test
/// has none; returns them and the rng's name.
fn test_params(
    func: &mut ItemFn,
    rng: &Ident,
    krate: &syn::Path,
    errors: &mut Vec<syn::Error>,
) -> (Vec<Drawn>, Ident) {
    let mut drawn = Vec::new();
    let mut has_rng = false;
    let inputs = std::mem::take(&mut func.sig.inputs);
    let any_rng_named = inputs.iter().any(|input| {
        matches!(input, FnArg::Typed(t) if matches!(&*t.pat, Pat::Ident(p) if p.ident == *rng))
    });
    for input in inputs {
        let mut typed = match input {
            FnArg::Typed(typed) => typed,
            FnArg::Receiver(receiver) => {
                errors.push(syn::Error::new_spanned(
                    &receiver,
                    "#[greduce::test] is a free function; it takes no `self`",
                ));
                continue;
            }
        };
        if let Pat::Ident(pat) = &*typed.pat
            && pat.ident == *rng
        {
            has_rng = true;
            func.sig.inputs.push(FnArg::Typed(typed));
            continue;
        }
        if let Type::Reference(reference) = &*typed.ty {
            if reference.mutability.is_some() && !any_rng_named {
                // Most likely the rng under another name.
                let param = match &*typed.pat {
                    Pat::Ident(p) => p.ident.to_string(),
                    _ => "..".to_string(),
                };
                let fix = if param == "rng" {
                    format!("leave out `rng = {rng}` (the default is `rng`)")
                } else {
                    format!("write `#[greduce::test(rng = {param})]`")
                };
                errors.push(syn::Error::new_spanned(
                    &typed.pat,
                    format!(
                        "#[greduce::test] looks for the random source in a parameter named \
                         `{rng}`, but this test's parameter is `{param}`: {fix} or name the \
                         parameter `{rng}`"
                    ),
                ));
            } else {
                errors.push(syn::Error::new_spanned(
                    &typed.ty,
                    "a parameter of a #[greduce::test] other than the rng is drawn from its \
                     type, and owned: take it by value (`v: Vec<u8>`, not a reference)",
                ));
            }
            continue;
        }
        let how = crate::derive::attrs::value_how(&mut typed.attrs, errors);
        drawn.push(Drawn {
            pat: *typed.pat,
            ty: *typed.ty,
            how,
        });
    }
    if has_rng {
        return (drawn, rng.clone());
    }
    let rng = Ident::new("__greduce_rng", proc_macro2::Span::mixed_site());
    func.sig
        .inputs
        .push(syn::parse_quote!(#rng: &mut impl #krate::__private::Rng));
    (drawn, rng)
}

/// Which attribute a diagnostic is about.
#[derive(Clone, Copy)]
enum Attr {
    Generator,
    Test,
}

impl Attr {
    fn name(self) -> &'static str {
        match self {
            Attr::Generator => "#[generator]",
            Attr::Test => "#[greduce::test]",
        }
    }

    /// How to name the rng parameter.
    fn naming(self) -> &'static str {
        match self {
            Attr::Generator => "#[generator(rng = name)]",
            Attr::Test => "#[greduce::test(rng = name)]",
        }
    }
}

/// After each top-level `let` of the body whose initializer uses the rng, records the bound
/// values for the report.
fn bind_lets(block: &mut Block, codegen: &Codegen) {
    let stmts = std::mem::take(&mut block.stmts);
    for stmt in stmts {
        let bind = match &stmt {
            Stmt::Local(local)
                if local
                    .init
                    .as_ref()
                    .is_some_and(|init| mentions(&init.expr.to_token_stream(), &codegen.rng)) =>
            {
                let names = bound_names(&local.pat);
                (!names.is_empty()).then(|| codegen.bind(&names, local.let_token.span))
            }
            _ => None,
        };
        block.stmts.push(stmt);
        block.stmts.extend(bind);
    }
}

/// Whether `tokens` mention `ident`.
fn mentions(tokens: &TokenStream, ident: &Ident) -> bool {
    tokens.clone().into_iter().any(|tree| match tree {
        proc_macro2::TokenTree::Ident(i) => i == *ident,
        proc_macro2::TokenTree::Group(g) => mentions(&g.stream(), ident),
        _ => false,
    })
}

/// The names a pattern binds, in order.
fn bound_names(pat: &Pat) -> Vec<Ident> {
    struct Names(Vec<Ident>);
    impl syn::visit::Visit<'_> for Names {
        fn visit_pat_ident(&mut self, p: &syn::PatIdent) {
            self.0.push(p.ident.clone());
            syn::visit::visit_pat_ident(self, p);
        }
    }
    let mut names = Names(Vec::new());
    syn::visit::Visit::visit_pat(&mut names, pat);
    names.0
}
