/// Doc.
#[cfg_attr(test, ::core::prelude::v1::test)]
#[cfg_attr(not(test), allow(dead_code))]
fn prop() {
    #[::greduce::generator(crate = ::greduce, rng = rng)]
    fn prop(rng: &mut impl rand::Rng) {
        let v = list(rng);
        ::greduce::__private::bind("v", &v);
        let (a, b) = (rng.random_range(0..9), 3);
        ::greduce::__private::bind("(a, b)", &(&a, &b));
        let len = v.len();
        assert!(len < 10 || a < b);
    }
    ::greduce::__private::run_test(
        ::greduce::__private::test(prop)
            .cases(50)
            .strategy(::greduce::Strategy::Halt)
            .max_shrink_time(::core::time::Duration::new(2u64, 0u32))
            .stats(true),
    );
}
