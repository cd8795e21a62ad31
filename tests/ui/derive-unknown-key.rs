#[derive(greduce::Generate)]
struct Point {
    #[generate(between = 0..10)]
    x: i32,
}

fn main() {}
