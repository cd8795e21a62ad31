fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    if !::greduce::__private::active() {
        let mut n = 0;
        'grow: while n < 10 && rng.random_ratio(9, 10) {
            n += 1;
            if n == 5 {
                continue 'grow;
            }
        }
        n
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let mut n = 0;
        {
            let mut __greduce_while = ::greduce::__private::while_loop(
                &__greduce_run,
                ::greduce::__private::site!("while", "g", 1),
            );
            'grow: while n < 10
                && __greduce_while
                    .next(
                        (9, 10),
                        ::greduce::__private::site!("random_ratio", "g", 2),
                        &mut *rng,
                        |__greduce_rng, (__greduce_arg, __greduce_arg2)| {
                            __greduce_rng.random_ratio(__greduce_arg, __greduce_arg2)
                        },
                    )
            {
                n += 1;
                if n == 5 {
                    continue 'grow;
                }
            }
        }
        n
    }
}
