struct Foreign;

#[derive(greduce::Generate)]
struct Holder {
    foreign: Foreign,
}

fn main() {}
