use greduce::generator;
use rand::RngExt;

#[generator]
fn email<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    format!("{}@example.com", rng.random_range(0..10))
}

#[derive(greduce::Generate)]
struct Contact {
    #[generate(with = email)]
    email: String,
    #[generate(with = email)]
    backup: String,
}

fn main() {}
