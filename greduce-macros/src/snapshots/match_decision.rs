fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> &'static str {
    if !::greduce::__private::active() {
        match rng.random_range(0..3) {
            0 => "leaf",
            1 => "pair",
            _ => "list",
        }
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        match ::greduce::__private::switch(
            0..3,
            &__greduce_run,
            ::greduce::__private::site!("match", "g", 1),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.random_range(__greduce_arg),
        ) {
            __greduce_switch => {
                match __greduce_switch.value() {
                    0 => "leaf",
                    1 => "pair",
                    _ => "list",
                }
            }
        }
    }
}
