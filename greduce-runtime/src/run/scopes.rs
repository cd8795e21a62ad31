//! Scopes: a call of a generator, which opens a scope in the trace. The entry points
//! generated code calls (`scope`, `pass_rng`, `call_returned`), and the session's side,
//! which opens and closes scopes (aligned with the reduced trace on replay) and names a
//! function that takes the rng without being a generator.

use super::Aligned;
use super::Handle;
use super::PENDING_CALL;
use super::active;
use super::align::Op;
use super::ok_or_stop;
use crate::trace::New;
use crate::trace::Tag;
use crate::trace::site::Site;
use std::cell::Cell;

/// Labels the innermost open scope of the current run (see [`crate::call_label`]).
pub(crate) fn label_scope(label: u64) {
    if active() {
        let _ = Handle::current().with(|run| {
            if run.lean.is_none() {
                run.builder.label_scope(label);
            }
        });
    }
}

/// Opens a scope for a `#[generator]` function.
#[inline]
pub(crate) fn open_scope(handle: &Handle, site: &'static Site) {
    if handle.recording() {
        let call = take_pending_call();
        handle.with(|run| run.builder.open_scope(site, call));
    } else {
        open_scope_replaying(handle, site);
    }
}

/// [`open_scope`] while replaying.
#[inline(never)]
pub(super) fn open_scope_replaying(handle: &Handle, site: &'static Site) {
    let call = take_pending_call();
    if handle.lean() {
        return lean_open_scope(handle);
    }
    ok_or_stop(handle.with(|run| {
        if run.fault.is_some() {
            return Err(());
        }
        // The common case first: the call that was recorded next.
        if let Some(aligner) = &mut run.aligner
            && let Some((rec, node)) = aligner.next_node(Tag::Scope)
            && aligner.trace().store.scopes[node.data() as usize].0 == site
        {
            aligner.advance(node.end(rec));
            aligner.push_call(Some(rec));
            run.builder.open_scope(site, call);
            return Ok(());
        }
        let rec = match run.align(Op::Scope, site)? {
            Aligned::Node(node) => Some(node),
            Aligned::Record | Aligned::Unaligned => None,
        };
        run.builder.open(New::Scope { site, call });
        if let Some(aligner) = &mut run.aligner {
            aligner.push_call(rec);
        }
        Ok(())
    }));
}

/// Closes the innermost frame (scope or iteration) and its node.
#[inline]
pub(crate) fn close(handle: &Handle) {
    if handle.recording() {
        // Recording aligns nothing: no frame to close.
        handle.with(|run| run.builder.close());
    } else {
        close_replaying(handle);
    }
}

/// [`close`] while replaying.
#[inline(never)]
pub(super) fn close_replaying(handle: &Handle) {
    if handle.lean() {
        return lean_close(handle, 1);
    }
    handle.with(|run| {
        if run.aligner.is_some() {
            run.close_frame();
        }
        run.builder.close();
    });
}

/// Takes the call site that passed the rng (see [`PENDING_CALL`]).
#[inline]
pub(super) fn take_pending_call() -> Option<&'static Site> {
    // Whether a run is current, not whether some handle's run is: see `PENDING_CALL`.
    if active() {
        PENDING_CALL.with(Cell::take)
    } else {
        None
    }
}

/// The rng is being passed to the function called at `site`; it must open a scope.
#[inline]
pub(crate) fn expect_scope(site: &'static Site) {
    if active() {
        PENDING_CALL.with(|p| p.set(Some(site)));
    }
}

/// The call at `site` returned: whether it opened no scope (the rng it was passed with
/// [`pass_rng`] went to code that is not a generator).
#[inline]
pub(crate) fn opened_no_scope(site: &'static Site) -> bool {
    take_pending_call().is_some_and(|p| p == site)
}

/// The call at `site` returned: if it did not open a scope, it is not a generator.
#[inline]
pub(crate) fn check_scope_opened(site: &'static Site) {
    if take_pending_call().is_some_and(|p| p == site) {
        not_a_generator(site);
    }
}

/// What the panic of [`not_a_generator`] says, after the callee and its site: a check
/// that meets it in a case reports it as it is (the user's code is wrong, not the input).
pub(crate) const NOT_A_GENERATOR: &str = "but is not a #[generator] function";

/// The function called at `site` received the rng but opened no scope.
#[cold]
pub(super) fn not_a_generator(site: &'static Site) -> ! {
    panic!(
        "greduce: `{}` received the generator rng at {site} {NOT_A_GENERATOR}, so its \
         decisions cannot be recorded; annotate it with #[generator], or pass \
         `greduce::unrecorded(rng)` to opt out",
        site.what
    );
}

/// [`open_scope`] in a lean run (the pending call already taken).
pub(super) fn lean_open_scope(handle: &Handle) {
    ok_or_stop(handle.with(|run| {
        if run.fault.is_some() {
            return Err(());
        }
        if let Some(lean) = &mut run.lean {
            lean.open(None);
        }
        Ok(())
    }));
}

/// [`close`] (`n` 1) and [`close_choice`](super::choices::close_choice) (`n` 2: the branch or arm and its selection or
/// switch) in a lean run.
pub(super) fn lean_close(handle: &Handle, n: usize) {
    handle.with(|run| {
        if let Some(lean) = &mut run.lean {
            for _ in 0..n {
                lean.close();
            }
        }
    });
}

/// Closes the scope of a `#[generator]` function when the function returns or unwinds.
#[must_use]
pub struct ScopeGuard<'h> {
    handle: Option<&'h Handle>,
}

/// Opens the scope of a `#[generator]` function (the first statement of its body).
#[inline]
pub fn scope<'h>(handle: &'h Handle, site: &'static Site) -> ScopeGuard<'h> {
    if !handle.active() {
        return ScopeGuard { handle: None };
    }
    open_scope(handle, site);
    ScopeGuard {
        handle: Some(handle),
    }
}

impl Drop for ScopeGuard<'_> {
    #[inline]
    fn drop(&mut self) {
        if let Some(handle) = self.handle {
            close(handle);
        }
    }
}

/// The rng passed to the function called at `site`, which must be a `#[generator]`.
#[inline]
pub fn pass_rng<'r, R: ?Sized>(handle: &Handle, site: &'static Site, rng: &'r mut R) -> &'r mut R {
    if handle.active() {
        expect_scope(site);
    }
    rng
}

/// The value returned by the call at `site`; checks that the callee opened a scope.
#[inline]
pub fn call_returned<T>(handle: &Handle, site: &'static Site, value: T) -> T {
    if handle.active() {
        check_scope_opened(site);
    }
    value
}
