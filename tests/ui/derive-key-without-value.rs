#[derive(greduce::Generate)]
struct Point {
    #[generate(range)]
    x: u32,
}

fn main() {}
