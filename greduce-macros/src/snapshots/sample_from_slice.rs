fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> Vec<u8> {
    if !::greduce::__private::active() {
        xs.sample(rng, 3).copied().collect()
    } else {
        use ::greduce::__private::{IteratorDecisions as _, SliceDecisions as _};
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        xs.__greduce_sample(
                &mut *rng,
                3,
                &__greduce_run,
                ::greduce::__private::site!("sample", "g", 1),
                |__greduce_seq, __greduce_rng, __greduce_arg0| {
                    __greduce_seq.sample(__greduce_rng, __greduce_arg0)
                },
            )
            .copied()
            .collect()
    }
}
