fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    if !::greduce::__private::active() {
        let mut w = String::new();
        let n = rng.random_range(0..20);
        for _ in 0..n {
            w.push(rng.random_range('a'..='z'));
        }
        w
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let mut w = String::new();
        let n = ::greduce::__private::random_range(
            0..20,
            &__greduce_run,
            ::greduce::__private::site!("random_range", "g", 1),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.random_range(__greduce_arg),
        );
        for _ in ::greduce::__private::counted_loop(
            &__greduce_run,
            0,
            n,
            ::greduce::__private::site!("loop", "g", 2),
            ::greduce::__private::site!("random_range", "g", 3),
        ) {
            w.push(
                ::greduce::__private::random_range(
                    'a'..='z',
                    &__greduce_run,
                    ::greduce::__private::site!("random_range", "g", 4),
                    &mut *rng,
                    |__greduce_rng, __greduce_arg| {
                        __greduce_rng.random_range(__greduce_arg)
                    },
                ),
            );
        }
        w
    }
}
