fn g<R: rand::Rng + ?Sized>(rng: &mut R, m: Option<u8>) -> u32 {
    if !::greduce::__private::active() {
        let n = rng.random_range(1..5u8);
        let mut total = u32::from(n);
        if let Some(n) = m {
            for _ in 0..n {
                total += 1;
            }
        }
        total
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let n = ::greduce::__private::random_range(
            1..5u8,
            &__greduce_run,
            ::greduce::__private::site!("random_range", "g", 1),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.random_range(__greduce_arg),
        );
        let mut total = u32::from(n);
        if let Some(n) = m {
            for _ in 0..n {
                total += 1;
            }
        }
        total
    }
}
