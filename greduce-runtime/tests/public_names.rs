//! One word per idea: every public type name (`pub struct`, `enum`, `trait`, `type`, `union`,
//! and a `pub use .. as Name` that gives one) is defined once across the crates greduce
//! publishes, so a name in a user's code, an error or the docs means one thing. A name kept
//! for compatibility is a `#[deprecated]` alias, which does not count.
//!
//! The test walks each published crate's module tree from its root (`lib.rs`, else
//! `main.rs`) with syn, following `mod` declarations (and `#[path]`), leaving out
//! `#[cfg(test)]` modules. A published crate is a member of the workspace whose manifest does
//! not say `publish = false`, and the facade at the root.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

mod workspace;

/// The workspace's root, where `Cargo.toml` lists the members.
fn workspace() -> PathBuf {
    workspace::root()
}

/// The directories of the published crates (`.` for the facade).
fn published() -> Vec<String> {
    let mut crates = Vec::new();
    for member in workspace::members() {
        let manifest = std::fs::read_to_string(workspace().join(&member).join("Cargo.toml"))
            .unwrap_or_else(|e| panic!("cannot read {member}/Cargo.toml: {e}"));
        if !manifest
            .lines()
            .any(|l| l.replace(' ', "") == "publish=false")
        {
            crates.push(member);
        }
    }
    crates
}

/// Where a public type name is defined: the crate and the file.
type Place = String;

/// The public type names a file defines (its inline modules included), and the files of
/// the modules it declares (`mod x;`), but for `#[cfg(test)]` ones.
fn file_names(text: &str, file: &Path) -> (Vec<String>, Vec<PathBuf>) {
    let syntax = syn::parse_file(text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut names = Vec::new();
    let mut children = Vec::new();
    // Children of a crate root or a `mod.rs` live beside it, else in a directory named
    // after the file.
    let dir = match file.file_name().and_then(|n| n.to_str()) {
        Some("lib.rs" | "main.rs" | "mod.rs") => file.parent().unwrap().to_path_buf(),
        _ => file.with_extension(""),
    };
    collect(&syntax.items, &dir, &mut names, &mut children);
    (names, children)
}

fn collect(items: &[syn::Item], dir: &Path, names: &mut Vec<String>, children: &mut Vec<PathBuf>) {
    let public = |vis: &syn::Visibility| matches!(vis, syn::Visibility::Public(_));
    let kept = |attrs: &[syn::Attribute]| {
        !attrs.iter().any(|a| {
            a.path().is_ident("deprecated")
                || (a.path().is_ident("cfg")
                    && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test"))
        })
    };
    for item in items {
        let (vis, attrs, ident) = match item {
            syn::Item::Struct(i) => (&i.vis, &i.attrs, &i.ident),
            syn::Item::Enum(i) => (&i.vis, &i.attrs, &i.ident),
            syn::Item::Trait(i) => (&i.vis, &i.attrs, &i.ident),
            syn::Item::Type(i) => (&i.vis, &i.attrs, &i.ident),
            syn::Item::Union(i) => (&i.vis, &i.attrs, &i.ident),
            syn::Item::Use(u) => {
                if public(&u.vis) && kept(&u.attrs) {
                    renames(&u.tree, names);
                }
                continue;
            }
            syn::Item::Mod(m) => {
                if !kept(&m.attrs) {
                    continue;
                }
                let path = m.attrs.iter().find_map(|a| match &a.meta {
                    syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
                        syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(s),
                            ..
                        }) => Some(s.value()),
                        _ => None,
                    },
                    _ => None,
                });
                match (&m.content, path) {
                    (Some((_, inner)), _) => {
                        collect(inner, &dir.join(m.ident.to_string()), names, children);
                    }
                    (None, Some(path)) => children.push(dir.join(path)),
                    (None, None) => {
                        let name = m.ident.to_string();
                        let flat = dir.join(format!("{name}.rs"));
                        children.push(if flat.exists() {
                            flat
                        } else {
                            dir.join(name).join("mod.rs")
                        });
                    }
                }
                continue;
            }
            _ => continue,
        };
        if public(vis) && kept(attrs) {
            names.push(ident.to_string());
        }
    }
}

/// The new names a `pub use` gives (`pub use a::B as C` names `C`).
fn renames(tree: &syn::UseTree, names: &mut Vec<String>) {
    match tree {
        syn::UseTree::Path(p) => renames(&p.tree, names),
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| renames(t, names)),
        syn::UseTree::Rename(r) if r.ident != r.rename && r.rename != "_" => {
            names.push(r.rename.to_string());
        }
        _ => {}
    }
}

/// Every public type name of the crate in `dir`, with where it is defined.
fn crate_names(dir: &str, into: &mut BTreeMap<String, Vec<Place>>) {
    let src = workspace().join(dir).join("src");
    let root = if src.join("lib.rs").exists() {
        src.join("lib.rs")
    } else {
        src.join("main.rs")
    };
    let mut files = vec![root];
    while let Some(file) = files.pop() {
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        let (names, children) = file_names(&text, &file);
        let shown = file.strip_prefix(workspace()).unwrap_or(&file).display();
        for name in names {
            into.entry(name)
                .or_default()
                .push(format!("{dir}: {shown}"));
        }
        files.extend(children);
    }
}

/// The names defined more than once, each with its places.
fn duplicates(names: &BTreeMap<String, Vec<Place>>) -> String {
    let mut report = String::new();
    for (name, places) in names.iter().filter(|(_, p)| p.len() > 1) {
        let _ = writeln!(report, "`{name}` is defined {} times:", places.len());
        for place in places {
            let _ = writeln!(report, "    {place}");
        }
    }
    report
}

#[test]
fn every_public_type_name_is_defined_once() {
    let mut names = BTreeMap::new();
    let crates = published();
    assert!(crates.len() >= 7, "{crates:?}");
    for dir in &crates {
        crate_names(dir, &mut names);
    }
    assert!(names.contains_key("Check"), "the walk sees the runtime");
    let report = duplicates(&names);
    assert!(report.is_empty(), "{report}");
}

/// The self-check: two crates that each define `Stats` are reported; a deprecated alias, a
/// private type and a unit test's type are not.
#[test]
fn a_name_defined_twice_is_found() {
    let mut names = BTreeMap::new();
    let sources = [
        (
            "a",
            "pub struct Stats; pub(crate) struct Seen; #[cfg(test)] mod tests { pub struct Seen; }",
        ),
        (
            "b",
            "pub struct Effort; #[deprecated] pub type Stats = Effort; pub use x::Seen as Found;",
        ),
        (
            "c",
            "pub enum Found {} pub mod inner { pub trait Stats {} }",
        ),
    ];
    for (krate, text) in sources {
        let (found, children) = file_names(text, Path::new("lib.rs"));
        assert!(children.is_empty());
        for name in found {
            names
                .entry(name)
                .or_insert_with(Vec::new)
                .push(krate.to_string());
        }
    }
    assert_eq!(
        duplicates(&names),
        "`Found` is defined 2 times:\n    b\n    c\n`Stats` is defined 2 times:\n    a\n    c\n"
    );
}
