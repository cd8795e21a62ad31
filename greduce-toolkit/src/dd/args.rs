//! The arguments of a call being reduced: one reducible value, or a tuple of them.

use super::reducible::Reducible;
use std::ops::Range;

/// The arguments of the call [`DeltaDebugger`](super::DeltaDebugger) reduces: one
/// [`Reducible`] value, or a tuple of up to four. Each argument is reduced in turn, the
/// others held, until none changes.
///
/// ```
/// use greduce::dd::DeltaDebugger;
///
/// // Fails whenever `s1` is a substring of `s2` (the Debugging Book's `string_error`).
/// fn string_error(s1: &str, s2: &str) {
///     assert!(!s2.contains(s1), "no substrings");
/// }
///
/// let min = DeltaDebugger::new(|(s1, s2): &(String, String)| string_error(s1, s2))
///     .named("string_error")
///     .min(("foo".to_string(), "foobar".to_string()))
///     .unwrap();
/// assert_eq!(min.to_string(), r#"string_error("", "")"#);
/// ```
pub trait Args: Clone {
    /// How many arguments.
    fn count(&self) -> usize;

    /// How many parts argument `arg` has.
    fn parts(&self, arg: usize) -> usize;

    /// The call with each argument `i` made of the parts `runs[i]` (as
    /// [`Reducible::keep`]).
    #[must_use]
    fn keep(&self, runs: &[Vec<Range<usize>>]) -> Self;

    /// Each argument as `Debug` shows it, for the reduced call's text.
    fn show(&self) -> Vec<String>;
}

impl<T: Reducible> Args for T {
    fn count(&self) -> usize {
        1
    }

    fn parts(&self, _: usize) -> usize {
        Reducible::parts(self)
    }

    fn keep(&self, runs: &[Vec<Range<usize>>]) -> Self {
        Reducible::keep(self, &runs[0])
    }

    fn show(&self) -> Vec<String> {
        vec![format!("{self:?}")]
    }
}

macro_rules! tuple_args {
    ($count:literal: $($t:ident $i:tt),+) => {
        impl<$($t: Reducible),+> Args for ($($t,)+) {
            fn count(&self) -> usize {
                $count
            }

            fn parts(&self, arg: usize) -> usize {
                match arg {
                    $($i => self.$i.parts(),)+
                    _ => 0,
                }
            }

            fn keep(&self, runs: &[Vec<Range<usize>>]) -> Self {
                ($(self.$i.keep(&runs[$i]),)+)
            }

            fn show(&self) -> Vec<String> {
                vec![$(format!("{:?}", self.$i)),+]
            }
        }
    };
}

tuple_args!(1: A 0);
tuple_args!(2: A 0, B 1);
tuple_args!(3: A 0, B 1, C 2);
tuple_args!(4: A 0, B 1, C 2, D 3);

/// `name(arg, ...)`, each argument as `Debug` shows it.
pub(crate) fn call<A: Args>(name: &str, args: &A) -> String {
    format!("{name}({})", args.show().join(", "))
}
