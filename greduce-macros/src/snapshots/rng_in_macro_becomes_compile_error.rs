fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
    if !::greduce::__private::active() {
        vec![rng.random(), 1]
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        vec![
            ::greduce::__private::random(& __greduce_run,
            ::greduce::__private::site!("random", "g", 1), & mut * rng, | __greduce_rng |
            __greduce_rng.random()), 1
        ]
    }
}
