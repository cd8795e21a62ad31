//! Helpers shared by the behaviour tests.

/// The first recorded run (seeds 0 to 9999) whose output satisfies `wanted`.
// Reason: every test file that includes this module uses some of its helpers, not all.
#[allow(dead_code)]
pub(crate) fn first_run<T>(
    generator: impl Fn(&mut rand::rngs::StdRng) -> T + Copy,
    wanted: impl Fn(&T) -> bool,
) -> greduce::Run<T> {
    (0..10_000)
        .map(|seed| greduce::record(generator, seed))
        .find(|run| wanted(&run.output))
        .expect("a failing seed")
}

/// The first reducible part nested in another (depth 1): in a generator that loops, the first
/// part inside iteration 0 (such as its `then` block).
// Reason: every test file that includes this module uses some of its helpers, not all.
#[allow(dead_code)]
pub(crate) fn first_nested_part(trace: &greduce::Trace) -> greduce::Part {
    trace
        .parts_with_depth()
        .into_iter()
        .find(|(_, depth)| *depth == 1)
        .expect("a part at depth 1")
        .0
}

/// Up to `max` jobs, each a number and a draw of whether it is done: a job left undone
/// comes again. Removing an iteration leaves work that replay past the recorded trace
/// never finishes (re-align answers the simplest value, `false`): a runaway.
#[greduce::generator]
// Reason: every test file that includes this module uses some of its helpers, not all.
#[allow(dead_code)]
pub(crate) fn jobs<R: rand::Rng + ?Sized>(rng: &mut R, max: u32) -> Vec<u32> {
    use rand::RngExt;
    let mut left = rng.random_range(0..=max);
    let mut out = Vec::new();
    while left > 0 {
        out.push(rng.random_range(0..1000));
        if rng.random_bool(0.9) {
            left -= 1;
        }
    }
    out
}

/// A command that runs the helper test `name` of this test binary alone, in a child
/// process, with its output shown, and without the developer's own `GREDUCE_*` settings
/// (they must not change what the child does). Helpers are `#[ignore]`d, so that a plain
/// `cargo test` does not run them on their own (where they would pass having done nothing):
/// the command runs ignored tests only. Run it with [`output`], which checks that it ran one.
// Reason: every test file that includes this module uses some of its helpers, not all.
#[allow(dead_code)]
pub(crate) fn test_child(name: &str) -> std::process::Command {
    let mut child = test_child_captured(name);
    child.arg("--nocapture");
    child
}

/// [`test_child`] with the test harness capturing the test's output, as `cargo test` does.
// Reason: every test file that includes this module uses some of its helpers, not all.
#[allow(dead_code)]
pub(crate) fn test_child_captured(name: &str) -> std::process::Command {
    let mut child = this_binary();
    child.args([name, "--exact", "--ignored", "--test-threads=1"]);
    child
}

/// A command that runs the ordinary (not ignored) test `name` again, alone, in a child
/// process, as [`test_child`] runs a helper: for a test whose behaviour under some
/// environment is checked from outside.
// Reason: every test file that includes this module uses some of its helpers, not all.
#[allow(dead_code)]
pub(crate) fn test_again(name: &str) -> std::process::Command {
    let mut child = this_binary();
    child.args([name, "--exact", "--test-threads=1", "--nocapture"]);
    child
}

/// This test binary, without the developer's own `GREDUCE_*` settings.
fn this_binary() -> std::process::Command {
    let mut child = std::process::Command::new(std::env::current_exe().expect("this binary"));
    for (var, _) in std::env::vars_os() {
        if var.to_string_lossy().starts_with("GREDUCE_") {
            child.env_remove(var);
        }
    }
    child
}

/// Runs `child` (a [`test_child`]) and returns its output, after checking that it ran one
/// test: a helper renamed, or one not `#[ignore]`d, would otherwise run nothing and pass.
// Reason: every test file that includes this module uses some of its helpers, not all.
#[allow(dead_code)]
pub(crate) fn output(child: &mut std::process::Command) -> std::process::Output {
    let out = child.output().expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("running 1 test"),
        "the child ran no test or more than one: {child:?}\nstdout:\n{stdout}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Runs `child` (a [`test_child`]) with the variable `flag` set (the child tests of a file
/// do their work only then), failures not saved, and `vars`: whether it succeeded, its
/// stderr and its stdout.
// Reason: every test file that includes this module uses some of its helpers, not all.
#[allow(dead_code)]
pub(crate) fn run_child(
    mut child: std::process::Command,
    flag: &str,
    vars: &[(&str, &str)],
) -> (bool, String, String) {
    let out = output(
        child
            .env(flag, "1")
            .env("GREDUCE_REGRESSIONS", "off")
            .envs(vars.iter().copied()),
    );
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}
