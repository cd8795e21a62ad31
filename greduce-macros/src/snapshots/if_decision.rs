fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    if !::greduce::__private::active() {
        let mut x = 0;
        if rng.random_bool(0.5) {
            x += 1;
        }
        x
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let mut x = 0;
        match ::greduce::__private::selection(
            0.5,
            &__greduce_run,
            ::greduce::__private::site!("random_bool", "g", 1),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.random_bool(__greduce_arg),
        ) {
            __greduce_sel if __greduce_sel.taken() => {
                x += 1;
            }
            __greduce_sel => {}
        }
        x
    }
}
