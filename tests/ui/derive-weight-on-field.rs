#[derive(greduce::Generate)]
struct Point {
    #[generate(weight = 2)]
    x: i32,
}

fn main() {}
