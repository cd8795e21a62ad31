fn g<R: rand::Rng + ?Sized>(rng: &mut R, flag: bool) -> u32 {
    if !::greduce::__private::active() {
        if flag { 0 } else if rng.random() { 1 } else { 2 }
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        if flag {
            0
        } else {
            match ::greduce::__private::selection(
                ::greduce::__private::Fair,
                &__greduce_run,
                ::greduce::__private::site!("random", "g", 1),
                &mut *rng,
                |__greduce_rng, _| __greduce_rng.random(),
            ) {
                __greduce_sel if __greduce_sel.taken() => 1,
                __greduce_sel => 2,
            }
        }
    }
}
