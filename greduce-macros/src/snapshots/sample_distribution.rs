fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> i32 {
    if !::greduce::__private::active() {
        rng.sample(Uniform::new(0, 10).unwrap())
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        ::greduce::__private::sample(
            Uniform::new(0, 10).unwrap(),
            &__greduce_run,
            ::greduce::__private::site!("sample", "g", 1),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.sample(__greduce_arg),
        )
    }
}
