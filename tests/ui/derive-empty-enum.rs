#[derive(greduce::Generate)]
enum Never {}

fn main() {}
