#[derive(Debug, greduce::Generate)]
struct Inner {
    x: u8,
}

#[derive(greduce::Generate)]
struct Outer {
    #[generate(range = 0..10)]
    inner: Inner,
}

fn main() {}
