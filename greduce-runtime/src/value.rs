//! What a decision was asked ([`Args`]) and what it answered ([`Value`]), stored in a form
//! independent of the Rust type the generator used, so traces are plain data.

use std::fmt;

/// The integer type of an integer decision (for printing and for checking that a recorded
/// value is read back at the type it was recorded with).
#[derive(Clone, Copy, Debug, Eq, PartialEq, Hash)]
#[allow(missing_docs)] // Reason: one variant per primitive integer type, named after it.
pub enum IntTy {
    U8,
    U16,
    U32,
    U64,
    U128,
    Usize,
    I8,
    I16,
    I32,
    I64,
    I128,
    Isize,
    Char,
}

impl IntTy {
    fn is_signed(self) -> bool {
        matches!(
            self,
            IntTy::I8 | IntTy::I16 | IntTy::I32 | IntTy::I64 | IntTy::I128 | IntTy::Isize
        )
    }

    fn bits(self) -> u32 {
        match self {
            IntTy::U8 | IntTy::I8 => 8,
            IntTy::U16 | IntTy::I16 => 16,
            IntTy::U32 | IntTy::I32 | IntTy::Char => 32,
            IntTy::U64 | IntTy::I64 | IntTy::Usize | IntTy::Isize => 64,
            IntTy::U128 | IntTy::I128 => 128,
        }
    }

    /// Formats raw bits (zero-extended two's complement of the type) as a value of this type.
    pub(crate) fn fmt_bits(self, bits: u128, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self == IntTy::Char {
            return match char::from_u32(bits as u32) {
                Some(c) => write!(f, "{c:?}"),
                None => write!(f, "U+{bits:X}"),
            };
        }
        let width = self.bits();
        if self.is_signed() {
            let shift = 128 - width;
            write!(f, "{}", ((bits << shift) as i128) >> shift)
        } else {
            write!(f, "{bits}")
        }
    }
}

/// The float type of a float decision.
#[derive(Clone, Copy, Debug, Eq, PartialEq, Hash)]
#[allow(missing_docs)] // Reason: one variant per primitive float type.
pub enum FloatTy {
    F32,
    F64,
}

/// The arguments of a decision: what the generator asked for. Replay checks a recorded
/// [`Value`] against the arguments of *today's* call ("is the recorded value still legal?").
#[derive(Clone, Debug, PartialEq)]
pub enum Args {
    /// `random_range` over integers (or `char`): the inclusive range `lo ..= lo + span`,
    /// `lo` stored as the zero-extended bits of the type.
    Int {
        /// Lower bound, as bits of `ty`.
        lo: u128,
        /// `hi - lo` of the inclusive range.
        span: u128,
        /// The integer type.
        ty: IntTy,
    },
    /// `random_range` over floats.
    Float {
        /// Lower bound.
        lo: f64,
        /// Upper bound.
        hi: f64,
        /// Whether `hi` is included.
        inclusive: bool,
        /// The float type.
        ty: FloatTy,
    },
    /// `random_bool(p)`, or `random::<bool>()` (`p = 0.5`).
    Bool {
        /// Probability of `true`.
        p: f64,
    },
    /// `random_ratio(numerator, denominator)`.
    Ratio {
        /// Numerator.
        numerator: u32,
        /// Denominator.
        denominator: u32,
    },
    /// `random::<T>()` for a primitive `T`, or `sample(StandardUniform)`.
    Standard {
        /// The type's name.
        ty: &'static str,
    },
    /// `sample(distribution)` with one of rand's uniform distributions; `fingerprint`
    /// identifies the distribution's parameters (rand does not expose them).
    Distribution {
        /// The distribution, as `Debug` prints it.
        description: String,
    },
    /// `choose`, `choose_mut`, `choose_weighted` on a slice or an iterator: an index below
    /// `len` (`None`: an iterator whose length was not known when recording).
    Index {
        /// Number of elements, when known.
        len: Option<usize>,
    },
    /// `fill(&mut [T])`.
    Fill {
        /// Number of elements.
        len: usize,
        /// Element size in bytes.
        elem: usize,
    },
    /// `shuffle`: a permutation of `len` elements.
    Shuffle {
        /// Slice length.
        len: usize,
    },
    /// `partial_shuffle(amount)`.
    PartialShuffle {
        /// Slice length.
        len: usize,
        /// Elements asked for.
        amount: usize,
    },
    /// `sample(amount)` on a slice or an iterator: distinct indices.
    Sample {
        /// Number of elements, when known.
        len: Option<usize>,
        /// Elements asked for.
        amount: usize,
    },
}

/// What a decision answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// Integer or `char` range: offset from the range's lower bound. Stored relative so a
    /// value stays meaningful when the range moves (the GReduce artifact replays this way).
    Offset(u128),
    /// Float range.
    Float(f64),
    /// A boolean decision.
    Bool(bool),
    /// Raw bits of a `random::<T>()` or distribution sample.
    Bits(u128),
    /// An index into a slice or iterator.
    Index(usize),
    /// Bytes written by `fill`, little-endian per element.
    Bytes(Box<[u8]>),
    /// A permutation (`shuffle`, `partial_shuffle`) or a list of distinct indices (`sample`).
    Indices(Box<[usize]>),
}

impl Args {
    /// The value that re-align answers when the recorded one cannot be used: the lower bound,
    /// `false`, index 0, zero bits, the identity permutation.
    pub(crate) fn simplest(&self) -> Value {
        match *self {
            Args::Int { .. } => Value::Offset(0),
            Args::Float { lo, .. } => Value::Float(lo),
            Args::Bool { p } => Value::Bool(p >= 1.0),
            Args::Ratio {
                numerator,
                denominator,
            } => Value::Bool(numerator == denominator),
            Args::Standard { .. } | Args::Distribution { .. } => Value::Bits(0),
            Args::Index { .. } => Value::Index(0),
            Args::Fill { len, elem } => Value::Bytes(vec![0; len * elem].into_boxed_slice()),
            Args::Shuffle { len } | Args::PartialShuffle { len, .. } => {
                Value::Indices((0..len).collect())
            }
            Args::Sample { len, amount } => {
                Value::Indices((0..len.map_or(amount, |len| amount.min(len))).collect())
            }
        }
    }

    /// Whether `value` is a legal answer to these arguments (same kind, within range).
    /// Decisions whose legality depends on the data (weights) check more at their call.
    pub(crate) fn admits(&self, value: &Value) -> bool {
        match (self, value) {
            (Args::Int { span, .. }, Value::Offset(off)) => off <= span,
            (
                Args::Float {
                    lo, hi, inclusive, ..
                },
                Value::Float(v),
            ) => *lo <= *v && (*v < *hi || (*inclusive && *v <= *hi)),
            (Args::Bool { p }, Value::Bool(b)) => {
                if *b {
                    *p > 0.0
                } else {
                    *p < 1.0
                }
            }
            (
                Args::Ratio {
                    numerator,
                    denominator,
                },
                Value::Bool(b),
            ) => {
                if *b {
                    *numerator > 0
                } else {
                    numerator < denominator
                }
            }
            (Args::Standard { .. } | Args::Distribution { .. }, Value::Bits(_)) => true,
            (Args::Index { len }, Value::Index(i)) => len.is_none_or(|len| *i < len),
            (Args::Fill { len, elem }, Value::Bytes(bytes)) => bytes.len() == len * elem,
            (Args::Shuffle { len }, Value::Indices(perm)) => perm.len() >= *len,
            (Args::PartialShuffle { len, .. }, Value::Indices(perm)) => perm.len() == *len,
            (Args::Sample { len, amount }, Value::Indices(ix)) => {
                let want = len.map_or(*amount, |len| (*amount).min(len));
                ix.len() == want && len.is_none_or(|len| ix.iter().all(|i| *i < len))
            }
            _ => false,
        }
    }

    /// Whether two argument lists describe the same kind of decision (same method, same
    /// type); only then can a recorded value be read back.
    pub(crate) fn same_kind(&self, other: &Args) -> bool {
        match (self, other) {
            (Args::Int { ty: a, .. }, Args::Int { ty: b, .. }) => a == b,
            (Args::Float { ty: a, .. }, Args::Float { ty: b, .. }) => a == b,
            (Args::Standard { ty: a }, Args::Standard { ty: b }) => a == b,
            (Args::Distribution { description: a }, Args::Distribution { description: b }) => {
                a == b
            }
            (Args::Fill { elem: a, .. }, Args::Fill { elem: b, .. }) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}

impl fmt::Display for Args {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Args::Int { lo, span, ty } => {
                ty.fmt_bits(*lo, f)?;
                f.write_str("..=")?;
                ty.fmt_bits(lo.wrapping_add(*span), f)
            }
            Args::Float {
                lo, hi, inclusive, ..
            } => {
                write!(f, "{lo:?}{}{hi:?}", if *inclusive { "..=" } else { ".." })
            }
            Args::Bool { p } => write!(f, "p={p}"),
            Args::Ratio {
                numerator,
                denominator,
            } => write!(f, "{numerator}/{denominator}"),
            Args::Standard { ty } => f.write_str(ty),
            Args::Distribution { description } => f.write_str(description),
            Args::Index { len: Some(len) } | Args::Shuffle { len } => write!(f, "len={len}"),
            Args::Index { len: None } => f.write_str("len=?"),
            Args::Fill { len, elem } => write!(f, "len={len}, {elem}-byte elements"),
            Args::PartialShuffle { len, amount } => write!(f, "len={len}, amount={amount}"),
            Args::Sample { len, amount } => match len {
                Some(len) => write!(f, "len={len}, amount={amount}"),
                None => write!(f, "len=?, amount={amount}"),
            },
        }
    }
}

/// A value printed in the light of its arguments (integer offsets become the actual value).
pub(crate) struct Shown<'a>(pub(crate) &'a Args, pub(crate) &'a Value);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0, self.1) {
            (Args::Int { lo, ty, .. }, Value::Offset(off)) => ty.fmt_bits(lo.wrapping_add(*off), f),
            (_, Value::Offset(off)) => write!(f, "+{off}"),
            (_, Value::Float(v)) => write!(f, "{v:?}"),
            (_, Value::Bool(b)) => write!(f, "{b}"),
            (_, Value::Bits(b)) => write!(f, "0x{b:x}"),
            (_, Value::Index(i)) => write!(f, "#{i}"),
            (_, Value::Bytes(bytes)) => {
                f.write_str("[")?;
                for (i, b) in bytes.iter().enumerate().take(16) {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{b:02x}")?;
                }
                if bytes.len() > 16 {
                    write!(f, " ... {} bytes", bytes.len())?;
                }
                f.write_str("]")
            }
            (_, Value::Indices(ix)) => {
                f.write_str("[")?;
                for (i, x) in ix.iter().enumerate().take(16) {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x}")?;
                }
                if ix.len() > 16 {
                    write!(f, ", ... {} in all", ix.len())?;
                }
                f.write_str("]")
            }
        }
    }
}
