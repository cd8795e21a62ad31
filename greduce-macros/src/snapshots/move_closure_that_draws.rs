fn g<'a, R: rand::Rng + ?Sized>(rng: &'a mut R) -> impl FnMut() -> u32 + 'a {
    {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let k = ::greduce::__private::random_range(
            1..10,
            &__greduce_run,
            ::greduce::__private::site!("random_range", "g", 1),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.random_range(__greduce_arg),
        );
        {
            let __greduce_run = ::core::clone::Clone::clone(&__greduce_run);
            move || ::greduce::__private::random_range(
                0..k,
                &__greduce_run,
                ::greduce::__private::site!("random_range", "g", 2),
                &mut *rng,
                |__greduce_rng, __greduce_arg| __greduce_rng.random_range(__greduce_arg),
            )
        }
    }
}
