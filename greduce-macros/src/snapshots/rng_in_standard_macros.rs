fn g<R: rand::Rng + ?Sized>(rng: &mut R, out: &mut String) -> Vec<u8> {
    use std::fmt::Write;
    if !::greduce::__private::active() {
        let name = format!("n{}", rng.random_range(0..10));
        write!(out, "{name}={x}", x = rng.random:: < u8 > ()).unwrap();
        assert!(rng.random_bool(1.0), "{}", rng.random_range(0..2));
        let mut v = vec![rng.random(), 2];
        v.extend(vec![rng.random_range(0..3); 2]);
        v
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let name = format!(
            "n{}", ::greduce::__private::random_range(0..10, & __greduce_run,
            ::greduce::__private::site!("random_range", "g", 1), & mut * rng, |
            __greduce_rng, __greduce_arg | __greduce_rng.random_range(__greduce_arg))
        );
        write!(
            out, "{name}={x}", x = ::greduce::__private::random(& __greduce_run,
            ::greduce::__private::site!("random", "g", 2), & mut * rng, | __greduce_rng |
            __greduce_rng.random:: < u8 > ())
        )
            .unwrap();
        assert!(
            ::greduce::__private::random_bool(1.0, & __greduce_run,
            ::greduce::__private::site!("random_bool", "g", 3), & mut * rng, |
            __greduce_rng, __greduce_arg | __greduce_rng.random_bool(__greduce_arg)),
            "{}", ::greduce::__private::random_range(0..2, & __greduce_run,
            ::greduce::__private::site!("random_range", "g", 4), & mut * rng, |
            __greduce_rng, __greduce_arg | __greduce_rng.random_range(__greduce_arg))
        );
        let mut v = vec![
            ::greduce::__private::random(& __greduce_run,
            ::greduce::__private::site!("random", "g", 5), & mut * rng, | __greduce_rng |
            __greduce_rng.random()), 2
        ];
        v.extend(
            vec![
                ::greduce::__private::random_range(0..3, & __greduce_run,
                ::greduce::__private::site!("random_range", "g", 6), & mut * rng, |
                __greduce_rng, __greduce_arg | __greduce_rng
                .random_range(__greduce_arg)); 2
            ],
        );
        v
    }
}
