//! The model of the type being derived for: what `derive` reads from the input and
//! its attributes, and what the impl is written from (`expand`).

use super::attrs::How;
use syn::{DeriveInput, Ident, Member, Path, Type};

/// The type being derived for, as the impl needs it.
pub(super) struct Model {
    pub(super) input: DeriveInput,
    pub(super) krate: Path,
    pub(super) shape: Shape,
}

pub(super) enum Shape {
    Struct(Body),
    Enum(Vec<Variant>),
}

/// The fields of a struct or a variant, drawn in order.
pub(super) struct Body {
    pub(super) fields: Vec<Field>,
    /// `{ .. }`, `( .. )` or nothing.
    pub(super) style: Style,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    Named,
    Tuple,
    Unit,
}

pub(super) struct Field {
    /// The local it is bound to while the later fields are drawn: its name (`_0`, `_1`, ...
    /// for a tuple's), which later fields' attributes may name.
    pub(super) binding: Ident,
    pub(super) member: Member,
    pub(super) ty: Type,
    pub(super) how: How,
}

pub(super) struct Variant {
    pub(super) ident: Ident,
    pub(super) body: Body,
    pub(super) weight: u64,
    /// How far the variant is from ending a recursion, least first: whether a field's type
    /// names the enum itself, how many fields name a type that may lead back to it (any
    /// type but the standard library's and the enum's parameters), and how many fields.
    pub(super) depth_risk: (bool, usize, usize),
}
