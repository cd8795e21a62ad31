//! The graph subjects as text, for reducers that work on text (Perses, in the paper-table's
//! baseline): JGraphT's `toString` form, `([1, 2, 3], [{1,2}, {2,3}])` (`(a,b)` for a
//! directed edge), with `=w` after each edge of a weighted graph, and [`GRAMMAR`], which
//! derives that form.
//!
//! Every text the grammar derives is a graph's syntax, but not always a graph: an edge may
//! name a vertex the list does not have, a vertex may be listed twice, an edge may have the
//! other direction's brackets. [`parse`] says `None` then, as a graph library would refuse
//! the input.

use crate::any_graph::AnyGraph;
use greduce_domains::graph::GnmGraph;
use petgraph::EdgeType;
use petgraph::graph::NodeIndex;
use std::collections::HashMap;
use std::fmt::Write as _;

/// The grammar of the text form (ids of one or more digits, weights of one digit).
pub const GRAMMAR: &str = r#"
<graph>    ::= "([" <vertices>? "], [" <edges>? "])"
<vertices> ::= <id> | <id> ", " <vertices>
<edges>    ::= <edge> | <edge> ", " <edges>
<edge>     ::= "{" <id> "," <id> "}" <weight>? | "(" <id> "," <id> ")" <weight>?
<weight>   ::= "=" [0-9]
<id>       ::= [0-9]+
"#;

/// The text form of a graph (weights written when `weighted`).
pub fn text(graph: &AnyGraph, weighted: bool) -> String {
    let directed = matches!(graph, AnyGraph::Directed(_));
    let mut out = String::from("([");
    let vertices: Vec<String> = graph.vertices().iter().map(u32::to_string).collect();
    out.push_str(&vertices.join(", "));
    out.push_str("], [");
    for (i, (a, b, w)) in graph.edges().iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let (open, close) = if directed { ('(', ')') } else { ('{', '}') };
        let _ = write!(out, "{open}{a},{b}{close}");
        if weighted {
            let _ = write!(out, "={w}");
        }
    }
    out.push_str("])");
    out
}

/// The graph a text describes, or `None` when it is not one: not the form, an edge naming
/// a vertex not listed, a vertex listed twice, an edge of the other direction, or a number
/// out of range.
pub fn parse(text: &str, directed: bool) -> Option<AnyGraph> {
    let inner = text.strip_prefix("([")?.strip_suffix("])")?;
    let (vertices, edges) = inner.split_once("], [")?;
    let ids: Vec<u32> = if vertices.is_empty() {
        Vec::new()
    } else {
        vertices
            .split(", ")
            .map(|v| v.parse().ok())
            .collect::<Option<_>>()?
    };
    let mut list = Vec::new();
    if !edges.is_empty() {
        for edge in edges.split(", ") {
            let (open, close) = if directed { ('(', ')') } else { ('{', '}') };
            let body = edge.strip_prefix(open)?;
            let (pair, weight) = body.split_once(close)?;
            let (a, b) = pair.split_once(',')?;
            let weight = match weight.strip_prefix('=') {
                Some(w) => w.parse().ok()?,
                None if weight.is_empty() => 0,
                None => return None,
            };
            list.push((a.parse().ok()?, b.parse().ok()?, weight));
        }
    }
    if directed {
        build::<petgraph::Directed>(&ids, &list).map(AnyGraph::Directed)
    } else {
        build::<petgraph::Undirected>(&ids, &list).map(AnyGraph::Undirected)
    }
}

fn build<Ty: EdgeType>(ids: &[u32], edges: &[(u32, u32, u8)]) -> Option<GnmGraph<Ty>> {
    let mut graph = GnmGraph::<Ty>::default();
    let mut index: HashMap<u32, NodeIndex> = HashMap::new();
    for &id in ids {
        if index.insert(id, graph.add_node(id)).is_some() {
            return None;
        }
    }
    for &(a, b, w) in edges {
        graph.add_edge(*index.get(&a)?, *index.get(&b)?, w);
    }
    Some(graph)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph_subjects::GraphSubject;

    #[test]
    fn subjects_round_trip_through_the_grammar() {
        let grammar: greduce::grammar::Grammar = GRAMMAR.parse().unwrap();
        for subject in GraphSubject::all() {
            let graph = subject.rebuild().output;
            let shown = text(&graph, subject.model.weighted);
            assert!(grammar.parse(&shown).is_ok(), "G-{}", subject.id);
            let back = parse(&shown, subject.directed).unwrap();
            assert_eq!(back.edges(), graph.edges(), "G-{}", subject.id);
            assert_eq!(back.vertices(), graph.vertices(), "G-{}", subject.id);
        }
        assert!(parse("([1, 2], [{1,3}])", false).is_none());
        assert!(parse("([1, 1], [])", false).is_none());
        assert!(parse("([1, 2], [(1,2)])", false).is_none());
        assert_eq!(parse("([], [])", true).unwrap().size(), (0, 0));
    }
}
