fn g<R: rand::Rng + ?Sized>(rng: &mut R, xs: &mut Vec<u8>) {
    if !::greduce::__private::active() {
        xs.shuffle(&mut rng)
    } else {
        use ::greduce::__private::{IteratorDecisions as _, SliceDecisions as _};
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        xs.__greduce_shuffle(
            &mut *rng,
            &__greduce_run,
            ::greduce::__private::site!("shuffle", "g", 1),
            |__greduce_seq, __greduce_rng| __greduce_seq.shuffle(__greduce_rng),
        )
    }
}
