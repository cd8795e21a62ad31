#[derive(greduce::Generate)]
enum Size {
    #[generate(range = 0..3)]
    Small(u8),
    Large,
}

fn main() {}
