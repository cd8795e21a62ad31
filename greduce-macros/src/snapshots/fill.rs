fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> [u8; 4] {
    if !::greduce::__private::active() {
        let mut buf = [0u8; 4];
        rng.fill(&mut buf);
        buf
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let mut buf = [0u8; 4];
        ::greduce::__private::fill(
            &mut buf,
            &__greduce_run,
            ::greduce::__private::site!("fill", "g", 1),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.fill(__greduce_arg),
        );
        buf
    }
}
