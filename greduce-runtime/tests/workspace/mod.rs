//! The workspace as the shape tests read it: its root and its members.

use std::path::{Path, PathBuf};

/// The workspace's root, where `Cargo.toml` lists the members.
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The members' directories, as the root `Cargo.toml` lists them, and `.` (the facade).
pub(crate) fn members() -> Vec<String> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let members = manifest
        .split("members = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("the workspace's members");
    let mut members: Vec<String> = members
        .split(',')
        .map(|m| m.trim().trim_matches('"').to_string())
        .filter(|m| !m.is_empty())
        .collect();
    members.push(".".to_string());
    members
}
