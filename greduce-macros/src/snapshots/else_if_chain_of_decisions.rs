fn g<R: rand::Rng + ?Sized>(rng: &mut R, depth: u32) -> u32 {
    if !::greduce::__private::active() {
        if rng.random_bool(0.2) {
            0
        } else if depth < 3 && rng.random_ratio(1, 2) {
            1
        } else if let Some(d) = depth.checked_sub(1) && rng.random_bool(0.5) {
            d
        } else {
            3
        }
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        match ::greduce::__private::selection(
            0.2,
            &__greduce_run,
            ::greduce::__private::site!("random_bool", "g", 3),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.random_bool(__greduce_arg),
        ) {
            __greduce_sel if __greduce_sel.taken() => 0,
            __greduce_sel => {
                match if depth < 3 {
                    ::core::option::Option::Some(
                        ::greduce::__private::selection(
                            (1, 2),
                            &__greduce_run,
                            ::greduce::__private::site!("random_ratio", "g", 2),
                            &mut *rng,
                            |__greduce_rng, (__greduce_arg, __greduce_arg2)| {
                                __greduce_rng.random_ratio(__greduce_arg, __greduce_arg2)
                            },
                        ),
                    )
                } else {
                    ::core::option::Option::None
                } {
                    ::core::option::Option::Some(
                        __greduce_sel,
                    ) if __greduce_sel.taken() => 1,
                    _ => {
                        if let Some(d) = depth.checked_sub(1)
                            && ::greduce::__private::random_bool(
                                0.5,
                                &__greduce_run,
                                ::greduce::__private::site!("random_bool", "g", 1),
                                &mut *rng,
                                |__greduce_rng, __greduce_arg| {
                                    __greduce_rng.random_bool(__greduce_arg)
                                },
                            )
                        {
                            d
                        } else {
                            3
                        }
                    }
                }
            }
        }
    }
}
