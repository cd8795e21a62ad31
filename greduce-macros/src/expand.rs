//! Runs the stages of `#[generator]`: parse the arguments and the function, check the
//! signature, rewrite the body, emit.

use crate::args::{Args, TestArgs};
use crate::codegen::Codegen;
use crate::recognize::Recognizer;
use proc_macro2::TokenStream;
use quote::{ToTokens as _, quote};
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
    // Each error also replaced the expression it is about (so rustc reports no follow-up
    // error there); emitting them again after the function guarantees none is lost where
    // the replaced expression does not get printed. rustc reports identical errors once.
    let errors = recognizer.errors.iter().map(syn::Error::to_compile_error);
    quote!(#func #(#errors)*)
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
/// own inputs), or the function unchanged plus the error.
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
    let rng = match check_test_signature(&func, &args.rng) {
        Ok(rng) => rng,
        Err(e) => return with_error(&original, &e),
    };
    let codegen = Codegen::new(args.krate, rng, func.sig.ident.to_string());
    bind_lets(&mut func.block, &codegen);
    codegen.test_fn(&func, &args.settings)
}

/// A test takes one parameter, the rng, and is not `async`.
fn check_test_signature(func: &ItemFn, rng: &Ident) -> syn::Result<Ident> {
    if let Some(asyncness) = &func.sig.asyncness {
        return Err(syn::Error::new(
            asyncness.span,
            "#[greduce::test] cannot run an `async fn`: a run is recorded on one thread, start \
             to end; call the async code with a runtime's `block_on` inside the test",
        ));
    }
    if func.sig.inputs.len() != 1 {
        return Err(syn::Error::new_spanned(
            &func.sig.inputs,
            format!(
                "#[greduce::test] takes one parameter, the random source: `{rng}: &mut impl \
                 rand::Rng`; draw everything else from it"
            ),
        ));
    }
    if let Some(FnArg::Typed(typed)) = func.sig.inputs.first()
        && let Pat::Ident(pat) = &*typed.pat
        && pat.ident != *rng
    {
        let param = &pat.ident;
        let fix = if param == "rng" {
            format!("leave out `rng = {rng}` (the default is `rng`)")
        } else {
            format!("write `#[greduce::test(rng = {param})]`")
        };
        return Err(syn::Error::new_spanned(
            param,
            format!(
                "#[greduce::test] looks for the random source in a parameter named `{rng}`, \
                 but this test's parameter is `{param}`: {fix} or name the parameter `{rng}`"
            ),
        ));
    }
    check_signature(func, rng, Attr::Test)
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
