//! A trace as text that a person can review and greduce can read back: one node per line,
//! indented by depth, each with its site (`what@file:line:col`), arguments and value.
//!
//! ```text
//! scope tasks@examples/quickstart/tasks.rs:25:1
//!   decision random_range@examples/quickstart/tasks.rs:28:13 int:usize:2:27 = offset:0
//!   loop for@examples/quickstart/tasks.rs:29:5 linked:2
//!     iteration
//! ```
//!
//! Sites read back from a file are allocated once per process and shared by every parse
//! that names them (see `sites.rs`): parsing costs no memory that outlives the trace.

use crate::trace::keys::Interner;
use crate::trace::node::data_index;
use crate::trace::site::Site;
use crate::trace::value_text::{ParseError, args_from, args_text, value_from, value_text};
use crate::trace::{Count, Decision, NONE, Node, NodeId, Store, Tag, Trace};
use std::collections::HashMap;
use std::fmt::Write as _;

/// Writes `trace` as text, one line per node below the root, indented by `indent` plus two
/// spaces per level.
pub(crate) fn write(trace: &Trace, indent: usize, out: &mut String) {
    let mut depth: Vec<NodeId> = Vec::new();
    for id in 1..trace.len() as NodeId {
        let node = trace.node(id);
        while depth.last().is_some_and(|&open| trace.end(open) <= id) {
            depth.pop();
        }
        let _ = write!(out, "{:width$}", "", width = indent + 2 * depth.len());
        line(trace, node, out);
        out.push('\n');
        if node.end(id) > id + 1 {
            depth.push(id);
        }
    }
}

fn line(trace: &Trace, node: Node, out: &mut String) {
    let store = &trace.store;
    match node.tag() {
        Tag::Root => out.push_str("root"),
        Tag::Scope => {
            let (site, call) = store.scopes[node.data() as usize];
            let _ = write!(out, "scope {}", site_text(site));
            if let Some(call) = call {
                let _ = write!(out, " from {}", site_text(call));
            }
        }
        Tag::Decision => decision("decision", &store.leaf_decision(node), out),
        Tag::Selection | Tag::Switch => {
            let keyword = if node.is(Tag::Selection) {
                "if"
            } else {
                "match"
            };
            let recorded = store.decision_of(node).expect("a decision node");
            decision(keyword, &recorded, out);
        }
        Tag::Loop => {
            let (site, count) = &store.loops[node.data() as usize];
            let _ = write!(out, "loop {} ", site_text(site));
            match count {
                // Node ids are line numbers within the trace: the root is line 0.
                Count::Linked { decision } => {
                    let _ = write!(out, "linked:{decision}");
                }
                Count::Fixed => out.push_str("fixed"),
                Count::While { args, ended } => {
                    let _ = write!(
                        out,
                        "while:{}:{}",
                        if *ended { "ended" } else { "open" },
                        args_text(args)
                    );
                }
            }
        }
        Tag::Iteration => out.push_str("iteration"),
        Tag::Then => out.push_str("then"),
        Tag::Else => out.push_str("else"),
        Tag::Arm => out.push_str("arm"),
    }
}

fn decision(keyword: &str, d: &Decision, out: &mut String) {
    let _ = write!(
        out,
        "{keyword} {} {} = {}",
        site_text(d.site),
        args_text(&d.args),
        value_text(&d.value)
    );
}

/// `what@file:line:col`, with spaces in the file written `%20` (and `@` as `%40`), then
/// `@generator#n` when the site has a key ([`Site::key`]): the `n`-th site of that
/// generator, by which a saved failure finds it again after its line moved.
fn site_text(site: &Site) -> String {
    let mut text = format!(
        "{}@{}:{}:{}",
        site.what,
        site.file
            .replace('%', "%25")
            .replace(' ', "%20")
            .replace('@', "%40"),
        site.line,
        site.column
    );
    if let Some((generator, ordinal)) = site.key() {
        let _ = write!(text, "@{generator}#{ordinal}");
    }
    text
}

/// Reads back a trace written by [`write`]: `lines` are its lines (with their line numbers
/// in the file, for errors), indented by `indent` at the top level.
pub(crate) fn read(lines: &[(usize, &str)], indent: usize) -> Result<Trace, (usize, ParseError)> {
    let mut reader = Reader::default();
    for &(number, text) in lines {
        reader.line(text, indent).map_err(|e| (number, e))?;
    }
    Ok(reader.finish())
}

#[derive(Default)]
struct Reader {
    store: Store,
    /// Open nodes with the depth of their children.
    open: Vec<NodeId>,
    /// Sites already read, shared between the lines that name the same one.
    sites: HashMap<String, &'static Site>,
    /// Finds the keys of the decisions stored in their node.
    interner: Interner,
    started: bool,
}

impl Reader {
    fn line_root(&mut self) {
        self.started = true;
        self.store
            .nodes
            .push(Node::branch(Tag::Root, NONE, NONE, 0));
        self.open.push(0);
    }

    fn line(&mut self, text: &str, indent: usize) -> Result<(), ParseError> {
        if !self.started {
            self.line_root();
        }
        let spaces = text.len() - text.trim_start_matches(' ').len();
        if spaces < indent || !(spaces - indent).is_multiple_of(2) {
            return Err("the indentation is not a multiple of two spaces".to_string());
        }
        let depth = (spaces - indent) / 2 + 1;
        if depth > self.open.len() {
            return Err("indented deeper than the line above allows".to_string());
        }
        while self.open.len() > depth {
            self.close();
        }
        let parent = *self.open.last().expect("the root stays open");
        self.check_parent(parent)?;
        let id = self.store.nodes.len() as NodeId;
        // A decision is added as a leaf by `node`; the other nodes are opened here.
        if let Some((tag, data)) = self.node(text.trim(), parent)? {
            self.store.nodes.push(Node::branch(tag, parent, NONE, data));
        }
        self.open.push(id);
        Ok(())
    }

    /// Whether `parent` can take one more child.
    fn check_parent(&self, parent: NodeId) -> Result<(), ParseError> {
        let node = self.store.nodes[parent as usize];
        let has_child = self.store.nodes.len() as NodeId > parent + 1;
        match node.tag() {
            Tag::Decision => Err("a decision has no lines inside it".to_string()),
            Tag::Selection | Tag::Switch if has_child => {
                Err("an `if` or a `match` holds one branch or arm".to_string())
            }
            _ => Ok(()),
        }
    }

    fn close(&mut self) {
        let id = self.open.pop().expect("checked");
        let end = self.store.nodes.len() as NodeId;
        let node = &mut self.store.nodes[id as usize];
        if !node.is_leaf() {
            node.set_end(end);
        }
    }

    /// Reads the node of a line under `parent`: adds it when it is a decision (`None`),
    /// else returns its tag and data.
    fn node(&mut self, text: &str, parent: NodeId) -> Result<Option<(Tag, u32)>, ParseError> {
        let (keyword, rest) = text.split_once(' ').unwrap_or((text, ""));
        let parent_tag = self.store.nodes[parent as usize].tag();
        let expect_parent = |ok: bool, what: &str| {
            if ok {
                Ok(())
            } else {
                Err(format!("`{keyword}` must be {what}"))
            }
        };
        let only = match parent_tag {
            Tag::Loop => Some(("a `loop`", "`iteration`")),
            Tag::Selection => Some(("an `if`", "`then` or `else`")),
            Tag::Switch => Some(("a `match`", "`arm`")),
            _ => None,
        };
        if let Some((parent, children)) = only {
            let fits = matches!(
                (parent_tag, keyword),
                (Tag::Loop, "iteration") | (Tag::Selection, "then" | "else") | (Tag::Switch, "arm")
            );
            if !fits {
                return Err(format!(
                    "{parent} holds {children} lines only, found `{keyword}`"
                ));
            }
        }
        Ok(Some(match keyword {
            "scope" => {
                let (site, call) = match rest.split_once(" from ") {
                    Some((site, call)) => (self.site(site)?, Some(self.site(call)?)),
                    None => (self.site(rest)?, None),
                };
                self.store.scopes.push((site, call));
                (Tag::Scope, data_index(self.store.scopes.len() - 1))
            }
            "decision" | "if" | "match" => {
                let d = self.decision(rest)?;
                match keyword {
                    "decision" => {
                        let Decision { site, args, value } = d;
                        let interner = &mut self.interner;
                        self.store.push_decision(interner, site, args, value);
                        return Ok(None);
                    }
                    "if" => (Tag::Selection, self.store.selection(&mut self.interner, d)),
                    _ => (Tag::Switch, self.store.switch(d)),
                }
            }
            "loop" => {
                let (site, count) = rest.split_once(' ').ok_or("a loop needs a count")?;
                let site = self.site(site)?;
                let count = self.count(count)?;
                if let Count::Linked { decision } = count {
                    self.store
                        .links
                        .push((decision, self.store.nodes.len() as NodeId));
                    if let Some(node) = self.store.nodes.get_mut(decision as usize) {
                        node.set_linked();
                    }
                }
                self.store.loops.push((site, count));
                (Tag::Loop, data_index(self.store.loops.len() - 1))
            }
            "iteration" => {
                expect_parent(parent_tag == Tag::Loop, "inside a `loop`")?;
                (Tag::Iteration, 0)
            }
            "then" | "else" => {
                expect_parent(parent_tag == Tag::Selection, "inside an `if`")?;
                (
                    if keyword == "then" {
                        Tag::Then
                    } else {
                        Tag::Else
                    },
                    0,
                )
            }
            "arm" => {
                expect_parent(parent_tag == Tag::Switch, "inside a `match`")?;
                (Tag::Arm, 0)
            }
            _ => {
                return Err(format!(
                    "unknown node `{keyword}`; expected `scope`, `decision`, `loop`, \
                     `iteration`, `if`, `then`, `else`, `match` or `arm`"
                ));
            }
        }))
    }

    fn count(&self, text: &str) -> Result<Count, ParseError> {
        if text == "fixed" {
            return Ok(Count::Fixed);
        }
        if let Some(n) = text.strip_prefix("linked:") {
            let decision: NodeId = n.parse().map_err(|_| format!("bad node number `{n}`"))?;
            let is_decision = self
                .store
                .nodes
                .get(decision as usize)
                .is_some_and(|n| n.is(Tag::Decision));
            if !is_decision {
                return Err(format!("`linked:{n}` does not name a decision above"));
            }
            return Ok(Count::Linked { decision });
        }
        if let Some(rest) = text.strip_prefix("while:") {
            let (ended, args) = rest.split_once(':').ok_or("bad `while` count")?;
            let ended = match ended {
                "ended" => true,
                "open" => false,
                _ => return Err(format!("expected `ended` or `open`, found `{ended}`")),
            };
            return Ok(Count::While {
                args: args_from(args)?,
                ended,
            });
        }
        Err(format!(
            "unknown loop count `{text}`; expected `linked:N`, `fixed` or `while:..`"
        ))
    }

    fn decision(&mut self, text: &str) -> Result<Decision, ParseError> {
        let (site, rest) = text
            .split_once(' ')
            .ok_or("a decision needs a site, arguments and a value")?;
        let (args, value) = rest
            .rsplit_once(" = ")
            .ok_or("a decision needs `arguments = value`")?;
        Ok(Decision {
            site: self.site(site)?,
            args: args_from(args)?,
            value: value_from(value)?,
        })
    }

    fn site(&mut self, text: &str) -> Result<&'static Site, ParseError> {
        if let Some(site) = self.sites.get(text) {
            return Ok(site);
        }
        let bad = || {
            format!(
                "bad site `{text}`; expected `what@file:line:column` or `what@file:line:column@generator#n`"
            )
        };
        let (what, place) = text.split_once('@').ok_or_else(bad)?;
        // A key at the end: `@generator#n` (a file's own `@`s are written `%40`; a file of
        // an entry saved before sites had keys may hold a raw `@`, and then what follows
        // the last `@` is no key).
        let key = place.rsplit_once('@').and_then(|(place, key)| {
            let (generator, ordinal) = key.rsplit_once('#')?;
            let ordinal: u32 = ordinal.parse().ok()?;
            (!generator.is_empty()).then_some((place, (generator, ordinal)))
        });
        let (place, key) = match key {
            Some((place, key)) => (place, Some(key)),
            None => (place, None),
        };
        let (rest, column) = place.rsplit_once(':').ok_or_else(bad)?;
        let (file, line) = rest.rsplit_once(':').ok_or_else(bad)?;
        let line: u32 = line.parse().map_err(|_| bad())?;
        let column: u32 = column.parse().map_err(|_| bad())?;
        let file = file
            .replace("%20", " ")
            .replace("%40", "@")
            .replace("%25", "%");
        let site = super::sites::intern(what, &file, line, column, key).ok_or_else(|| {
            format!(
                "more than {} distinct sites read in this process",
                super::sites::LIMIT
            )
        })?;
        self.sites.insert(text.to_string(), site);
        Ok(site)
    }

    fn finish(mut self) -> Trace {
        if !self.started {
            // No lines: the trace of a run that recorded nothing.
            self.line_root();
        }
        while self.open.len() > 1 {
            self.close();
        }
        self.store.into_trace()
    }
}

/// A trace text that could not be read: [`Trace::parse`].
///
/// ```
/// use greduce::Trace;
///
/// let error = Trace::parse("scope numbers@src/gen.rs:3:4\nnonsense").unwrap_err();
/// assert_eq!(error.line, 2);
/// assert!(error.to_string().starts_with("line 2: unknown node `nonsense`"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTraceError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl std::fmt::Display for ParseTraceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseTraceError {}

impl Trace {
    /// The trace as text that [`Trace::parse`] reads back: one node per line, indented by
    /// depth, each with its site (`what@file:line:column`), arguments and value. This is the
    /// form greduce saves failures in.
    ///
    /// ```
    /// use greduce::{Trace, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn pair<R: rand::Rng + ?Sized>(rng: &mut R) -> (u8, bool) {
    ///     (rng.random_range(1..=6), rng.random_bool(0.5))
    /// }
    ///
    /// let run = greduce::record(pair, 3);
    /// let text = run.trace.to_text();
    /// assert!(text.starts_with("scope pair@"));
    /// let parsed = Trace::parse(&text).unwrap();
    /// assert_eq!(parsed.to_text(), text);
    /// ```
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        write(self, 0, &mut out);
        out
    }

    /// Reads a trace written by [`Trace::to_text`] (or edited by hand).
    ///
    /// ```
    /// use greduce::{Strategy, Trace, generator};
    /// use rand::RngExt;
    ///
    /// #[generator]
    /// fn numbers<R: rand::Rng + ?Sized>(rng: &mut R) -> Vec<u32> {
    ///     (0..rng.random_range(0..30)).map(|_| rng.random_range(0..1000)).collect()
    /// }
    ///
    /// let run = greduce::record(numbers, 2);
    /// let trace = Trace::parse(&run.trace.to_text()).unwrap();
    /// // The trace read back replays to the same output.
    /// let replayed = greduce::replay(numbers, &trace, &[], Strategy::Halt).result.unwrap();
    /// assert_eq!(replayed.output, run.output);
    /// assert_eq!(Trace::parse("nonsense").unwrap_err().line, 1);
    /// ```
    ///
    /// # Errors
    ///
    /// When a line is not a node of a trace, or the nodes do not nest the way a trace's do.
    pub fn parse(text: &str) -> Result<Trace, ParseTraceError> {
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| (i + 1, l))
            .collect();
        read(&lines, 0).map_err(|(line, message)| ParseTraceError { line, message })
    }
}

#[cfg(test)]
mod tests {
    use crate::trace::builder::Builder;
    use crate::trace::site::Site;
    use crate::trace::value::{Asked, IntTy, Value};
    use crate::trace::{Decision, Trace};

    static S: Site = Site::new("pair", "t.rs", 1, 1);
    static INNER: Site = Site::new("digit", "t.rs", 9, 1);
    static CALL: Site = Site::new("digit", "t.rs", 2, 5);
    static N: Site = Site::new("random_range", "t.rs", 3, 9);

    fn decision(value: u128) -> Decision {
        Decision {
            site: &N,
            args: Asked::int(0, 9, IntTy::U32),
            value: Value::offset(value),
        }
    }

    /// `pair { 4, digit { 7 } }`.
    fn pair() -> Trace {
        let mut b = Builder::with_capacity(0);
        b.open_scope(&S, None);
        b.decision(decision(4));
        b.open_scope(&INNER, Some(&CALL));
        b.decision(decision(7));
        b.close();
        b.close();
        b.finish()
    }

    const PAIR: &str = "\
scope pair@t.rs:1:1
  decision random_range@t.rs:3:9 int:u32:0:9 = offset:4
  scope digit@t.rs:9:1 from digit@t.rs:2:5
    decision random_range@t.rs:3:9 int:u32:0:9 = offset:7
";

    #[test]
    fn a_trace_is_written_one_node_per_line_and_read_back() {
        let text = pair().to_text();
        assert_eq!(text, PAIR);
        let read = Trace::parse(&text).unwrap();
        assert_eq!(read.to_text(), PAIR);
        assert_eq!(read.decision_count(), 2);
        // Blank lines are skipped; line numbers still count them.
        let spaced = PAIR.replace("\n  scope", "\n\n  scope");
        assert_eq!(Trace::parse(&spaced).unwrap().to_text(), PAIR);
    }

    #[test]
    fn a_bad_line_is_named_by_its_number() {
        let bad_value = PAIR.replace("= offset:7", "= offset:seven");
        assert_eq!(Trace::parse(&bad_value).unwrap_err().line, 4);
        let bad_nesting = PAIR.replace("\n    decision", "\n      decision");
        assert_eq!(Trace::parse(&bad_nesting).unwrap_err().line, 4);
        // No line at all is the trace of a run that did nothing.
        assert_eq!(Trace::parse("").unwrap().len(), 1);
    }
}
