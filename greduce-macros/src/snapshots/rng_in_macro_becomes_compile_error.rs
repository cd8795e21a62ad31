fn g<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u8> {
    {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g"),
        );
        ::core::compile_error! {
            "the generator rng `rng` cannot be used inside a macro call (`vec!`): greduce does not see into macros; draw into a variable first"
        }
    }
}
::core::compile_error! {
    "the generator rng `rng` cannot be used inside a macro call (`vec!`): greduce does not see into macros; draw into a variable first"
}
