//! Expansion snapshots: `#[generator]` on a small function per recognized pattern, pretty
//! printed and compared with `snapshots/<case>.rs`. Refresh with `UPDATE_EXPECT=1`, then
//! read the diff. Hygiene does not show here (see the facade's `tests/hygiene.rs`).

use proc_macro2::TokenStream;
use quote::quote;

fn expand(args: TokenStream, item: TokenStream) -> String {
    let out = crate::expand::generator(args, item);
    let file: syn::File = syn::parse2(out).expect("the expansion parses as items");
    prettyplease::unparse(&file)
}

macro_rules! snapshot {
    ($(#[$doc:meta])* $name:ident, ($($args:tt)*), $($item:tt)*) => {
        $(#[$doc])*
        #[test]
        fn $name() {
            let out = expand(quote!($($args)*), quote!($($item)*));
            expect_test::expect_file![concat!("snapshots/", stringify!($name), ".rs")].assert_eq(&out);
        }
    };
}

snapshot!(
    random_range,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
        rng.random_range(0..10)
    }
);
snapshot!(
    random_range_nested_in_argument,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
        rng.random_range(0..rng.random_range(1..10))
    }
);
snapshot!(
    random_bool,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> bool {
        rng.random_bool(0.3)
    }
);
snapshot!(
    random_ratio,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> bool {
        rng.random_ratio(2, 3)
    }
);
snapshot!(
    /// Raw rng output: `next_u32`/`next_u64` as values of their width, `fill_bytes` as bytes.
    raw_rng_output,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u64, [u8; 4]) {
        let mut bytes = [0; 4];
        rng.fill_bytes(&mut bytes);
        (rng.next_u32(), rng.next_u64(), bytes)
    }
);
snapshot!(
    /// The standard macros' arguments are expressions: the rng's uses in them are rewritten.
    rng_in_standard_macros,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R, out: &mut String) -> Vec<u8> {
        use std::fmt::Write;
        let name = format!("n{}", rng.random_range(0..10));
        write!(out, "{name}={x}", x = rng.random::<u8>()).unwrap();
        assert!(rng.random_bool(1.0), "{}", rng.random_range(0..2));
        let mut v = vec![rng.random(), 2];
        v.extend(vec![rng.random_range(0..3); 2]);
        v
    }
);
snapshot!(
    /// Samplers greduce does not know by name: `random` of a type that is not a primitive
    /// (turbofish or `let` type; a tuple is drawn element by element), `distr.sample(rng)`
    /// and `rng.sample(distr)` (picked by the distribution's type), `sample_iter` (a
    /// reducible loop when taken a counted number of items) and `sample_string`.
    samplers,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
        let op = rng.random::<Op>();
        let pair: (u8, bool) = rng.random();
        let c = char::from(Alphanumeric.sample(rng));
        let d = char::from(rng.sample(Alphanumeric));
        let n = rng.random_range(1..8);
        let s: String = rng.sample_iter(&Alphanumeric).take(n).map(char::from).collect();
        let t = Alphanumeric.sample_string(rng, 4);
        format!("{op:?}{pair:?}{c}{d}{s}{t}")
    }
);
snapshot!(
    random_turbofish,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u64 {
        rng.random::<u64>()
    }
);
snapshot!(
    fill,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> [u8; 4] {
        let mut buf = [0u8; 4];
        rng.fill(&mut buf);
        buf
    }
);
snapshot!(
    sample_distribution,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> i32 {
        rng.sample(Uniform::new(0, 10).unwrap())
    }
);
snapshot!(
    choose,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> Option<u8> {
        xs.choose(rng).copied()
    }
);
snapshot!(
    choose_mut,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &mut [u8]) {
        if let Some(x) = xs.choose_mut(&mut *rng) {
            *x = 0;
        }
    }
);
snapshot!(
    choose_weighted,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> u8 {
        *xs.choose_weighted(rng, |x| *x).unwrap()
    }
);
snapshot!(
    sample_from_slice,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> Vec<u8> {
        xs.sample(rng, 3).copied().collect()
    }
);
snapshot!(
    shuffle,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &mut Vec<u8>) {
        xs.shuffle(&mut rng)
    }
);
snapshot!(
    partial_shuffle,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &mut [u8]) -> usize {
        xs.partial_shuffle(rng, 2).0.len()
    }
);
snapshot!(
    iterator_choose,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Option<u32> {
        (0..10).filter(|x| x % 2 == 0).choose(rng)
    }
);
snapshot!(
    for_range_decision,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
        let mut v = Vec::new();
        for i in 0..rng.random_range(0..5) {
            v.push(i);
        }
        v
    }
);
snapshot!(
    for_inclusive_range_decision,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
        let mut v = Vec::new();
        'outer: for i in 1..=rng.random_range(0..5) {
            if i > 3 {
                break 'outer;
            }
            v.push(i);
        }
        v
    }
);
snapshot!(
    for_named_count,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
        let mut w = String::new();
        let n = rng.random_range(0..20);
        for _ in 0..n {
            w.push(rng.random_range('a'..='z'));
        }
        w
    }
);
snapshot!(
    named_count_shadowed,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> usize {
        let n = rng.random_range(0..20);
        let n = n * 2;
        (0..n).map(|i| i + 1).count()
    }
);
snapshot!(
    map_over_range_decision,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
        (0..rng.random_range(0..5)).map(|_| rng.random()).collect()
    }
);
snapshot!(
    for_each_over_named_count,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
        let mut v = Vec::new();
        let n: u8 = rng.random_range(0..5);
        (0..n).for_each(|i| v.push(i));
        v
    }
);
snapshot!(
    repeat_with_take,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
        let n = rng.random_range(0..5);
        std::iter::repeat_with(|| rng.random()).take(n).collect()
    }
);
snapshot!(
    while_decision,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
        let mut n = 0;
        while rng.random_bool(0.9) {
            n += 1;
        }
        n
    }
);
snapshot!(
    while_condition_and_decision,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
        let mut n = 0;
        'grow: while n < 10 && rng.random_ratio(9, 10) {
            n += 1;
            if n == 5 {
                continue 'grow;
            }
        }
        n
    }
);
snapshot!(
    if_decision,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
        let mut x = 0;
        if rng.random_bool(0.5) {
            x += 1;
        }
        x
    }
);
snapshot!(
    if_else_if_decision,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R, flag: bool) -> u32 {
        if flag {
            0
        } else if rng.random() {
            1
        } else {
            2
        }
    }
);
snapshot!(
    /// `&&` draws only when the condition before it holds: so does the selection.
    if_condition_and_decision,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R, depth: u32) -> u32 {
        if depth < 6 && rng.random_bool(0.5) {
            g(rng, depth + 1) + 1
        } else {
            0
        }
    }
);
snapshot!(
    /// Each condition of an `else if` chain ending in a decision is a selection.
    else_if_chain_of_decisions,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R, depth: u32) -> u32 {
        if rng.random_bool(0.2) {
            0
        } else if depth < 3 && rng.random_ratio(1, 2) {
            1
        } else if let Some(d) = depth.checked_sub(1) && rng.random_bool(0.5) {
            d
        } else {
            3
        }
    }
);
snapshot!(
    match_decision,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> &'static str {
        match rng.random_range(0..3) {
            0 => "leaf",
            1 => "pair",
            _ => "list",
        }
    }
);
snapshot!(
    generator_call,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Vec<u8>> {
        let a = inner(rng, 3);
        let b = self::inner(&mut *rng, 4);
        vec![a, b]
    }
);
snapshot!(
    /// Errors replace the expression they are about.
    rng_in_macro_becomes_compile_error, (), fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
        vec![rng.random(), 1]
    }
);
snapshot!(
    generator_method_call,
    (),
    fn g<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> u8 {
        self.node(rng)
    }
);
snapshot!(
    unrecorded_helper,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u8 {
        helper(greduce::unrecorded(rng))
    }
);
snapshot!(
    rng_and_crate_arguments,
    (rng = source, crate = ::my::greduce),
    fn g(source: &mut rand::rngs::StdRng) -> u8 {
        source.random_range(0..3)
    }
);
snapshot!(
    /// A function named like a decision but called by a path that is not rand's
    /// (`Point::random(rng)`) is a call of another generator, not an error.
    associated_generator_named_like_a_decision,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> (Point, Vec<u8>) {
        (Point::random(rng), shapes::sample(rng, 3))
    }
);
snapshot!(
    /// `let _ = rng;` binds nothing: left as it is.
    rng_bound_to_wildcard,
    (),
    fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u8 {
        let _ = rng;
        0
    }
);
snapshot!(
    /// Errors replace the expression they are about.
    unknown_method_becomes_compile_error, (), fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 { rng.next_u32() }
);
snapshot!(
    /// One copy of the body: two could return two closure types.
    returns_impl_trait, (), fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> impl Fn(u32) -> u32 {
        let k = rng.random_range(0..10);
        move |x| x + k
    }
);
snapshot!(
    /// A `move` closure that draws gets its own handle on the run, so it can outlive the
    /// body (here it is returned) and the body can still use the handle after it.
    move_closure_that_draws, (), fn g<'a, R: rand::Rng + ?Sized>(rng: &'a mut R) -> impl FnMut() -> u32 + 'a {
        let k = rng.random_range(1..10);
        move || rng.random_range(0..k)
    }
);
snapshot!(
    /// `n` in the `if let` is not the count decided above: a plain loop.
    named_count_shadowed_by_if_let, (), fn g<R: rand::Rng + ?Sized>(rng: &mut R, m: Option<u8>) -> u32 {
        let n = rng.random_range(1..5u8);
        let mut total = u32::from(n);
        if let Some(n) = m {
            for _ in 0..n {
                total += 1;
            }
        }
        total
    }
);

/// `#[greduce::test]`: the body becomes a generator nested in a `#[test]`, with its random
/// `let`s bound for the report and the settings as builder calls.
#[test]
fn test_attribute() {
    let out = crate::expand::test(
        quote!(
            cases = 50,
            strategy = halt,
            max_shrink_time = "2s",
            stats = true
        ),
        quote! {
            /// Doc.
            fn prop(rng: &mut impl rand::Rng) {
                let v = list(rng);
                let (a, b) = (rng.random_range(0..9), 3);
                let len = v.len();
                assert!(len < 10 || a < b);
            }
        },
    );
    let file: syn::File = syn::parse2(out).expect("the expansion parses as items");
    expect_test::expect_file!["snapshots/test_attribute.rs"]
        .assert_eq(&prettyplease::unparse(&file));
}

/// `#[greduce::test] async fn`: the parameters drawn from their types are drawn first, then
/// the body, an `async move` block, is run to completion by the executor asked for; items
/// stay out of the future. The second snapshot is the nested generator expanded: the
/// future gets its own handle on the run (a copy, as any `async move` block that draws).
#[test]
fn async_test_attribute() {
    let out = crate::expand::test(
        quote!(cases = 50, executor = tokio),
        quote! {
            async fn prop(
                rng: &mut impl rand::Rng,
                #[generate(len = 1..4)] bytes: Vec<u8>,
            ) -> Result<(), String> {
                fn small(b: u8) -> bool {
                    b < 100
                }
                let k = rng.random_range(0..9);
                let echoed = async { k }.await;
                check(&bytes, echoed).await?;
                if bytes.iter().all(|&b| small(b)) {
                    return Ok(());
                }
                Err(format!("k = {k}"))
            }
        },
    );
    let file: syn::File = syn::parse2(out).expect("the expansion parses as items");
    expect_test::expect_file!["snapshots/async_test_attribute.rs"]
        .assert_eq(&prettyplease::unparse(&file));
    // The nested `#[generator]`, expanded as the compiler will.
    let syn::Item::Fn(test) = &file.items[0] else {
        panic!("the expansion is a test function");
    };
    let Some(syn::Stmt::Item(syn::Item::Fn(inner))) = test.block.stmts.first() else {
        panic!("the test function starts with the body's generator");
    };
    let mut inner = inner.clone();
    let attr = inner.attrs.remove(0);
    let syn::Meta::List(args) = attr.meta else {
        panic!("the generator attribute has arguments");
    };
    let out = crate::expand::generator(args.tokens, quote::ToTokens::to_token_stream(&inner));
    let file: syn::File = syn::parse2(out).expect("the expansion parses as items");
    expect_test::expect_file!["snapshots/async_test_body.rs"]
        .assert_eq(&prettyplease::unparse(&file));
}
