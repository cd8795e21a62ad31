fn g<R: rand::Rng + ?Sized>(rng: &mut R, depth: u32) -> u32 {
    if !::greduce::__private::active() {
        if depth < 6 && rng.random_bool(0.5) { g(rng, depth + 1) + 1 } else { 0 }
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        match if depth < 6 {
            ::core::option::Option::Some(
                ::greduce::__private::selection(
                    0.5,
                    &__greduce_run,
                    ::greduce::__private::site!("random_bool", "g", 3),
                    &mut *rng,
                    |__greduce_rng, __greduce_arg| {
                        __greduce_rng.random_bool(__greduce_arg)
                    },
                ),
            )
        } else {
            ::core::option::Option::None
        } {
            ::core::option::Option::Some(__greduce_sel) if __greduce_sel.taken() => {
                ::greduce::__private::call_returned(
                    &__greduce_run,
                    ::greduce::__private::site!("g", "g", 2),
                    g(
                        ::greduce::__private::pass_rng(
                            &__greduce_run,
                            ::greduce::__private::site!("g", "g", 1),
                            rng,
                        ),
                        depth + 1,
                    ),
                ) + 1
            }
            _ => 0,
        }
    }
}
