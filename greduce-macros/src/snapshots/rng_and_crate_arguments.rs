fn g(source: &mut rand::rngs::StdRng) -> u8 {
    if !::my::greduce::__private::active() {
        source.random_range(0..3)
    } else {
        let __greduce_run = ::my::greduce::__private::run();
        let __greduce_scope = ::my::greduce::__private::scope(
            &__greduce_run,
            ::my::greduce::__private::site!("g", "g", 0),
        );
        ::my::greduce::__private::random_range(
            0..3,
            &__greduce_run,
            ::my::greduce::__private::site!("random_range", "g", 1),
            &mut *source,
            |__greduce_rng, __greduce_arg| __greduce_rng.random_range(__greduce_arg),
        )
    }
}
