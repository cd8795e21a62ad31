fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    if !::greduce::__private::active() {
        let mut n = 0;
        while rng.random_bool(0.9) {
            n += 1;
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
            while __greduce_while
                .next(
                    0.9,
                    ::greduce::__private::site!("random_bool", "g", 2),
                    &mut *rng,
                    |__greduce_rng, __greduce_arg| {
                        __greduce_rng.random_bool(__greduce_arg)
                    },
                )
            {
                n += 1;
            }
        }
        n
    }
}
