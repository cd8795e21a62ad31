fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
    if !::greduce::__private::active() {
        let mut v = Vec::new();
        for i in 0..rng.random_range(0..5) {
            v.push(i);
        }
        v
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let mut v = Vec::new();
        for i in ::greduce::__private::counted_loop(
            &__greduce_run,
            0,
            ::greduce::__private::random_range(
                0..5,
                &__greduce_run,
                ::greduce::__private::site!("random_range", "g", 3),
                &mut *rng,
                |__greduce_rng, __greduce_arg| __greduce_rng.random_range(__greduce_arg),
            ),
            ::greduce::__private::site!("loop", "g", 1),
            ::greduce::__private::site!("random_range", "g", 2),
        ) {
            v.push(i);
        }
        v
    }
}
