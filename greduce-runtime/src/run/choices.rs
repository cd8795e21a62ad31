//! Choices: an `if rng.random_bool(..)` selection and a `match rng.random_range(..)` switch.
//! The entry points generated code calls (`selection`, `switch`) and the session's side,
//! which opens the choice and its taken block as reducible parts, or follows the reduced
//! trace's.

use super::Aligned;
use super::Handle;
use super::Session;
use super::align::Op;
use super::decisions::lean_answer;
use super::decisions::stop_illegal_draw;
use super::kinds::BoolArg;
use super::kinds::RangeArg;
use super::ok_or_stop;
use super::scopes::lean_close;
use crate::trace::Decision;
use crate::trace::Kind;
use crate::trace::NodeId;
use crate::trace::Tag;
use crate::trace::site::Site;
use crate::trace::value::Asked;
use crate::trace::value::Value;

/// `if <decision>`: returns the branch to take and whether the run opened the selection
/// and its branch (then [`close_choice`] must close them).
#[inline]
pub(crate) fn select(
    handle: &Handle,
    site: &'static Site,
    args: &Asked,
    record: impl FnOnce() -> bool,
) -> (bool, bool) {
    if handle.recording() {
        let taken = record();
        let branch = if taken { Tag::Then } else { Tag::Else };
        // `open_selection` without its frame: recording aligns nothing (and the extra
        // check costs a measurable 1 % of recording a graph generator).
        let opened = handle.with(|run| run.builder.open_selection(site, args, taken, branch));
        return (taken, opened.is_some());
    }
    select_replaying(handle, site, args, record)
}

/// Opens the selection and the branch taken; `rec` is the recorded branch it aligns with.
#[inline]
pub(super) fn open_selection(
    run: &mut Session,
    site: &'static Site,
    args: Asked,
    taken: bool,
    rec: Option<NodeId>,
) {
    let decision = Decision {
        site,
        args,
        value: Value::Bool(taken),
    };
    let branch = if taken { Tag::Then } else { Tag::Else };
    run.builder.open_choice(Tag::Selection, decision, branch);
    run.push_frame(rec);
}

/// [`select`] while replaying.
#[inline(never)]
pub(super) fn select_replaying(
    handle: &Handle,
    site: &'static Site,
    args: &Asked,
    record: impl FnOnce() -> bool,
) -> (bool, bool) {
    if handle.lean() {
        return lean_select(handle, site, args, record);
    }
    let simplest = args.simplest_bool();
    let opened = ok_or_stop(handle.with(|run| {
        // The common case first: the selection that was recorded next, answered as recorded.
        if run.fault.is_none()
            && run.decisions < run.budget
            && let Some(aligner) = &mut run.aligner
            && let Some((rec, node)) = aligner.next_node(Tag::Selection)
            && aligner.trace().store.selection_site(node) == site
            && let Some(branch) = aligner.only_child(rec)
        {
            let then = aligner.trace().node(branch).is(Tag::Then);
            let taken = then && !aligner.is_removed(branch);
            if args.admits_bool(taken) {
                aligner.advance(node.end(rec));
                run.decisions += 1;
                open_selection(
                    run,
                    site,
                    args.clone(),
                    taken,
                    (taken == then).then_some(branch),
                );
                return Ok(taken);
            }
        }
        run.tick(site)?;
        let (taken, rec) = match run.align(Op::Selection, site)? {
            Aligned::Record => match run.next_draw(args, site)? {
                Some(Value::Bool(taken)) if args.admits_bool(taken) => (taken, None),
                Some(_) => {
                    run.illegal_draw(args, site);
                    return Err(());
                }
                None => unreachable!("recording is handled by `select`"),
            },
            Aligned::Unaligned => (simplest, None),
            Aligned::Node(node) => {
                let aligner = run.aligner.as_ref().expect("replaying");
                let branch = aligner.only_child(node);
                let then = branch.is_some_and(|b| {
                    matches!(aligner.trace().kind(b), Kind::Branch { then: true })
                });
                let mut taken = then && branch.is_some_and(|b| !aligner.is_removed(b));
                if !args.admits_bool(taken) {
                    run.illegal(node, || {
                        format!("`if` @ {site} cannot answer {taken} for random_bool({args})")
                    })?;
                    taken = simplest;
                }
                // The branch aligns with the recorded one when the run takes the same branch.
                (taken, branch.filter(|_| taken == then))
            }
        };
        open_selection(run, site, args.clone(), taken, rec);
        Ok(taken)
    }));
    match opened {
        Some(taken) => (taken, true),
        None => (record(), false),
    }
}

/// Closes a selection (its branch and itself) or a switch (its arm and itself).
#[inline]
pub(crate) fn close_choice(handle: &Handle) {
    if handle.recording() {
        handle.with(|run| run.builder.close_two());
    } else {
        close_choice_replaying(handle);
    }
}

/// [`close_choice`] while replaying.
#[inline(never)]
pub(super) fn close_choice_replaying(handle: &Handle) {
    if handle.lean() {
        return lean_close(handle, 2);
    }
    handle.with(|run| {
        run.close_frame();
        run.builder.close_two();
    });
}

/// `match rng.random_range(..)`: returns the value and whether the run opened the switch
/// and its arm (then [`close_choice`] must close them).
#[inline]
pub(crate) fn open_switch<T, A: RangeArg<T>>(
    handle: &Handle,
    site: &'static Site,
    arg: &A,
    record: impl FnOnce() -> T,
) -> (T, bool) {
    if handle.recording() {
        let t = record();
        let decision = Decision {
            site,
            args: arg.args(),
            value: arg.record(&t),
        };
        let opened = handle.with(|run| {
            run.builder.open_choice(Tag::Switch, decision, Tag::Arm);
        });
        return (t, opened.is_some());
    }
    switch_replaying(handle, site, arg, record)
}

/// [`switch`] while replaying.
#[inline(never)]
pub(super) fn switch_replaying<T, A: RangeArg<T>>(
    handle: &Handle,
    site: &'static Site,
    arg: &A,
    record: impl FnOnce() -> T,
) -> (T, bool) {
    enum Answer {
        Record,
        Simplest,
        Scripted(Value),
        Recorded {
            node: NodeId,
            value: Value,
            arm: Option<NodeId>,
        },
    }
    if handle.lean() {
        return lean_switch(handle, site, arg, record);
    }
    let args = arg.args();
    let answer = ok_or_stop(handle.with(|run| {
        run.tick(site)?;
        Ok(match run.align(Op::Switch, site)? {
            Aligned::Record => match run.next_draw(&args, site)? {
                Some(value) => Answer::Scripted(value),
                None => Answer::Record,
            },
            Aligned::Unaligned => Answer::Simplest,
            Aligned::Node(node) => {
                let aligner = run.aligner.as_ref().expect("replaying");
                let Kind::Switch { decision } = aligner.trace().kind(node) else {
                    unreachable!("aligned by kind")
                };
                let arm = aligner.only_child(node);
                let removed = arm.is_some_and(|a| aligner.is_removed(a));
                // A removed arm is replaced by the simplest value of the range. A value
                // an edit forces takes another arm, which aligns with the recorded arm's
                // operations as far as they match (arms often make the same calls).
                let value = if let Some(forced) = aligner.forced(node) {
                    forced.clone()
                } else if removed {
                    Value::offset(decision.args.simplest_offset().unwrap_or(0))
                } else {
                    decision.value.clone()
                };
                Answer::Recorded {
                    node,
                    value,
                    arm: arm.filter(|_| !removed),
                }
            }
        })
    }));
    let Some(answer) = answer else {
        return (record(), false);
    };
    let simplest = || {
        arg.simplest()
            .unwrap_or_else(|| panic!("cannot sample empty range"))
    };
    let (t, rec) = match answer {
        Answer::Record => (record(), None),
        Answer::Simplest => (simplest(), None),
        Answer::Scripted(value) => {
            let t = arg
                .read(&value)
                .unwrap_or_else(|| stop_illegal_draw(handle, &args, site));
            (t, None)
        }
        Answer::Recorded { node, value, arm } => {
            if let Some(t) = arg.read(&value) {
                (t, arm)
            } else {
                ok_or_stop(handle.with(|run| {
                    run.illegal(node, || {
                        format!(
                            "the recorded `match` value @ {site} is not legal for \
                             random_range({args})"
                        )
                    })
                }));
                (simplest(), None)
            }
        }
    };
    let value = arg.record(&t);
    let opened = handle.with(|run| {
        run.builder
            .open_choice(Tag::Switch, Decision { site, args, value }, Tag::Arm);
        run.push_frame(rec);
    });
    (t, opened.is_some())
}

/// [`select`] in a lean run.
#[inline(never)]
pub(super) fn lean_select(
    handle: &Handle,
    site: &'static Site,
    args: &Asked,
    record: impl FnOnce() -> bool,
) -> (bool, bool) {
    let taken = ok_or_stop(handle.with(|run| match lean_answer(run, site, args)? {
        Some(Value::Bool(taken)) if args.admits_bool(taken) => {
            if let Some(lean) = &mut run.lean {
                lean.open(None);
                lean.open(None);
            }
            Ok(taken)
        }
        _ => {
            run.illegal_draw(args, site);
            Err(())
        }
    }));
    match taken {
        Some(taken) => (taken, true),
        None => (record(), false),
    }
}

/// [`switch`] in a lean run.
#[inline(never)]
pub(super) fn lean_switch<T, A: RangeArg<T>>(
    handle: &Handle,
    site: &'static Site,
    arg: &A,
    record: impl FnOnce() -> T,
) -> (T, bool) {
    let args = arg.args();
    let Some(answered) = ok_or_stop(handle.with(|run| lean_answer(run, site, &args))) else {
        return (record(), false);
    };
    let t = match answered {
        Some(value) => arg
            .read(&value)
            .unwrap_or_else(|| stop_illegal_draw(handle, &args, site)),
        None => record(),
    };
    let opened = handle.with(|run| {
        if let Some(lean) = &mut run.lean {
            lean.open(None);
            lean.open(None);
        }
    });
    (t, opened.is_some())
}

/// `if <boolean decision> { .. } else { .. }`: the branch taken, open until dropped.
#[must_use]
#[derive(Debug)]
pub struct Selection<'h> {
    taken: bool,
    /// The run, when it opened the selection.
    opened: Option<&'h Handle>,
}

impl Selection<'_> {
    /// Whether to run the `then` block.
    #[inline]
    pub fn taken(&self) -> bool {
        self.taken
    }
}

impl Drop for Selection<'_> {
    #[inline]
    fn drop(&mut self) {
        if let Some(handle) = self.opened {
            close_choice(handle);
        }
    }
}

/// `if rng.random_bool(p)` (or `random_ratio`, with the pair, or `random::<bool>()`, with
/// [`Fair`](super::kinds::Fair)): a reducible selection.
#[inline]
pub fn selection<'h, R: ?Sized, B: BoolArg>(
    arg: B,
    handle: &'h Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, B) -> bool,
) -> Selection<'h> {
    if !handle.active() {
        return Selection {
            taken: direct(rng, arg),
            opened: None,
        };
    }
    if !handle.recording() {
        arg.check();
    }
    let (taken, opened) = select(handle, site, &arg.args(), || direct(rng, arg));
    Selection {
        taken,
        opened: opened.then_some(handle),
    }
}

/// `match rng.random_range(arg) { .. }`: the value, with the arm open until dropped.
#[must_use]
#[derive(Debug)]
pub struct Switch<'h, T> {
    value: T,
    /// The run, when it opened the switch.
    opened: Option<&'h Handle>,
}

impl<T: Copy> Switch<'_, T> {
    /// The value to match on.
    #[inline]
    pub fn value(&self) -> T {
        self.value
    }
}

impl<T> Drop for Switch<'_, T> {
    #[inline]
    fn drop(&mut self) {
        if let Some(handle) = self.opened {
            close_choice(handle);
        }
    }
}

/// `match rng.random_range(arg) { .. }`: a multi-way selection; reduction may replace the
/// arm taken by the first value of the range.
#[inline]
pub fn switch<'h, R: ?Sized, T, A: RangeArg<T> + Clone>(
    arg: A,
    handle: &'h Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, A) -> T,
) -> Switch<'h, T> {
    if !handle.active() {
        return Switch {
            value: direct(rng, arg),
            opened: None,
        };
    }
    let (value, opened) = open_switch(handle, site, &arg, || direct(rng, arg.clone()));
    Switch {
        value,
        opened: opened.then_some(handle),
    }
}
