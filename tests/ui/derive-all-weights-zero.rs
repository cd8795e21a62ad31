#[derive(greduce::Generate)]
enum Coin {
    #[generate(weight = 0)]
    Heads,
    #[generate(weight = 0)]
    Tails,
}

fn main() {}
