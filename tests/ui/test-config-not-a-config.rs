// `config = ..` takes a `greduce::Config`: anything else is a type error at the expression.
#[greduce::test(config = 20)]
fn twenty(rng: &mut impl rand::Rng) {
    let _ = rng;
}

fn main() {}
