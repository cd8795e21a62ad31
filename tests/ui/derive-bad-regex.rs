#[derive(greduce::Generate)]
struct Word {
    #[generate(regex = "[a-z]+(?=x)")]
    text: String,
}

fn main() {}
