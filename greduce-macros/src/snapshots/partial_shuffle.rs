fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &mut [u8]) -> usize {
    if !::greduce::__private::active() {
        xs.partial_shuffle(rng, 2).0.len()
    } else {
        use ::greduce::__private::{IteratorDecisions as _, SliceDecisions as _};
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        xs.__greduce_partial_shuffle(
                &mut *rng,
                2,
                &__greduce_run,
                ::greduce::__private::site!("partial_shuffle", "g", 1),
                |__greduce_seq, __greduce_rng, __greduce_arg0| {
                    __greduce_seq.partial_shuffle(__greduce_rng, __greduce_arg0)
                },
            )
            .0
            .len()
    }
}
