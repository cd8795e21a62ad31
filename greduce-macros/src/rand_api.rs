//! What `#[generator]` knows about rand 0.10's API: the only place listing method names.

/// Methods called on the rng that make one recorded decision.
pub(crate) const DECISIONS: &[&str] = &[
    "random_range",
    "random_bool",
    "random_ratio",
    "random",
    "fill",
    "sample",
    "next_u32",
    "next_u64",
    "fill_bytes",
];

/// Methods on slices and iterators that take the rng as their first argument.
pub(crate) const SEQ_DECISIONS: &[&str] = &[
    "choose",
    "choose_mut",
    "choose_weighted",
    "sample",
    "shuffle",
    "partial_shuffle",
];

/// The list of supported rng methods, for messages.
pub(crate) fn decision_list() -> String {
    quoted(DECISIONS)
}

/// The list of supported slice/iterator methods, for messages.
pub(crate) fn seq_list() -> String {
    quoted(SEQ_DECISIONS)
}

fn quoted(names: &[&str]) -> String {
    let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    names.join(", ")
}

/// Names removed from rand, with what replaced them.
pub(crate) fn renamed(method: &str) -> Option<&'static str> {
    Some(match method {
        "gen_range" => "random_range",
        "gen_bool" => "random_bool",
        "gen_ratio" => "random_ratio",
        "gen" => "random",
        "gen_iter" => "random_iter",
        "choose_multiple" => "sample",
        "choose_multiple_array" => "sample_array",
        "choose_multiple_weighted" => "sample_weighted",
        "choose_multiple_fill" => "sample_fill",
        _ => return None,
    })
}

/// The rand version that renamed `method` (for messages).
pub(crate) fn renamed_in(method: &str) -> &'static str {
    if method.starts_with("choose_multiple") {
        "0.10"
    } else {
        "0.9"
    }
}

/// rng methods that exist but cannot be recorded, with the reason.
pub(crate) fn unrecordable(method: &str) -> Option<&'static str> {
    Some(match method {
        "try_next_u32" | "try_next_u64" | "try_fill_bytes" => {
            "a fallible draw cannot be replayed as one; use `next_u32`, `next_u64` or \
             `fill_bytes`"
        }
        "by_ref" => "use the rng itself",
        _ => return None,
    })
}

/// Slice/iterator methods of rand that take the rng but are not recorded.
pub(crate) fn unsupported_seq(method: &str) -> bool {
    matches!(
        method,
        "choose_iter"
            | "choose_stable"
            | "sample_array"
            | "sample_fill"
            | "sample_weighted"
            | "choose_weighted_iter"
            | "choose_weighted_mut"
            | "choose_multiple"
            | "choose_multiple_array"
            | "choose_multiple_weighted"
            | "choose_multiple_fill"
            | "sample_iter"
    )
}

/// Free functions of rand that draw from a thread-local rng, with what to call instead.
pub(crate) fn thread_rng_function(path: &[String]) -> Option<String> {
    let last = path.last()?.as_str();
    if last == "thread_rng" {
        return Some("`thread_rng` was renamed `rand::rng` in rand 0.9; but a generator must draw from its rng parameter, not from the thread rng".into());
    }
    let from_rand = path.len() >= 2 && path[path.len() - 2] == "rand";
    let draws = matches!(
        last,
        "rng" | "random" | "random_range" | "random_bool" | "random_ratio" | "random_iter" | "fill"
    );
    (from_rand && draws).then(|| {
        format!("`rand::{last}` draws from the thread rng, which greduce cannot record; use the generator's rng parameter instead")
    })
}

/// How the arguments of a macro that may use the rng are written.
pub(crate) enum MacroShape {
    /// Comma-separated expressions (`format!("{}", x)`, `assert_eq!(a, b)`).
    Arguments,
    /// `vec![a, b]` or `vec![elem; n]`.
    Vec,
}

/// The standard macros whose arguments are ordinary expressions, evaluated once each and
/// in order, so greduce can rewrite the rng's uses in them.
pub(crate) fn expression_macro(name: &str) -> Option<MacroShape> {
    Some(match name {
        "format" | "format_args" | "print" | "println" | "eprint" | "eprintln" | "write"
        | "writeln" | "panic" | "unreachable" | "todo" | "unimplemented" | "assert"
        | "assert_eq" | "assert_ne" | "debug_assert" | "debug_assert_eq" | "debug_assert_ne" => {
            MacroShape::Arguments
        }
        "vec" => MacroShape::Vec,
        _ => return None,
    })
}
