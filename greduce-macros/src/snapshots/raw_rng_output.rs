fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> (u32, u64, [u8; 4]) {
    if !::greduce::__private::active() {
        let mut bytes = [0; 4];
        rng.fill_bytes(&mut bytes);
        (rng.next_u32(), rng.next_u64(), bytes)
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let mut bytes = [0; 4];
        ::greduce::__private::fill(
            &mut bytes,
            &__greduce_run,
            ::greduce::__private::site!("fill_bytes", "g", 1),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.fill_bytes(__greduce_arg),
        );
        (
            ::greduce::__private::random(
                &__greduce_run,
                ::greduce::__private::site!("next_u32", "g", 2),
                &mut *rng,
                |__greduce_rng| __greduce_rng.next_u32(),
            ),
            ::greduce::__private::random(
                &__greduce_run,
                ::greduce::__private::site!("next_u64", "g", 3),
                &mut *rng,
                |__greduce_rng| __greduce_rng.next_u64(),
            ),
            bytes,
        )
    }
}
