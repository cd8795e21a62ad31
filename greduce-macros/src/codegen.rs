//! Writes the code that replaces each recognized pattern. The only module that quotes code.
//!
//! Every replacement is one call into `<greduce>::__private`, named after the rand method or
//! the construct (`random_range`, `choose`, `reducible_loop`, `selection`, `scope`), carrying
//! a site (`file!()`, `line!()`, `column!()` spanned at the user's tokens) and, for decisions,
//! a closure holding the user's own rand call: outside a greduce run the generator calls that
//! closure and draws exactly what it drew before. Invented identifiers use
//! `Span::mixed_site()`, so user code with the same names is unaffected.

use crate::args::{Executor, Setting, Value};
use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use std::cell::Cell;
use syn::{
    AngleBracketedGenericArguments, Arm, Attribute, Block, Expr, ExprBlock, ExprMatch, Ident,
    ItemFn, Label, Path, Stmt, parse_quote, parse_quote_spanned, token,
};

/// A decision recognized on the rng: `rng.<method>::<turbofish>(<args>)`.
pub(crate) struct Draw {
    pub(crate) method: Ident,
    pub(crate) turbofish: Option<AngleBracketedGenericArguments>,
    pub(crate) args: Vec<Expr>,
    /// The span of the whole call.
    pub(crate) span: Span,
}

/// How a reducible loop's count is known.
pub(crate) enum Count {
    /// `a..rng.random_range(..)`: the count is decided here.
    Draw(Draw),
    /// `let n = rng.random_range(..); .. a..n`: decided at the `let` (the span of its
    /// `random_range`).
    Named { n: Expr, decided_at: Span },
}

/// Writes replacement code for one generator.
pub(crate) struct Codegen {
    /// Path of the greduce crate.
    pub(crate) krate: Path,
    /// The rng parameter.
    pub(crate) rng: Ident,
    /// How many uses of the run's handle have been written so far (a closure that adds
    /// some needs the handle; see [`Codegen::fresh_run`]).
    pub(crate) handle_uses: Cell<usize>,
    /// Whether a `sample` picks its recording by the distribution's type (the body then
    /// imports the picking traits; see `__private::Pick`).
    pub(crate) uses_pick: Cell<bool>,
    /// The generator's name in its sites' keys (the function's, or `name = ".."`).
    pub(crate) name: String,
    /// How many sites have been written so far: the next site's number in its key.
    sites: Cell<u32>,
}

impl Codegen {
    /// A code writer for the generator named `name` with rng parameter `rng`.
    pub(crate) fn new(krate: Path, rng: Ident, name: String) -> Codegen {
        Codegen {
            krate,
            rng,
            handle_uses: Cell::new(0),
            uses_pick: Cell::new(false),
            name,
            // 0 is the scope's ([`Codegen::body`]).
            sites: Cell::new(1),
        }
    }
}

/// `tokens` with every span set to `span`.
fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tree| {
            if let TokenTree::Group(g) = &tree {
                let mut group = Group::new(g.delimiter(), respan(g.stream(), span));
                group.set_span(span);
                tree = TokenTree::Group(group);
            }
            tree.set_span(span);
            tree
        })
        .collect()
}

/// The name of the run's handle in an instrumented body.
pub(crate) const RUN: &str = "__greduce_run";

fn hygienic(name: &str) -> Ident {
    Ident::new(name, Span::mixed_site())
}

impl Codegen {
    /// `<crate>::__private`, located at `span` so errors about a runtime call (an
    /// unsatisfied bound) point at the user's code rather than at the attribute.
    fn private(&self, span: Span) -> TokenStream {
        let krate = &self.krate;
        respan(quote!(#krate::__private), span)
    }

    /// `&__greduce_run`: the run's handle, which the instrumented body takes when it starts
    /// ([`Codegen::body`]) and every runtime call receives.
    fn run(&self) -> TokenStream {
        self.handle_uses.set(self.handle_uses.get() + 1);
        let run = hygienic(RUN);
        quote!(&#run)
    }

    /// `&mut *rng`
    fn rng(&self, span: Span) -> TokenStream {
        let rng = &self.rng;
        quote_spanned!(span=> &mut *#rng)
    }

    /// A `&'static Site` for the user's tokens at `span`, keyed by the generator's name and
    /// the number of sites written before it (so a saved failure finds it wherever its line
    /// moves).
    ///
    /// Input: `rng.random_range(0..3)` at 4:17, the second site of `g` after its scope.
    /// Output: `::greduce::__private::site!("random_range", "g", 2)`, invoked at the user's
    /// `random_range`, so the `line!()` and `column!()` inside give 4:17.
    pub(crate) fn site(&self, what: &str, span: Span) -> TokenStream {
        let ordinal = self.sites.get();
        self.sites.set(ordinal + 1);
        self.site_numbered(what, span, ordinal)
    }

    /// [`Codegen::site`] with the number given: 0 for the generator's scope, whose site
    /// is written after the body's.
    fn site_numbered(&self, what: &str, span: Span, ordinal: u32) -> TokenStream {
        // Every token of the invocation gets the user's span (the crate path too): `line!()`
        // reports where the outermost macro invocation that led to it starts.
        let p = self.private(span);
        let name = &self.name;
        let ordinal = proc_macro2::Literal::u32_unsuffixed(ordinal);
        quote_spanned!(span=> #p::site!(#what, #name, #ordinal))
    }

    /// The closure that makes the user's own rand call: `|r, a| r.method(a)`.
    fn direct(draw: &Draw, arity: usize) -> TokenStream {
        let r = hygienic("__greduce_rng");
        let method = &draw.method;
        let turbofish = &draw.turbofish;
        match arity {
            0 => quote!(|#r| #r.#method #turbofish ()),
            1 => {
                let a = hygienic("__greduce_arg");
                quote!(|#r, #a| #r.#method #turbofish (#a))
            }
            _ => {
                let (a, b) = (hygienic("__greduce_arg"), hygienic("__greduce_arg2"));
                quote!(|#r, (#a, #b)| #r.#method #turbofish (#a, #b))
            }
        }
    }

    /// A decision on the rng.
    ///
    /// Input: `rng.random_range(0..n)`. Output:
    /// `__private::random_range(0..n, SITE, &mut *rng, |r, a| r.random_range(a))`
    /// (user arguments first: they may draw from the rng themselves).
    pub(crate) fn draw(&self, draw: &Draw) -> Expr {
        let p = self.private(draw.span);
        let method = draw.method.to_string();
        let site = self.site(&method, draw.method.span());
        let rng = self.rng(draw.span);
        let run = self.run();
        let args = &draw.args;
        match method.as_str() {
            "random_ratio" => {
                let (n, d) = (&args[0], &args[1]);
                let direct = Self::direct(draw, 2);
                parse_quote_spanned!(draw.span=> #p::random_ratio((#n, #d), #run, #site, #rng, #direct))
            }
            // Not a primitive: the sampler is a nested generator, or its raw output is.
            "random" if draw.turbofish.as_ref().is_some_and(|t| !names_primitive(t)) => {
                let ty = draw.turbofish.as_ref().map(|t| &t.args);
                parse_quote_spanned!(draw.span=> #p::drawn::<_, #ty, _>(&#p::StandardUniform, #run, #site, #rng))
            }
            // Raw output is a value of its width: shrinks, replays and shows as one.
            "random" | "next_u32" | "next_u64" => {
                let direct = Self::direct(draw, 0);
                parse_quote_spanned!(draw.span=> #p::random(#run, #site, #rng, #direct))
            }
            // A distribution greduce does not know (by its name): a sampler, as
            // `distr.sample(rng)` is.
            // Not named as one greduce records with its parameters: picked by its type.
            "sample" if !names_known_distribution(&args[0]) => {
                let distr = &args[0];
                let direct = Self::direct(draw, 1);
                self.uses_pick.set(true);
                parse_quote_spanned! {draw.span=>
                    (&&#p::Pick(&#distr)).pick().sample(#run, #site, #rng, #direct)
                }
            }
            "fill_bytes" => {
                let dest = &args[0];
                let direct = Self::direct(draw, 1);
                parse_quote_spanned!(draw.span=> #p::fill(#dest, #run, #site, #rng, #direct))
            }
            _ => {
                let f = format_ident!("{}", method);
                let direct = Self::direct(draw, 1);
                parse_quote_spanned!(draw.span=> #p::#f(#(#args,)* #run, #site, #rng, #direct))
            }
        }
    }

    /// `distr.sample(rng)` for any distribution, picked by its type as `rng.sample(distr)`
    /// is: with its parameters for a `Uniform` or a `Bernoulli`; else a nested generator
    /// call when its `sample` is a `#[generator]`, or its raw rng output as one decision.
    ///
    /// Input: `digits.sample(rng)`. Output:
    /// `(&&__private::Pick(&digits)).pick().sample(&run, SITE, &mut *rng, |r, d| d.sample(r))`.
    pub(crate) fn drawn(&self, distr: &Expr, method: &Ident, span: Span) -> Expr {
        let p = self.private(span);
        let site = self.site(&method.to_string(), method.span());
        let rng = self.rng(span);
        let run = self.run();
        let (r, d) = (hygienic("__greduce_rng"), hygienic("__greduce_distr"));
        self.uses_pick.set(true);
        parse_quote_spanned! {span=>
            (&&#p::Pick(&#distr)).pick().sample(#run, #site, #rng, |#r, #d| #d.#method(#r))
        }
    }

    /// A rand method that takes the rng but is not a decision, made with a tape for the rng
    /// whose raw output is one decision (`__private::raw_call`).
    ///
    /// Input: `Alphanumeric.sample_string(rng, 8)`. Output:
    /// `__private::raw_call(&run, SITE, &mut *rng, |t| Alphanumeric.sample_string(t, 8))`.
    pub(crate) fn raw_call(
        &self,
        receiver: &Expr,
        method: &Ident,
        rest: &[Expr],
        span: Span,
    ) -> Expr {
        let p = self.private(span);
        let site = self.site(&method.to_string(), method.span());
        let rng = self.rng(span);
        let run = self.run();
        let t = hygienic("__greduce_tape");
        parse_quote_spanned! {span=>
            #p::raw_call(#run, #site, #rng, |#t| #receiver.#method(#t, #(#rest),*))
        }
    }

    /// `rng.sample_iter(d)` and `rng.random_iter::<T>()`: an iterator whose items are
    /// drawn as `d.sample(rng)` is ([`Codegen::drawn`]), each when it is pulled.
    ///
    /// Input: `rng.sample_iter(Alphanumeric)`. Output:
    /// `__private::sample_iter(Alphanumeric, &run, SITE, &mut *rng)`.
    pub(crate) fn sample_iter(
        &self,
        distr: Option<&Expr>,
        method: &Ident,
        turbofish: Option<&AngleBracketedGenericArguments>,
        span: Span,
    ) -> Expr {
        let p = self.private(span);
        let site = self.site(&method.to_string(), method.span());
        let rng = self.rng(span);
        let run = self.run();
        if let Some(distr) = distr {
            parse_quote_spanned!(span=> #p::sample_iter(#distr, #run, #site, #rng))
        } else {
            let ty = turbofish.map_or_else(|| quote!(_), |t| t.args.to_token_stream());
            parse_quote_spanned!(span=> #p::sample_iter::<_, #ty, _>(#p::StandardUniform, #run, #site, #rng))
        }
    }

    /// The argument and closure of a boolean decision (`random_bool`, `random_ratio`,
    /// `random::<bool>()`), as the selection and `while` runtime calls take them.
    fn boolean(&self, draw: &Draw) -> (TokenStream, TokenStream) {
        let p = self.private(draw.span);
        let args = &draw.args;
        match draw.method.to_string().as_str() {
            "random_ratio" => {
                let (n, d) = (&args[0], &args[1]);
                (quote!((#n, #d)), Self::direct(draw, 2))
            }
            "random" => {
                let r = hygienic("__greduce_rng");
                let method = &draw.method;
                let turbofish = &draw.turbofish;
                (quote!(#p::Fair), quote!(|#r, _| #r.#method #turbofish ()))
            }
            _ => {
                let a = &args[0];
                (quote!(#a), Self::direct(draw, 1))
            }
        }
    }

    /// A slice or iterator decision.
    ///
    /// Input: `xs.choose(&mut rng)`. Output:
    /// `xs.__greduce_choose(&mut *rng, &run, SITE, |s, r| s.choose(r))`; method resolution picks
    /// the slice or the iterator implementation, as it picks rand's for `choose`.
    pub(crate) fn seq(&self, receiver: &Expr, method: &Ident, extra: &[Expr], span: Span) -> Expr {
        let site = self.site(&method.to_string(), method.span());
        let rng = self.rng(span);
        let run = self.run();
        let ours = format_ident!("__greduce_{}", method);
        let (s, r) = (hygienic("__greduce_seq"), hygienic("__greduce_rng"));
        let params: Vec<Ident> = (0..extra.len())
            .map(|i| hygienic(&format!("__greduce_arg{i}")))
            .collect();
        parse_quote_spanned! {span=>
            #receiver.#ours(#rng, #(#extra,)* #run, #site, |#s, #r, #(#params),*| #s.#method(#r, #(#params),*))
        }
    }

    /// The body of a generator: its items, then the user's own statements when no greduce
    /// run is active (an annotated generator called directly runs exactly the code it had
    /// without the attribute), else the instrumented statements inside the generator's
    /// scope.
    ///
    /// Output:
    /// `items; if !__private::active() { plain } else {
    ///     use __private::{IteratorDecisions as _, SliceDecisions as _}; // when used
    ///     let __greduce_run = __private::run();
    ///     let __greduce_scope = __private::scope(&__greduce_run, SITE);
    ///     instrumented
    /// }`
    pub(crate) fn body(
        &self,
        items: &[Stmt],
        plain: Option<&Block>,
        instrumented: &Block,
        name: &Ident,
        seq: bool,
    ) -> Vec<Stmt> {
        let p = self.private(name.span());
        let site = self.site_numbered(&name.to_string(), name.span(), 0);
        let scope = hygienic("__greduce_scope");
        let handle = hygienic(RUN);
        let mut imports = TokenStream::new();
        if seq {
            imports.extend(quote!(use #p::{IteratorDecisions as _, SliceDecisions as _};));
        }
        if self.uses_pick.get() {
            // Which of the two is used depends on the distributions' types.
            imports.extend(quote! {
                #[allow(unused_imports)]
                use #p::{PickKnown as _, PickRaw as _};
            });
        }
        let stmts = &instrumented.stmts;
        let instrumented = quote! {
            #imports
            let #handle = #p::run();
            let #scope = #p::scope(&#handle, #site);
            #(#stmts)*
        };
        let mut body: Vec<Stmt> = items.to_vec();
        body.push(match plain {
            Some(plain) => parse_quote!(if !#p::active() #plain else { #instrumented }),
            None => parse_quote!({ #instrumented }),
        });
        body
    }

    fn count_site(&self, count: &Count) -> TokenStream {
        match count {
            Count::Draw(draw) => self.site("random_range", draw.method.span()),
            Count::Named { decided_at, .. } => self.site("random_range", *decided_at),
        }
    }

    /// The count of a reducible loop: the decision itself (`random_range`, as
    /// [`Codegen::draw`] writes it), or the name bound to it.
    fn count(&self, count: &Count) -> TokenStream {
        match count {
            Count::Draw(draw) => {
                let draw = self.draw(draw);
                quote!(#draw)
            }
            Count::Named { n, .. } => quote!(#n),
        }
    }

    /// The iterable of a reducible loop. The count is a decision made just before (written
    /// in place, or bound by a `let`), which the loop links to when it starts.
    ///
    /// Input: `0..rng.random_range(1..5)`. Output:
    /// `__private::counted_loop(&run, 0, __private::random_range(1..5, ..), LOOP, COUNT)`.
    /// Input: `0..n` after `let n = rng.random_range(..)`. Output:
    /// `__private::counted_loop(&run, 0, n, LOOP, COUNT)`.
    pub(crate) fn reducible_loop(
        &self,
        start: &Expr,
        count: &Count,
        inclusive: bool,
        span: Span,
    ) -> Expr {
        let p = self.private(span);
        let loop_site = self.site("loop", span);
        let count_site = self.count_site(count);
        let n = self.count(count);
        let f = if inclusive {
            quote!(counted_loop_inclusive)
        } else {
            quote!(counted_loop)
        };
        let run = self.run();
        parse_quote_spanned!(span=> #p::#f(#run, #start, #n, #loop_site, #count_site))
    }

    /// `repeat_with(..).take(<count>)`.
    ///
    /// Output: `__private::counted_take(&run, repeat_with(..), n, LOOP, COUNT)`, `n` as in
    /// [`Codegen::reducible_loop`].
    pub(crate) fn take(&self, iter: &Expr, count: &Count, span: Span) -> Expr {
        let p = self.private(span);
        let loop_site = self.site("loop", span);
        let count_site = self.count_site(count);
        let n = self.count(count);
        let run = self.run();
        parse_quote_spanned!(span=> #p::counted_take(#run, #iter, #n, #loop_site, #count_site))
    }

    /// A reducible `while` loop.
    ///
    /// Input: `'l: while ok && rng.random_bool(0.9) { .. }`. Output:
    /// `{ let mut w = __private::while_loop(&run, LOOP);
    ///    'l: while ok && w.next(0.9, SITE, &mut *rng, |r, a| r.random_bool(a)) { .. } }`.
    /// `span` is the user's `while`, `close` the closing brace of its body: the block spans
    /// from one to the other, as the user's loop did (lints that read the source, such as
    /// clippy's `semicolon_if_nothing_returned`, see a block-like expression).
    pub(crate) fn while_loop(
        &self,
        attrs: &[Attribute],
        label: Option<&Label>,
        prefix: Option<&Expr>,
        draw: &Draw,
        body: &Block,
        (span, close): (Span, Span),
    ) -> Expr {
        let p = self.private(span);
        let loop_site = self.site("while", span);
        let site = self.site(&draw.method.to_string(), draw.method.span());
        let rng = self.rng(draw.span);
        let (arg, direct) = self.boolean(draw);
        let w = hygienic("__greduce_while");
        let run = self.run();
        let prefix = prefix.map(|c| quote!(#c &&));
        let mut wrapper: ExprBlock = parse_quote_spanned! {span=>
            {
                let mut #w = #p::while_loop(#run, #loop_site);
                #(#attrs)* #label while #prefix #w.next(#arg, #site, #rng, #direct) #body
            }
        };
        wrapper.block.brace_token = token::Brace(close);
        Expr::Block(wrapper)
    }

    /// A reducible selection.
    ///
    /// Input: `if rng.random_bool(0.5) { A } else { B }`. Output:
    /// `match __private::selection(0.5, &run, SITE, &mut *rng, |r, a| r.random_bool(a)) {
    ///      sel if sel.taken() => { A }
    ///      sel => { B }
    ///  }`
    /// (the guard lives until the end of the branch taken). In `else` position the
    /// recognizer puts it in a block ([`Codegen::in_block`]). `span` is the user's `if`,
    /// `close` the closing brace of its block: the `match` spans from one to the other, as
    /// the user's `if` did (lints that read the source, such as clippy's
    /// `semicolon_if_nothing_returned`, see a block-like expression).
    ///
    /// With a condition before the decision (`if c && rng.random_bool(0.5)`), the selection
    /// is made only when `c` holds, as `&&` draws only then:
    /// `match if c { Some(__private::selection(..)) } else { None } {
    ///      Some(sel) if sel.taken() => { A }
    ///      _ => { B }
    ///  }`.
    pub(crate) fn selection(
        &self,
        prefix: Option<&Expr>,
        draw: &Draw,
        then: &Block,
        otherwise: Option<&Expr>,
        (span, close): (Span, Span),
    ) -> Expr {
        let p = self.private(draw.span);
        let site = self.site(&draw.method.to_string(), draw.method.span());
        let rng = self.rng(draw.span);
        let (arg, direct) = self.boolean(draw);
        let sel = hygienic("__greduce_sel");
        let run = self.run();
        let otherwise = otherwise.map_or_else(|| quote!({}), |e| quote!(#e));
        let selection = quote!(#p::selection(#arg, #run, #site, #rng, #direct));
        let mut m: ExprMatch = match prefix {
            None => parse_quote_spanned! {span=>
                match #selection {
                    #sel if #sel.taken() => #then
                    #sel => #otherwise
                }
            },
            Some(prefix) => parse_quote_spanned! {span=>
                match if #prefix {
                    ::core::option::Option::Some(#selection)
                } else {
                    ::core::option::Option::None
                } {
                    ::core::option::Option::Some(#sel) if #sel.taken() => #then
                    _ => #otherwise
                }
            },
        };
        m.brace_token = token::Brace(close);
        Expr::Match(m)
    }

    /// `{ expr }`: where Rust wants a block (after `else`).
    pub(crate) fn in_block(expr: &Expr) -> Expr {
        parse_quote!({ #expr })
    }

    /// A multi-way selection.
    ///
    /// Input: `match rng.random_range(0..3) { arms }`. Output:
    /// `match __private::switch(0..3, &run, SITE, &mut *rng, ..) { s => match s.value() { arms } }`
    pub(crate) fn switch(&self, draw: &Draw, arms: &[Arm], (span, close): (Span, Span)) -> Expr {
        let p = self.private(draw.span);
        let site = self.site("match", draw.method.span());
        let rng = self.rng(draw.span);
        let arg = &draw.args[0];
        let direct = Self::direct(draw, 1);
        let s = hygienic("__greduce_switch");
        let run = self.run();
        let mut m: ExprMatch = parse_quote_spanned! {span=>
            match #p::switch(#arg, #run, #site, #rng, #direct) {
                #s => match #s.value() { #(#arms)* }
            }
        };
        m.brace_token = token::Brace(close);
        Expr::Match(m)
    }

    /// The rng passed to the generator called at `span`.
    pub(crate) fn pass_rng(&self, callee: &str, arg: &Expr, span: Span) -> Expr {
        let p = self.private(span);
        let site = self.site(callee, span);
        let run = self.run();
        parse_quote_spanned!(span=> #p::pass_rng(#run, #site, #arg))
    }

    /// A call of another generator (its arguments already use [`Codegen::pass_rng`]).
    ///
    /// Input: `list(rng, 3)`. Output:
    /// `__private::call_returned(&run, SITE, list(__private::pass_rng(&run, SITE, &mut *rng), 3))`.
    pub(crate) fn call(&self, call: &Expr, callee: &str, span: Span) -> Expr {
        let p = self.private(span);
        let site = self.site(callee, span);
        let run = self.run();
        parse_quote_spanned!(span=> #p::call_returned(#run, #site, #call))
    }

    /// A closure or `async` block that borrows (does not move) its captures and uses the
    /// run's handle takes the handle afresh each time it runs, rather than borrowing the
    /// body's: the closure may be returned or stored (`-> impl Iterator + '_` over
    /// `(0..n).map(|_| rng.random())`), and it runs in whatever run is current then.
    ///
    /// Input: `|_| rng.random::<u8>()` (rewritten). Output:
    /// `|_| { let __greduce_run = __private::run(); .. }`
    pub(crate) fn fresh_run(&self, body: &Expr) -> Expr {
        let handle = hygienic(RUN);
        let p = self.private(Span::call_site());
        parse_quote! {
            {
                let #handle = #p::run();
                #body
            }
        }
    }

    /// The statement of [`Codegen::fresh_run`], for an `async` block.
    pub(crate) fn fresh_run_stmt(&self) -> Stmt {
        let handle = hygienic(RUN);
        let p = self.private(Span::call_site());
        parse_quote!(let #handle = #p::run();)
    }

    /// A `move` closure or `async move` block that uses the run's handle gets its own copy
    /// of it (a clone of the handle, which is shared), so the body can still use the handle
    /// after it.
    ///
    /// Input: `move || rng.random::<u8>()` (rewritten). Output:
    /// `{ let __greduce_run = Clone::clone(&__greduce_run); move || .. }`
    pub(crate) fn own_run(&self, closure: &Expr) -> Expr {
        self.handle_uses.set(self.handle_uses.get() + 1);
        let handle = hygienic(RUN);
        parse_quote! {
            {
                let #handle = ::core::clone::Clone::clone(&#handle);
                #closure
            }
        }
    }
}

/// `#[greduce::test]`.
impl Codegen {
    /// `bind("pattern", &value)` after a `let` of a test body that drew randomness.
    ///
    /// Input: `let (a, b) = pair(rng);`, names `a`, `b`. Output (after it):
    /// `__private::bind("(a, b)", &(&a, &b));`
    pub(crate) fn bind(&self, names: &[Ident], span: Span) -> Stmt {
        let p = self.private(span);
        let (text, value) = if let [one] = names {
            (one.to_string(), quote!(&#one))
        } else {
            let list: Vec<String> = names.iter().map(ToString::to_string).collect();
            (format!("({})", list.join(", ")), quote!(&(#(&#names),*)))
        };
        parse_quote_spanned!(span=> #p::bind(#text, #value);)
    }

    /// The future of an `async fn` test's body, run to completion on the test thread by its
    /// executor: the tail of the generator's body, after the parameters drawn from their
    /// types. `span` is the user's `async`.
    ///
    /// Input: `async fn prop(..) { body }`. Output:
    /// `__private::block_on_default(async move { body })` (tokio's with greduce's feature
    /// `tokio`, else the plain one); with `executor = plain`, `__private::block_on(..)`;
    /// with `executor = tokio`, `__private::block_on_tokio(..)` (and
    /// [`Codegen::test_fn`] checks that the feature is on).
    ///
    /// A test that returns `()` gets a statement (`block_on(..);`), as a person would write
    /// it (clippy's `semicolon_if_nothing_returned`).
    pub(crate) fn block_on(
        &self,
        executor: Option<(Executor, Span)>,
        span: Span,
        body: &Block,
        unit: bool,
    ) -> Stmt {
        let future = quote_spanned!(span=> async move #body);
        let (f, at) = match executor {
            None => (quote!(block_on_default), span),
            Some((Executor::Plain, at)) => (quote!(block_on), at),
            Some((Executor::Tokio, at)) => (quote!(block_on_tokio), at),
        };
        let p = self.private(at);
        let semi = unit.then(|| token::Semi(at));
        Stmt::Expr(parse_quote_spanned!(at=> #p::#f(#future)), semi)
    }

    /// The test function: the body as a `#[generator]` nested in a `#[test]`, checked with
    /// the settings.
    ///
    /// Input: `#[greduce::test(cases = 5)] fn prop(rng: &mut impl Rng) { body }`. Output:
    /// `#[test] fn prop() { #[generator] fn prop(rng: &mut impl Rng) { body }
    ///  __private::run_test(__private::test(prop).cases(5)); }`
    /// With `executor = tokio`, `__private::require_tokio!();` after the test (a compile
    /// error, at the user's `tokio`, without greduce's feature `tokio`).
    pub(crate) fn test_fn(
        &self,
        func: &ItemFn,
        settings: &[Setting],
        executor: Option<(Executor, Span)>,
    ) -> TokenStream {
        let krate = &self.krate;
        let rng = &self.rng;
        let ItemFn {
            attrs, vis, sig, ..
        } = func;
        let name = &sig.ident;
        let span = name.span();
        let p = self.private(span);
        let settings = settings.iter().map(|Setting { method, value }| {
            let value = match value {
                Value::Int(n) => quote!(#n),
                Value::Bool(b) => quote!(#b),
                Value::Str(s) => quote!(#s),
                Value::Duration(time, span) => {
                    let (secs, nanos) = (time.as_secs(), time.subsec_nanos());
                    quote_spanned!(*span=> ::core::time::Duration::new(#secs, #nanos))
                }
                Value::Variant(ty, variant) => quote!(#krate::#ty::#variant),
                Value::Expr(expr) => quote!(#expr),
            };
            quote!(.#method(#value))
        });
        let inner = ItemFn {
            attrs: vec![parse_quote!(#[#krate::generator(crate = #krate, rng = #rng)])],
            vis: syn::Visibility::Inherited,
            modifiers: func.modifiers.clone(),
            sig: sig.clone(),
            block: func.block.clone(),
        };
        // Beside the test, not in it: a `#[test]` is left out of builds that are not tests
        // (`cargo build`, trybuild), and the error must not be. Under the test's `cfg`s.
        let require = match executor {
            Some((Executor::Tokio, at)) => {
                let p = self.private(at);
                let cfgs = attrs.iter().filter(|a| a.path().is_ident("cfg"));
                quote_spanned!(at=> #(#cfgs)* #p::require_tokio!();)
            }
            _ => TokenStream::new(),
        };
        // A test only in test builds, as `#[test]` makes it; in other builds (`cargo build
        // --examples`, doctests) a function that is compiled and never called, so that its
        // body is checked there too (a `#[test]` alone is left out before names resolve).
        quote_spanned! {span=>
            #(#attrs)*
            #[cfg_attr(test, ::core::prelude::v1::test)]
            #[cfg_attr(not(test), allow(dead_code))]
            #vis fn #name() {
                #inner
                #p::run_test(#p::test(#name) #(#settings)*);
            }
            #require
        }
    }
}

/// Whether a turbofish names one primitive type (`::<u8>`): `random` of it is a decision
/// with a number's order; of anything else, a sample (see [`Codegen::drawn`]).
fn names_primitive(turbofish: &AngleBracketedGenericArguments) -> bool {
    match turbofish.args.iter().collect::<Vec<_>>().as_slice() {
        [syn::GenericArgument::Type(ty)] => is_primitive(ty),
        _ => true,
    }
}

/// Whether `ty` is a primitive type `random` can produce (a number, `bool` or `char`).
pub(crate) fn is_primitive(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => p.path.get_ident().is_some_and(|i| {
            matches!(
                i.to_string().as_str(),
                "u8" | "u16"
                    | "u32"
                    | "u64"
                    | "u128"
                    | "usize"
                    | "i8"
                    | "i16"
                    | "i32"
                    | "i64"
                    | "i128"
                    | "isize"
                    | "bool"
                    | "char"
                    | "f32"
                    | "f64"
            )
        }),
        syn::Type::Group(g) => is_primitive(&g.elem),
        syn::Type::Paren(p) => is_primitive(&p.elem),
        _ => false,
    }
}

/// Whether a `sample` argument names one of the distributions greduce records with their
/// parameters (`Uniform::new(..)`, `Bernoulli::new(p)?`, `StandardUniform`, and references
/// to them): their values shrink in their own order rather than as raw bytes.
fn names_known_distribution(e: &Expr) -> bool {
    let known = |path: &syn::Path| {
        path.segments.iter().any(|s| {
            matches!(
                s.ident.to_string().as_str(),
                "Uniform" | "Bernoulli" | "StandardUniform"
            )
        })
    };
    match e {
        Expr::Path(p) => known(&p.path),
        Expr::Call(c) => matches!(&*c.func, Expr::Path(p) if known(&p.path)),
        // `Uniform::new(..).unwrap()`, `.expect(..)`: still the distribution itself (not a
        // `.map(..)` of it, which is another type).
        Expr::MethodCall(m) if m.method == "unwrap" || m.method == "expect" => {
            names_known_distribution(&m.receiver)
        }
        Expr::Try(t) => names_known_distribution(&t.expr),
        Expr::Reference(r) => names_known_distribution(&r.expr),
        Expr::Paren(p) => names_known_distribution(&p.expr),
        Expr::Group(g) => names_known_distribution(&g.expr),
        _ => false,
    }
}
