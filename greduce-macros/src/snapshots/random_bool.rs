fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> bool {
    if !::greduce::__private::active() {
        rng.random_bool(0.3)
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        ::greduce::__private::random_bool(
            0.3,
            &__greduce_run,
            ::greduce::__private::site!("random_bool", "g", 1),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.random_bool(__greduce_arg),
        )
    }
}
