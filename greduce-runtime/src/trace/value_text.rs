//! The text form of values and of decisions' arguments, as saved traces and fork-mode
//! edits write them: `offset:3`, `bool:true`, `int:u32:0:1000`, `index:?`. Each writer here
//! has its reader, and reading back what was written gives the same value.

use crate::trace::value::{Asked, FloatTy, IntTy, Prim, UNKNOWN, Value};
use std::fmt::Write as _;

/// Why a text could not be read.
pub(crate) type ParseError = String;

fn int_ty_name(ty: IntTy) -> String {
    Prim::Int(ty).to_string()
}

pub(crate) fn args_text(args: &Asked) -> String {
    if let Some((lo, span, ty)) = args.as_int() {
        return format!("int:{}:{lo}:{span}", int_ty_name(ty));
    }
    match args {
        Asked::Float {
            lo,
            hi,
            inclusive,
            ty,
        } => format!(
            "float:{}:{lo:?}:{hi:?}:{}",
            Prim::Float(*ty),
            if *inclusive { "incl" } else { "excl" }
        ),
        Asked::Bool { p } => format!("bool:{p:?}"),
        Asked::Ratio {
            numerator,
            denominator,
        } => format!("ratio:{numerator}:{denominator}"),
        Asked::Standard { ty } => format!("standard:{ty}"),
        Asked::Distribution(d) => format!("dist:{d:?}"),
        Asked::Raw(ty) => format!("raw:{ty:?}"),
        Asked::Index { len } => format!("index:{}", len_text(*len)),
        Asked::Fill { len, elem } => format!("fill:{len}:{elem}"),
        Asked::Shuffle { len } => format!("shuffle:{}", len_text(*len)),
        Asked::PartialShuffle { len, amount } => {
            format!("partial_shuffle:{}:{amount}", len_text(*len))
        }
        Asked::Sample { len, amount } => format!("sample:{}:{amount}", len_text(*len)),
        Asked::Int { .. } | Asked::WideInt(..) => unreachable!("written above"),
    }
}

fn len_text(len: u64) -> String {
    if len == UNKNOWN {
        "?".to_string()
    } else {
        len.to_string()
    }
}

pub(crate) fn value_text(value: &Value) -> String {
    match value {
        Value::Offset(_) | Value::WideOffset(_) => {
            format!("offset:{}", value.as_offset().unwrap_or(0))
        }
        Value::Float(v) => format!("float:{v:?}"),
        Value::Bool(b) => format!("bool:{b}"),
        Value::Bits(_) | Value::WideBits(_) => {
            format!("bits:{:#x}", value.as_bits().unwrap_or(0))
        }
        Value::Index(i) => format!("index:{i}"),
        Value::Bytes(bytes) => {
            let mut hex = String::from("bytes:");
            for b in bytes.iter() {
                let _ = write!(hex, "{b:02x}");
            }
            hex
        }
        Value::Indices(ix) => {
            let list: Vec<String> = ix.iter().map(ToString::to_string).collect();
            format!("indices:{}", list.join(","))
        }
    }
}

pub(crate) fn int_ty(name: &str) -> Result<IntTy, ParseError> {
    Ok(match name {
        "u8" => IntTy::U8,
        "u16" => IntTy::U16,
        "u32" => IntTy::U32,
        "u64" => IntTy::U64,
        "u128" => IntTy::U128,
        "usize" => IntTy::Usize,
        "i8" => IntTy::I8,
        "i16" => IntTy::I16,
        "i32" => IntTy::I32,
        "i64" => IntTy::I64,
        "i128" => IntTy::I128,
        "isize" => IntTy::Isize,
        "char" => IntTy::Char,
        _ => return Err(format!("unknown integer type `{name}`")),
    })
}

fn prim(name: &str) -> Result<Prim, ParseError> {
    Ok(match name {
        "bool" => Prim::Bool,
        "f32" => Prim::Float(FloatTy::F32),
        "f64" => Prim::Float(FloatTy::F64),
        _ => Prim::Int(int_ty(name)?),
    })
}

pub(crate) fn number<T: std::str::FromStr>(text: &str) -> Result<T, ParseError> {
    text.parse().map_err(|_| format!("bad number `{text}`"))
}

fn len_from(text: &str) -> Result<u64, ParseError> {
    if text == "?" {
        Ok(UNKNOWN)
    } else {
        number(text)
    }
}

pub(crate) fn args_from(text: &str) -> Result<Asked, ParseError> {
    let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
    let fields: Vec<&str> = rest.split(':').collect();
    let field = |i: usize| -> Result<&str, ParseError> {
        fields
            .get(i)
            .copied()
            .ok_or_else(|| format!("too few fields in `{text}`"))
    };
    Ok(match kind {
        "int" => Asked::int(number(field(1)?)?, number(field(2)?)?, int_ty(field(0)?)?),
        "float" => Asked::Float {
            ty: match prim(field(0)?)? {
                Prim::Float(ty) => ty,
                _ => return Err(format!("`{text}` is not a float type")),
            },
            lo: number(field(1)?)?,
            hi: number(field(2)?)?,
            inclusive: field(3)? == "incl",
        },
        "bool" => Asked::Bool {
            p: number(field(0)?)?,
        },
        "ratio" => Asked::Ratio {
            numerator: number(field(0)?)?,
            denominator: number(field(1)?)?,
        },
        "standard" => Asked::Standard {
            ty: prim(field(0)?)?,
        },
        "dist" => Asked::Distribution(Box::new(unquote(rest)?)),
        "raw" => Asked::Raw(Box::new(unquote(rest)?)),
        "index" => Asked::Index {
            len: len_from(field(0)?)?,
        },
        "fill" => Asked::Fill {
            len: number(field(0)?)?,
            elem: number(field(1)?)?,
        },
        "shuffle" => Asked::Shuffle {
            len: len_from(field(0)?)?,
        },
        "partial_shuffle" => Asked::PartialShuffle {
            len: len_from(field(0)?)?,
            amount: number(field(1)?)?,
        },
        "sample" => Asked::Sample {
            len: len_from(field(0)?)?,
            amount: number(field(1)?)?,
        },
        _ => return Err(format!("unknown arguments `{text}`")),
    })
}

/// Reads a string written with `{:?}` (the escapes `Debug` uses for a distribution's text).
fn unquote(text: &str) -> Result<String, ParseError> {
    let bad = || format!("bad quoted text `{text}`");
    let inner = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .ok_or_else(bad)?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next().ok_or_else(bad)? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0' => out.push('\0'),
            '\\' => out.push('\\'),
            '"' => out.push('"'),
            '\'' => out.push('\''),
            'u' => {
                let code: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let code = code.strip_prefix('{').ok_or_else(bad)?;
                let c = u32::from_str_radix(code, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(bad)?;
                out.push(c);
            }
            _ => return Err(bad()),
        }
    }
    Ok(out)
}

pub(crate) fn value_from(text: &str) -> Result<Value, ParseError> {
    let (kind, rest) = text.split_once(':').ok_or_else(|| {
        format!(
            "bad value `{text}`; expected `offset:N`, `float:X`, `bool:B`, `bits:0xN`, \
             `index:N`, `bytes:HEX` or `indices:A,B,..`"
        )
    })?;
    Ok(match kind {
        "offset" => Value::offset(number(rest)?),
        "float" => Value::Float(number(rest)?),
        "bool" => Value::Bool(number(rest)?),
        "bits" => {
            let hex = rest.strip_prefix("0x").unwrap_or(rest);
            Value::bits(u128::from_str_radix(hex, 16).map_err(|_| format!("bad bits `{rest}`"))?)
        }
        "index" => Value::Index(number(rest)?),
        "bytes" => {
            if !rest.is_ascii() || !rest.len().is_multiple_of(2) {
                return Err(format!("bad bytes `{rest}`"));
            }
            let bytes = (0..rest.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&rest[i..i + 2], 16))
                .collect::<Result<Vec<u8>, _>>()
                .map_err(|_| format!("bad bytes `{rest}`"))?;
            Value::Bytes(Box::new(bytes))
        }
        "indices" => {
            let ix = if rest.is_empty() {
                Vec::new()
            } else {
                rest.split(',')
                    .map(number)
                    .collect::<Result<Vec<usize>, _>>()?
            };
            Value::indices(ix)
        }
        _ => return Err(format!("unknown value `{text}`")),
    })
}
