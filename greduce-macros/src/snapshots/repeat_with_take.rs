fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
    if !::greduce::__private::active() {
        let n = rng.random_range(0..5);
        std::iter::repeat_with(|| rng.random()).take(n).collect()
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let n = ::greduce::__private::random_range(
            0..5,
            &__greduce_run,
            ::greduce::__private::site!("random_range", "g", 1),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.random_range(__greduce_arg),
        );
        ::greduce::__private::counted_take(
                &__greduce_run,
                std::iter::repeat_with(|| {
                    let __greduce_run = ::greduce::__private::run();
                    ::greduce::__private::random(
                        &__greduce_run,
                        ::greduce::__private::site!("random", "g", 2),
                        &mut *rng,
                        |__greduce_rng| __greduce_rng.random(),
                    )
                }),
                n,
                ::greduce::__private::site!("loop", "g", 3),
                ::greduce::__private::site!("random_range", "g", 4),
            )
            .collect()
    }
}
