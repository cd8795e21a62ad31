fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &[u8]) -> u8 {
    if !::greduce::__private::active() {
        *xs.choose_weighted(rng, |x| *x).unwrap()
    } else {
        use ::greduce::__private::{IteratorDecisions as _, SliceDecisions as _};
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        *xs
            .__greduce_choose_weighted(
                &mut *rng,
                |x| *x,
                &__greduce_run,
                ::greduce::__private::site!("choose_weighted", "g", 1),
                |__greduce_seq, __greduce_rng, __greduce_arg0| {
                    __greduce_seq.choose_weighted(__greduce_rng, __greduce_arg0)
                },
            )
            .unwrap()
    }
}
