//! Origin: zino-rs/zino, `crates/zino-core/src/mock/format/ipv4.rs` (commit 23fc150a),
//! rand 0.8: a mocked IPv4 address from four random bytes.
//!
//! Port: `thread_rng()` became an `rng` parameter, `gen` became `random`.

use greduce::generator;
use rand::RngExt;
use std::net::Ipv4Addr;

/// Four random octets, formatted.
#[generator]
pub(crate) fn gen_ipv4<R: rand::Rng + ?Sized>(rng: &mut R) -> String {
    let a = rng.random::<u8>();
    let b = rng.random::<u8>();
    let c = rng.random::<u8>();
    let d = rng.random::<u8>();
    Ipv4Addr::new(a, b, c, d).to_string()
}

#[test]
fn a_private_address_ends_at_ten_zero_zero_zero() {
    // Property: the address is not private. Minimal: the first octet is 10, the smallest
    // that starts a private range; the rest are 0.
    crate::assert_minimum(
        gen_ipv4,
        |ip: &String| ip.parse::<Ipv4Addr>().unwrap().is_private(),
        Clone::clone,
        &"10.0.0.0".to_owned(),
    );
}
