#[derive(greduce::Generate)]
enum Coin {
    #[generate(weight = "often")]
    Heads,
    Tails,
}

fn main() {}
