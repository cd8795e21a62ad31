fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> (Point, Vec<u8>) {
    if !::greduce::__private::active() {
        (Point::random(rng), shapes::sample(rng, 3))
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        (
            ::greduce::__private::call_returned(
                &__greduce_run,
                ::greduce::__private::site!("Point::random", "g", 2),
                Point::random(
                    ::greduce::__private::pass_rng(
                        &__greduce_run,
                        ::greduce::__private::site!("Point::random", "g", 1),
                        rng,
                    ),
                ),
            ),
            ::greduce::__private::call_returned(
                &__greduce_run,
                ::greduce::__private::site!("shapes::sample", "g", 4),
                shapes::sample(
                    ::greduce::__private::pass_rng(
                        &__greduce_run,
                        ::greduce::__private::site!("shapes::sample", "g", 3),
                        rng,
                    ),
                    3,
                ),
            ),
        )
    }
}
