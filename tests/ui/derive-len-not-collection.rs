#[derive(greduce::Generate)]
struct Point {
    #[generate(len = 1..3)]
    x: u32,
}

fn main() {}
