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

/// The message for a name rand removed: its new name, and what to write when greduce does
/// not record the new one either.
pub(crate) fn renamed_message(method: &str, rng: &str) -> Option<String> {
    let new = renamed(method)?;
    let message = format!(
        "`{method}` was renamed `{new}` in rand {}",
        renamed_in(method)
    );
    Some(match seq_rewrite(new, rng) {
        Some(rewrite) => format!("{message}, which greduce cannot record either; {rewrite}"),
        None => message,
    })
}

/// `rng.<method>(..)` written with the arguments it takes (for messages).
pub(crate) fn decision_example(method: &str, rng: &str) -> String {
    let args = match method {
        "random_range" => "lo..hi",
        "random_bool" => "p",
        "random_ratio" => "numerator, denominator",
        "fill" | "fill_bytes" => "&mut buf",
        "sample" => "distr",
        _ => "",
    };
    format!("{rng}.{method}({args})")
}

/// Methods on the rng that greduce does not record, with the reason and the rewrite.
pub(crate) fn unrecordable(method: &str, rng: &str) -> Option<String> {
    Some(match method {
        "try_next_u32" | "try_next_u64" | "try_fill_bytes" => {
            let infallible = method.trim_start_matches("try_");
            let args = if infallible == "fill_bytes" {
                "&mut buf"
            } else {
                ""
            };
            format!(
                "a fallible draw cannot be replayed as one; write `{rng}.{infallible}({args})`, \
                 which cannot fail on a `rand::Rng`"
            )
        }
        "by_ref" => format!(
            "the rng is a `&mut` already; write `{rng}` itself in place of `{rng}.by_ref()`"
        ),
        "fork" => format!(
            "it seeds a new rng outside greduce's view; seed it from a recorded decision \
             instead: `SeedableRng::seed_from_u64({rng}.next_u64())`"
        ),
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

/// What to write, with recorded decisions, in place of a slice, iterator or distribution
/// method that takes the rng and is not recorded (`xs.<method>(rng, ..)`).
pub(crate) fn seq_rewrite(method: &str, rng: &str) -> Option<String> {
    Some(match method {
        "choose_stable" => format!(
            "write `iter.choose({rng})` instead, which it records (the same distribution, \
             though not the same element for a given seed)"
        ),
        "choose_iter" => format!(
            "write rand's definition of it instead, which greduce records: \
             `{rng}.sample_iter(Uniform::new(0, xs.len()).ok()?).map(|i| &xs[i])`"
        ),
        "choose_weighted_iter" => format!(
            "write rand's definition of it instead, which greduce records: \
             `{rng}.sample_iter(WeightedIndex::new(xs.iter().map(weight))?).map(|i| &xs[i])`"
        ),
        "choose_weighted_mut" => format!(
            "draw the index with `choose_weighted` over the indices instead, which it records, \
             then borrow that element: `let i = *indices.choose_weighted({rng}, |&i| \
             weight(&xs[i]))?; &mut xs[i]` with `indices: Vec<usize> = (0..xs.len()).collect()`"
        ),
        "sample_array" => format!(
            "write `xs.sample({rng}, N)` collected into an array instead, which it records: \
             `xs.sample({rng}, N).cloned().collect::<Vec<_>>().try_into().ok()`"
        ),
        "sample_weighted" => format!(
            "draw the elements one at a time with `choose_weighted` over the indices not yet \
             drawn instead, which it records: `let Ok(&i) = left.choose_weighted({rng}, |&i| \
             weight(&xs[i])) else {{ break }};`, then remove `i` from `left`"
        ),
        "sample_fill" => format!(
            "write `iter.sample({rng}, buf.len())` instead, which it records, and copy it \
             into `buf`"
        ),
        "sample_iter" => {
            format!("write `{rng}.sample_iter(distr)` instead (the same draws), which it records")
        }
        _ => return None,
    })
}

/// The traits of rand whose methods a call may name by path (`RngExt::random_range(rng,
/// ..)`, `Distribution::sample(&d, rng)`): a path ending in one of them and a method name,
/// or starting with `rand`, is rand's method, not a function of the user's.
pub(crate) fn is_rand_path(path: &[String]) -> bool {
    const TRAITS: &[&str] = &[
        "Rng",
        "RngExt",
        "RngCore",
        "TryRng",
        "TryRngCore",
        "CryptoRng",
        "Distribution",
        "SampleString",
        "IndexedRandom",
        "IndexedMutRandom",
        "SliceRandom",
        "IteratorRandom",
    ];
    path.first().is_some_and(|s| s == "rand")
        || (path.len() >= 2 && TRAITS.contains(&path[path.len() - 2].as_str()))
}

/// A recorded method of a slice, iterator or distribution written as a method call with
/// the rng in its place (for messages): `xs.choose(rng)`, `d.sample(rng)`, ...
pub(crate) fn receiver_example(method: &str, args: usize, rng: &str) -> String {
    match (method, args) {
        ("sample", 2) => format!("d.sample({rng})"),
        ("sample_string", _) => format!("d.sample_string({rng}, len)"),
        ("choose_weighted", _) => format!("xs.choose_weighted({rng}, weight)"),
        ("sample" | "partial_shuffle", _) => format!("xs.{method}({rng}, amount)"),
        _ => format!("xs.{method}({rng})"),
    }
}

/// Free functions of rand that draw from a thread-local rng, with what to call instead.
pub(crate) fn thread_rng_function(path: &[String], rng: &str, has_args: bool) -> Option<String> {
    let last = path.last()?.as_str();
    if last == "thread_rng" {
        return Some(format!(
            "`thread_rng` was renamed `rand::rng` in rand 0.9, but a generator must draw from \
             its rng parameter, not from the thread rng: write `{rng}.random_range(..)` for \
             `rand::thread_rng().gen_range(..)`"
        ));
    }
    let from_rand = path.len() >= 2 && path[path.len() - 2] == "rand";
    if !from_rand {
        return None;
    }
    match last {
        "rng" => Some(format!(
            "`rand::rng` is the thread rng, which greduce cannot record; draw from the \
             generator's rng instead: `{rng}.random_range(..)` for \
             `rand::rng().random_range(..)`"
        )),
        "random" | "random_range" | "random_bool" | "random_ratio" | "random_iter" | "fill" => {
            let args = if has_args { ".." } else { "" };
            Some(format!(
                "`rand::{last}` draws from the thread rng, which greduce cannot record; draw \
                 from the generator's rng instead: `{rng}.{last}({args})`"
            ))
        }
        _ => None,
    }
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
