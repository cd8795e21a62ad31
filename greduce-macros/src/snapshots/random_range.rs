fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    if !::greduce::__private::active() {
        rng.random_range(0..10)
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        ::greduce::__private::random_range(
            0..10,
            &__greduce_run,
            ::greduce::__private::site!("random_range", "g", 1),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.random_range(__greduce_arg),
        )
    }
}
