//! Every crate of the workspace is made of layers: its top-level modules in a declared
//! order, bottom up, each using only names from the modules below it, and no module (at any
//! depth) using a name from a module that, directly or around a loop, uses a name from it.
//! So data flows one way (in the runtime: generator → recording → trace → reducer → replay
//! → property), and a newcomer can read each crate from the bottom up. [`CRATES`] declares
//! the orders; a new crate of the workspace or a new top-level module fails the test until
//! it is placed there.
//!
//! The test parses every source file of a crate with syn, builds the module tree (file
//! modules, `#[path]` modules and inline modules, each a module of its own), and collects
//! every path that names something of this crate: `use` trees, paths in code and types,
//! and `crate::`/`super::`/`$crate::` paths inside macro calls and `macro_rules!` bodies.
//! A path names the deepest module it passes through (`crate::reduce::passes::Pass` names
//! `reduce::passes`); re-exports count as uses. Declaring a child module (`mod x;`) is not a
//! use of it; calling a method is not seen (no type information), so a module's layer is
//! judged by the names it writes. The crate root sits above every module: a module that
//! names an item of the root (`crate::Check`) uses the top layer, a back edge.

use proc_macro2::{TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// A module: its path from the crate root (`["reduce", "passes"]`).
type Module = Vec<String>;

/// A crate root (its file in the package) and its declared order.
type Root = (&'static str, &'static [&'static str]);

/// Each crate of the workspace (its directory from the workspace root), its crate roots
/// (a library, a binary, each a crate of its own), and the declared order of each root's
/// modules, bottom up: its top-level modules, and a module inside one where it sits lower
/// than the rest of its folder (a module's layer is the longest entry it is in). A binary
/// that is one file declares no modules.
const CRATES: &[(&str, &[Root])] = &[
    (
        "greduce-runtime",
        &[(
            "src/lib.rs",
            &[
                "seed",
                "steps",
                "panic_hook",
                "config",
                "trace::site",
                "trace::value",
                "trace::value_text",
                "trace::node",
                "trace::keys",
                "trace::store",
                "trace",
                "trace::shape",
                "trace::describe",
                "trace::builder",
                "trace::edit",
                "persist::liveness",
                "property::outcome",
                "run::uniform",
                "run::kinds",
                "run::legal",
                "persist",
                "run::bytes",
                "run::align",
                "run",
                "run::scopes",
                "run::decisions",
                "run::seq",
                "run::tape",
                "run::samples",
                "run::choices",
                "run::loops",
                "run::record",
                "run::replay",
                "reduce::delta",
                "reduce",
                "property",
                "fuzz",
                "check",
                "__private",
                "__fuzz",
                "__toolkit",
            ],
        )],
    ),
    ("greduce-toolkit", &[("src/lib.rs", &["dd", "grammar"])]),
    ("greduce-settings", &[("src/lib.rs", &["tests"])]),
    (
        "greduce-regex",
        &[("src/lib.rs", &["error", "node", "class", "parse", "escape"])],
    ),
    (
        "greduce-macros",
        &[(
            "src/lib.rs",
            &[
                "rand_api",
                "args",
                "codegen",
                "recognize",
                "derive",
                "expand",
                "snapshot_tests",
            ],
        )],
    ),
    (
        ".",
        &[(
            "src/lib.rs",
            &[
                "generate",
                "__private",
                "generate::scalars",
                "regex",
                "fuzz_target",
            ],
        )],
    ),
    (
        "greduce-cli",
        &[(
            "src/main.rs",
            &["options", "file", "command", "progress", "reduce"],
        )],
    ),
    (
        "greduce-domains",
        &[(
            "src/lib.rs",
            &["graph", "dl", "dl_shapes", "onnx", "grammars", "js"],
        )],
    ),
    (
        "greduce-hunts",
        &[
            (
                "src/lib.rs",
                &[
                    "small_models",
                    "hunt",
                    "hunt_petgraph",
                    "petgraph_shrinks",
                    "hunt_tract",
                    "tract_timeline",
                    "hunt_js",
                    "js_table",
                ],
            ),
            ("src/bin/hunt.rs", &[]),
        ],
    ),
    (
        "greduce-bench",
        &[
            (
                "src/lib.rs",
                &[
                    "any_graph",
                    "graph_text",
                    "lca",
                    "biconnectivity",
                    "graph_oracles",
                    "graph_subjects",
                    "dl_subjects",
                    "deep_bug",
                    "proptest_baseline",
                    "challenges",
                    "challenges_derived",
                    "hypothesis_quality",
                ],
            ),
            ("src/bin/overhead.rs", &[]),
            (
                "src/bin/bench/main.rs",
                &[
                    "rows",
                    "challenges",
                    "dd_bench",
                    "dl",
                    "grammars",
                    "hypothesis_quality",
                    "scale",
                    "runaway",
                    "stateful",
                ],
            ),
        ],
    ),
];

mod workspace;

/// The workspace's root, where `Cargo.toml` lists the members.
fn workspace() -> PathBuf {
    workspace::root()
}

#[test]
fn every_crate_forms_layers_in_its_declared_order() {
    let mut report = String::new();
    for (dir, roots) in CRATES {
        for (root, order) in *roots {
            let file = workspace().join(dir).join(root);
            let mut crate_ = Crate::default();
            crate_.load(&file, &[], false);
            let problems = crate_.problems(order);
            if !problems.is_empty() {
                let _ = writeln!(report, "{dir}/{root}:\n{problems}");
            }
        }
    }
    assert!(report.is_empty(), "{report}");
}

/// Every member of the workspace (and the facade at its root) has its layers declared.
#[test]
fn every_member_is_declared() {
    let mut members = workspace::members();
    members.sort_unstable();
    let mut declared: Vec<String> = CRATES.iter().map(|(dir, _)| dir.to_string()).collect();
    declared.sort_unstable();
    assert_eq!(declared, members);
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

/// The self-check of the order: a module that uses one declared above it is a back edge,
/// named with the path that makes it; the same use the other way round is allowed; a
/// module left out of the order, or declared and absent, is reported.
#[test]
fn a_back_edge_is_found() {
    let mut crate_ = Crate::default();
    crate_.add_source(
        &[],
        "mod a; mod b; mod c;",
        BTreeMap::from([
            ("a".to_string(), "fn f() -> crate::b::B { todo!() }"),
            ("b".to_string(), "pub struct B;"),
            ("c".to_string(), "pub struct C;"),
        ]),
    );
    assert_eq!(
        crate_.problems(&["a", "b", "c"]),
        "a uses b, which the declared order puts above it: crate::b::B\n"
    );
    assert_eq!(crate_.problems(&["b", "a", "c"]), "");
    assert_eq!(
        crate_.problems(&["b", "a", "d"]),
        "`c` is not in the declared order\n`d` is declared but not a module of the crate\n"
    );
}

/// A module inside a folder can be declared lower than the rest of it, and then counts as
/// that layer (as `check::case` below `fuzz` while `check` is above it).
#[test]
fn a_nested_module_can_sit_lower_than_its_folder() {
    let mut crate_ = Crate::default();
    crate_.add_source(
        &[],
        "mod a; mod b;",
        BTreeMap::from([
            ("a".to_string(), "fn f() -> crate::b::low::L { todo!() }"),
            (
                "b".to_string(),
                "mod low; fn g() -> crate::a::A { todo!() }",
            ),
        ]),
    );
    crate_.add_source(
        &["b".to_string(), "low".to_string()],
        "pub struct L;",
        BTreeMap::new(),
    );
    assert_eq!(crate_.problems(&["b::low", "a", "b"]), "");
    assert_eq!(
        crate_.problems(&["a", "b"]),
        "a uses b::low, which the declared order puts above it: crate::b::low::L\n"
    );
}

fn name(module: &Module) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        module.join("::")
    }
}

/// The paths that made an edge, as a report shows them.
fn listed(paths: &BTreeSet<String>) -> String {
    paths
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(", ")
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
    /// What breaks the layers, one line each (empty when nothing does): loops of modules at
    /// any depth, with the paths that make them; top-level modules missing from `order` (or
    /// declared and absent); and back edges, a module using one that `order` puts above
    /// it (or the crate root, above them all).
    fn problems(&self, order: &[&str]) -> String {
        let edges = self.edges();
        let mut report = String::new();
        for cycle in strongly_connected(&self.modules, &edges) {
            let _ = writeln!(report, "a loop of modules: {}", names(&cycle));
            for from in &cycle {
                for (to, why) in &edges[from] {
                    if cycle.contains(to) {
                        let _ = writeln!(
                            report,
                            "    {} uses {}: {}",
                            name(from),
                            name(to),
                            listed(why)
                        );
                    }
                }
            }
        }
        // Each module's layer: the longest declared entry it is or is inside of.
        let entry = |m: &Module| {
            (0..=m.len()).rev().find_map(|n| {
                let prefix = m[..n].join("::");
                order.iter().position(|o| *o == prefix)
            })
        };
        for module in self.modules.iter().filter(|m| !m.is_empty()) {
            if entry(module).is_none() && module.len() == 1 {
                let _ = writeln!(report, "`{}` is not in the declared order", name(module));
            }
        }
        for declared in order {
            let path: Module = declared.split("::").map(str::to_string).collect();
            if !self.modules.contains(&path) {
                let _ = writeln!(
                    report,
                    "`{declared}` is declared but not a module of the crate"
                );
            }
        }
        for (from, tos) in &edges {
            // A unit test may use any module; a name of the root (a `#[macro_export]` macro,
            // a re-export) is everyone's; a loop through either is still found above.
            if from.iter().any(|m| m == "tests") {
                continue;
            }
            for (to, why) in tos.iter().filter(|(to, _)| !to.is_empty()) {
                if let (Some(a), Some(b)) = (entry(from), entry(to))
                    && b > a
                {
                    let _ = writeln!(
                        report,
                        "{} uses {}, which the declared order puts above it: {}",
                        name(from),
                        name(to),
                        listed(why)
                    );
                }
            }
        }
        report
    }

    /// Loads the file module at `file` as `module`, and the modules it declares.
    /// `by_path`: the file was named by a `#[path]`, which makes it a `mod.rs` for its
    /// children.
    fn load(&mut self, file: &Path, module: &[String], by_path: bool) {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        let syntax = syn::parse_file(&text)
            .unwrap_or_else(|e| panic!("cannot parse {}: {e}", file.display()));
        // Child files live next to a crate root or a `mod.rs`, else in a directory of the
        // module's name.
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            _ if module.is_empty() || by_path => file.parent().unwrap().to_path_buf(),
            Some("mod.rs") => file.parent().unwrap().to_path_buf(),
            _ => file.with_extension(""),
        };
        // A `#[path]` in a file is relative to the file's directory.
        self.items(&syntax.items, module, &dir, file.parent().unwrap());
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

    /// The items of `module`: its child modules' files are in `dir`, or at a `#[path]`
    /// relative to `base`.
    fn items(&mut self, items: &[syn::Item], module: &[String], dir: &Path, base: &Path) {
        self.modules.insert(module.to_vec());
        self.collect(items, module);
        for item in items {
            let syn::Item::Mod(m) = item else { continue };
            let mut child = module.to_vec();
            child.push(m.ident.to_string());
            if let Some((_, inner)) = &m.content {
                let inner_dir = dir.join(m.ident.to_string());
                self.items(inner, &child, &inner_dir, &inner_dir);
            } else {
                let by_path = path_attribute(&m.attrs).is_some();
                let file = path_attribute(&m.attrs).map_or_else(
                    || {
                        let flat = dir.join(format!("{}.rs", m.ident));
                        if flat.exists() {
                            flat
                        } else {
                            dir.join(m.ident.to_string()).join("mod.rs")
                        }
                    },
                    |p| base.join(p),
                );
                self.load(&file, &child, by_path);
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
