fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    if !::greduce::__private::active() {
        let op = rng.random::<Op>();
        let pair: (u8, bool) = rng.random();
        let c = char::from(Alphanumeric.sample(rng));
        let d = char::from(rng.sample(Alphanumeric));
        let n = rng.random_range(1..8);
        let s: String = rng.sample_iter(&Alphanumeric).take(n).map(char::from).collect();
        let t = Alphanumeric.sample_string(rng, 4);
        format!("{op:?}{pair:?}{c}{d}{s}{t}")
    } else {
        #[allow(unused_imports)]
        use ::greduce::__private::{PickKnown as _, PickRaw as _};
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        let op = ::greduce::__private::drawn::<
            _,
            Op,
            _,
        >(
            &::greduce::__private::StandardUniform,
            &__greduce_run,
            ::greduce::__private::site!("random", "g", 1),
            &mut *rng,
        );
        let pair: (u8, bool) = (
            ::greduce::__private::random(
                &__greduce_run,
                ::greduce::__private::site!("random", "g", 2),
                &mut *rng,
                |__greduce_rng| __greduce_rng.random::<u8>(),
            ),
            ::greduce::__private::random(
                &__greduce_run,
                ::greduce::__private::site!("random", "g", 3),
                &mut *rng,
                |__greduce_rng| __greduce_rng.random::<bool>(),
            ),
        );
        let c = char::from(
            (&&::greduce::__private::Pick(&Alphanumeric))
                .pick()
                .sample(
                    &__greduce_run,
                    ::greduce::__private::site!("sample", "g", 4),
                    &mut *rng,
                    |__greduce_rng, __greduce_distr| {
                        __greduce_distr.sample(__greduce_rng)
                    },
                ),
        );
        let d = char::from(
            (&&::greduce::__private::Pick(&Alphanumeric))
                .pick()
                .sample(
                    &__greduce_run,
                    ::greduce::__private::site!("sample", "g", 5),
                    &mut *rng,
                    |__greduce_rng, __greduce_arg| __greduce_rng.sample(__greduce_arg),
                ),
        );
        let n = ::greduce::__private::random_range(
            1..8,
            &__greduce_run,
            ::greduce::__private::site!("random_range", "g", 6),
            &mut *rng,
            |__greduce_rng, __greduce_arg| __greduce_rng.random_range(__greduce_arg),
        );
        let s: String = ::greduce::__private::counted_take(
                &__greduce_run,
                ::greduce::__private::sample_iter(
                    &Alphanumeric,
                    &__greduce_run,
                    ::greduce::__private::site!("sample_iter", "g", 7),
                    &mut *rng,
                ),
                n,
                ::greduce::__private::site!("loop", "g", 8),
                ::greduce::__private::site!("random_range", "g", 9),
            )
            .map(char::from)
            .collect();
        let t = ::greduce::__private::raw_call(
            &__greduce_run,
            ::greduce::__private::site!("sample_string", "g", 10),
            &mut *rng,
            |__greduce_tape| Alphanumeric.sample_string(__greduce_tape, 4),
        );
        format!("{op:?}{pair:?}{c}{d}{s}{t}")
    }
}
