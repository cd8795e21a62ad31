fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> Option<u8> {
    if !::greduce::__private::active() {
        xs.choose(rng).copied()
    } else {
        use ::greduce::__private::{IteratorDecisions as _, SliceDecisions as _};
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        xs.__greduce_choose(
                &mut *rng,
                &__greduce_run,
                ::greduce::__private::site!("choose", "g", 1),
                |__greduce_seq, __greduce_rng| __greduce_seq.choose(__greduce_rng),
            )
            .copied()
    }
}
