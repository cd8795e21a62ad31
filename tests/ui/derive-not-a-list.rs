#[derive(greduce::Generate)]
struct Point {
    #[generate]
    x: u32,
}

fn main() {}
