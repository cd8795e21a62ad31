#[derive(greduce::Generate)]
struct Slice {
    #[generate(range = 0..=len)]
    start: usize,
    len: usize,
}

fn main() {}
