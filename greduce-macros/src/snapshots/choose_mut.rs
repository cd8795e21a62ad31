fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &mut [u8]) {
    if !::greduce::__private::active() {
        if let Some(x) = xs.choose_mut(&mut *rng) {
            *x = 0;
        }
    } else {
        use ::greduce::__private::{IteratorDecisions as _, SliceDecisions as _};
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        if let Some(x) = xs
            .__greduce_choose_mut(
                &mut *rng,
                &__greduce_run,
                ::greduce::__private::site!("choose_mut", "g", 1),
                |__greduce_seq, __greduce_rng| __greduce_seq.choose_mut(__greduce_rng),
            )
        {
            *x = 0;
        }
    }
}
