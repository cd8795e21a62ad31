fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u8 {
    if !::greduce::__private::active() {
        let _ = rng;
        0
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let _ = rng;
        0
    }
}
