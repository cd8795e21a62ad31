fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Vec<u8>> {
    if !::greduce::__private::active() {
        let a = inner(rng, 3);
        let b = self::inner(&mut *rng, 4);
        vec![a, b]
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let a = ::greduce::__private::call_returned(
            &__greduce_run,
            ::greduce::__private::site!("inner", "g", 2),
            inner(
                ::greduce::__private::pass_rng(
                    &__greduce_run,
                    ::greduce::__private::site!("inner", "g", 1),
                    rng,
                ),
                3,
            ),
        );
        let b = ::greduce::__private::call_returned(
            &__greduce_run,
            ::greduce::__private::site!("self::inner", "g", 4),
            self::inner(
                ::greduce::__private::pass_rng(
                    &__greduce_run,
                    ::greduce::__private::site!("self::inner", "g", 3),
                    &mut *rng,
                ),
                4,
            ),
        );
        vec![a, b]
    }
}
