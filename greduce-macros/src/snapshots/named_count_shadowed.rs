fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> usize {
    if !::greduce::__private::active() {
        let n = rng.random_range(0..20);
        let n = n * 2;
        (0..n).map(|i| i + 1).count()
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let n = ::greduce::__private::random_range(
            0..20,
            &__greduce_run,
            ::greduce::__private::site!("random_range", "g", 1),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.random_range(__greduce_arg),
        );
        let n = n * 2;
        (0..n).map(|i| i + 1).count()
    }
}
