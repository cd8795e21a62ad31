fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u64 {
    if !::greduce::__private::active() {
        rng.random::<u64>()
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        ::greduce::__private::random(
            &__greduce_run,
            ::greduce::__private::site!("random", "g", 1),
            &mut *rng,
            |__greduce_rng| __greduce_rng.random::<u64>(),
        )
    }
}
