fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> (Point, Vec<u8>) {
    if !::greduce::__private::active() {
        (Point::random(rng), shapes::sample(rng, 3))
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g"),
        );
        (
            ::greduce::__private::call_returned(
                &__greduce_run,
                ::greduce::__private::site!("Point::random"),
                Point::random(
                    ::greduce::__private::pass_rng(
                        &__greduce_run,
                        ::greduce::__private::site!("Point::random"),
                        rng,
                    ),
                ),
            ),
            ::greduce::__private::call_returned(
                &__greduce_run,
                ::greduce::__private::site!("shapes::sample"),
                shapes::sample(
                    ::greduce::__private::pass_rng(
                        &__greduce_run,
                        ::greduce::__private::site!("shapes::sample"),
                        rng,
                    ),
                    3,
                ),
            ),
        )
    }
}
