fn g<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> u8 {
    if !::greduce::__private::active() {
        self.node(rng)
    } else {
        let __greduce_run = ::greduce::__private::run();
        let __greduce_scope = ::greduce::__private::scope(
            &__greduce_run,
            ::greduce::__private::site!("g", "g", 0),
        );
        ::greduce::__private::call_returned(
            &__greduce_run,
            ::greduce::__private::site!("node", "g", 2),
            self
                .node(
                    ::greduce::__private::pass_rng(
                        &__greduce_run,
                        ::greduce::__private::site!("node", "g", 1),
                        rng,
                    ),
                ),
        )
    }
}
