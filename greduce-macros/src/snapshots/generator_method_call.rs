fn g<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> u8 {
    if !::greduce::__private::active() {
        self.node(rng)
    } else {
        let __greduce_scope = ::greduce::__private::scope(
            ::greduce::__private::site!("g"),
        );
        ::greduce::__private::call_returned(
            ::greduce::__private::site!("node"),
            self
                .node(
                    ::greduce::__private::pass_rng(
                        ::greduce::__private::site!("node"),
                        rng,
                    ),
                ),
        )
    }
}
