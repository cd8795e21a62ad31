fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> u32 {
    {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g"),
        );
        ::core::compile_error! {
            "greduce cannot record `next_u32` on the generator rng: raw rng output has no arguments to check on replay; use `random` or `fill`; recorded decisions are `random_range`, `random_bool`, `random_ratio`, `random`, `fill`, `sample`"
        }
    }
}
::core::compile_error! {
    "greduce cannot record `next_u32` on the generator rng: raw rng output has no arguments to check on replay; use `random` or `fill`; recorded decisions are `random_range`, `random_bool`, `random_ratio`, `random`, `fill`, `sample`"
}
