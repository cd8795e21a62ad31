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

#[allow(deprecated)]
fn calls<P: greduce::CaseResult>(property: impl Fn(&u32) -> P) -> bool {
    property(&1).into_result().is_ok()
}

#[test]
fn a_bound_on_the_former_trait_still_holds() {
    assert!(calls(|_: &u32| ()));
    assert!(!calls(|n: &u32| *n > 1));
    assert!(calls(|_: &u32| Ok::<(), String>(())));
}

#[greduce::generator]
fn byte<R: rand::Rng + ?Sized>(rng: &mut R) -> u8 {
    use rand::RngExt;
    rng.random_range(0..10)
}

#[test]
fn the_former_fuzz_functions_forward() {
    greduce::fuzz::run(&[3], byte, |b: &u8| *b == 3);
    assert_eq!(greduce::fuzz::replay(&[3], byte).unwrap().output, 3);
}

#[test]
fn the_former_pass_set_name_names_its_constants() {
    let set: greduce::Passes = greduce::Passes::STRUCTURE | greduce::Passes::MINIMIZE;
    assert_eq!(
        set,
        greduce::PassSet::STRUCTURE | greduce::PassSet::MINIMIZE
    );
}
