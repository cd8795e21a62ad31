//! The generator: one call per compiled part that holds others, so each alternation is a
//! multi-way selection and each repetition a reducible loop in the trace.

use super::compile::Part;
use crate::generator;
use rand::RngExt;

/// Appends to `out` a string that `part` matches; an unbounded repetition draws up to
/// `max_repeat` repetitions past its minimum.
#[generator(crate = crate)]
pub(super) fn emit<R: rand::Rng + ?Sized>(
    rng: &mut R,
    part: &Part,
    max_repeat: u32,
    out: &mut String,
) {
    match part {
        Part::Text(text) => out.push_str(text),
        // Index 0, the simplest value, is the class's simplest character.
        Part::Class(class) => out.push(class.get(rng.random_range(0..class.len()))),
        Part::Concat { label, parts } => {
            // The hoist pass replays a call with the decisions of a nested call of the same
            // label. Each part has a label of its own, and no part is nested in itself, so
            // it tries none: one part replayed with another's decisions would seldom be a
            // simpler failing string, and would cost property calls.
            crate::call_label(*label);
            for part in parts {
                // Text draws nothing: no call for it in the trace.
                match part {
                    Part::Text(text) => out.push_str(text),
                    _ => emit(rng, part, max_repeat, out),
                }
            }
        }
        Part::Alternation {
            label,
            alternatives,
        } => {
            crate::call_label(*label);
            // A multi-way selection (`#[generator]` records a `match` on a draw so): the
            // reducer may switch to the first alternative, the simplest.
            // Reason: a `let` would be a plain decision, not a selection.
            #[allow(clippy::match_single_binding)]
            match rng.random_range(0..alternatives.len()) {
                choice => emit(rng, &alternatives[choice], max_repeat, out),
            }
        }
        Part::Repeat {
            label,
            part,
            min,
            max,
        } => {
            crate::call_label(*label);
            // Every repetition is a call, its class draw (`[a-z]{3,8}`) at the one site of
            // the `Part::Class` arm, the minimum's and the extra ones' alike: so the reducer
            // can move a value from an extra repetition it removes into the minimum's
            // (`aaax` to `aax`). Drawn in place, they would be two sites, and shrinking
            // would stop at `aaax`.
            for _ in 0..*min {
                emit(rng, part, max_repeat, out);
            }
            let extra = max.map_or(max_repeat, |max| max - min);
            if extra > 0 {
                // A reducible loop: shrinking removes the repetitions past the minimum.
                for _ in 0..rng.random_range(0..=extra) {
                    emit(rng, part, max_repeat, out);
                }
            }
        }
    }
}
