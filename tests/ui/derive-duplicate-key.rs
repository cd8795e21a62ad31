#[derive(greduce::Generate)]
struct Point {
    #[generate(range = 0..10, range = 0..20)]
    x: i32,
}

fn main() {}
