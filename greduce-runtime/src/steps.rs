//! Steps: the operations of a stateful test, printed as a numbered list.

use std::fmt::{self, Debug, Write as _};
use std::ops::Deref;

/// Operations to run one after another (a stateful, model-based test's input), printed as
/// numbered steps, one per line.
///
/// A generator of operations returns `Steps<Op>` instead of `Vec<Op>` so that a failing
/// report lists its minimal operations as `1. Push(3)`, `2. Pop`, ... (numbers right-aligned
/// from 10 steps on; `{:#?}` prints each operation pretty, its lines aligned under the
/// first). It is a `Vec<Op>` otherwise: built with `collect`, [`push`](Steps::push) or
/// `From<Vec<Op>>`, read as a slice (`Deref<Target = [Op]>`) or iterated.
///
/// ```
/// use greduce::{Check, Steps, generator};
/// use rand::RngExt;
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// enum Op {
///     Push(u8),
///     Pop,
/// }
///
/// /// Up to 20 operations on a stack; `Pop` only when something was pushed (else that step
/// /// is skipped: a precondition).
/// #[generator]
/// fn ops<R: rand::Rng + ?Sized>(rng: &mut R) -> Steps<Op> {
///     let mut steps = Steps::new();
///     let mut depth = 0;
///     for _ in 0..rng.random_range(0..20) {
///         match rng.random_range(0..2) {
///             0 => {
///                 steps.push(Op::Push(rng.random_range(0..10)));
///                 depth += 1;
///             }
///             _ => {
///                 if depth == 0 {
///                     continue;
///                 }
///                 steps.push(Op::Pop);
///                 depth -= 1;
///             }
///         }
///     }
///     steps
/// }
///
/// // A property that fails when a pop leaves a value behind.
/// let report = Check::new(ops)
///     .seed(3)
///     .persist(false)
///     .print_progress(false)
///     .try_check(|steps: &Steps<Op>| {
///         let mut stack = Vec::new();
///         for op in steps {
///             match *op {
///                 Op::Push(x) => stack.push(x),
///                 Op::Pop => {
///                     stack.pop();
///                     assert!(stack.is_empty(), "a value is left after a pop");
///                 }
///             }
///         }
///     })
///     .unwrap_err();
/// assert_eq!(report.input(), Some("1. Push(0)\n2. Push(0)\n3. Pop"));
///
/// let steps: Steps<&str> = ["open", "write", "close"].into_iter().collect();
/// assert_eq!(steps.len(), 3);
/// assert_eq!(format!("{steps:?}"), "1. \"open\"\n2. \"write\"\n3. \"close\"");
/// ```
///
/// In the report, each step is a line of the indented input:
///
/// ```text
/// minimal failing input (size 6, was 22):
///     1. Push(0)
///     2. Push(0)
///     3. Pop
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Steps<Op>(Vec<Op>);

impl<Op> Steps<Op> {
    /// No steps.
    ///
    /// ```
    /// use greduce::Steps;
    ///
    /// let steps: Steps<u8> = Steps::new();
    /// assert!(steps.is_empty());
    /// ```
    pub fn new() -> Self {
        Steps(Vec::new())
    }

    /// Adds a step at the end.
    ///
    /// ```
    /// use greduce::Steps;
    ///
    /// let mut steps = Steps::new();
    /// steps.push("open");
    /// steps.push("close");
    /// assert_eq!(format!("{steps:?}"), "1. \"open\"\n2. \"close\"");
    /// ```
    pub fn push(&mut self, op: Op) {
        self.0.push(op);
    }

    /// The operations, in order.
    ///
    /// ```
    /// use greduce::Steps;
    ///
    /// let steps: Steps<u8> = vec![3, 1].into();
    /// assert_eq!(steps.into_vec(), [3, 1]);
    /// ```
    pub fn into_vec(self) -> Vec<Op> {
        self.0
    }
}

impl<Op> Deref for Steps<Op> {
    type Target = [Op];

    fn deref(&self) -> &[Op] {
        &self.0
    }
}

impl<Op> From<Vec<Op>> for Steps<Op> {
    fn from(ops: Vec<Op>) -> Self {
        Steps(ops)
    }
}

impl<Op> From<Steps<Op>> for Vec<Op> {
    fn from(steps: Steps<Op>) -> Self {
        steps.0
    }
}

impl<Op> FromIterator<Op> for Steps<Op> {
    fn from_iter<I: IntoIterator<Item = Op>>(ops: I) -> Self {
        Steps(ops.into_iter().collect())
    }
}

impl<Op> Extend<Op> for Steps<Op> {
    fn extend<I: IntoIterator<Item = Op>>(&mut self, ops: I) {
        self.0.extend(ops);
    }
}

impl<Op> IntoIterator for Steps<Op> {
    type Item = Op;
    type IntoIter = std::vec::IntoIter<Op>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, Op> IntoIterator for &'a Steps<Op> {
    type Item = &'a Op;
    type IntoIter = std::slice::Iter<'a, Op>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<Op: Debug> Debug for Steps<Op> {
    /// One numbered line per step (`1. Push(3)`), numbers right-aligned; `(no steps)` when
    /// there are none. With `{:#?}`, each operation is pretty-printed and its further lines
    /// are indented to line up under its first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("(no steps)");
        }
        let width = self.0.len().to_string().len();
        let mut text = String::new();
        for (i, op) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_char('\n')?;
            }
            text.clear();
            if f.alternate() {
                write!(text, "{op:#?}")?;
            } else {
                write!(text, "{op:?}")?;
            }
            write!(f, "{:>width$}.", i + 1)?;
            for (j, line) in text.split('\n').enumerate() {
                if j > 0 {
                    f.write_char('\n')?;
                }
                if !line.is_empty() {
                    let indent = if j == 0 { 1 } else { width + 2 };
                    write!(f, "{:indent$}{line}", "")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Steps;

    #[derive(Debug)]
    #[allow(dead_code)] // read by Debug only
    enum Op {
        Push(u32),
        Pop,
        Insert { key: u32, value: &'static str },
    }

    #[test]
    fn one_numbered_line_per_step() {
        let steps: Steps<Op> = [Op::Push(3), Op::Pop].into_iter().collect();
        assert_eq!(format!("{steps:?}"), "1. Push(3)\n2. Pop");
    }

    #[test]
    fn numbers_are_right_aligned_from_ten_steps_on() {
        let steps: Steps<u32> = (1..=11).collect();
        assert_eq!(
            format!("{steps:?}"),
            " 1. 1\n 2. 2\n 3. 3\n 4. 4\n 5. 5\n 6. 6\n 7. 7\n 8. 8\n 9. 9\n10. 10\n11. 11"
        );
    }

    #[test]
    fn no_steps() {
        assert_eq!(format!("{:?}", Steps::<Op>::new()), "(no steps)");
        assert_eq!(format!("{:#?}", Steps::<Op>::new()), "(no steps)");
    }

    #[test]
    fn pretty_steps_line_up_under_their_first_line() {
        let steps = Steps::from(vec![Op::Insert { key: 1, value: "a" }, Op::Pop]);
        assert_eq!(
            format!("{steps:#?}"),
            "1. Insert {\n       key: 1,\n       value: \"a\",\n   }\n2. Pop"
        );
        assert_eq!(
            format!("{steps:?}"),
            "1. Insert { key: 1, value: \"a\" }\n2. Pop"
        );
    }

    #[test]
    fn nested_in_pretty_debug_the_steps_are_indented_with_their_field() {
        #[derive(Debug)]
        #[allow(dead_code)] // read by Debug only
        struct Case {
            steps: Steps<Op>,
        }
        let case = Case {
            steps: vec![Op::Push(1), Op::Pop].into(),
        };
        assert_eq!(
            format!("{case:#?}"),
            "Case {\n    steps: 1. Push(\n           1,\n       )\n    2. Pop,\n}"
        );
    }

    #[test]
    fn reads_as_a_vec() {
        let mut steps = Steps::new();
        steps.push(Op::Push(1));
        steps.extend([Op::Pop, Op::Push(2)]);
        assert_eq!(steps.len(), 3);
        assert!(matches!(steps.first(), Some(Op::Push(1))));
        assert_eq!((&steps).into_iter().count(), 3);
        let ops: Vec<Op> = steps.into();
        assert!(matches!(ops[..], [Op::Push(1), Op::Pop, Op::Push(2)]));
    }
}
