//! How deep the generation of derived types is nested, for recursive types to end: the
//! default length of collections shrinks with depth, and enums past [`LIMIT`] take their
//! simplest variant.

use super::len::Len;
use std::cell::Cell;

thread_local! {
    /// How many derived types' `generate` are running on this thread, one inside another.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// From this depth on, a derived enum takes its simplest variant that does not name itself.
pub(crate) const LIMIT: u32 = 8;

/// Past this depth, generating a derived type panics: every variant of some type in the
/// cycle names a type of the cycle, so nothing ends it.
const RUNAWAY: u32 = 256;

/// The default number of elements at most: 16 at the top and in the first derived type,
/// halved at each level of derived types below.
const TOP: usize = 16;

/// One derived type's `generate` running, nested in the ones running around it; ends when
/// dropped (also when the generator unwinds).
#[derive(Debug)]
pub struct Nested {
    depth: u32,
}

/// Enters the `generate` of the derived type `name`.
///
/// # Panics
///
/// When derived types are nested 256 deep: a cycle of types that nothing ends.
pub fn nested(name: &'static str) -> Nested {
    let depth = DEPTH.with(|d| {
        let depth = d.get() + 1;
        d.set(depth);
        depth
    });
    let entered = Nested { depth };
    assert!(
        depth <= RUNAWAY,
        "greduce: generating `{name}` nested {RUNAWAY} derived types deep: past depth {LIMIT}, \
         where each enum takes its simplest variant, an `Option` is `None` and a `len` its \
         shortest length, the types in its cycle still hold one another, so generation \
         never ends; give an enum of the cycle a variant that holds none of them, make a \
         `len` start at 0, or draw a field `#[generate(with = ..)]` a generator that ends"
    );
    entered
}

impl Nested {
    /// Whether an enum entered here takes its simplest variant ([`LIMIT`]).
    pub fn at_limit(&self) -> bool {
        self.depth >= LIMIT
    }
}

impl Drop for Nested {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(self.depth - 1));
    }
}

/// Whether the generation of derived types is nested less than [`LIMIT`] deep here: past
/// it, an `Option` is `None`, as an enum takes its simplest variant.
pub(crate) fn below_limit() -> bool {
    DEPTH.with(Cell::get) < LIMIT
}

/// The lengths a collection or string takes when no `len` is given: from 0 up to 16 at the
/// top and directly in a derived type, half that one level of derived types deeper, and so
/// on down to 0.
pub fn default_len() -> Len {
    let depth = DEPTH.with(Cell::get);
    let max = TOP.checked_shr(depth.saturating_sub(1)).unwrap_or(0);
    Len { min: 0, max }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_halve_with_depth_and_come_back() {
        assert_eq!(default_len().max, 16);
        let a = nested("A");
        assert_eq!(default_len().max, 16);
        let b = nested("B");
        assert_eq!(default_len().max, 8);
        assert!(!b.at_limit());
        let deeper: Vec<Nested> = (0..6).map(|_| nested("C")).collect();
        assert!(deeper.last().unwrap().at_limit());
        assert_eq!(default_len().max, 0);
        drop(deeper);
        drop(b);
        assert_eq!(default_len().max, 16);
        drop(a);
        assert_eq!(default_len().max, 16);
    }
}
