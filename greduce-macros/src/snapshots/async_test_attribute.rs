#[cfg_attr(test, ::core::prelude::v1::test)]
#[cfg_attr(not(test), allow(dead_code))]
fn prop() {
    #[::greduce::generator(crate = ::greduce, rng = rng)]
    fn prop(rng: &mut impl rand::Rng) -> Result<(), String> {
        fn small(b: u8) -> bool {
            b < 100
        }
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
    }
    ::greduce::__private::run_test(::greduce::__private::test(prop).cases(50));
}
::greduce::__private::require_tokio!();
