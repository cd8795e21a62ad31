fn prop(rng: &mut impl rand::Rng) -> Result<(), String> {
    fn small(b: u8) -> bool {
        b < 100
    }
    if !::greduce::__private::active() {
        let bytes: Vec<u8> = <Vec<
            u8,
        > as ::greduce::__private::GenerateLen>::generate_len(
            rng,
            ::greduce::__private::IntoLen::into_len(1..4),
        );
        ::greduce::__private::bind("bytes", &bytes);
        ::greduce::__private::block_on_tokio(async move {
            let k = rng.random_range(0..9);
            ::greduce::__private::bind("k", &k);
            let echoed = async { k }.await;
            check(&bytes, echoed).await?;
            if bytes.iter().all(|&b| small(b)) {
                return Ok(());
            }
            Err(format!("k = {k}"))
        })
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("prop", "prop", 0),
        );
        let bytes: Vec<u8> = ::greduce::__private::call_returned(
            &__greduce_run,
            ::greduce::__private::site!(
                "greduce::__private::GenerateLen::generate_len", "prop", 2
            ),
            <Vec<
                u8,
            > as ::greduce::__private::GenerateLen>::generate_len(
                ::greduce::__private::pass_rng(
                    &__greduce_run,
                    ::greduce::__private::site!(
                        "greduce::__private::GenerateLen::generate_len", "prop", 1
                    ),
                    rng,
                ),
                ::greduce::__private::IntoLen::into_len(1..4),
            ),
        );
        ::greduce::__private::bind("bytes", &bytes);
        ::greduce::__private::block_on_tokio({
            let __greduce_run = ::core::clone::Clone::clone(&__greduce_run);
            async move {
                let k = ::greduce::__private::random_range(
                    0..9,
                    &__greduce_run,
                    ::greduce::__private::site!("random_range", "prop", 3),
                    &mut *rng,
                    |__greduce_rng, __greduce_arg| {
                        __greduce_rng.random_range(__greduce_arg)
                    },
                );
                ::greduce::__private::bind("k", &k);
                let echoed = async { k }.await;
                check(&bytes, echoed).await?;
                if bytes.iter().all(|&b| small(b)) {
                    return Ok(());
                }
                Err(format!("k = {k}"))
            }
        })
    }
}
