fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<Vec<u8>> {
    if !::greduce::__private::active() {
        let a = inner(rng, 3);
        let b = self::inner(&mut *rng, 4);
        vec![a, b]
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g"),
        );
        let a = ::greduce::__private::call_returned(
            &__greduce_run,
            ::greduce::__private::site!("inner"),
            inner(
                ::greduce::__private::pass_rng(
                    &__greduce_run,
                    ::greduce::__private::site!("inner"),
                    rng,
                ),
                3,
            ),
        );
        let b = ::greduce::__private::call_returned(
            &__greduce_run,
            ::greduce::__private::site!("self::inner"),
            self::inner(
                ::greduce::__private::pass_rng(
                    &__greduce_run,
                    ::greduce::__private::site!("self::inner"),
                    &mut *rng,
                ),
                4,
            ),
        );
        vec![a, b]
    }
}
