//! Finds, in a generator's body, every use of the rng and every reducible pattern, and has
//! [`Codegen`] replace it. Any use of the rng that is not recognized becomes a spanned
//! error in place of the offending expression (so rustc reports ours, not a follow-up).
//!
//! Recognized:
//! - decisions on the rng (`rng.random_range(..)` and the rest of
//!   [`DECISIONS`](crate::rand_api::DECISIONS));
//! - slice and iterator decisions taking the rng (`xs.choose(rng)`, ...);
//! - reducible loops: `for _ in a..<decision>` (or `..=`), `let n = <decision>; for _ in a..n`,
//!   `(a..<count>).map(..)` / `.for_each(..)`, `repeat_with(..).take(<count>)`,
//!   `rng.sample_iter(d).take(<count>)`;
//! - `while [cond &&] <bool decision> { .. }`;
//! - `if [cond &&] <bool decision> { .. } [else ..]` (and `else if` chains of them);
//! - `match rng.random_range(..) { .. }`;
//! - calls passing the rng (nested generators; checked at run time to be `#[generator]`s);
//! - the arguments of the standard formatting and assertion macros and of `vec!`.

use crate::codegen::{Codegen, Count, Draw};
use crate::rand_api;
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit_mut::{self, VisitMut};
use syn::{Arm, Block, Expr, ExprCall, Ident, Item, Local, Pat, RangeLimits, Stmt, Token, UnOp};

/// One level of `let` scope: names bound in it, with the span of the `random_range` that
/// decided them when they can count a loop (`None`: bound to something else).
struct Scope(Vec<(Ident, Option<Span>)>);

/// The visitor that rewrites a generator body.
pub(crate) struct Recognizer<'a> {
    codegen: &'a Codegen,
    scopes: Vec<Scope>,
    /// Errors reported (each also replaced the expression it is about).
    pub(crate) errors: Vec<syn::Error>,
    /// Whether a slice/iterator decision was written (the body then imports their traits).
    pub(crate) uses_seq: bool,
}

impl<'a> Recognizer<'a> {
    pub(crate) fn new(codegen: &'a Codegen) -> Self {
        Recognizer {
            codegen,
            scopes: vec![Scope(Vec::new())],
            errors: Vec::new(),
            uses_seq: false,
        }
    }

    fn rng(&self) -> &Ident {
        &self.codegen.rng
    }

    /// `rng`, `(rng)`, `(*rng)`: the rng as a method receiver.
    fn is_rng(&self, e: &Expr) -> bool {
        match e {
            Expr::Path(p) => p.qself.is_none() && p.path.is_ident(self.rng()),
            Expr::Paren(p) => self.is_rng(&p.expr),
            Expr::Group(g) => self.is_rng(&g.expr),
            Expr::Unary(u) if matches!(u.op, UnOp::Deref(_)) => self.is_rng(&u.expr),
            _ => false,
        }
    }

    /// `rng`, `&mut rng`, `&mut *rng`: the rng as an argument.
    fn is_rng_arg(&self, e: &Expr) -> bool {
        match e {
            Expr::Reference(r) if r.mutability.is_some() => self.is_rng(&r.expr),
            Expr::Paren(p) => self.is_rng_arg(&p.expr),
            _ => self.is_rng(e),
        }
    }

    /// `rng.<decision>(..)` with the right number of arguments.
    fn draw_of(&self, e: &Expr) -> Option<Draw> {
        let Expr::MethodCall(mc) = e else { return None };
        if !self.is_rng_arg(&mc.receiver) {
            return None;
        }
        let method = mc.method.to_string();
        let arity = match method.as_str() {
            "random_range" | "random_bool" | "fill" | "sample" | "fill_bytes" => 1,
            "random_ratio" => 2,
            "random" | "next_u32" | "next_u64" => 0,
            _ => return None,
        };
        (mc.args.len() == arity).then(|| Draw {
            method: mc.method.clone(),
            turbofish: mc.turbofish.clone(),
            args: mc.args.iter().cloned().collect(),
            span: mc.span(),
        })
    }

    fn bool_draw_of(&self, e: &Expr) -> Option<Draw> {
        self.draw_of(e).filter(|d| {
            matches!(
                d.method.to_string().as_str(),
                "random_bool" | "random_ratio" | "random"
            )
        })
    }

    fn int_draw_of(&self, e: &Expr) -> Option<Draw> {
        self.draw_of(e).filter(|d| d.method == "random_range")
    }

    /// The count of a reducible loop: a `random_range` decision, or a name bound to one.
    fn count_of(&self, e: &Expr) -> Option<Count> {
        if let Some(draw) = self.int_draw_of(e) {
            return Some(Count::Draw(draw));
        }
        let Expr::Path(p) = e else { return None };
        let name = p.path.get_ident()?;
        for scope in self.scopes.iter().rev() {
            if let Some((_, decided)) = scope.0.iter().rev().find(|(n, _)| n == name) {
                return decided.map(|decided_at| Count::Named {
                    n: e.clone(),
                    decided_at,
                });
            }
        }
        None
    }

    fn error(&mut self, e: &mut Expr, error: syn::Error) {
        let tokens = error.to_compile_error();
        self.errors.push(error);
        *e = syn::parse_quote!(#tokens);
    }

    /// Visits the arguments of a draw (they may contain decisions themselves).
    fn visit_draw(&mut self, draw: &mut Draw) {
        for arg in &mut draw.args {
            self.visit_expr_mut(arg);
        }
    }

    fn bind(&mut self, pat: &Pat) {
        let mut names = Vec::new();
        collect_idents(pat, &mut names);
        let scope = self.scopes.last_mut().expect("a scope is always open");
        scope.0.extend(names.into_iter().map(|n| (n, None)));
    }

    /// Binds the patterns of the `let`s in a condition (`let A = x && let B = y`).
    fn bind_lets(&mut self, cond: &Expr) {
        match cond {
            Expr::Let(l) => self.bind(&l.pat),
            Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) => {
                self.bind_lets(&b.left);
                self.bind_lets(&b.right);
            }
            Expr::Paren(p) => self.bind_lets(&p.expr),
            _ => {}
        }
    }

    fn with_scope(&mut self, f: impl FnOnce(&mut Self)) {
        self.scopes.push(Scope(Vec::new()));
        f(self);
        self.scopes.pop();
    }

    /// `rng.random()` with no turbofish.
    fn is_random_call(&self, e: &Expr) -> bool {
        matches!(e, Expr::MethodCall(mc)
            if mc.method == "random"
                && mc.turbofish.is_none()
                && mc.args.is_empty()
                && self.is_rng_arg(&mc.receiver))
    }

    /// `rng.<method>(..)`.
    fn rng_method(&mut self, e: &mut Expr) {
        if let Some(mut split) = split_tuple(e, None) {
            // A tuple is drawn element by element, as rand draws it: each its own decision.
            self.visit_expr_mut(&mut split);
            *e = split;
            return;
        }
        let Expr::MethodCall(mc) = &*e else { return };
        let method = mc.method.to_string().trim_start_matches("r#").to_string();
        let method = method.as_str();
        if let Some(mut draw) = self.draw_of(e) {
            self.visit_draw(&mut draw);
            *e = self.codegen.draw(&draw);
            return;
        }
        // `rng.sample_iter(d)`, `rng.random_iter()`: each item drawn by the sampler.
        if let Expr::MethodCall(mc) = &mut *e
            && ((method == "sample_iter" && mc.args.len() == 1)
                || (method == "random_iter" && mc.args.is_empty()))
        {
            let mut distr = mc.args.first().cloned();
            if let Some(d) = &mut distr {
                self.visit_expr_mut(d);
            }
            let (method, turbofish, span) = (mc.method.clone(), mc.turbofish.clone(), mc.span());
            *e = self
                .codegen
                .sample_iter(distr.as_ref(), &method, turbofish.as_ref(), span);
            return;
        }
        let Expr::MethodCall(mc) = &*e else { return };
        let span = mc.method.span();
        let rng = self.rng().to_string();
        let message = if rand_api::DECISIONS.contains(&method) {
            let expected = match method {
                "random_ratio" => "2 arguments",
                "random" | "next_u32" | "next_u64" => "no arguments",
                _ => "1 argument",
            };
            format!(
                "`{method}` takes {expected}: `{}`",
                rand_api::decision_example(method, &rng)
            )
        } else if let Some(message) = rand_api::renamed_message(method, &rng) {
            message
        } else if let Some(why) = rand_api::unrecordable(method, &rng) {
            format!("greduce cannot record `{method}` on the generator rng: {why}")
        } else {
            format!(
                "unsupported method `{method}` on the generator rng; expected one of {}; a \
                 method of your own can be a #[generator] function taking the rng, called \
                 `{method}({rng}, ..)`",
                rand_api::decision_list()
            )
        };
        self.error(e, syn::Error::new(span, message));
    }

    /// `<receiver>.<method>(.., rng, ..)` where the receiver is not the rng.
    fn rng_argument_method(&mut self, e: &mut Expr) {
        let Expr::MethodCall(mc) = e else { return };
        let method = mc.method.to_string();
        let rng_first = mc.args.first().is_some_and(|a| self.is_rng_arg(a));
        let arity_ok = match method.as_str() {
            "choose" | "choose_mut" | "shuffle" => mc.args.len() == 1,
            "choose_weighted" | "sample" | "partial_shuffle" => mc.args.len() == 2,
            _ => false,
        };
        if rng_first && arity_ok {
            self.visit_expr_mut(&mut mc.receiver);
            let mut extra: Vec<Expr> = mc.args.iter().skip(1).cloned().collect();
            for arg in &mut extra {
                self.visit_expr_mut(arg);
            }
            self.uses_seq = true;
            let span = mc.span();
            *e = self.codegen.seq(&mc.receiver, &mc.method, &extra, span);
            return;
        }
        if method == "sample_string" && mc.args.len() == 2 && rng_first {
            // `distr.sample_string(rng, n)`: rand's, not a generator; its raw output.
            self.visit_expr_mut(&mut mc.receiver);
            let mut n = mc.args[1].clone();
            self.visit_expr_mut(&mut n);
            let span = mc.span();
            *e = self.codegen.raw_call(&mc.receiver, &mc.method, &[n], span);
            return;
        }
        if method == "sample" && mc.args.len() == 1 && rng_first {
            // `distr.sample(rng)`: a generator call or raw output, told apart at run time.
            self.visit_expr_mut(&mut mc.receiver);
            let span = mc.span();
            *e = self.codegen.drawn(&mc.receiver, &mc.method, span);
            return;
        }
        let rng = self.rng().to_string();
        let message = if let Some(message) = rand_api::renamed_message(&method, &rng) {
            Some(message)
        } else if let Some(rewrite) = rand_api::seq_rewrite(&method, &rng) {
            Some(format!(
                "greduce cannot record `{method}` with the generator rng; {rewrite}"
            ))
        } else if rand_api::unsupported_seq(&method)
            || rand_api::SEQ_DECISIONS.contains(&method.as_str())
        {
            Some(format!(
                "greduce cannot record `{method}` with the generator rng; recorded slice and \
                 iterator decisions are {} (with the rng as first argument)",
                rand_api::seq_list()
            ))
        } else {
            None
        };
        if let Some(message) = message {
            let error = syn::Error::new(mc.method.span(), message);
            self.error(e, error);
            return;
        }
        // Anything else is a call of a generator method.
        self.visit_expr_mut(&mut mc.receiver);
        let callee = method;
        let span = mc.method.span();
        for arg in &mut mc.args {
            if self.is_rng_arg(arg) {
                *arg = self.codegen.pass_rng(&callee, arg, span);
            } else {
                self.visit_expr_mut(arg);
            }
        }
        let call = e.clone();
        *e = self.codegen.call(&call, &callee, span);
    }

    /// `f(.., rng, ..)`.
    fn rng_argument_call(&mut self, e: &mut Expr) {
        let Expr::Call(call) = e else { return };
        let path = callee_path(call);
        let last = path.last().cloned().unwrap_or_default();
        if last == "unrecorded" {
            return; // `greduce::unrecorded(rng)`: the explicit opt-out.
        }
        if let Some(message) = self.rand_call(&path, call) {
            let error = syn::Error::new_spanned(&call.func, message);
            self.error(e, error);
            return;
        }
        let callee = if path.is_empty() {
            "generator".to_string()
        } else {
            path.join("::")
        };
        let span = call.func.span();
        self.visit_expr_mut(&mut call.func);
        for arg in &mut call.args {
            if self.is_rng_arg(arg) {
                *arg = self.codegen.pass_rng(&callee, arg, span);
            } else {
                self.visit_expr_mut(arg);
            }
        }
        let call = e.clone();
        *e = self.codegen.call(&call, &callee, span);
    }

    /// The error for a call of rand's that passes the rng by path (`RngExt::random_range(rng,
    /// ..)`, `Distribution::sample(&d, rng)`, `StdRng::from_rng(rng)`,
    /// `rand::seq::index::sample(rng, ..)`), naming what to write instead; `None` for a call
    /// of another generator.
    fn rand_call(&self, path: &[String], call: &ExprCall) -> Option<String> {
        let rng = self.rng().to_string();
        let last = path.last()?.as_str();
        let joined = path.join("::");
        let position = call.args.iter().position(|a| self.is_rng_arg(a));
        if matches!(last, "from_rng" | "try_from_rng" | "fork") {
            let ty = match path {
                [.., ty, _] => ty.as_str(),
                _ => "SeedableRng",
            };
            return Some(format!(
                "`{joined}` seeds an rng from the generator rng outside greduce's view, so \
                 replay cannot reproduce it; seed it from a recorded decision instead: \
                 `{ty}::seed_from_u64({rng}.next_u64())`"
            ));
        }
        if let [.., module, _] = path
            && module == "index"
            && position == Some(0)
        {
            let rewrite = match last {
                "sample" => format!("write `(0..length).sample({rng}, amount)` (a `Vec<usize>`)"),
                "sample_array" => format!("write `(0..length).sample({rng}, N).try_into().ok()`"),
                "sample_weighted" => format!(
                    "draw the indices one at a time with `choose_weighted` over those not yet \
                     drawn (`let Ok(&i) = left.choose_weighted({rng}, |&i| weight(i)) else \
                     {{ break }};`, then remove `i` from `left`)"
                ),
                _ => return None,
            };
            return Some(format!(
                "greduce cannot record `{joined}` with the generator rng; {rewrite} instead, \
                 which it records"
            ));
        }
        if !rand_api::is_rand_path(path) {
            return None;
        }
        let on_rng =
            rand_api::DECISIONS.contains(&last) || matches!(last, "sample_iter" | "random_iter");
        let on_receiver = rand_api::SEQ_DECISIONS.contains(&last) || last == "sample_string";
        Some(match position {
            Some(0) if on_rng => format!(
                "write `{last}` as a method call (`{rng}.{last}(..)`), which greduce records"
            ),
            Some(1) if on_receiver => format!(
                "write `{last}` as a method call (`{}`), which greduce records",
                rand_api::receiver_example(last, call.args.len(), &rng)
            ),
            _ => {
                if let Some(message) = rand_api::renamed_message(last, &rng) {
                    message
                } else if let Some(rewrite) = rand_api::seq_rewrite(last, &rng) {
                    format!("greduce cannot record `{last}` with the generator rng; {rewrite}")
                } else {
                    format!(
                        "`{joined}` takes randomness from the generator rng outside greduce's \
                         view, so replay cannot reproduce it; draw with a recorded decision on \
                         the rng instead ({})",
                        rand_api::decision_list()
                    )
                }
            }
        })
    }

    /// `for PAT in <range with a counted end> { .. }`.
    /// The count of a reducible loop, its decision's arguments rewritten.
    fn visited_count(&mut self, e: &Expr) -> Option<Count> {
        let mut count = self.count_of(e)?;
        if let Count::Draw(draw) = &mut count {
            self.visit_draw(draw);
        }
        Some(count)
    }

    /// `a..<count>` (or `..=`) rewritten as a reducible loop, if its end is a count.
    fn counted_range(&mut self, range: &Expr, span: Span) -> Option<Expr> {
        let (start, end, inclusive) = range_parts(range)?;
        let mut start = start.clone();
        let count = self.visited_count(end)?;
        self.visit_expr_mut(&mut start);
        Some(self.codegen.reducible_loop(&start, &count, inclusive, span))
    }

    fn for_loop(&mut self, e: &mut Expr) -> bool {
        let Expr::ForLoop(f) = e else { return false };
        let Some(iterable) = self.counted_range(&f.expr, f.for_token.span) else {
            return false;
        };
        *f.expr = iterable;
        self.with_scope(|this| {
            this.bind(&f.pat);
            this.visit_block_mut(&mut f.body);
        });
        true
    }

    /// `(a..<count>).map(..)`, `.for_each(..)`, and `repeat_with(..).take(<count>)` or
    /// `rng.sample_iter(d).take(<count>)`.
    fn iterator_loop(&mut self, e: &mut Expr) -> bool {
        let Expr::MethodCall(mc) = e else {
            return false;
        };
        let method = mc.method.to_string();
        if (method == "map" || method == "for_each") && mc.args.len() == 1 {
            let Expr::Paren(paren) = &*mc.receiver else {
                return false;
            };
            let Some(iterable) = self.counted_range(&paren.expr, mc.method.span()) else {
                return false;
            };
            *mc.receiver = iterable;
            for arg in &mut mc.args {
                self.visit_expr_mut(arg);
            }
            return true;
        }
        if method == "take" && mc.args.len() == 1 {
            let lazy = match &*mc.receiver {
                Expr::Call(call) => callee_path(call).last().is_some_and(|s| s == "repeat_with"),
                // `rng.sample_iter(d).take(n)`, `rng.random_iter().take(n)`.
                Expr::MethodCall(inner) => {
                    matches!(
                        inner.method.to_string().as_str(),
                        "sample_iter" | "random_iter"
                    ) && self.is_rng_arg(&inner.receiver)
                }
                _ => false,
            };
            if !lazy {
                return false;
            }
            let mut iter = (*mc.receiver).clone();
            let Some(count) = self.visited_count(&mc.args[0]) else {
                return false;
            };
            self.visit_expr_mut(&mut iter);
            let span = mc.method.span();
            *e = self.codegen.take(&iter, &count, span);
            return true;
        }
        false
    }

    /// `while [c &&] <bool decision> { .. }`.
    fn while_loop(&mut self, e: &mut Expr) -> bool {
        let Expr::While(w) = e else { return false };
        let Some((mut prefix, mut draw)) = self.guarded_draw(&w.cond) else {
            return false;
        };
        if let Some(p) = &mut prefix {
            self.visit_expr_mut(p);
        }
        self.visit_draw(&mut draw);
        self.visit_block_mut(&mut w.body);
        let spans = (w.while_token.span, w.body.brace_token.span.close());
        *e = self.codegen.while_loop(
            &w.attrs,
            w.label.as_ref(),
            prefix.as_ref(),
            &draw,
            &w.body,
            spans,
        );
        true
    }

    /// A condition ending in a boolean decision: `<bool decision>` or `c && <bool decision>`
    /// (`c` may itself be a chain of `&&`), as the prefix and the decision.
    fn guarded_draw(&self, cond: &Expr) -> Option<(Option<Expr>, Draw)> {
        match cond {
            Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) => {
                let draw = self.bool_draw_of(&b.right)?;
                Some((Some((*b.left).clone()), draw))
            }
            cond => Some((None, self.bool_draw_of(cond)?)),
        }
    }

    /// `if [c &&] <bool decision> { .. } [else ..]`. A prefix that binds (`let PAT = x &&
    /// ..`) is left alone: its names must reach the `then` block.
    fn selection(&mut self, e: &mut Expr) -> bool {
        let Expr::If(i) = e else { return false };
        let Some((mut prefix, mut draw)) = self.guarded_draw(&i.cond) else {
            return false;
        };
        if prefix.as_ref().is_some_and(binds) {
            return false;
        }
        if let Some(p) = &mut prefix {
            self.visit_expr_mut(p);
        }
        self.visit_draw(&mut draw);
        self.visit_block_mut(&mut i.then_branch);
        let mut otherwise = i.else_branch.as_ref().map(|(_, e)| (**e).clone());
        if let Some(o) = &mut otherwise {
            self.visit_expr_mut(o);
        }
        let spans = (i.if_token.span, i.then_branch.brace_token.span.close());
        let attrs = std::mem::take(&mut i.attrs);
        *e = self.codegen.selection(
            prefix.as_ref(),
            &draw,
            &i.then_branch,
            otherwise.as_ref(),
            spans,
        );
        if let Expr::Match(m) = e {
            m.attrs = attrs;
        }
        true
    }

    /// `match rng.random_range(..) { .. }`.
    fn switch(&mut self, e: &mut Expr) -> bool {
        let Expr::Match(m) = e else { return false };
        let Some(mut draw) = self.int_draw_of(&m.expr) else {
            return false;
        };
        self.visit_draw(&mut draw);
        for arm in &mut m.arms {
            self.visit_arm_mut(arm);
        }
        let spans = (m.match_token.span, m.brace_token.span.close());
        let attrs = std::mem::take(&mut m.attrs);
        *e = self.codegen.switch(&draw, &m.arms, spans);
        if let Expr::Match(m) = e {
            m.attrs = attrs;
        }
        true
    }

    /// A macro call that uses the rng: the standard macros whose arguments are expressions
    /// (`format!`, `write!`, `vec!`, `println!`, `assert!`, ..., see
    /// [`rand_api::expression_macro`]) have their arguments rewritten like any expression;
    /// any other macro is an error, since greduce cannot see what it does with the rng.
    fn macro_call(&mut self, mac: &mut syn::Macro) -> Result<(), syn::Error> {
        let Some(span) = find_ident(&mac.tokens, self.rng()) else {
            return Ok(());
        };
        let name = mac
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        let Some(shape) = rand_api::expression_macro(&name) else {
            return Err(syn::Error::new(
                span,
                format!(
                    "the generator rng `{rng}` cannot be used inside a macro call (`{name}!`): \
                     greduce does not see into macros other than the standard formatting, \
                     assertion and `vec!` macros; draw into a variable first \
                     (`let x = {rng}.random(); {name}!(.. x ..)`)",
                    rng = self.rng()
                ),
            ));
        };
        let not_parsed = |e: syn::Error| {
            syn::Error::new(
                e.span(),
                format!(
                    "greduce rewrites the arguments of `{name}!` to record the rng's decisions, \
                     but could not parse them as expressions ({e}); draw into a variable first"
                ),
            )
        };
        mac.tokens = match shape {
            rand_api::MacroShape::Arguments => {
                let mut args = mac
                    .parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated)
                    .map_err(not_parsed)?;
                for arg in &mut args {
                    self.visit_expr_mut(arg);
                }
                args.to_token_stream()
            }
            rand_api::MacroShape::Vec => {
                let mut body = mac.parse_body::<VecBody>().map_err(not_parsed)?;
                match &mut body {
                    VecBody::List(items) => items.iter_mut().for_each(|e| self.visit_expr_mut(e)),
                    VecBody::Repeat(elem, _, n) => {
                        self.visit_expr_mut(elem);
                        self.visit_expr_mut(n);
                    }
                }
                body.to_token_stream()
            }
        };
        Ok(())
    }
}

/// The body of `vec![..]`: a list, or `elem; n`.
enum VecBody {
    List(Punctuated<Expr, Token![,]>),
    Repeat(Box<Expr>, Token![;], Box<Expr>),
}

impl Parse for VecBody {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        if input.is_empty() {
            return Ok(VecBody::List(Punctuated::new()));
        }
        let first: Expr = input.parse()?;
        if input.peek(Token![;]) {
            let semi = input.parse()?;
            let n = input.parse()?;
            return Ok(VecBody::Repeat(Box::new(first), semi, Box::new(n)));
        }
        let mut items = Punctuated::new();
        items.push_value(first);
        while !input.is_empty() {
            items.push_punct(input.parse()?);
            if input.is_empty() {
                break;
            }
            items.push_value(input.parse()?);
        }
        Ok(VecBody::List(items))
    }
}

impl ToTokens for VecBody {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        match self {
            VecBody::List(items) => items.to_tokens(tokens),
            VecBody::Repeat(elem, semi, n) => {
                elem.to_tokens(tokens);
                semi.to_tokens(tokens);
                n.to_tokens(tokens);
            }
        }
    }
}

impl VisitMut for Recognizer<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        // Reducible patterns first: each returns whether it recognized and rewrote `e`.
        if self.for_loop(e)
            || self.iterator_loop(e)
            || self.while_loop(e)
            || self.selection(e)
            || self.switch(e)
        {
            return;
        }
        match e {
            Expr::MethodCall(mc) if self.is_rng_arg(&mc.receiver) => self.rng_method(e),
            Expr::MethodCall(mc) if mc.args.iter().any(|a| self.is_rng_arg(a)) => {
                self.rng_argument_method(e);
            }
            Expr::Call(call) if call.args.iter().any(|a| self.is_rng_arg(a)) => {
                self.rng_argument_call(e);
            }
            Expr::Call(call) => {
                let rng = self.rng().to_string();
                let has_args = !call.args.is_empty();
                if let Some(message) =
                    rand_api::thread_rng_function(&callee_path(call), &rng, has_args)
                {
                    let error = syn::Error::new_spanned(&call.func, message);
                    self.error(e, error);
                } else {
                    visit_mut::visit_expr_mut(self, e);
                }
            }
            Expr::Macro(m) => {
                if let Err(error) = self.macro_call(&mut m.mac) {
                    self.error(e, error);
                }
            }
            // A closure or `async` block whose rewritten body uses the run's handle gets its
            // own (see `Codegen::fresh_run` and `Codegen::own_run`); counting the handle's
            // uses tells, and a body with its own handle uses none of the enclosing one.
            Expr::Closure(c) => {
                let before = self.codegen.handle_uses.get();
                self.with_scope(|this| {
                    for input in &c.inputs {
                        this.bind(input);
                    }
                    this.visit_expr_mut(&mut c.body);
                });
                if self.codegen.handle_uses.get() > before {
                    self.codegen.handle_uses.set(before);
                    if c.capture.is_some() {
                        *e = self.codegen.own_run(e);
                    } else {
                        let body = self.codegen.fresh_run(&c.body);
                        *c.body = body;
                    }
                }
            }
            Expr::Async(a) => {
                let before = self.codegen.handle_uses.get();
                self.visit_block_mut(&mut a.block);
                if self.codegen.handle_uses.get() > before {
                    self.codegen.handle_uses.set(before);
                    if a.capture.is_some() {
                        *e = self.codegen.own_run(e);
                    } else {
                        a.block.stmts.insert(0, self.codegen.fresh_run_stmt());
                    }
                }
            }
            _ if self.is_rng(e) || self.is_rng_arg(e) => {
                let error = syn::Error::new_spanned(
                    &*e,
                    format!(
                        "unsupported use of the generator rng `{rng}`; it can be the receiver of \
                         a decision ({}), the first argument of a slice or iterator decision \
                         ({}), or an argument of a call of another #[generator] \
                         (`helper({rng}, ..)`)",
                        rand_api::decision_list(),
                        rand_api::seq_list(),
                        rng = self.rng(),
                    ),
                );
                self.error(e, error);
            }
            _ => visit_mut::visit_expr_mut(self, e),
        }
    }

    fn visit_block_mut(&mut self, b: &mut Block) {
        self.with_scope(|this| visit_mut::visit_block_mut(this, b));
    }

    fn visit_local_mut(&mut self, local: &mut Local) {
        // `let alias = rng;`: draws on `alias` would not be recorded. (`let _ = rng;` binds
        // nothing and is left alone.)
        if let Some(init) = &mut local.init
            && self.is_rng_arg(&init.expr)
        {
            if matches!(local.pat, Pat::Wild(_)) {
                return;
            }
            let alias = match &local.pat {
                Pat::Ident(p) => Some(&p.ident),
                Pat::Type(t) => match &*t.pat {
                    Pat::Ident(p) => Some(&p.ident),
                    _ => None,
                },
                _ => None,
            };
            let used = alias.map_or_else(|| "the new name".to_string(), |a| format!("`{a}`"));
            let error = syn::Error::new_spanned(
                &init.expr,
                format!(
                    "the generator rng `{rng}` cannot be bound to another name: greduce records \
                     only draws on `{rng}` itself; write `{rng}` where {used} is used",
                    rng = self.rng()
                ),
            );
            self.error(&mut init.expr, error);
            self.bind(&local.pat);
            return;
        }
        // `let (a, b) = rng.random();`, `let (a, b): (u8, bool) = rng.random();`: a tuple,
        // drawn element by element (its element types from the `let`, else inferred).
        if let Some(init) = &mut local.init
            && self.is_random_call(&init.expr)
        {
            let elems = match &local.pat {
                Pat::Tuple(t) => Some(vec![None; t.elems.len()]),
                Pat::Type(t) => match &*t.ty {
                    syn::Type::Tuple(tuple) => {
                        Some(tuple.elems.iter().cloned().map(Some).collect())
                    }
                    _ => None,
                },
                _ => None,
            };
            if let Some(elems) = elems
                && let Some(split) = split_tuple(&init.expr, Some(elems))
            {
                *init.expr = split;
            }
        }
        // `let x: T = rng.random();`: the type names what is drawn, as a turbofish would.
        if let (Pat::Type(t), Some(init)) = (&local.pat, &mut local.init)
            && let Expr::MethodCall(mc) = &mut *init.expr
            && mc.method == "random"
            && mc.turbofish.is_none()
            && mc.args.is_empty()
            && self.is_rng_arg(&mc.receiver)
            && !matches!(*t.ty, syn::Type::Infer(_))
            && !crate::codegen::is_primitive(&t.ty)
        {
            let ty = &t.ty;
            mc.turbofish = Some(syn::parse_quote!(::<#ty>));
        }
        let count = match (&local.pat, &local.init) {
            (Pat::Ident(p), Some(init))
                if p.by_ref.is_none() && p.mutability.is_none() && p.subpat.is_none() =>
            {
                self.int_draw_of(&init.expr)
                    .map(|d| (p.ident.clone(), d.method.span()))
            }
            (Pat::Type(t), Some(init)) => match &*t.pat {
                Pat::Ident(p)
                    if p.by_ref.is_none() && p.mutability.is_none() && p.subpat.is_none() =>
                {
                    self.int_draw_of(&init.expr)
                        .map(|d| (p.ident.clone(), d.method.span()))
                }
                _ => None,
            },
            _ => None,
        };
        if let Some(init) = &mut local.init {
            self.visit_expr_mut(&mut init.expr);
            if let Some((_, diverge)) = &mut init.diverge {
                self.visit_expr_mut(diverge);
            }
        }
        match count {
            Some((name, span)) => {
                let scope = self.scopes.last_mut().expect("a scope is always open");
                scope.0.push((name, Some(span)));
            }
            None => self.bind(&local.pat),
        }
    }

    fn visit_arm_mut(&mut self, arm: &mut Arm) {
        self.with_scope(|this| {
            this.bind(&arm.pat);
            visit_mut::visit_arm_mut(this, arm);
        });
    }

    /// `if let PAT = ..`: names bound by the condition are in scope in the `then` block only.
    fn visit_expr_if_mut(&mut self, i: &mut syn::ExprIf) {
        self.visit_expr_mut(&mut i.cond);
        let cond = (*i.cond).clone();
        self.with_scope(|this| {
            this.bind_lets(&cond);
            this.visit_block_mut(&mut i.then_branch);
        });
        if let Some((_, otherwise)) = &mut i.else_branch {
            self.visit_expr_mut(otherwise);
            // `else if <decision>` became a `match`: `else` needs a block around it.
            if !matches!(**otherwise, Expr::If(_) | Expr::Block(_)) {
                **otherwise = Codegen::in_block(otherwise);
            }
        }
    }

    /// `while let PAT = ..`: names bound by the condition are in scope in the body.
    fn visit_expr_while_mut(&mut self, w: &mut syn::ExprWhile) {
        self.with_scope(|this| {
            this.visit_expr_mut(&mut w.cond);
            let cond = (*w.cond).clone();
            this.bind_lets(&cond);
            this.visit_block_mut(&mut w.body);
        });
    }

    /// `for PAT in ..`: names bound by the pattern are in scope in the body.
    fn visit_expr_for_loop_mut(&mut self, f: &mut syn::ExprForLoop) {
        self.visit_expr_mut(&mut f.expr);
        self.with_scope(|this| {
            this.bind(&f.pat);
            this.visit_block_mut(&mut f.body);
        });
    }

    /// `Holder { rng }`: a shorthand field prints no expression, so it is written out
    /// (`Holder { rng: rng }`) for the error that replaces `rng` to be seen.
    fn visit_field_value_mut(&mut self, field: &mut syn::FieldValue) {
        if self.is_rng_arg(&field.expr) {
            if field.colon_token.is_none() {
                field.colon_token = Some(syn::Token![:](field.expr.span()));
            }
            let error = syn::Error::new_spanned(
                &field.expr,
                format!(
                    "the generator rng `{rng}` cannot be stored in a struct: greduce records only \
                     draws on `{rng}` itself; pass it to the methods that draw instead, as the \
                     parameter of a #[generator] (`value.method({rng})` with `#[generator] fn \
                     method<R: rand::Rng + ?Sized>(&self, rng: &mut R)`)",
                    rng = self.rng()
                ),
            );
            self.error(&mut field.expr, error);
            return;
        }
        visit_mut::visit_field_value_mut(self, field);
    }

    fn visit_stmt_mut(&mut self, s: &mut Stmt) {
        if let Stmt::Macro(m) = s {
            if let Err(error) = self.macro_call(&mut m.mac) {
                let tokens = error.to_compile_error();
                self.errors.push(error);
                *s = syn::parse_quote!(#tokens;);
            }
            return;
        }
        visit_mut::visit_stmt_mut(self, s);
    }

    /// Nested items are other functions, with their own rng (or none).
    fn visit_item_mut(&mut self, _: &mut Item) {}
}

/// `a..b`, `a..=b`, `(a..b)`: the start, the end and whether the end is included.
fn range_parts(e: &Expr) -> Option<(&Expr, &Expr, bool)> {
    match e {
        Expr::Range(r) => {
            let start = r.start.as_deref()?;
            let end = r.end.as_deref()?;
            Some((start, end, matches!(r.limits, RangeLimits::Closed(_))))
        }
        Expr::Paren(p) => range_parts(&p.expr),
        _ => None,
    }
}

/// `rng.random::<(A, B)>()` (or `rng.random()` with `elems` given, from a `let`) as
/// `(rng.random::<A>(), rng.random::<B>())`: rand draws a tuple's elements in order, one
/// `random` each, so the rewrite draws exactly the same. An element type `_` (or none)
/// is left to inference. `None` for anything else (and for the empty tuple).
fn split_tuple(e: &Expr, elems: Option<Vec<Option<syn::Type>>>) -> Option<Expr> {
    let Expr::MethodCall(mc) = e else { return None };
    if mc.method != "random" || !mc.args.is_empty() {
        return None;
    }
    let elems = match (&mc.turbofish, elems) {
        (None, Some(elems)) => elems,
        (Some(t), None) => match t.args.iter().collect::<Vec<_>>().as_slice() {
            [syn::GenericArgument::Type(syn::Type::Tuple(tuple))] => {
                tuple.elems.iter().cloned().map(Some).collect()
            }
            _ => return None,
        },
        _ => return None,
    };
    if elems.is_empty() {
        return None;
    }
    let receiver = &mc.receiver;
    let method = &mc.method;
    let parts = elems.iter().map(|ty| match ty {
        Some(ty) if !matches!(ty, syn::Type::Infer(_)) => {
            quote::quote!(#receiver.#method::<#ty>())
        }
        _ => quote::quote!(#receiver.#method()),
    });
    Some(syn::parse_quote_spanned!(mc.method.span()=> (#(#parts,)*)))
}

/// Whether a condition binds names (`let PAT = x`, possibly inside a chain of `&&`).
fn binds(cond: &Expr) -> bool {
    match cond {
        Expr::Let(_) => true,
        Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) => binds(&b.left) || binds(&b.right),
        Expr::Paren(p) => binds(&p.expr),
        _ => false,
    }
}

/// The segments of a call's path (`["std", "iter", "repeat_with"]`), empty for other callees.
fn callee_path(call: &ExprCall) -> Vec<String> {
    match &*call.func {
        Expr::Path(p) => p
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect(),
        _ => Vec::new(),
    }
}

fn collect_idents(pat: &Pat, out: &mut Vec<Ident>) {
    struct Collect<'o>(&'o mut Vec<Ident>);
    impl syn::visit::Visit<'_> for Collect<'_> {
        fn visit_pat_ident(&mut self, p: &syn::PatIdent) {
            self.0.push(p.ident.clone());
            syn::visit::visit_pat_ident(self, p);
        }
    }
    syn::visit::Visit::visit_pat(&mut Collect(out), pat);
}

/// The span of `ident` anywhere in `tokens`.
fn find_ident(tokens: &TokenStream, ident: &Ident) -> Option<Span> {
    tokens.clone().into_iter().find_map(|tree| match tree {
        TokenTree::Ident(i) if i == *ident => Some(i.span()),
        TokenTree::Group(g) => find_ident(&g.stream(), ident),
        _ => None,
    })
}
