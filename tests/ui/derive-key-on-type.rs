#[derive(greduce::Generate)]
#[generate(range = 0..3)]
struct Point {
    x: u32,
}

fn main() {}
