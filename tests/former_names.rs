//! The names renamed for "one word per idea" (issue 47) still work, deprecated, for one
//! release: code written against them compiles, with a warning that names the new one.
#![allow(deprecated)]

#[test]
fn the_former_names_are_aliases_of_the_new() {
    let stats: Option<greduce::Stats> = None::<greduce::ReductionStats>;
    assert!(stats.is_none());
    let error: greduce::regex::Error = greduce::regex::Regex::new("(").unwrap_err();
    let _: greduce::regex::PatternError = error;
    let start: Option<greduce::dd::Error> = None::<greduce::dd::StartError>;
    assert!(start.is_none());
    let reduced: Option<greduce::dd::Reduced<Vec<u8>>> = None::<greduce::dd::ReducedArgs<Vec<u8>>>;
    assert!(reduced.is_none());
    let tree: Option<greduce::grammar::Reduced> = None::<greduce::grammar::ReducedTree>;
    assert!(tree.is_none());
}
