//! Decisions: a number, a bool or a ratio drawn at a site. The entry points generated code
//! calls (`random_range`, `random_bool`, ...), and the session's side: record the answer,
//! or answer from the reduced trace, from a fuzzer's bytes or from a script.

use super::Aligned;
use super::Handle;
use super::Script;
use super::Session;
use super::align::Op;
use super::bytes;
use super::kinds::BoolArg;
use super::kinds::RangeArg;
use super::kinds::StandardValue;
use super::ok_or_stop;
use crate::trace::Decision;
use crate::trace::Kind;
use crate::trace::NONE;
use crate::trace::Node;
use crate::trace::NodeId;
use crate::trace::Store;
use crate::trace::Tag;
use crate::trace::Trace;
use crate::trace::describe::describe;
use crate::trace::keys::KeyArgs;
use crate::trace::node::Form;
use crate::trace::site::Site;
use crate::trace::value::Asked;
use crate::trace::value::IntTy;
use crate::trace::value::Value;

/// How a replayed decision is answered.
pub(super) enum Plan {
    /// The recorded value (adjusted for a linked loop count), `None` when no legal value
    /// could be derived.
    Recorded {
        node: NodeId,
        value: Option<Value>,
    },
    Simplest,
    /// The next draw of a scripted run.
    Scripted(Value),
    /// What a run's bytes answer; the simplest value if the decision finds it illegal (a
    /// zero weight).
    FromBytes(Value),
    /// A decision with no byte form, in a run on bytes: it draws from the run's rng.
    Drawn,
}

/// A plain decision. `record` draws with the real rng (recording); `read` reads a recorded
/// value back if legal; `simplest` gives the value re-align answers.
///
/// Recording is the hot path: it is inlined into the caller (draw, then append the decision
/// through the handle); replaying is outlined, so its size does not weigh on the recording
/// path's registers and frame.
#[inline]
pub(crate) fn decide<T>(
    handle: &Handle,
    site: &'static Site,
    args: Asked,
    record: impl FnOnce() -> (T, Value),
    read: impl Fn(&Value) -> Option<T>,
    simplest: impl FnOnce() -> (T, Value),
) -> T {
    if handle.recording() {
        let (t, value) = record();
        // Written out rather than calling `record` below: the call, though inlined, makes
        // the recording path about 40 % costlier (callgrind, draws benchmark).
        handle.with(|run| run.builder.decision(Decision { site, args, value }));
        return t;
    }
    decide_replaying(handle, site, args, record, read, simplest)
}

/// [`decide`] while replaying.
#[inline(never)]
pub(super) fn decide_replaying<T>(
    handle: &Handle,
    site: &'static Site,
    args: Asked,
    record: impl FnOnce() -> (T, Value),
    read: impl Fn(&Value) -> Option<T>,
    simplest: impl FnOnce() -> (T, Value),
) -> T {
    // The common case first: the run makes the decision that was recorded next, and the
    // recorded value is legal today. The same answer as the general path below, in a
    // fraction of its work (replaying a decision cost about 400 instructions through it).
    let recorded = handle.with(|run| {
        if run.fault.is_some() || run.decisions >= run.budget {
            return None;
        }
        let aligner = run.aligner.as_mut()?;
        let (at, node) = aligner.next_node(Tag::Decision)?;
        if node.linked() || aligner.forced(at).is_some() {
            // A loop count (its value is adjusted for the removed iterations), or a value
            // an edit forces: the general path.
            return None;
        }
        let (value, shifted) = recorded_answer(&aligner.trace().store, node, site, &args)?;
        let value = aligner.take_shift(shifted).unwrap_or(value);
        Some((at, at + 1, value))
    });
    // `read` runs outside the run, as on the general path: it may call user code (the
    // weights of `choose_weighted`).
    let mut args = args;
    if let Some(Some((at, end, value))) = recorded
        && let Some(t) = read(&value)
    {
        let taken = handle.with(|run| {
            let Some(aligner) = run.aligner.as_mut().filter(|a| a.is_next(at)) else {
                return Err(args);
            };
            aligner.advance(end);
            run.decisions += 1;
            run.builder.decision(Decision { site, args, value });
            Ok(())
        });
        match taken {
            Some(Ok(())) => return t,
            Some(Err(back)) => args = back,
            None => return record().0,
        }
    }
    decide_by_plan(handle, site, args, record, read, simplest)
}

/// [`decide_replaying`] past its common case: aligns the decision, and answers it by the
/// recorded node, the script (draws or bytes), or the simplest value.
#[cold]
#[inline(never)]
pub(super) fn decide_by_plan<T>(
    handle: &Handle,
    site: &'static Site,
    args: Asked,
    record: impl FnOnce() -> (T, Value),
    read: impl Fn(&Value) -> Option<T>,
    simplest: impl FnOnce() -> (T, Value),
) -> T {
    // A lean run has no recorded decision: it comes here, and no further.
    if handle.lean() {
        return lean_decide(handle, site, &args, record, read, simplest);
    }
    let plan = ok_or_stop(handle.with(|run| {
        run.tick(site)?;
        Ok(match run.align(Op::Decision, site)? {
            Aligned::Record => match run.next_draw(&args, site)? {
                Some(value) if run.on_bytes() => Plan::FromBytes(value),
                Some(value) => Plan::Scripted(value),
                None => Plan::Drawn,
            },
            Aligned::Unaligned => Plan::Simplest,
            Aligned::Node(node) => {
                let aligner = run.aligner.as_ref().expect("replaying");
                let Kind::Decision { decision } = aligner.trace().kind(node) else {
                    unreachable!("aligned by kind")
                };
                let link = aligner.trace().link(node);
                let value = if !decision.args.same_kind(&args) {
                    None
                } else if let Some(forced) = aligner.forced(node) {
                    Some(forced.clone())
                } else if link == NONE {
                    let (value, shifted) = (
                        decision.value.clone(),
                        args.shifted(&decision.args, &decision.value),
                    );
                    let aligner = run.aligner.as_mut().expect("replaying");
                    Some(aligner.take_shift(shifted).unwrap_or(value))
                } else {
                    // `let n = <decision>; for _ in 0..n`: n shrinks by the removed iterations.
                    let removed = aligner.removed_iterations(link);
                    decision
                        .value
                        .as_offset()
                        .and_then(|off| off.checked_sub(removed))
                        .map(Value::offset)
                };
                Plan::Recorded { node, value }
            }
        })
    }));
    let Some(plan) = plan else { return record().0 };
    let (t, value) = match plan {
        Plan::Simplest => simplest(),
        Plan::Scripted(value) => {
            let t = read(&value).unwrap_or_else(|| stop_illegal_draw(handle, &args, site));
            (t, value)
        }
        Plan::FromBytes(value) => match read(&value) {
            Some(t) => (t, value),
            None => simplest(),
        },
        Plan::Drawn => record(),
        Plan::Recorded { node, value } => {
            let read = value.and_then(|v| read(&v).map(|t| (t, v)));
            if let Some(read) = read {
                read
            } else {
                ok_or_stop(handle.with(|run| {
                    let trace = run.aligner.as_ref().expect("replaying").trace().clone();
                    run.illegal(node, || not_legal(&trace, node, site, &args))
                }));
                simplest()
            }
        }
    };
    handle.with(|run| {
        run.builder.decision(Decision { site, args, value });
    });
    t
}

/// What the recorded decision leaf `node` answers the decision at `site` with `args`: its
/// value, and the value shifted for the choices `args` lost (see [`Asked::shifted`]);
/// `None` when it was made at another site or is of another kind (see [`Asked::same_kind`]).
/// Reads a decision stored in its node without rebuilding it: this runs on every decision
/// a replay reads back. The match below applies `Asked::same_kind`, `lost_choices` and
/// `shifted` to the key's arguments; rebuilding the decision and calling them, as
/// [`recorded_whole_answer`] does, cost about 100 instructions more per replayed decision
/// (callgrind, `overhead once draws replay`: 505 M to 603 M less recording).
// Reason: measured (callgrind, draws replay): out of line, it cost 53 instructions per
// decision, most of them saving registers for the path of a decision kept whole.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn recorded_answer(
    store: &Store,
    node: Node,
    site: &Site,
    args: &Asked,
) -> Option<(Value, Option<Value>)> {
    if node.form() == Form::Full {
        return recorded_whole_answer(store, node, site, args);
    }
    let (recorded_site, recorded_args) = store.keys[node.key() as usize];
    if recorded_site != site {
        return None;
    }
    // The span or length, and the value (as `Asked::lost_choices` and `Asked::shifted` read
    // them).
    let (was, value) = (u64::from(node.word1()), u64::from(node.word2()));
    match (recorded_args, args) {
        (
            KeyArgs::Int { lo, ty },
            Asked::Int {
                lo: now_lo,
                span,
                ty: now_ty,
            },
        ) if ty == *now_ty => {
            let shifted = (*span < was && lo == *now_lo)
                .then(|| value.checked_sub(was - span).map(Value::Offset))
                .flatten();
            Some((Value::Offset(value), shifted))
        }
        (KeyArgs::Int { ty, .. }, Asked::WideInt(_, now_ty)) if ty == *now_ty => {
            Some((Value::Offset(value), None))
        }
        (KeyArgs::Bool { .. }, Asked::Bool { .. }) => Some((Value::Bool(value != 0), None)),
        (KeyArgs::Index, Asked::Index { len }) => {
            let shifted = (*len < was)
                .then(|| value.checked_sub(was - len).map(Value::Index))
                .flatten();
            Some((Value::Index(value), shifted))
        }
        _ => None,
    }
}

/// [`recorded_answer`] for a decision kept whole.
#[inline(never)]
pub(super) fn recorded_whole_answer(
    store: &Store,
    node: Node,
    site: &Site,
    args: &Asked,
) -> Option<(Value, Option<Value>)> {
    let recorded = store.leaf_decision(node);
    if recorded.site != site || !recorded.args.same_kind(args) {
        return None;
    }
    // Only a range or list that lost choices can shift: a decision with the recorded
    // arguments (every one of a replay of the trace as recorded) skips `shifted`.
    let value = recorded.value.clone();
    let shifted = (args.lost_choices(&recorded.args))
        .then(|| args.shifted(&recorded.args, &value))
        .flatten();
    Some((value, shifted))
}

/// Why the recorded decision `node` cannot answer the decision at `site` with `args`.
pub(super) fn not_legal(trace: &Trace, node: NodeId, site: &Site, args: &Asked) -> String {
    let recorded = describe(trace, node);
    // A value of another type (a generic generator called with another type) reads like a
    // legal one; say what differs.
    let types = match trace.kind(node) {
        Kind::Decision { decision } => match (decision.args.type_name(), args.type_name()) {
            (Some(was), Some(now)) if was != now => {
                format!(" (it was a `{was}`, this one is a `{now}`)")
            }
            _ => String::new(),
        },
        _ => String::new(),
    };
    format!(
        "the recorded {recorded} is not legal for {}({args}){types}",
        site.what
    )
}

/// Stops a scripted run whose draw is not legal for the decision at `site`.
pub(super) fn stop_illegal_draw(handle: &Handle, args: &Asked, site: &'static Site) -> ! {
    ok_or_stop(handle.with(|run| {
        run.illegal_draw(args, site);
        Err::<(), ()>(())
    }));
    unreachable!("a scripted run is current")
}

/// Records a decision made outside [`decide`] (recording only: seq decisions whose value
/// comes back from rand together with data that cannot be rebuilt from the value).
#[inline]
pub(crate) fn record(handle: &Handle, site: &'static Site, args: Asked, value: Value) {
    handle.with(|run| {
        run.builder.decision(Decision { site, args, value });
    });
}

// Lean runs (see `lean.rs`): the replaying entry points above hand a lean run over to these.

/// The bytes' answer to a decision with `args` (`None`: it has no byte form), counted
/// against the budget as the traced run counts it.
#[inline]
pub(super) fn lean_answer(
    run: &mut Session,
    site: &'static Site,
    args: &Asked,
) -> Result<Option<Value>, ()> {
    run.tick(site)?;
    let Some(Script::Bytes(reader)) = &mut run.script else {
        return Ok(None);
    };
    // The most frequent decision, an unsigned range, in the fewest steps (under a
    // fuzzer's instrumentation every comparison on this path is traced).
    if let Asked::Int { span, ty, .. } = *args
        && !ty.is_signed()
        && ty != IntTy::Char
    {
        return Ok(Some(Value::Offset(bytes::decode_unsigned(span, reader))));
    }
    Ok(bytes::decode(args, reader))
}

/// [`decide`] in a lean run: all but reading the value back is shared by every decision
/// site (a generic function's code is copied for each, and a fuzzer counts each copy's
/// branches apart).
#[inline(never)]
pub(super) fn lean_decide<T>(
    handle: &Handle,
    site: &'static Site,
    args: &Asked,
    record: impl FnOnce() -> (T, Value),
    read: impl Fn(&Value) -> Option<T>,
    simplest: impl FnOnce() -> (T, Value),
) -> T {
    match lean_value(handle, site, args) {
        Some(value) => read(&value).unwrap_or_else(|| simplest().0),
        None => record().0,
    }
}

/// [`lean_decide`]'s value: `None` when the run is busy or over, or the decision has no
/// byte form (the rng answers it then, as in the traced run).
#[inline(never)]
pub(super) fn lean_value(handle: &Handle, site: &'static Site, args: &Asked) -> Option<Value> {
    ok_or_stop(handle.with(|run| {
        let value = lean_answer(run, site, args)?;
        if let Some(lean) = &mut run.lean {
            lean.leaf();
        }
        Ok(value)
    }))
    .flatten()
}

/// Panics with rand's message for an empty range (replay does not call rand).
fn empty_range() -> ! {
    panic!("cannot sample empty range")
}

/// `rng.random_range(arg)`.
#[inline]
pub fn random_range<R: ?Sized, T, A: RangeArg<T> + Clone>(
    arg: A,
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, A) -> T,
) -> T {
    if !handle.active() {
        return direct(rng, arg);
    }
    decide(
        handle,
        site,
        arg.args(),
        || {
            let v = direct(rng, arg.clone());
            let recorded = arg.record(&v);
            (v, recorded)
        },
        |value| arg.read(value),
        || {
            let v = arg.simplest().unwrap_or_else(|| empty_range());
            let recorded = arg.record(&v);
            (v, recorded)
        },
    )
}

fn boolean<R: ?Sized, B: BoolArg>(
    arg: B,
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, B) -> bool,
) -> bool {
    if !handle.recording() {
        // Recording calls rand, which panics itself.
        arg.check();
    }
    decide(
        handle,
        site,
        arg.args(),
        || {
            let v = direct(rng, arg);
            (v, Value::Bool(v))
        },
        |value| match value {
            Value::Bool(b) if arg.args().admits_bool(*b) => Some(*b),
            _ => None,
        },
        || {
            let simplest = arg.args().simplest_bool();
            (simplest, Value::Bool(simplest))
        },
    )
}

/// `rng.random_bool(p)`.
#[inline]
pub fn random_bool<R: ?Sized>(
    p: f64,
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, f64) -> bool,
) -> bool {
    if !handle.active() {
        return direct(rng, p);
    }
    boolean(p, handle, site, rng, direct)
}

/// `rng.random_ratio(numerator, denominator)`, arguments as a pair.
#[inline]
pub fn random_ratio<R: ?Sized>(
    ratio: (u32, u32),
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R, (u32, u32)) -> bool,
) -> bool {
    if !handle.active() {
        return direct(rng, ratio);
    }
    boolean(ratio, handle, site, rng, direct)
}

/// `rng.random::<T>()` for a primitive `T`.
#[inline]
pub fn random<R: ?Sized, T: StandardValue>(
    handle: &Handle,
    site: &'static Site,
    rng: &mut R,
    direct: impl FnOnce(&mut R) -> T,
) -> T {
    if !handle.active() {
        return direct(rng);
    }
    decide(
        handle,
        site,
        Asked::Standard { ty: T::PRIM },
        || {
            let v = direct(rng);
            let bits = v.to_bits();
            (v, Value::bits(bits))
        },
        |value| T::from_bits(value.as_bits()?),
        || {
            (
                T::from_bits(0).expect("zero is a value of every recorded primitive"),
                Value::Bits(0),
            )
        },
    )
}
