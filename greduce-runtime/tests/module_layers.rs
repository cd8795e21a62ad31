//! The runtime's modules form layers: no module uses a name from a module that, directly or
//! around a loop, uses a name from it. So data flows one way (generator → recording →
//! trace → reducer → replay → property), and a newcomer can read the crate from the
//! bottom up. The toolkit (`greduce-toolkit`: delta debugging, grammars) is held to the
//! same rule.
//!
//! The test parses every source file of `src/` with syn, builds the module tree (file
//! modules, `#[path]` modules and inline modules, each a module of its own), and collects
//! every path that names something of this crate: `use` trees, paths in code and types,
//! and `crate::`/`super::`/`$crate::` paths inside macro calls and `macro_rules!` bodies.
//! A path names the deepest module it passes through (`crate::reduce::passes::Pass` names
//! `reduce::passes`); re-exports count as uses. Declaring a child module (`mod x;`) is not a
//! use of it; calling a method is not seen (no type information), so a module's layer is
//! judged by the names it writes.

use proc_macro2::{TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// A module: its path from the crate root (`["reduce", "passes"]`).
type Module = Vec<String>;

#[test]
fn runtime_modules_form_layers() {
    assert_layers(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
}

#[test]
fn toolkit_modules_form_layers() {
    assert_layers(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../greduce-toolkit/src"));
}

/// Panics, naming the loops and the paths that make them, unless the crate at `src` has
/// none.
fn assert_layers(src: &Path) {
    let mut crate_ = Crate::default();
    crate_.load(&src.join("lib.rs"), &[]);
    assert!(
        crate_.modules.len() > 10,
        "found only {} modules in {}: the walk of the sources is broken",
        crate_.modules.len(),
        src.display()
    );
    let edges = crate_.edges();
    let cycles = strongly_connected(&crate_.modules, &edges);
    let mut report = String::new();
    for cycle in &cycles {
        let _ = writeln!(report, "a loop of modules: {}", names(cycle));
        for from in cycle {
            for (to, why) in &edges[from] {
                if cycle.contains(to) {
                    let why: Vec<&str> = why.iter().map(String::as_str).collect();
                    let _ = writeln!(
                        report,
                        "    {} uses {}: {}",
                        name(from),
                        name(to),
                        why.join(", ")
                    );
                }
            }
        }
    }
    assert!(cycles.is_empty(), "{report}");
}

/// The self-check: the walk sees uses and reports a loop when there is one.
#[test]
fn a_loop_is_found() {
    let mut crate_ = Crate::default();
    crate_.add_source(
        &[],
        "mod a; mod b; pub use a::A;",
        BTreeMap::from([
            (
                "a".to_string(),
                "pub struct A; fn f() -> crate::b::B { todo!() }",
            ),
            ("b".to_string(), "pub struct B(super::a::A);"),
        ]),
    );
    let edges = crate_.edges();
    let cycles = strongly_connected(&crate_.modules, &edges);
    assert_eq!(cycles.len(), 1);
    assert_eq!(names(&cycles[0]), "a, b");
}

fn name(module: &Module) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        module.join("::")
    }
}

fn names(modules: &BTreeSet<Module>) -> String {
    modules.iter().map(name).collect::<Vec<_>>().join(", ")
}

#[derive(Default)]
struct Crate {
    modules: BTreeSet<Module>,
    /// Paths written in each module, with the module that was writing them.
    paths: Vec<(Module, Vec<String>)>,
}

impl Crate {
    /// Loads the file module at `file` as `module`, and the modules it declares.
    fn load(&mut self, file: &Path, module: &[String]) {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        let syntax = syn::parse_file(&text)
            .unwrap_or_else(|e| panic!("cannot parse {}: {e}", file.display()));
        // Child files live next to `lib.rs` / `mod.rs`, else in a directory of the module's name.
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            Some("lib.rs" | "mod.rs") => file.parent().unwrap().to_path_buf(),
            _ => file.with_extension(""),
        };
        self.items(&syntax.items, module, &dir);
    }

    /// For the self-check: a crate from texts.
    fn add_source(&mut self, module: &[String], text: &str, children: BTreeMap<String, &str>) {
        let syntax = syn::parse_file(text).unwrap();
        self.modules.insert(module.to_vec());
        self.collect(&syntax.items, module);
        for (child, text) in children {
            let mut path = module.to_vec();
            path.push(child);
            self.add_source(&path, text, BTreeMap::new());
        }
    }

    fn items(&mut self, items: &[syn::Item], module: &[String], dir: &Path) {
        self.modules.insert(module.to_vec());
        self.collect(items, module);
        for item in items {
            let syn::Item::Mod(m) = item else { continue };
            let mut child = module.to_vec();
            child.push(m.ident.to_string());
            if let Some((_, inner)) = &m.content {
                self.items(inner, &child, &dir.join(m.ident.to_string()));
            } else {
                let file = path_attribute(&m.attrs).map_or_else(
                    || {
                        let flat = dir.join(format!("{}.rs", m.ident));
                        if flat.exists() {
                            flat
                        } else {
                            dir.join(m.ident.to_string()).join("mod.rs")
                        }
                    },
                    |p| dir.join(p),
                );
                self.load(&file, &child);
            }
        }
    }

    /// The paths the items of `module` write (not those of its inline child modules).
    fn collect(&mut self, items: &[syn::Item], module: &[String]) {
        let mut paths = Paths::default();
        for item in items {
            if !matches!(item, syn::Item::Mod(_)) {
                paths.visit_item(item);
            }
        }
        self.paths.push((module.to_vec(), paths.found));
    }

    /// `from -> to -> the paths that made the edge`.
    fn edges(&self) -> BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>> {
        let mut edges: BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>> = self
            .modules
            .iter()
            .map(|m| (m.clone(), BTreeMap::new()))
            .collect();
        for (from, paths) in &self.paths {
            for path in paths {
                let segments: Vec<&str> = path.split("::").collect();
                if let Some(to) = self.resolve(from, &segments)
                    && &to != from
                {
                    edges
                        .get_mut(from)
                        .unwrap()
                        .entry(to)
                        .or_default()
                        .insert(path.clone());
                }
            }
        }
        edges
    }

    /// The deepest module of this crate that `segments`, written in `from`, passes through.
    fn resolve(&self, from: &Module, segments: &[&str]) -> Option<Module> {
        let (mut at, rest): (Module, &[&str]) = match segments.first()? {
            &"crate" => (Vec::new(), &segments[1..]),
            &"self" => (from.clone(), &segments[1..]),
            &"super" => {
                let mut at = from.clone();
                let mut rest = segments;
                while rest.first() == Some(&"super") {
                    at.pop()?;
                    rest = &rest[1..];
                }
                (at, rest)
            }
            // A child module named without `self::` (edition 2018 paths).
            first => {
                let mut child = from.clone();
                child.push((*first).to_string());
                if !self.modules.contains(&child) {
                    return None;
                }
                (from.clone(), segments)
            }
        };
        for segment in rest {
            let mut next = at.clone();
            next.push((*segment).to_string());
            if !self.modules.contains(&next) {
                break;
            }
            at = next;
        }
        Some(at)
    }
}

/// `#[path = "..."]` on a module declaration.
fn path_attribute(attrs: &[syn::Attribute]) -> Option<PathBuf> {
    attrs.iter().find_map(|a| {
        let syn::Meta::NameValue(nv) = &a.meta else {
            return None;
        };
        if !nv.path.is_ident("path") {
            return None;
        }
        match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(PathBuf::from(s.value())),
            _ => None,
        }
    })
}

/// Collects the paths an item writes.
#[derive(Default)]
struct Paths {
    found: Vec<String>,
}

impl Paths {
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.push_use(prefix, &n.ident.to_string()),
            syn::UseTree::Rename(r) => self.push_use(prefix, &r.ident.to_string()),
            syn::UseTree::Glob(_) => self.found.push(prefix.join("::")),
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(prefix, tree);
                }
            }
        }
    }

    fn push_use(&mut self, prefix: &[String], last: &str) {
        let mut path = prefix.to_vec();
        // `use super::x::{self, ..}` names the module itself.
        if last != "self" {
            path.push(last.to_string());
        }
        self.found.push(path.join("::"));
    }

    /// `crate::a::b`, `super::a`, `self::a` and `$crate::a` in tokens syn does not parse.
    fn tokens(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i] {
                TokenTree::Group(g) => self.tokens(g.stream()),
                TokenTree::Ident(id)
                    if matches!(id.to_string().as_str(), "crate" | "super" | "self") =>
                {
                    let mut path = vec![id.to_string()];
                    let mut j = i + 1;
                    while let (
                        Some(TokenTree::Punct(a)),
                        Some(TokenTree::Punct(b)),
                        Some(TokenTree::Ident(next)),
                    ) = (tokens.get(j), tokens.get(j + 1), tokens.get(j + 2))
                    {
                        if a.as_char() != ':' || b.as_char() != ':' {
                            break;
                        }
                        path.push(next.to_string());
                        j += 3;
                    }
                    if path.len() > 1 {
                        self.found.push(path.join("::"));
                    }
                    i = j;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if segments.len() > 1 {
            self.found.push(segments.join("::"));
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.tokens(mac.tokens.clone());
        syn::visit::visit_macro(self, mac);
    }

    // Inline modules are modules of their own: their paths are collected separately.
    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}
}

/// The strongly connected components of more than one module (Tarjan).
fn strongly_connected(
    modules: &BTreeSet<Module>,
    edges: &BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>>,
) -> Vec<BTreeSet<Module>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<Module, BTreeMap<Module, BTreeSet<String>>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        found: Vec<BTreeSet<Module>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a Module) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.edges[v].keys() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = BTreeSet::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.insert(w.clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for m in modules {
        if !walk.index.contains_key(m) {
            walk.visit(m);
        }
    }
    walk.found
}
