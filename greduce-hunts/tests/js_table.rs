//! The question the JavaScript rows of the paper table ask of every candidate
//! (`greduce_hunts::js_table`), in process and as the command the command-line reducers run.

use greduce_hunts::js_table::{fails, oracle};

/// J1's smallest program in the generator's language fails; without the `++`, or with a
/// `break` outside a loop beside it (not a valid program), it does not.
#[test]
fn the_question_is_j1_on_valid_programs() {
    assert!(fails("(new (++ (a_0)))"));
    assert!(fails("{ (new (-- (a_0)));(a_1) }"));
    assert!(!fails("(new (a_0))"));
    assert!(!fails("{ break;(new (++ (a_0))) }"));
}

/// `hunt js-oracle FILE` exits 0 on a failing program and 1 on another, `--invert` the other
/// way round, and each call appends its verdict to the log (the file `GREDUCE_JS_LOG`
/// names, for the command).
#[test]
fn the_oracle_command_answers_and_logs() {
    let dir = std::env::temp_dir().join(format!("greduce-js-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (failing, passing, invalid) = (dir.join("f.js"), dir.join("p.js"), dir.join("i.js"));
    std::fs::write(&failing, "(new (++ (a_0)))").unwrap();
    std::fs::write(&passing, "(new (a_0))").unwrap();
    std::fs::write(&invalid, "(new (++ (a_0))").unwrap();
    let log = dir.join("log");
    std::fs::write(&log, "").unwrap();
    let logged = Some(log.as_path());
    assert_eq!(
        [
            oracle(&failing, false, logged),
            oracle(&passing, false, logged),
            oracle(&invalid, false, logged),
            oracle(&failing, true, logged),
            oracle(&passing, true, logged),
        ],
        [0, 1, 1, 1, 0]
    );
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        "fails\npasses\ninvalid\nfails\npasses\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
